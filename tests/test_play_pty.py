"""``rulebook play`` in a real 80x24 terminal: a whole game of every game, screen by screen.

Each game runs in a pseudo-terminal of 24 lines and 80 columns (pexpect); pyte turns the bytes
the program writes into the screen a person would see. At every prompt the screen must show
the table from its first line (nothing scrolled away), the seat's hand, and no Python repr,
internal field name or raw value (``None``, ``False``, ``-1``, tuples of numbers). ``?`` and
``hint`` are tried once in every game: the rules are terminal text, not raw Markdown.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.reference import records

pexpect = pytest.importorskip("pexpect", reason="pexpect drives a pseudo-terminal (pip install pexpect)")
pyte = pytest.importorskip("pyte", reason="pyte renders the terminal's screen (pip install pyte)")

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
ROWS, COLS = 24, 80
#: What a person must never see: Python reprs, raw values and internal names.
FORBIDDEN = [
    (re.compile(r"\(\s*-?\d+\s*,\s*-?\d+"), "a tuple of numbers"),
    (re.compile(r"TrickRecord|RoundRecord|ScoreChange|Observation\(|PlacedTrick|Intervention\("), "a repr"),
    (re.compile(r"\bNone\b|\bFalse\b|\bTrue\b"), "a Python constant"),
    (re.compile(r"(?<![\w-])-1\b"), "-1"),
    (re.compile(r"\b[a-z]+=\S"), "a field=value dump"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "an internal snake_case name"),
    (re.compile(r"<[a-z_.]+ object at|Phase\.|\bseat 0\b"), "an internal value or a seat counted from 0"),
]
#: The raw Markdown a rule page must not show.
MARKDOWN = re.compile(r"^#+ |`|\]\(#|\*\*")
PROMPT = re.compile(rb"seat \d+> ")
PAGE = re.compile(rb"-- page \d+ of \d+")


def _ctrl_c_reaches_the_program() -> None:
    """In the child, Ctrl-C as at a terminal: a test run started in the background with SIGINT ignored
    (a non-interactive shell's ``&``) would hand that on, and Python then never raises KeyboardInterrupt."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """A program in an 80x24 pseudo-terminal, with the screen as pyte renders it."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": str(COLS),
               "LINES": str(ROWS)}
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "rulebook", *args], env=env, cwd=str(cwd),
                                   dimensions=(ROWS, COLS), timeout=60, preexec_fn=_ctrl_c_reaches_the_program)
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)

    def wait(self, *patterns: re.Pattern[bytes]) -> int:
        index = self.child.expect([*patterns, pexpect.EOF])
        self.stream.feed(self.child.before + (self.child.after if isinstance(self.child.after, bytes) else b""))
        return int(index)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def send(self, text: str) -> None:
        self.child.sendline(text)


def _first_move(lines: list[str]) -> str:
    """The first move the screen lists (``1`` when they are numbered)."""
    text = " ".join(line.strip() for line in lines[next(i for i, s in enumerate(lines) if s.startswith("Moves")):])
    numbered = re.search(r"Moves: 1\) ", text)
    if numbered:
        return "1"
    listed = re.search(r"Moves \(type [^)]*\): ([a-z]+)(?: (\S+))?", text)
    assert listed, text
    verb, arg = listed.group(1), listed.group(2)
    return verb if arg is None or arg == "·" else f"{verb} {arg}"


def _check_table(lines: list[str], title: str, where: str) -> None:
    assert lines[0].startswith(title), f"{where}: the table's first line scrolled away:\n" + "\n".join(lines)
    assert any(line.startswith("Your hand: ") for line in lines), f"{where}: no hand on screen:\n" + "\n".join(lines)
    assert re.fullmatch(r"seat \d+>", lines[-1]), f"{where}: the prompt is not on the last line:\n" + "\n".join(lines)
    text = "\n".join(lines)
    for pattern, what in FORBIDDEN:
        found = pattern.search(text)
        assert found is None, f"{where}: {what} on screen ({found.group()!r}):\n{text}"


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_a_whole_game_fits_80x24_at_every_prompt(slug: str, tmp_path: Path) -> None:
    game = rulebook.get_game(slug)
    out = tmp_path / "game.json"
    term = Terminal(["play", slug, "--seed", "2", "--speed", "0", "--out", out.name], tmp_path)
    prompts = 0
    tried_help = tried_hint = logged = False
    while True:
        if term.wait(PROMPT) == 1:
            break
        lines = term.lines()
        prompts += 1
        _check_table(lines, game.title, f"{slug}, prompt {prompts}")
        _check_whole(lines, f"{slug}, prompt {prompts}")
        if not logged and any(RESULT.match(line) for line in lines):
            logged = True
            _check_log(term, game.new_game(game.Rules(), seed=2).rules.players, False, f"{slug}, prompt {prompts}")
            assert term.wait(PROMPT) == 0
            lines = term.lines()
        if not tried_hint and prompts == 2:
            tried_hint = True
            term.send("hint")
            assert term.wait(PROMPT) == 0
            shown = "\n".join(term.lines())
            assert re.search(r"Hint: \S.*: ", shown), shown
            _check_table(term.lines(), game.title, f"{slug}, after hint")
        if not tried_help and prompts == 3:
            tried_help = True
            term.send("?")
            pages = 0
            while term.wait(PAGE, PROMPT) == 0:
                pages += 1
                page = term.lines()
                if pages == 1:
                    assert page[0].strip().startswith(f"How to play {game.title}"), "\n".join(page)
                    assert any(line.startswith("Goal:") for line in page), "\n".join(page)
                    assert any(line.strip() == "Now:" for line in page), "\n".join(page)
                for line in page:
                    assert not MARKDOWN.search(line), f"raw Markdown on a rule page: {line!r}"
                term.send("")
                if pages > 12:
                    break
            assert pages >= 2
            _check_table(term.lines(), game.title, f"{slug}, after ?")
        term.send(_first_move(term.lines()))
    final = term.lines()
    term.child.close()
    assert term.child.exitstatus == 0, "\n".join(final)
    _check_saved(final, Path(out.name), slug)
    text = "\n".join(final)
    assert f"{game.title}: the game is over" in text
    assert "record saved:" in text
    state = records.replay(records.load(out))
    assert state.is_terminal
    winners = sorted(state.winners)
    if len(winners) == 1:
        name = "You win." if winners[0] == 0 else f"Seat {winners[0] + 1} wins."
        assert name in text, text
    assert prompts >= 5


#: The prompt in Japanese: ``1番席> ``.
PROMPT_JA = re.compile("\\d+番席> ".encode())
PAGE_JA = re.compile("-- \\d+/\\d+ページ".encode())
KANA = re.compile(r"[\u3040-\u30ff]")
#: English words of sentences for people, looked for once the typed moves (``play C2``, ``bid 0 1 2``)
#: and the rule IDs are taken out.
ENGLISH = re.compile(r"\b(?:the|of|and|wins?|your?|seats?|rounds?|tricks?|cards?|points?|honour|moves?|game"
                     r"|over|turn)\b", re.IGNORECASE)
COMMANDS = re.compile(r"\b[A-Z]{2}-[A-Z]+-\d+\b")
#: The moves' own words in English: never on a Japanese screen (the moves are shown in Japanese).
VERBS = re.compile(r"\b(?:play|bid|prophesy|give|declare|oracle|trump|keep|down|pair|under|take|road|intervene"
                   r"|pass)\b")
#: A round's result on the table (``· Round 2 ends: …``, ``· ラウンド2終了：…``).
RESULT = re.compile(r"· (?:(?:Round|Race|Deal) \d+ ends:|(?:ラウンド|レース|ディール)\d+終了：)")


def _first_move_ja(lines: list[str]) -> str:
    """The first move the Japanese screen lists (``1`` when they are numbered)."""
    text = " ".join(line.strip() for line in lines[next(i for i, s in enumerate(lines) if s.startswith("選べる手")):])
    if re.search(r"選べる手：1\) ", text):
        return "1"
    numbers = re.search(r"選べる手（数字を入力）：\S+ (\d+)", text)
    if numbers:
        return numbers.group(1)
    listed = re.search(r"選べる手（[^）]*）：(\S+)(?: ([A-Z]\S*|\d+))?", text)
    assert listed, text
    return f"{listed.group(1)} {listed.group(2) or ''}".strip()


def _check_whole(lines: list[str], where: str) -> None:
    """Issue 35 item 2: a round's result is never cut; no line but an older event ends in an ellipsis."""
    for line in lines:
        if line.endswith("…"):
            assert line.startswith("· ") and not RESULT.match(line), f"{where}: a line is cut:\n" + "\n".join(lines)


def _check_log(term: Terminal, players: int, ja: bool, where: str) -> None:
    """``log``: the whole last round, a row for every seat, then the scores; Enter goes back to the table."""
    term.send("log")
    assert term.wait(PAGE_JA if ja else PAGE) == 0, where
    page = term.lines()
    text = "\n".join(page)
    assert re.match(r"(?:ラウンド|レース|ディール)\d+：" if ja else r"(?:Round|Race|Deal) \d+: ", page[0]), text
    for seat in range(players):
        name = ("あなた" if ja else "you") if seat == 0 else (f"{seat + 1}番席" if ja else f"seat {seat + 1}")
        assert any(line.startswith(name + " ") for line in page), f"{where}: no row for {name}:\n{text}"
    assert ("現在の得点：" if ja else "Scores now: ") in text, text
    assert not any(line.endswith("…") for line in page), text
    term.send("")


def _check_saved(lines: list[str], path: Path, where: str) -> None:
    """The command at the end names the record whole, on one line of the screen."""
    assert any(str(path) in line for line in lines), f"{where}: the file name is broken:\n" + "\n".join(lines)


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_a_whole_game_in_japanese_at_80x24(slug: str, tmp_path: Path) -> None:
    """``rulebook --lang ja play GAME`` (issues 25, 35): every prompt's screen is the whole table, in Japanese,
    the moves too (typed as listed); the hint, ``log`` and the end too. Rule pages are not checked here."""
    from rulebook.i18n import width

    game = rulebook.get_game(slug)
    title = {"utsuke": "うつけ（UTSUKE）", "seven-prophecies": "七つの予言（Seven Prophecies）",
             "saru-tori-inu-i": "サルトリイヌイ（Saru Tori Inu I）", "gods-and-humans": "神と人間の神託ゲーム",
             "witches-of-blackmore": "ブラックモアの魔女"}[slug]
    out = tmp_path / "game.json"
    term = Terminal(["--lang", "ja", "play", slug, "--seed", "3", "--speed", "0", "--out", out.name], tmp_path)
    prompts = 0
    logged = False
    while True:
        if term.wait(PROMPT_JA) == 1:
            break
        lines = term.lines()
        prompts += 1
        text = "\n".join(lines)
        assert lines[0].startswith(f"{title} · あなたは1番席 · あなたの手番"), f"prompt {prompts}:\n{text}"
        assert any(line.startswith("あなたの手札：") for line in lines), text
        assert re.fullmatch(r"\d+番席>", lines[-1]), text
        assert all(width(line) <= COLS for line in lines), text
        found = ENGLISH.search(COMMANDS.sub("", text)) or VERBS.search(text)
        assert found is None, f"prompt {prompts}: English {found.group()!r} on screen:\n{text}"
        for pattern, what in FORBIDDEN:
            assert pattern.search(text) is None, f"prompt {prompts}: {what} on screen:\n{text}"
        _check_whole(lines, f"{slug}, prompt {prompts}")
        if prompts == 2:
            term.send("hint")
            assert term.wait(PROMPT_JA) == 0
            shown = "\n".join(term.lines())
            assert re.search(r"ヒント：[^\sa-z]+(?: \S+)?: \S", shown), shown
        if not logged and any(RESULT.match(line) for line in lines):
            logged = True
            _check_log(term, game.new_game(game.Rules(), seed=3).rules.players, True, f"{slug}, prompt {prompts}")
            assert term.wait(PROMPT_JA) == 0
        if prompts == 3:  # ? page one teaches, in Japanese, and shows the board now on the same screen
            term.send("?")
            assert term.wait(PAGE_JA) == 0
            page = "\n".join(term.lines())
            assert re.search(r"^(?:トリックの勝者|1ラウンド)：", page, re.M), page
            assert re.search(r"^(?:得点計算|誉)：", page, re.M), page
            assert "いま:" in page or "いま：" in page, page
            term.send("q")
            assert term.wait(PROMPT_JA) == 0
        term.send(_first_move_ja(term.lines()))
    final = term.lines()
    term.child.close()
    assert term.child.exitstatus == 0, "\n".join(final)
    _check_saved(final, Path(out.name), slug)
    text = "\n".join(final)
    assert f"{title}：ゲーム終了" in text and "記録を保存しました：" in text, text
    scores = text.partition("記録を保存しました：")[0]  # the file's path after it is the machine's
    assert KANA.search(scores)
    assert ENGLISH.search(COMMANDS.sub("", scores)) is None, text
    state = records.replay(records.load(out))
    winners = sorted(state.winners)
    if len(winners) == 1:
        assert ("あなたの勝ち。" if winners == [0] else f"{winners[0] + 1}番席の勝ち。") in text, text
    assert prompts >= 5
    if slug != "witches-of-blackmore":  # one round: its result is the end of the game
        assert logged, f"{slug}: no round result was on screen at a prompt"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ctrl_c_names_the_resume_command_whole(lang: str, tmp_path: Path) -> None:
    """Ctrl-C at the table: the record is saved and the command to continue it is on the screen with the
    file's name whole on one line (issue 35 item 2)."""
    out = tmp_path / "game.json"
    term = Terminal(["--lang", lang, "play", "seven-prophecies", "--seed", "3", "--speed", "0", "--out", out.name],
                    tmp_path)
    assert term.wait(PROMPT_JA if lang == "ja" else PROMPT) == 0
    term.child.sendintr()
    term.wait()
    lines = term.lines()
    term.child.close()
    text = "\n".join(lines)
    assert "--resume" in text, text
    _check_saved(lines, Path(out.name), "Ctrl-C")
    assert records.load(out).game == "seven-prophecies"
