"""The rule reference and the games people read: rule texts, traces, records and replays.

* :mod:`~rulebook.reference.trace`: every rule ID of the spec, and where the code enforces it
  and the tests check it;
* :mod:`~rulebook.reference.rules_text`: the spec as text for people (``rulebook rules``, ``?``
  at the table), in English or Japanese;
* :mod:`~rulebook.reference.words`: moves, cards and seats in words, with the rule behind them;
* :mod:`~rulebook.reference.records`: a game saved as a JSON record of play, replayed and checked
  move by move;
* :mod:`~rulebook.reference.narrate` and :mod:`~rulebook.reference.replay_html`: a record told
  trick by trick, and as a self-contained page to step through;
* :mod:`~rulebook.reference.scenarios`: the worked examples of the spec (``spec/examples``),
  replayed as tests.

>>> from rulebook.reference import lookup
>>> lookup("utsuke", "ut-end-6").splitlines()[0].startswith("### UT-END-6")
True
"""

from __future__ import annotations

from rulebook.reference import narrate, records, replay_html, rules_text, scenarios, trace, words
from rulebook.reference.records import Record
from rulebook.reference.rules_text import lookup

__all__ = ["Record", "lookup", "narrate", "records", "replay_html", "rules_text", "scenarios", "trace", "words"]
