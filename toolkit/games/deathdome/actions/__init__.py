"""Death Dome's actions as typed values, each owning its text form, its parser and its JSON form.

As python-chess's `Move.uci()` and `Move.from_uci()`: `action.text()` is the line the history
shows (`attack red.gunner -> blue.scout with heavy-rifle cards 3,3,3 vs 2`) and
`Action.from_text(line)` reads one back (`Attack.from_text` reads only attacks). `to_json()` is
the object the log stores, the same key for key as the tracker has always stored, and
`Action.from_json(value)` reads a stored one; `Action.from_fields(fields)` reads a form's or a
JSON body's fields, checked field by field, and every refusal names the field. Numbers go
through toolkit.parsing's bounded `whole_number`.

What an action means for the match (who may make it when, what it changes) is the match engine's
(`toolkit.games.deathdome.match`); here it is only read and written. Names of teams, units and
jails are checked against the match there, since they depend on it. Text forms keep single
spaces: a note or an item name typed with runs of spaces reads back with single ones.

The package holds the shared readers and the `Action` base (base.py), then the actions by the
rule book's chapters: set-up (setup.py), the attack (attack.py), the cards played outside an
attack (cards.py), the rest of a turn and the money (turns.py).
"""

from __future__ import annotations

from toolkit.games.deathdome.actions.attack import Attack, SplashHit
from toolkit.games.deathdome.actions.base import (
    ACTIONS,
    EXAMPLE,
    NOTE_LENGTH,
    POINTS,
    Action,
    Point,
    cards,
    colour,
    of_kind,
    played,
    unit_ref,
)
from toolkit.games.deathdome.actions.cards import PlayCard, Use
from toolkit.games.deathdome.actions.setup import Buy, Equip, Pass, Seat, Sell, Start, Unequip
from toolkit.games.deathdome.actions.turns import (
    Capture,
    EndMatch,
    EndTurn,
    Heal,
    Payout,
    Points,
    Release,
    Transfer,
    Vitae,
)
from toolkit.games.door import Reader

__all__ = [
    "ACTIONS", "EXAMPLE", "NOTE_LENGTH", "POINTS", "READER", "Action", "AnyAction", "Attack",
    "Buy", "Capture", "EndMatch", "EndTurn", "Equip", "Heal", "Pass", "Payout", "PlayCard",
    "Point", "Points", "Release", "Seat", "Sell", "SplashHit", "Start", "Transfer", "Unequip",
    "Use", "Vitae", "cards", "colour", "of_kind", "played", "unit_ref",
]  # fmt: skip

AnyAction = (
    Seat | Buy | Pass | Sell | Equip | Unequip | Start | Attack | Heal | Vitae | Use | PlayCard
    | Capture | Points | Release | EndTurn | Transfer | EndMatch | Payout
)  # fmt: skip
ACTIONS.update(
    (cls.kind, cls)
    for cls in (
        Seat, Buy, Pass, Sell, Equip, Unequip, Start, Attack, Heal, Vitae, Use, PlayCard,
        Capture, Points, Release, EndTurn, Transfer, EndMatch, Payout,
    )
)  # fmt: skip

READER: Reader[Action] = Reader(ACTIONS, Action.from_fields, Action.from_text, Action.from_json)
"""Every action read back: from a form's fields, its text form, its JSON form."""
