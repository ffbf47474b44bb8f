"""``rulebook replay FILE --html``: a recorded game as one self-contained page, for every game.

A whole game of each game (heuristic bots, a fixed seed) is saved, written as a page
through the command line, and read back: the page needs no network, has one step per
action plus the deal, tells at each step exactly the lines of :func:`rulebook.reference.narrate.narrate`
about what finished there (joined, they are the whole story), draws every step's table as
well-formed SVG, and shows no Python repr, ``None`` or sentinel anywhere a person reads.
Bad paths and bad records end in one line and exit status 2. The browser side (keys,
overflow at 1280 and 390 px) is checked by ``docs/check_site.py`` and, where Chromium is
installed, by the last test here.
"""

from __future__ import annotations

import html.parser
import importlib.util
import json
import random
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import rulebook
from rulebook.balance.players import heuristic_player
from rulebook.cli.app import main
from rulebook.reference import records
from rulebook.reference.narrate import narrate, summary, tricks_and_rounds
from rulebook.reference.replay_html import steps, unpack
from rulebook.reference.words import seat_name

ROOT = Path(__file__).resolve().parents[1]
SEED = 5


def _whole_game(slug: str, seed: int = SEED) -> records.Record:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(players=min(game.player_counts)), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(heuristic_player(state, rng))
    return records.record_of(state)


class Page(html.parser.HTMLParser):
    """What a reader and a browser get from the page: steps, scripts, visible text, links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.moves: dict[int, str] = {}
        self.told: dict[int, list[str]] = {}
        self.scripts: dict[str, str] = {}
        self.visible: list[str] = []
        self.attrs: list[tuple[str, str, str]] = []
        self.tags: list[str] = []
        self._step: int | None = None
        self._grab: str | None = None
        self._buf: list[str] = []
        self._script: str | None = None
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        d = {k: v or "" for k, v in attrs}
        self.tags.append(tag)
        self.attrs.extend((tag, k, v) for k, v in d.items())
        classes = d.get("class", "").split()
        if tag == "li" and d.get("id", "").startswith("step-"):
            self._step = int(d["id"][5:])
            self.told[self._step] = []
        elif self._step is not None and ("move" in classes or "told" in classes):
            self._grab, self._buf = ("move" if "move" in classes else "told"), []
        if tag in ("script", "style"):
            self._skip += 1
            self._script, self._buf = d.get("id", tag), []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
            if self._script is not None:
                self.scripts[self._script] = "".join(self._buf)
            self._script = None
        elif self._grab is not None and tag in ("span", "p") and self._step is not None:
            text = "".join(self._buf)
            if self._grab == "move":
                self.moves[self._step] = text
            else:
                self.told[self._step].append(text)
            self._grab = None
        elif tag == "li":
            self._step = None

    def handle_data(self, data: str) -> None:
        if self._script is not None or self._grab is not None:
            self._buf.append(data)
        if not self._skip:
            self.visible.append(data)


def _read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


@pytest.fixture(scope="module", params=list(rulebook.GAMES))
def written(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[records.Record, Path]:
    slug = request.param
    folder = tmp_path_factory.mktemp(slug)
    record = _whole_game(slug)
    saved = records.save(record, folder / "game.json")
    out = folder / "game.html"
    assert main(["replay", str(saved), "--html", str(out)]) == 0
    return record, out


def _svg_texts(svg: str) -> list[str]:
    return [t for t in ET.fromstring(svg).itertext() if t.strip()]


def test_the_page_needs_no_network(written: tuple[records.Record, Path]) -> None:
    _, path = written
    text = path.read_text(encoding="utf-8")
    page = _read(path)
    links = [(tag, k, v) for tag, k, v in page.attrs if k in ("src", "href", "xlink:href", "srcset", "action")]
    assert all(not re.match(r"\s*(https?:)?//", v, re.I) for _, _, v in links), links
    assert [v for _, _, v in links if v.startswith("#")] == [v for _, _, v in links]  # only links inside the page
    assert not {"link", "img", "iframe", "object", "embed", "video", "audio"} & set(page.tags)
    assert "@import" not in text and "url(" not in text
    for svg in unpack(page.scripts["boards"]):
        assert not re.search(r'\s(xlink:)?href="(?!#)', svg) and " src=" not in svg
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text


def test_one_step_per_action_and_the_deal(written: tuple[records.Record, Path]) -> None:
    record, path = written
    page = _read(path)
    n = len(record.actions)
    assert sorted(page.told) == list(range(n + 1))
    assert len(unpack(page.scripts["boards"])) == n + 1
    config = json.loads(page.scripts["config"])
    assert config["total"] == n and len(config["sizes"]) == n + 1
    assert f'id="slider" min="0" max="{n}"' in path.read_text(encoding="utf-8")
    states = list(records.iter_states(record))
    players = states[0].rules.players
    assert page.moves[0] == "The deal"
    for k in range(1, n + 1):
        assert page.moves[k] == f"{seat_name(states[k - 1].current_player, players)}: {record.actions[k - 1]}"


def test_each_step_tells_what_narrate_tells_of_it(written: tuple[records.Record, Path]) -> None:
    """Joined in order, the steps' lines are narrate's whole story after its heading (the page's title says
    it); each trick and round at the step it ended, the result at the last step."""
    record, path = written
    page = _read(path)
    story = narrate(record)
    assert [line for k in sorted(page.told) for line in page.told[k]] == [line.strip() for line in story[1:]]
    states = list(records.iter_states(record))
    assert page.told[0] == []
    finished = 0
    rounds = 0
    for k in range(1, len(states)):
        rec = tricks_and_rounds(states[k])
        assert rec is not None
        tricks = [line for line in page.told[k] if line.startswith("Trick ")]
        ends = [line for line in page.told[k] if line.startswith(("Round ", "Deal ", "Race "))]  # a deal, a race
        assert [int(t.split()[1].rstrip(":")) for t in tricks] == list(range(finished + 1, len(rec[0]) + 1)), k
        assert [int(r.split()[1]) for r in ends] == list(range(rounds + 1, len(rec[1]) + 1)), k
        finished, rounds = len(rec[0]), len(rec[1])
    ending = summary(states[-1])
    assert ending[0].startswith("Final scores: ") and page.told[len(states) - 1][-len(ending):] == ending


def test_the_steps_of_the_api_are_the_page(written: tuple[records.Record, Path]) -> None:
    record, path = written
    page = _read(path)
    story = steps(record)
    assert [s.index for s in story] == sorted(page.told)
    assert [[x.strip() for x in s.told] for s in story] == [page.told[k] for k in sorted(page.told)]
    assert [s.svg for s in story] == unpack(page.scripts["boards"])


def test_every_board_is_well_formed_svg(written: tuple[records.Record, Path]) -> None:
    record, path = written
    text = path.read_text(encoding="utf-8")
    boards = unpack(_read(path).scripts["boards"])
    for svg in boards:
        root = ET.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert float(root.get("width", "0")) > 0 and root.get("viewBox", "").startswith("0 0 ")
    # the deal is drawn as it is too, for a reader without scripts
    assert boards[0] in text
    game = rulebook.get_game(record.game)
    assert _svg_texts(boards[0])[0].startswith(game.title)


LEAKS = (
    re.compile(r"\b(None|True|False|nan)\b"),
    re.compile(r"\b[A-Z]\w*\(\w+="),  # attrs reprs: TrickRecord(number=...
    re.compile(r"\(\d+, \d+\)|\[\d+, \d+"),  # tuples and lists of numbers
    re.compile(r"<\w+ object at|\{'|'\}|\\n"),
)
#: a -1 is a score or points of a seat ("seat 3 -1", "seat 2: -1"), never a missing value
SCORE_BEFORE = re.compile(r"seat \d+:? $")


def _leaks(text: str) -> list[str]:
    found = [m.group(0) for pattern in LEAKS for m in pattern.finditer(text)]
    for m in re.finditer(r"(?<![\w+-])-1(?!\d)", text):
        if not SCORE_BEFORE.search(text[max(0, m.start() - 12):m.start()]):
            found.append(text[max(0, m.start() - 20):m.end()])
    return found


def test_nothing_a_person_reads_is_a_repr_or_a_sentinel(written: tuple[records.Record, Path]) -> None:
    _, path = written
    page = _read(path)
    visible = " ".join(" ".join(page.visible).split())
    assert not _leaks(visible), _leaks(visible)
    config = json.loads(page.scripts["config"])
    for message in config["texts"].values():
        assert not _leaks(message) and "{" not in message.replace("{k}", "").replace("{n}", "")
    for svg in unpack(page.scripts["boards"]):
        for line in _svg_texts(svg):
            assert not _leaks(line), (line, _leaks(line))


def test_leak_finder_finds_leaks() -> None:
    assert _leaks("trump suit None") == ["None"]
    assert _leaks("TrickRecord(number=0)") and _leaks("plays=((0, 27), (1, 21))") and _leaks("own bid -1")
    assert _leaks("scores: seat 0 3  seat 1 -1") == [] and _leaks("seat 2: -1") == []


def test_a_record_with_seed_none_and_explicit_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game dealt by hand (no seed: a worked example's deal) says so, never "seed None"."""
    from rulebook.reference import scenarios

    sc = scenarios.load(ROOT / "spec" / "examples" / "witches-of-blackmore" / "blue-7-trick.toml")
    state = scenarios.run(sc)[-1]
    assert len(state.history) == 5
    saved = records.save(state, tmp_path / "dealt.json")
    out = tmp_path / "dealt.html"
    assert records.load(saved).seed is None
    assert main(["replay", str(saved), "--html", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "None" not in printed and "dealt as recorded" in printed
    assert f"wrote {out}: 6 steps" in printed
    page = _read(out)
    assert "seed" not in " ".join(page.visible) and "5 players · 5 moves" in " ".join(page.visible)
    assert len(page.told) == 6


def test_a_game_of_no_moves_is_one_step(tmp_path: Path) -> None:
    game = rulebook.get_game("gods-and-humans")
    record = records.record_of(game.new_game(game.Rules(players=5), seed=3))
    out = tmp_path / "deal.html"
    assert main(["replay", str(records.save(record, tmp_path / "deal.json")), "--html", str(out)]) == 0
    page = _read(out)
    assert sorted(page.told) == [0] and len(unpack(page.scripts["boards"])) == 1
    assert page.told[0] == [line.strip() for line in narrate(record)[1:]]
    assert page.told[0][0].startswith("The game is not over (0 actions played)")


def test_a_long_line_of_text_widens_its_picture() -> None:
    """A board whose row label runs past its stated width is widened to show it; others stay as drawn."""
    from rulebook.reference.replay_html import _widened

    label = "a row label much longer than the picture claims to be wide, 日本語も"
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="0 0 100 40">'
           f'<text x="0" y="20" font-size="12">{label}</text></svg>')
    wide = ET.fromstring(_widened(svg))
    width = float(wide.get("width", "0"))
    assert width > 12 * 0.5 * len(label) and wide.get("viewBox") == f"0 0 {width:g} 40"
    assert wide.find("{http://www.w3.org/2000/svg}text") is not None
    short = svg.replace(label, "R7 and B4 win")
    assert _widened(short.replace('width="100"', 'width="200"').replace("0 0 100", "0 0 200")) == \
        short.replace('width="100"', 'width="200"').replace("0 0 100", "0 0 200")


# -- errors: one line, exit status 2 ---------------------------------------------------------------------


def _one_line_error(capsys: pytest.CaptureFixture[str], *needles: str) -> None:
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("rulebook: error: ") and "Traceback" not in err
    for needle in needles:
        assert needle in err, err


@pytest.fixture()
def saved(tmp_path: Path) -> Path:
    game = rulebook.get_game("utsuke")
    state = game.new_game(game.Rules(players=3), seed=1)
    for _ in range(8):
        state = state.apply(state.legal_actions()[0])
    return records.save(state, tmp_path / "game.json")


def test_an_unwritable_path_is_refused_before_the_work(saved: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["replay", str(saved), "--html", str(tmp_path / "missing" / "game.html")]) == 2
    _one_line_error(capsys, "--html: cannot write", "does not exist")
    assert main(["replay", str(saved), "--html", str(tmp_path)]) == 2
    _one_line_error(capsys, "--html: cannot write", "is a folder")


def test_a_bad_record_is_refused_and_nothing_is_written(saved: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["actions"][3] = "play Z99"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "bad.html"
    capsys.readouterr()
    assert main(["replay", str(bad), "--html", str(out)]) == 2
    _one_line_error(capsys, "action #3", "play Z99")
    assert not out.exists()
    bad.write_text("{not json", encoding="utf-8")
    assert main(["replay", str(bad), "--html", str(out)]) == 2
    _one_line_error(capsys, "not valid JSON")
    assert not out.exists()
    assert main(["replay", str(saved), "--html", str(out), "--seat", "1"]) == 2
    _one_line_error(capsys, "--html shows every hand")
    assert not out.exists()


# -- in a browser ----------------------------------------------------------------------------------------


def _check_site() -> object:
    spec = importlib.util.spec_from_file_location("check_site", ROOT / "docs" / "check_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("chromium") is None or shutil.which("chromedriver") is None,
                    reason="needs chromium and chromedriver (apt-get install chromium chromium-driver)")
def test_in_chromium_the_keys_step_and_nothing_overflows(tmp_path: Path) -> None:
    pytest.importorskip("selenium")
    path = tmp_path / "witches.html"
    from rulebook.reference.replay_html import write_replay_page

    write_replay_page(_whole_game("witches-of-blackmore"), path)
    problems = _check_site().check_replays([path], None)  # type: ignore[attr-defined]
    assert problems == []


class _RuleLinks(html.parser.HTMLParser):
    """Every ``<a class="rule">`` of a page: (address, text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        d = {k: v or "" for k, v in attrs}
        if tag == "a" and "rule" in d.get("class", "").split():
            self._href = d["href"]

    def handle_data(self, data: str) -> None:
        if self._href is not None:
            self.links.append((self._href, data))
            self._href = None


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_pages_built_into_the_docs_link_every_rule_id(slug: str) -> None:
    """With ``rules=`` (the docs' replay pages) every rule ID the story cites links to its rule;
    the words read the same, and a page of ``rulebook replay --html`` has no such links."""
    from rulebook.reference import trace
    from rulebook.reference.replay_html import replay_page

    record = _whole_game(slug)
    plain, linked = Page(), Page()
    plain.feed(replay_page(record))
    text = replay_page(record, rules="../../games/{slug}.html")
    linked.feed(text)
    assert linked.told == plain.told and linked.moves == plain.moves
    cited = [rid for lines in plain.told.values() for line in lines
             for rid in re.findall(r"\b[A-Z]{2}-[A-Z]{2,}-\d+\b", line)]
    assert cited, "the story of a whole game cites rules"
    links = _RuleLinks()
    links.feed(text)
    assert [t for _h, t in links.links] == cited
    for href, rid in links.links:
        assert rid in trace.spec_rules() and href == f"../../games/{slug}.html#rule-{rid.lower()}"
    none = _RuleLinks()
    none.feed(replay_page(record))
    assert none.links == []


def test_the_docs_replay_pages_point_at_the_rule_reference() -> None:
    """The docs build writes its replay pages with ``rules=`` pointing from ``_static/replays/``
    to each game's page of the rule reference."""
    pytest.importorskip("sphinx")
    spec = importlib.util.spec_from_file_location("replay_pages", ROOT / "docs" / "_ext" / "replay_pages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    source = (ROOT / "docs" / "_ext" / "replay_pages.py").read_text(encoding="utf-8")
    assert "rules=RULES" in source
    for slug in module.GAMES:
        target = (ROOT / "docs" / module.FOLDER / module.RULES.format(slug=slug)).resolve()
        assert target == (ROOT / "docs" / "games" / f"{slug}.html").resolve()
        assert target.with_suffix(".md").is_file()
