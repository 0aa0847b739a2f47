"""Dominum's actions as typed, frozen values, each owning its three forms.

- Its **text form**, as the history shows it and as a person may type it, in the manner of
  python-chess's `Move.uci()` and `Move.from_uci()`: `action.text()` and
  `Action.from_text(text)`, e.g. `red attack 3,2 -> 3,1 power 2 vs reserve:4`.
- Its **JSON form**, as the tracker's log, its exports and its imports hold it: `to_json()` and
  `Action.from_json(value)`, exactly the payloads the tracker stored before its actions were
  typed, so old exports and databases replay.
- Its **form fields**, as a phone posts them: `Action.from_fields(fields)`, checked, refusing
  with a DomekitError that names the field (a JSON form is read as fields).

A text form names the player, then what the player does (`red activate move`); the verb may
also come first (`activate red move`). A space is `row,column` as the board prints it (`2,3`);
it may be typed as on a chess board, its column letter and row number (`c2` is row 2, column 3).
A power draw is the card the table turned up from the deck (`3`, `critical`; `deck` when the
engine's own deck decides) or a reserve card (`reserve:3`); the forms write a deck draw
`deck:3`, which the text form reads too. Whether the Power Deck holds a card is the rules'
numbers (`check_power_cards`), so an action reads alike under any rules.toml. The text forms:

    red forces Elves                         (the Domain's first hero, elites and warriors)
    red forces Elves: Shadowblade; Thornweaver; ...
    begin red first reserves red 3,4 gold 1,2 [coin gold] [bitter end] seed 7
    red place Thornweaver at 1,1             red deploy Elven Spearman at 2,3
    red activate move [link]                 red end phase
    red retreat 2,3      gold weaken 2,3     red sacrifice 2,3
    red move 3,3 -> 4,3                      red shift 1,2 -> 1,1
    red attack 3,2 -> 3,1 power 2 [vs reserve:4] [with 2,2 2,1] [lunge 2,2] [lunge power 4]
        [knockback 4,3] [evasive 1,3] [cycle red 2 [turns up critical]]
    red free strike ... / red alt attack ... (an attack of that kind)
    gold counterattack power critical [vs 4] [cycle ...]
    gold submerge to 3,2                     red advance from 3,2
    red use 2,3 [on 3,3] [to 2,4]            gold use stronghold on 2,2 (an ability used)
    ... [on discard 3,3] [no knockback] [no evasive] [no lunge power]  (an attack's choices)
    red assault power 4 + 3 [+ surge] [cycle ...]
    red charge [remove weaken at 2,2]        red reserve [discard 3] [turns up 4]
    red spend 2 charge                       red power duel 3 [vs reserve:4] [cycle ...]
"""

from __future__ import annotations

from collections.abc import Mapping

from toolkit.games.dominum.actions.abilities import PowerDuel, Sacrifice, SpendCharge, Use, Weaken
from toolkit.games.dominum.actions.combat import Advance, Attack, Counterattack, Submerge
from toolkit.games.dominum.actions.forms import Action, read_player, read_power_card, read_space
from toolkit.games.dominum.actions.light import CardAttack, Defend, EndRound, GainCharge
from toolkit.games.dominum.actions.phases import (
    Activate,
    Assault,
    Charge,
    Deploy,
    EndPhase,
    Move,
    Place,
    ReservePower,
    Retreat,
    Shift,
)
from toolkit.games.dominum.actions.setup import Begin, Forces
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.power import check_power
from toolkit.games.dominum.state import CycleChoice
from toolkit.games.door import Reader

__all__ = [
    "KINDS", "LIGHT_KINDS", "PLAY_KINDS", "READER", "Action", "Activate", "Advance", "Assault",
    "Attack", "Begin", "CardAttack", "Charge", "Counterattack", "CycleChoice", "Defend",
    "Deploy", "EndPhase", "EndRound", "Forces", "GainCharge", "Move",
    "Board", "Light", "Place", "Play", "PowerDuel", "ReservePower", "Retreat", "Sacrifice",
    "SetUp", "Shift",
    "SpendCharge", "Submerge", "Use", "Weaken", "check_power_cards", "read_player",
    "read_power_card",
    "read_space",
]  # fmt: skip

SetUp = Forces | Begin
"""The actions before the first card is placed."""
Board = (
    Place | Activate | EndPhase | Retreat | Deploy | Move | Shift | Attack | Counterattack
    | Submerge | Advance | Use | Weaken | Sacrifice
)  # fmt: skip
"""The actions only a fully tracked match takes: the board and the Phase tokens entered."""
Light = CardAttack | Defend | EndRound | GainCharge
"""The actions only a light match takes (light.py): cards by name, the table's word."""
Play = Board | Light | Assault | Charge | ReservePower | SpendCharge | PowerDuel
"""The actions of the match itself, from the initial deployment on: the engine's (match.py)."""

KINDS: Mapping[str, type[Action]] = Action.registry
"""Every action by its JSON form's `type`."""
PLAY_KINDS = tuple(kind for kind, cls in KINDS.items() if cls not in (Forces, Begin))
"""The kinds of the actions of the match itself (`Play`)."""
LIGHT_KINDS = (CardAttack.kind, Defend.kind, EndRound.kind, GainCharge.kind)
"""The kinds only a light match takes (`Light`)."""
READER: Reader[Action] = Reader(KINDS, Action.from_fields, Action.from_text, Action.from_json)
"""Every action read back: from a form's fields, its text form, its JSON form."""


def check_power_cards(action: Action, rules: DominumRules) -> None:
    """Every power card the action names is one the rules' Power Deck holds (DomekitError)."""
    for card in action.power_cards():
        check_power(card, rules=rules)
