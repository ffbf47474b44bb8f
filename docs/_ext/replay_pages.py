"""Sphinx glue: one page per game to watch a whole game, move by move.

At the end of an HTML build, a whole game of every game is played by rulebook's heuristic
bots from a fixed seed (the printed rules, their usual number of players) and written with
:func:`rulebook.reference.replay_html.write_replay_page` to ``_static/replays/<slug>.html`` in the
built site (the Japanese build writes its own, with rulebook's messages in Japanese where
they are translated). The games are replayed from their records, so a page shows exactly
what ``rulebook replay FILE --html`` shows, except that every rule ID links to its rule in
the rule reference (:data:`RULES`).

* :func:`replay_link` gives the "Watch a whole game" paragraph the worked examples
  (``rulebook-scenarios``) put above each game's scenarios;
* ``rulebook-replays`` lists every game's page (``docs/watch-a-game.md``).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

#: where the pages go, inside the built site
FOLDER = "_static/replays"
#: the seed of every game shown (the deal and the bots' choices)
SEED = 1
#: a game's page of the rule reference, from a replay page (``{slug}``: the game); every rule ID
#: a replay page cites links to its rule there, as on every other page of the docs
RULES = "../../games/{slug}.html"
#: the games in the order of the games table
GAMES = ("witches-of-blackmore", "seven-prophecies", "utsuke", "gods-and-humans", "saru-tori-inu-i")


def _language(env: Any) -> str:
    lang = (getattr(env.config, "language", None) or "en").split("_")[0]
    return lang if lang in ("en", "ja") else "en"


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """rulebook's messages in ``lang`` for the time of the block."""
    from rulebook import i18n

    before = i18n.language()
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language(before)


def whole_game(slug: str, seed: int = SEED) -> Any:
    """The record of a whole game of ``slug``: the printed rules, heuristic bots, ``seed``."""
    import rulebook
    from rulebook.balance.players import heuristic_player
    from rulebook.reference import records

    game = rulebook.get_game(slug)
    state = game.new_game(game.Rules(), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(heuristic_player(state, rng))
    return records.record_of(state)


def _href(docname: str, slug: str) -> str:
    return "../" * docname.count("/") + f"{FOLDER}/{slug}.html"


def _label(slug: str, lang: str) -> tuple[str, str]:
    """The link's text and the sentence after it, in ``lang``."""
    import rulebook
    from rulebook.i18n import _

    with speaking(lang):
        game = rulebook.get_game(slug)
        players = game.Rules().players
        return (_("Watch a whole game of {game}, move by move").format(game=game.title),
                " " + _("({players} of rulebook's bots play the printed rules; every hand is shown face up.)")
                .format(players=players))


def replay_link(directive: SphinxDirective, slug: str) -> nodes.paragraph | None:
    """The paragraph linking to ``slug``'s replay page (``None`` when this extension is not loaded)."""
    env = directive.env
    if "replay_pages" not in env.app.extensions or slug not in GAMES:
        return None
    text, after = _label(slug, _language(env))
    para = nodes.paragraph(classes=["rulebook-replay-link"])
    para += nodes.reference("", text, refuri=_href(env.docname, slug))
    para += nodes.Text(after)
    return para


class ReplaysDirective(SphinxDirective):
    """``rulebook-replays``: a list of every game's replay page."""

    def run(self) -> list[nodes.Node]:
        items = nodes.bullet_list(classes=["rulebook-replays"])
        for slug in GAMES:
            link = replay_link(self, slug)
            if link is not None:
                items += nodes.list_item("", link)
        return [items]


def write_pages(app: Sphinx, exception: Exception | None) -> None:
    """Write every game's replay page into the built site (HTML builders only)."""
    if exception is not None or app.builder.format != "html":
        return
    from rulebook.i18n import _
    from rulebook.reference.replay_html import write_replay_page

    out = Path(app.outdir) / FOLDER
    out.mkdir(parents=True, exist_ok=True)
    lang = _language(app.env)
    with speaking(lang):
        for slug in GAMES:
            record = whole_game(slug)
            note = _("The bots are rulebook's heuristic players; the deal and their choices come from seed {seed}.") \
                .format(seed=SEED)
            back = ("../../examples.html", _("Back to the worked examples"))
            write_replay_page(record, out / f"{slug}.html", note=note, back=back, rules=RULES)
    logger.info("replay pages: %d games written to %s", len(GAMES), FOLDER)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rulebook-replays", ReplaysDirective)
    app.connect("build-finished", write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
