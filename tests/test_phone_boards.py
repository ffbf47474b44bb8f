"""Boards on a phone (issue 43 item 13): at 390 px the replay's board is laid out for the screen (its lines
wrap, its rows of cards and squares go on below) instead of being cut off until "Fit to the window", and
the docs' board pictures keep the size they are drawn at (scrolling sideways) instead of shrinking to 5-px
text. ``docs/check_site.py`` checks both in Chromium; here, what the pages are made of."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rulebook
from rulebook.core import render
from rulebook.reference import records
from rulebook.reference.replay_html import NARROW, replay_page, steps_of_states

ROOT = Path(__file__).resolve().parents[1]
_SIZE = re.compile(r'^<svg[^>]*?\swidth="([\d.]+)"')
_FONT = re.compile(r'font-size="([\d.]+)"')


def _states(slug: str, moves: int = 80) -> list[object]:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=1)
    rng = random.Random(1)
    out = [state]
    while not state.is_terminal and len(out) < moves:
        state = state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_every_board_has_a_phone_layout_that_fits_and_keeps_its_text_size(slug: str) -> None:
    story = steps_of_states(_states(slug, 40))  # type: ignore[arg-type]
    for step in story:
        width = float(_SIZE.match(step.narrow)[1])  # type: ignore[index]
        assert width <= NARROW, f"step {step.index}: {width} px"
        assert {float(f) for f in _FONT.findall(step.narrow)} <= {float(f) for f in _FONT.findall(step.svg)}
        # the same board: every text of the wide picture is in the narrow one (some lines broken in two)
        words = lambda svg: sorted(w for t in re.findall(r">([^<>]+)</text>", svg) for w in t.split())  # noqa: E731
        assert words(step.narrow) == words(step.svg), f"step {step.index}"
    assert any(float(_SIZE.match(s.svg)[1]) > NARROW for s in story)  # type: ignore[index]


def test_the_wide_board_is_unchanged_by_the_phone_layout() -> None:
    state = _states("saru-tori-inu-i")[-1]
    assert render.state_svg(state) == render.state_svg(state, None, None)
    assert render.state_svg(state, None, 300) != render.state_svg(state)


def test_the_replay_page_carries_both_layouts_and_draws_the_phones_where_the_board_would_be_cut() -> None:
    states = _states("witches-of-blackmore", 10)
    page = replay_page(records.record_of(states[-1]))  # type: ignore[arg-type]
    assert 'id="boards-narrow"' in page and '<div class="pic narrow">' in page
    assert "board.parentElement.clientWidth < cfg.phone" in page
    assert "@media (max-width:620px){.board:not(.fit) .pic.wide{display:none}" in page


def test_the_docs_board_pictures_scroll_on_a_phone_instead_of_shrinking() -> None:
    css = (ROOT / "docs" / "_static" / "rulebook.css").read_text(encoding="utf-8")
    phone = css[css.index("@media (max-width: 40em) {\n  figure.rulebook-board"):]
    assert "overflow-x: auto" in phone.split("}")[0] and "max-width: none" in phone.split("}")[1]
