"""The adapter docs: their examples run, and they point to every game's observation encoding."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulebook

DOCS = Path(__file__).resolve().parents[2] / "docs" / "adapters"
PAGES = {"openspiel.md": "pyspiel", "pettingzoo.md": "pettingzoo"}


def _python_blocks(page: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", (DOCS / page).read_text(encoding="utf-8"), re.S | re.M)


# PettingZoo's api_test warns about Dict observations of environments that are not its own.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(
    "page,index",
    [(page, i) for page in PAGES for i in range(len(_python_blocks(page)))],
)
def test_examples_run(page: str, index: int, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip(PAGES[page], reason=f"{PAGES[page]} is an optional extra of rulebook")
    code = _python_blocks(page)[index]
    exec(compile(code, f"{DOCS / page}[block {index}]", "exec"), {"__name__": "__docs__"})
    if index == 0:  # the full-game example reports the outcome
        assert ("returns" if page == "openspiel.md" else "reward") in capsys.readouterr().out


@pytest.mark.parametrize("page", list(PAGES))
def test_every_game_has_its_encoding_linked(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    for slug in rulebook.GAMES:
        assert f"../games/{slug}.md#observation-tensor" in text, slug


def test_openspiel_names_are_listed() -> None:
    text = (DOCS / "openspiel.md").read_text(encoding="utf-8")
    for slug in rulebook.GAMES:
        assert "`rulebook_" + slug.replace("-", "_") + "`" in text, slug
