"""Watch a recorded game in a browser: one self-contained HTML page (``rulebook replay FILE --html``).

The page shows the whole table at every step of the game, from the deal to the last move,
drawn by the game's own board picture (:func:`rulebook.core.render.state_svg`, every hand face
up, as when watching a recorded game), with the story beside it (below it on a phone)
told by :mod:`rulebook.reference.narrate`: who made each move, and after a trick or a round, what
the narration says about it. Step forward and back with the buttons, the slider, the list
of moves, or the keyboard (← and →, Home and End); the address ends in ``#step-12`` for
step 12, so a link can point at any moment of the game.

The page needs no network: the style, the script and the pictures are inside it (the
pictures of all steps packed with gzip, unpacked by the browser's ``DecompressionStream``;
the first one is also drawn as it is, and the story is plain HTML). It fits a 390 px phone
screen and follows the reader's light or dark setting.

>>> import rulebook
>>> from rulebook.reference import records
>>> game = rulebook.get_game("witches-of-blackmore")
>>> state = game.new_game(game.Rules(players=2), seed=1)
>>> state = state.apply(state.legal_actions()[0])
>>> story = steps(records.record_of(state))
>>> len(story), story[1].move
(2, 'seat 1: play R4')
>>> page = replay_page(records.record_of(state))
>>> page.startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import math
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from rulebook.core import render
from rulebook.core.contract import State
from rulebook.core.files import write_atomic
from rulebook.i18n import _, language, ngettext
from rulebook.reference import records
from rulebook.reference.narrate import added_lines, narrate_states, summary, tricks_and_rounds
from rulebook.reference.words import move_text, seat_name

__all__ = ["Step", "replay_page", "steps", "steps_of_states", "unpack", "write_replay_page"]


@attrs.frozen
class Step:
    """One step of a replay: the table after ``index`` moves (0: the deal)."""

    index: int
    #: the move that led here, in words (``"seat 2: play R7"``); empty for the deal
    move: str
    #: the lines :func:`rulebook.reference.narrate.narrate` tells at this step: a trick's or a round's
    #: story when one ends here, and the result at the end (its heading is the page's title)
    told: tuple[str, ...]
    #: the whole table as an SVG document
    svg: str
    #: the same table laid out for a phone (at most ``NARROW`` pixels wide: lines wrap, rows go on below)
    narrow: str = ""


def _middle(states: Sequence[State[Any, Any]]) -> list[str]:
    """The story of ``states`` without its heading and its result lines."""
    lines = narrate_states(states)
    return lines[1:len(lines) - len(summary(states[-1]))]


def _told(states: Sequence[State[Any, Any]]) -> list[tuple[str, ...]]:
    """Narrate's story of the whole game, each line at the step where what it tells happened.

    A line of the story belongs to the first step after which narrating the game so far
    tells it; joined in step order, the lines are exactly :func:`narrate_states` of the
    game without its heading line.
    """
    full = narrate_states(states)
    last = states[-1]
    ending = len(summary(last))
    middle = full[1:len(full) - ending]
    whole = tricks_and_rounds(last)
    added = [step for step, _before, _line in added_lines(states)] if whole is not None else []
    by_records = whole is not None and bool(whole[0] or whole[1] or added)  # as narrate_states tells it
    ends = [0]  # ends[k]: how many lines of ``middle`` the story after step k tells
    seen: object = None
    for k in range(1, len(states)):
        if by_records:
            now = tricks_and_rounds(states[k])
            extra = sum(1 for step in added if step <= k)  # the variant's added steps and moves told so far
            mark: object = (len(now[0]), len(now[1]), extra) if now is not None else (0, 0, extra)
            if mark == (0, 0, 0):  # nothing finished yet: narrate tells no trick or round
                ends.append(0)
                continue
        else:
            mark = k
        if mark != seen:
            seen = mark
            told = _middle(states[:k + 1])
            if told != middle[:len(told)]:
                raise RuntimeError(f"the story after step {k} is not the start of the whole story")
            ends.append(len(told))
        else:
            ends.append(ends[-1])
    ends[-1] = len(middle)
    out = [tuple(middle[a:b]) for a, b in zip([0, *ends[:-1]], ends)]
    out[0] = ()
    out[-1] = out[-1] + tuple(full[len(full) - ending:])
    return out


def _engine(state: State[Any, Any]) -> State[Any, Any]:
    """The engine's state under a variant's (its added steps, its play hooks): the game's own board draws
    it; an added step's cards move when the step ends, and the story tells them."""
    while hasattr(state, "inner"):
        state = state.inner
    return state


def steps_of_states(states: Sequence[State[Any, Any]]) -> list[Step]:
    """The steps of the game whose successive states are ``states`` (the first is the deal)."""
    if not states:
        raise ValueError("states must hold at least the initial state")
    told = _told(states)
    players = states[0].rules.players
    out = []
    for k, state in enumerate(states):
        move = ""
        if k:
            who = seat_name(states[k - 1].current_player, players)
            move = _("{player}: {action}").format(player=who, action=move_text(str(state.history[-1])))
        engine = _engine(state)
        out.append(Step(k, move, told[k], _widened(render.state_svg(engine)),
                        _widened(render.state_svg(engine, None, _NARROW_LAYOUT))))
    return out


def steps(record: records.Record) -> list[Step]:
    """The steps of a recorded game (:class:`~rulebook.InvalidRecord` for a bad record)."""
    return steps_of_states(list(records.iter_states(record)))


# -- the page -----------------------------------------------------------------------------

#: The widest board drawn for a phone: a 390 px screen's board frame, inside its margins and padding.
NARROW = 340
#: The width the phone's boards are laid out to: their text is measured there as the board measures it, and
#: :func:`_widened`'s more generous measure may add a tenth
_NARROW_LAYOUT = 300
#: Below this width of its frame the board is drawn for a phone (a wider board would be cut off there)
_PHONE = 600

_SIZE = re.compile(r'^<svg[^>]*?\swidth="([\d.]+)" height="([\d.]+)"')


def _size(svg: str) -> tuple[float, float]:
    m = _SIZE.match(svg)
    return (float(m[1]), float(m[2])) if m else (600.0, 600.0)


_TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def _text_width(text: str, size: float, bold: bool) -> float:
    """A generous estimate of the width of ``text`` in a sans-serif font (wide East Asian letters: 1 em)."""
    em = sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.58 for c in text)
    return em * size * (1.05 if bold else 1.0)


def _right_edge(svg: str) -> float:
    """The right end of the furthest line of text of ``svg``.

    Texts inside a moved group (a card's own lines) are measured from the group's origin:
    the cards themselves are inside the picture's width already.
    """
    edge = 0.0
    for m in _TEXT.finditer(svg):
        if len(m[2]) < 12:  # a card's own lines, a seat's name, a chip: placed by the picture's own widths
            continue
        attrs_ = dict(_ATTR.findall(m[1]))
        w = _text_width(html.unescape(m[2]), float(attrs_.get("font-size", "16")), attrs_.get("font-weight") == "bold")
        anchor = attrs_.get("text-anchor", "start")
        x = float(attrs_.get("x", "0"))
        edge = max(edge, x + (w / 2 if anchor == "middle" else 0 if anchor == "end" else w))
    return edge


def _widened(svg: str) -> str:
    """``svg`` made wide enough for its longest line of text.

    The board pictures size themselves from the cards and the lines they know to be long;
    a long row label can run past that width, where a browser cuts it off. Only the
    width of the root element and of its view box change.
    """
    m = _SIZE.match(svg)
    if not m:
        return svg
    width = float(m[1])
    need = math.ceil(_right_edge(svg) + 6)
    if need <= width:
        return svg
    head, rest = svg.split(">", 1)
    head = head.replace(f'width="{m[1]}"', f'width="{need:g}"', 1)
    head = re.sub(r'viewBox="0 0 [\d.]+ ', f'viewBox="0 0 {need:g} ', head, count=1)
    return head + ">" + rest


def _pack(svgs: Sequence[str]) -> str:
    """The pictures as gzip-packed JSON in base64 (reproducible: no time stamp)."""
    raw = json.dumps(list(svgs), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def unpack(text: str) -> list[str]:
    """The pictures packed by the page (for tests and tools): the inverse of the packing."""
    data = json.loads(gzip.decompress(base64.b64decode(text)).decode("utf-8"))
    if not isinstance(data, list) or not all(isinstance(s, str) for s in data):
        raise ValueError("not a list of pictures")
    return data


def _json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")


def _icon(path: str) -> str:
    return (f'<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">'
            f'<path d="{path}"/></svg>')


_ICONS = {
    "first": "M6 5h2v14H6zM20 5v14L9 12z",
    "back": "M18 5v14L7 12z",
    "next": "M6 5v14l11-7z",
    "last": "M4 5v14l11-7zM16 5h2v14h-2z",
    "play": "M7 4v16l13-8z",
}


_RULE_ID = re.compile(r"\b[A-Z]{2}-[A-Z]{2,}-\d+\b")


def _linked(text: str, rules: str | None) -> str:
    """``text`` as HTML, each rule ID of the spec a link to its rule when ``rules`` is given.

    ``rules`` is the address of a game's page in the rule reference with ``{slug}`` for the
    game (``../../games/{slug}.html``); the rule's anchor (``#rule-wb-play-2``) is added.
    """
    out = html.escape(text)
    if rules is None:
        return out
    from rulebook.reference import trace

    known = trace.spec_rules()

    def link(m: re.Match[str]) -> str:
        rule = known.get(m[0])
        if rule is None:
            return m[0]
        href = html.escape(rules.format(slug=rule.slug) + "#" + rule.anchor)
        return f'<a class="rule" href="{href}">{m[0]}</a>'

    return _RULE_ID.sub(link, out)


def _step_item(step: Step, rules: str | None = None) -> str:
    e = html.escape
    if step.index == 0:
        head = _("The deal")
    else:
        head = step.move
    told = "".join(f'<p class="told{" sub" if line.startswith(" ") else ""}">{_linked(line.strip(), rules)}</p>'
                   for line in step.told)
    return (f'<li id="step-{step.index}" value="{step.index}"><a href="#step-{step.index}">'
            f'<span class="n">{step.index}</span> <span class="move">{e(head)}</span></a>{told}</li>')


def replay_page(record: records.Record, *, note: str = "", back: tuple[str, str] | None = None,
                rules: str | None = None, states: Sequence[State[Any, Any]] | None = None) -> str:
    """The HTML page of a recorded game (see the module doc).

    ``note``: a sentence about the game, shown under the title; ``back``: ``(address, text)``
    of a link above the title (to the page the reader came from); ``rules``: the address of a
    game's page of the rule reference, ``{slug}`` standing for the game
    (``"../../games/{slug}.html"``), to link every rule ID the story cites to its rule
    (the pages built into the docs do); without it, rule IDs are plain text. ``states``: the
    game's states as the variant it was played under reads the record (moves of the variant's own
    kinds, its logic: ``rulebook replay --variant``), else the record is read alone.
    """
    states = list(records.iter_states(record)) if states is None else list(states)
    return _page(type(states[0]).GAME, states[0].rules.players, record.seed, steps_of_states(states), note, back,
                 rules)


def _page(game: Any, players: int, seed: int | None, story: Sequence[Step], note: str,
          back: tuple[str, str] | None, rules: str | None = None) -> str:
    e = html.escape
    total = len(story) - 1
    sizes = [_size(s.svg) for s in story]
    width = max(w for w, _h in sizes)
    height = max(h for _w, h in sizes)
    facts = [ngettext("{n} player", "{n} players", players).format(n=players)]
    if seed is not None:
        facts.append(_("seed {seed}").format(seed=seed))
    facts.append(ngettext("{n} move", "{n} moves", total).format(n=total))
    texts = {
        "step": _("Step {k} of {n}"),
        "deal": _("The deal"),
        "move": _("Move {k}:"),
        "fit": _("Fit to the window"),
        "actual": _("Full size"),
        "play": _("Play"),
        "pause": _("Pause"),
        "nozip": _("This browser cannot unpack the pictures of the table (it lacks DecompressionStream); "
                   "the story of the game is complete beside it."),
    }
    narrow = [_size(s.narrow or s.svg) for s in story]
    config = {"total": total, "width": width, "sizes": sizes, "narrow": narrow, "phone": _PHONE, "texts": texts}
    items = "".join(_step_item(s, rules) for s in story)
    title = _("{game}: a recorded game").format(game=_(game.title))
    buttons = [
        ("first", _("First step (Home)")), ("back", _("Step back (←)")),
        ("next", _("Step forward (→)")), ("last", _("Last step (End)")),
    ]
    controls = "".join(
        f'<button type="button" id="{key}" title="{e(label)}" aria-label="{e(label)}">{_icon(_ICONS[key])}</button>'
        for key, label in buttons
    )
    first_w, _first_h = sizes[0]
    words = {  # written here, not inside the page's f-string, so that the catalog finds them
        "note": _("A recorded game, shown with every hand face up: you see more than any player saw at the table."),
        "table": _("The table"), "caption": _("The table after each move"), "story": _("The story of the game"),
        "through": _("Step through the game"), "slider": _("Step"), "every": _("Every move"),
        "keys": _("Keys: ← and → step back and forward, Home and End go to the first and the last step."),
    }
    # the language the page is written in: the chosen one where rulebook has its words
    lang = language() if language() == "en" or words["every"] != "Every move" else "en"
    return f"""<!DOCTYPE html>
<html lang="{e(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="rulebook replay">
<title>{e(title)}</title>
<style>{_CSS}</style>
</head>
<body>
<header class="top">{f'<nav class="back"><a href="{e(back[0])}">← {e(back[1])}</a></nav>' if back else ""}
<h1>{e(_(game.title))}</h1>
<p class="facts">{e(" · ".join(facts))}</p>
<p class="note">{e(words["note"])}{(" " + e(note)) if note else ""}</p>
</header>
<main class="replay" style="--board-w:{width:g};--board-h:{height:g}">
<section class="table" aria-label="{e(words["table"])}">
<div class="bar"><span id="caption">{e(words["caption"])}</span>
<button type="button" id="zoom" aria-pressed="false">{e(texts["fit"])}</button></div>
<div class="board" id="board" tabindex="0" aria-live="off">
<div class="stage" id="stage"><div class="pic wide" style="--fit:{first_w / width * 100:.3f}%">{story[0].svg}</div>
<div class="pic narrow">{story[0].narrow or story[0].svg}</div></div>
</div>
</section>
<aside class="side" aria-label="{e(words["story"])}">
<div class="controls" role="group" aria-label="{e(words["through"])}">
<div class="buttons">{controls}
<button type="button" id="play" class="play">{_icon(_ICONS["play"])}<span>{e(texts["play"])}</span></button></div>
<p class="counter" id="counter">{e(texts["step"].format(k=0, n=total))}</p>
<input type="range" id="slider" min="0" max="{total}" value="0" step="1" aria-label="{e(words["slider"])}">
</div>
<div class="now" id="now" aria-live="polite"></div>
<h2>{e(words["every"])}</h2>
<ol class="steps" id="steps" start="0">{items}</ol>
<p class="keys">{e(words["keys"])}</p>
</aside>
</main>
<script type="application/json" id="config">{_json(config)}</script>
<script type="application/octet-stream" id="boards">{_pack([s.svg for s in story])}</script>
<script type="application/octet-stream" id="boards-narrow">{_pack([s.narrow or s.svg for s in story])}</script>
<script>{_JS}</script>
</body>
</html>
"""


def write_replay_page(record: records.Record, path: str | Path, *, note: str = "",
                      back: tuple[str, str] | None = None, rules: str | None = None,
                      states: Sequence[State[Any, Any]] | None = None) -> Path:
    """Write :func:`replay_page` of ``record`` to ``path`` (UTF-8) and return the path."""
    text = replay_page(record, note=note, back=back, rules=rules, states=states)
    return write_atomic(path, text, "--html")


_CSS = """
:root{--bg:#f5f4ef;--fg:#1c1c1e;--muted:#55585e;--panel:#fff;--line:#d6d3cb;--accent:#1559b0;
--hl:#fff1b8;--hl-line:#e0b100;--told:#173e6e;--shadow:0 1px 3px rgba(0,0,0,.12)}
@media (prefers-color-scheme:dark){:root{--bg:#15171b;--fg:#e9e7e2;--muted:#aeb1b7;--panel:#22252b;
--line:#3a3e46;--accent:#8ab8ff;--hl:#3b3420;--hl-line:#c9a227;--told:#bcd6ff;--shadow:none}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",
"Noto Sans","Noto Sans CJK JP",sans-serif}
.top{max-width:1440px;margin:0 auto;padding:16px 20px 4px}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 4px}
h2{font-size:1rem;margin:0;color:var(--muted)}
.facts{margin:0;color:var(--muted)}
.back{margin:0 0 6px;font-size:15px}
.back a{color:var(--accent)}
.note{margin:6px 0 0;font-size:15px;color:var(--muted)}
.replay{display:grid;grid-template-columns:minmax(0,1fr) minmax(300px,390px);gap:20px;align-items:start;
max-width:1440px;margin:0 auto;padding:12px 20px 24px}
.table{min-width:0}
.bar{display:flex;gap:12px;align-items:center;justify-content:space-between;margin-bottom:8px;
color:var(--muted);font-size:15px}
button{font:inherit;font-size:15px;color:var(--fg);background:var(--panel);border:1px solid var(--line);
border-radius:8px;padding:6px 10px;cursor:pointer;min-height:40px}
button:hover{border-color:var(--accent)}
button:focus-visible,a:focus-visible,input:focus-visible,.board:focus-visible{outline:3px solid var(--accent);
outline-offset:2px}
button:disabled{opacity:.4;cursor:default}
button svg{fill:currentColor;display:block}
.board{background:#fff;border:1px solid var(--line);border-radius:10px;padding:10px;box-shadow:var(--shadow);
width:calc(var(--board-w) * 1px + 22px);max-width:100%}
.board{overflow-x:auto}
.board .pic svg{display:block;max-width:none}
.board.fit{overflow-x:hidden;width:auto}
.board.fit .stage{aspect-ratio:var(--board-w)/var(--board-h)}
.board.fit .pic{width:var(--fit)}
.board.fit .pic svg{width:100%;height:auto}
.board .msg{color:#1c1c1e;padding:12px;font-size:15px}
.board .pic.narrow{display:none}
@media (max-width:620px){.board:not(.fit) .pic.wide{display:none}.board:not(.fit) .pic.narrow{display:block}}
.side{position:sticky;top:12px;max-height:calc(100vh - 24px);display:flex;flex-direction:column;gap:12px;min-width:0}
.controls{flex:none;background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:10px 12px;
box-shadow:var(--shadow)}
.buttons{display:flex;gap:6px;flex-wrap:wrap}
.play{display:flex;gap:6px;align-items:center;margin-left:auto}
.counter{margin:8px 0 2px;font-weight:600;font-variant-numeric:tabular-nums}
input[type=range]{width:100%;accent-color:var(--accent);min-height:28px;margin:0}
.now{flex:none;background:var(--panel);border:1px solid var(--line);border-left:4px solid var(--hl-line);
border-radius:10px;padding:8px 12px;min-height:3.2em;max-height:40vh;overflow-y:auto;overflow-wrap:anywhere}
.now .move{font-weight:600}
.now .move .n{font-weight:400;color:var(--muted)}
.now p{margin:4px 0}
.steps{list-style:none;margin:0;padding:0 4px 0 0;overflow-y:auto;min-height:160px;flex:1 1 auto;
font-size:15px;border-top:1px solid var(--line)}
.steps li{border-bottom:1px solid var(--line);padding:3px 6px;overflow-wrap:anywhere}
.steps li a{color:inherit;text-decoration:none;display:block}
.steps li a:hover .move{text-decoration:underline}
.steps .n{display:inline-block;min-width:2.6em;color:var(--muted);font-variant-numeric:tabular-nums}
.steps li[aria-current=step]{background:var(--hl);box-shadow:inset 4px 0 0 var(--hl-line)}
.told{margin:2px 0 4px 2.6em;color:var(--told);white-space:pre-wrap}
.steps li .told a.rule,.told a.rule{display:inline;color:var(--accent);text-decoration:underline}
.now .told{margin:4px 0}
.told.sub{margin-left:3.6em}
.now .told.sub{margin-left:1em}
.keys{margin:0;font-size:14px;color:var(--muted)}
@media (max-width:899px){
.replay{grid-template-columns:minmax(0,1fr);padding:8px 12px 150px;gap:14px}
.top{padding:12px 12px 0}
h1{font-size:1.35rem}
.side{display:contents}
.now{order:1}
.table{order:2}
.side h2{order:3}
.steps{order:4}
.controls{position:fixed;left:0;right:0;bottom:0;z-index:2;border-radius:12px 12px 0 0;
padding:8px 12px calc(8px + env(safe-area-inset-bottom))}
.counter{margin:4px 0 0}
.steps{max-height:60vh}
.keys{display:none}
}
"""

_JS = r"""
(() => {
  'use strict';
  const cfg = JSON.parse(document.getElementById('config').textContent);
  const T = cfg.texts, N = cfg.total;
  const $ = (id) => document.getElementById(id);
  const board = $('board'), stage = $('stage'), counter = $('counter'), slider = $('slider');
  const now = $('now'), list = $('steps');
  const items = Array.from(list.children);
  const fmt = (s, k) => s.replace('{k}', k).replace('{n}', N);
  let boards = null, narrow = null, cur = -1, timer = null;

  // the board as drawn, or laid out for a narrow window when it would not fit its frame (nothing cut off)
  const tight = () => !board.classList.contains('fit') && cfg.sizes[cur][0] + 22 > board.parentElement.clientWidth
    && board.parentElement.clientWidth < cfg.phone;
  const draw = () => {
    if (!boards) return;
    const [w] = cfg.sizes[cur];
    const small = tight() && narrow;
    const pic = document.createElement('div');
    pic.className = 'pic';
    pic.style.setProperty('--fit', (100 * w / cfg.width).toFixed(3) + '%');
    pic.innerHTML = small ? narrow[cur] : boards[cur];
    board.classList.toggle('laid-out', !!small);
    stage.replaceChildren(pic);
  };
  window.addEventListener('resize', () => { if (boards) draw(); });
  const show = (k, hash = true) => {
    k = Math.max(0, Math.min(N, Number.isFinite(k) ? Math.round(k) : 0));
    if (k === cur) return;
    const old = items[cur];
    if (old) old.removeAttribute('aria-current');
    cur = k;
    draw();
    counter.textContent = fmt(T.step, k);
    slider.value = String(k);
    const li = items[k];
    li.setAttribute('aria-current', 'step');
    now.replaceChildren(...Array.from(li.children).map((c) => {
      const copy = c.cloneNode(true);
      if (copy.tagName === 'A') {
        const p = document.createElement('p');
        p.className = 'move';
        p.textContent = copy.querySelector('.move').textContent;
        if (k) {
          const n = document.createElement('span');
          n.className = 'n';
          n.textContent = fmt(T.move, k);
          p.prepend(n, ' ');
        }
        return p;
      }
      return copy;
    }));
    const top = li.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
    $('first').disabled = $('back').disabled = k === 0;
    $('next').disabled = $('last').disabled = k === N;
    if (k === N) stop();
    if (hash) history.replaceState(null, '', '#step-' + k);
  };
  const fromHash = () => {
    const m = /^#step-(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : 0;
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $('play').lastChild.textContent = T.play;
  };
  $('first').addEventListener('click', () => show(0));
  $('back').addEventListener('click', () => show(cur - 1));
  $('next').addEventListener('click', () => show(cur + 1));
  $('last').addEventListener('click', () => show(N));
  $('play').addEventListener('click', () => {
    if (timer !== null) { stop(); return; }
    if (cur === N) show(0);
    $('play').lastChild.textContent = T.pause;
    timer = setInterval(() => show(cur + 1), 1200);
  });
  slider.addEventListener('input', () => show(Number(slider.value)));
  list.addEventListener('click', (ev) => {
    const a = ev.target.closest('a');
    if (!a || a.classList.contains('rule')) return;  // a rule ID: its page in the rule reference
    ev.preventDefault();
    show(Number(a.parentElement.value));
  });
  $('zoom').addEventListener('click', () => {
    const fit = board.classList.toggle('fit');
    $('zoom').setAttribute('aria-pressed', String(fit));
    $('zoom').textContent = fit ? T.actual : T.fit;
    draw();
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.target === slider) return;
    const go = {ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 0, End: N}[ev.key];
    if (go === undefined) return;
    ev.preventDefault();
    stop();
    show(go);
  });
  window.addEventListener('hashchange', () => show(fromHash(), false));
  const unpack = async (id) => {
    const bytes = Uint8Array.from(atob(document.getElementById(id).textContent.trim()), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return JSON.parse(await new Response(stream).text());
  };
  const start = fromHash();
  show(start, start > N || location.hash !== '');
  if (location.hash) {
    // the address names a step, not a place on the page: stay at the top, where the table is
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    window.scrollTo(0, 0);
    window.addEventListener('load', () => requestAnimationFrame(() => window.scrollTo(0, 0)));
  }
  if (typeof DecompressionStream === 'undefined') {
    const p = document.createElement('p');
    p.className = 'msg';
    p.textContent = T.nozip;
    board.append(p);
    return;
  }
  Promise.all([unpack('boards'), unpack('boards-narrow')])
    .then(([b, n]) => { boards = b; narrow = n; draw(); }).catch((err) => { console.error(err); });
})();
"""
