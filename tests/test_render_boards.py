"""The board pictures in the docs (docs/boards/*.svg) are what rulebook draws today.

Each picture is one position of a worked example seen by one seat. Regenerate them with
``python tests/test_render_boards.py`` after changing a board; this test fails while a
committed picture differs from a fresh drawing.
"""

from __future__ import annotations

import os
import random
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if __name__ == "__main__":  # pragma: no cover - run as a script from the checkout
    sys.path.insert(0, str(ROOT))

import rulebook  # noqa: E402
from rulebook.core import render  # noqa: E402
from rulebook.reference import scenarios  # noqa: E402

#: picture name -> (scenario file, index of the state after that many steps, seat)
BOARDS = {
    "witches-of-blackmore": ("witches-of-blackmore/blue-7-trick.toml", 5, 3),
    "seven-prophecies": ("seven-prophecies/prophecy-and-equal-numbers.toml", 32, 3),
    "utsuke": ("utsuke/lords-conduct.toml", 13, 1),
    "gods-and-humans": ("gods-and-humans/eight-player-deal.toml", 20, 0),
    "saru-tori-inu-i": ("saru-tori-inu-i/two-rounds.toml", 11, 1),
}


#: the pictures' languages: ``NAME.svg`` in English, ``NAME.ja.svg`` in Japanese (the Japanese pages show
#: the latter: Sphinx's ``figure_language_filename`` is ``{root}.{language}{ext}``)
LANGS = {"en": "{name}.svg", "ja": "{name}.ja.svg"}


def draw(name: str, lang: str = "en") -> str:
    from rulebook.i18n import language, set_language

    path, index, seat = BOARDS[name]
    state = scenarios.run(scenarios.load(ROOT / "spec" / "examples" / path))[index]
    previous = language()
    set_language(lang)
    try:
        return render.state_svg(state, seat) + "\n"
    finally:
        set_language(previous)


@pytest.mark.parametrize("lang", sorted(LANGS))
@pytest.mark.parametrize("name", sorted(BOARDS))
def test_board_picture_is_current(name: str, lang: str) -> None:
    file = LANGS[lang].format(name=name)
    committed = (ROOT / "docs" / "boards" / file).read_text(encoding="utf-8")
    assert committed == draw(name, lang), f"run: python tests/test_render_boards.py (docs/boards/{file} is stale)"


#: positions drawn: every third under ci and thorough, every sixth under the default dev profile
EVERY = 6 if os.environ.get("HYPOTHESIS_PROFILE", "dev") == "dev" else 3


@pytest.mark.parametrize("slug", sorted(BOARDS))
def test_every_board_draws_a_whole_game(slug: str) -> None:
    """Every third position (sixth under the quick dev profile) of a random game and its end, in
    every view, is a well-formed board."""
    game = rulebook.get_game(slug)
    state = game.new_game(seed=7)
    rng = random.Random(7)
    title = game.title
    step = 0
    while True:
        step += 1
        for seat in (None, *range(len(state.scores))) if step % EVERY == 0 or state.is_terminal else ():
            lines = render.state_text(state, seat).splitlines()
            assert lines[0].startswith(title)
            if state.is_terminal:
                assert lines[1].startswith("game over; winners: seat ")
            else:
                assert lines[1] == f"to act: seat {state.current_player + 1}"
            assert lines[2] == "scores: " + "  ".join(f"seat {s + 1} {p}" for s, p in enumerate(state.scores))
            root = ET.fromstring(render.state_svg(state, seat))
            assert root.get("aria-label") == lines[0]
            if seat is not None:
                obs = state.observation(seat)
                assert str(obs).splitlines()[0].startswith(title)
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))


def test_observation_views_are_registered_by_class() -> None:
    with pytest.raises(ValueError, match="cls must be a class, not str"):
        render.register_observation("Observation", text=str, svg=str)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="text and svg must be callable"):
        render.register_observation(int, text=str, svg="no")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no picture for observations of type float"):
        render.observation_svg(1.5)
    for slug in BOARDS:
        state = rulebook.get_game(slug).new_game(seed=1)
        obs = state.observation(0)
        assert str(obs) == render.observation_text(obs)
        assert obs._repr_svg_() == render.observation_svg(obs)
        assert " · seen by seat 1" in str(obs).splitlines()[0]


if __name__ == "__main__":  # pragma: no cover
    out = ROOT / "docs" / "boards"
    out.mkdir(exist_ok=True)
    for board in BOARDS:
        for lang, file in LANGS.items():
            (out / file.format(name=board)).write_text(draw(board, lang), encoding="utf-8")
            print(out / file.format(name=board))
