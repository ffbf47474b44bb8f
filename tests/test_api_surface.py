"""The library's surface (issue 43 item 12): a text that is no action raises the library's error naming the
game and the text; an action's ``repr`` shows its card as its text does; the top level exports only
what ``__all__`` lists (no ``annotations`` of ``from __future__``)."""

from __future__ import annotations

import random

import pytest

import rulebook
from rulebook.errors import InvalidAction, RulebookError


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
@pytest.mark.parametrize("text", ["play Z9", "", "bid x", "play"])
def test_a_text_that_is_no_action_is_the_librarys_error(slug: str, text: str) -> None:
    game = rulebook.get_game(slug)
    with pytest.raises(InvalidAction) as caught:
        game.parse_action(text)
    assert isinstance(caught.value, RulebookError) and isinstance(caught.value, ValueError)
    assert caught.value.game == slug and caught.value.text == text
    assert str(caught.value) == f"not an action of {slug}: {text!r}"
    with pytest.raises(InvalidAction, match=r"^an action text must be a str, not int$"):
        game.parse_action(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("slug", list(rulebook.GAMES))
def test_an_actions_repr_shows_its_card_as_its_text_does(slug: str) -> None:
    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=1)
    rng = random.Random(1)
    shown = 0
    while not state.is_terminal:
        for action in state.legal_actions():
            if hasattr(action, "card"):
                card = str(action).split()[1]
                assert repr(action) == f"{type(action).__name__}(card={card})"
                shown += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert shown > 20
    assert repr(rulebook.get_game("witches-of-blackmore").parse_action("play P1")) == "Play(card=P1)"


def test_the_top_level_exports_what_it_lists() -> None:
    public = {name for name in vars(rulebook) if not name.startswith("_")}
    assert "annotations" not in public
    modules = {"core", "errors", "registry", "variants", "games", "reference", "adapters", "balance", "table",
               "cli", "i18n"}
    assert public - modules <= set(rulebook.__all__), public - modules - set(rulebook.__all__)
    assert "InvalidAction" in rulebook.__all__
