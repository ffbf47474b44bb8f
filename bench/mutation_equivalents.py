"""The judged survivors of mutmut's runs (``bench/MUTATION.md``): equivalent ones, and ones mutmut cannot
switch on.

Keyed by mutmut's mutant name (``mutmut show NAME`` prints the change); a name holds while the function it
mutates is unchanged. ``bench/mutation.py`` leaves these out of the kill rate and marks them in its list of
survivors; every entry says why no test can tell the mutant from the engine.

``AT_IMPORT`` lists mutants of functions that run only while a module is imported (to build a table), or
whose results a memo table already holds once the tests are collected: mutmut switches a mutant on in a
process that has already imported the engine and collected the tests, so those never take effect and
always "survive". Each was applied to the source by hand (``mutmut apply NAME`` in the
engine's folder, or the same edit in a copy) and the engine's tests run: each entry says how it was
killed, and ``bench/mutation.py`` counts it as killed.
"""

from __future__ import annotations

EQUIVALENT: dict[str, str] = {
    # The Witches of Blackmore
    "rulebook.games.witches_of_blackmore.state.x__round_event__mutmut_55":
        "the seat a variant named to lead, kept as -1 or +1 in a finished game's state: only the next trick's "
        "start reads it, and a finished game has none",
    "rulebook.games.witches_of_blackmore.state.xǁWitchesStateǁ_close__mutmut_17":
        "continue -> break once the pile and the trump stack are both empty: every later seat of the refill "
        "finds both empty too and is passed over, so stopping there changes nothing",
    "rulebook.games.witches_of_blackmore.state.xǁWitchesStateǁapply__mutmut_53":
        "decide=False -> None: the flag is only tested for truth, and None is false as False is",
    # UTSUKE
    "rulebook.games.utsuke.rules.x_npc_card__mutmut_11":
        "best = -1 -> -2: every card is 0 or more, so the first card of the suit led beats either start, and "
        "with none the result is the leftmost card either way",
    "rulebook.games.utsuke.state.xǁUtsukeStateǁ_bid__mutmut_7":
        "the rule ID of a refusal that cannot happen: the bidding order never returns to a seat that has bid "
        "(the line is marked no cover)",
    # Gods and Humans, Seven Prophecies: the converters' own type checks of ``removed`` cannot be reached
    "rulebook.games.gods_and_humans.rules.x__removed__mutmut_7":
        "the converter's refusal of a removed that is no list: the option's declared type refuses it first "
        "(rulebook.core.options, in Rules() and attrs.evolve alike), so the line never runs",
    "rulebook.games.gods_and_humans.rules.x__removed__mutmut_15":
        "the converter's refusal of an item that is no text: the option's item type (str) refuses it first",
    "rulebook.games.seven_prophecies.rules.x__removed__mutmut_7":
        "the converter's refusal of an entry that is no text: the option's item type (str) refuses it first",
}

AT_IMPORT: dict[str, str] = {
    # UTSUKE: _cycle builds the table _NEXT of the places clockwise from the lord, once, at import
    "rulebook.games.utsuke.rules.x__cycle__mutmut_1":
        "lord = None: importing the engine fails (None + 1 for two players); every test errors",
    "rulebook.games.utsuke.rules.x__cycle__mutmut_3":
        "players == 3 for == 2: the table of places breaks at import; every test errors",
    "rulebook.games.utsuke.rules.x__next_table__mutmut_1":
        "cyc = None: importing the engine fails (len(None) while the table _NEXT is built); every test errors",
    # Seven Prophecies: _prophecy_step fills the memo _PROPHECY_STEP, which the collected tests already filled
    "rulebook.games.seven_prophecies.actions.x__prophecy_step__mutmut_10":
        "p = None: the first prophecy fails (tests/games/seven_prophecies, -x: the first test that prophesies)",
    "rulebook.games.seven_prophecies.actions.x__prophecy_step__mutmut_11":
        "the cube goes on the place after the one chosen: the first exact prophecy test fails",
    "rulebook.games.seven_prophecies.actions.x__prophecy_step__mutmut_18":
        "the memo keeps None: the first prophecy fails",
    "rulebook.games.seven_prophecies.actions.x__prophecy_legal__mutmut_33":
        "every_place's count of cubes left, off by two (the memo _PROPHECY_LEGAL is filled at collection): "
        "applied by hand, test_every_place_house_rule fails",
}
