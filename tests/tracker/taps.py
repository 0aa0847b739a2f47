"""Counting a player's taps in a real browser: every click is a tap, picking from a <select> is two
(open it, pick), typing is one tap to focus the box plus one a character (and one to clear a box
that already holds something); a confirm dialog is a tap; dice faces read off the table into
their field are one tap a field (the issue's "a field typed", `Taps.dice`). The tap-count tests
(test_taps_browser.py) drive the pages through a `Taps`, one row of `ROWS` at a time, and hold
each to its target; they print the tap table that README and docs/tracker.md quote.

Every game's rows are here: its game, its action as played, the taps before issue 27 (main at
980753c, counted the same way; None: the action had no such form), the most it may take now
(issue 27's target where it names one) and the pen and paper it replaces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page


class Taps:
    """A page and the taps made on it since the last `reset`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0
        self.keys = 0

    def reset(self) -> int:
        """The taps counted so far, and start counting again."""
        done, self.count = self.count, 0
        return done

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.count += 1

    def pick(self, selector: str, value: str) -> None:
        """Choose `value` in a <select>: free when it is already chosen."""
        box = self.page.locator(selector).first
        if box.input_value() != value:
            box.select_option(value)
            self.count += 2

    def dice(self, selector: str, faces: str) -> None:
        """Dice faces read off the table into their field: one tap, as the issue counts "a
        field typed" (the keystrokes are the faces the player reads, as on paper: counted in
        `keys`, not in the taps)."""
        box = self.page.locator(selector).first
        box.fill(faces)
        self.count += 1
        self.keys += len(faces)

    def type(self, selector: str, text: str) -> None:
        box = self.page.locator(selector).first
        had = box.input_value()
        if had == text:
            return
        box.fill(text)
        self.count += 1 + (1 if had else 0) + len(text)


@dataclass(frozen=True)
class Row:
    """One action of the tap table."""

    game: str
    action: str
    before: int | None  # taps on main before issue 27 (None: no such form then)
    target: int  # the most it may take
    paper: str  # what it replaces at a table playing with pen and paper


DD, ND, DM, DP = "Death Dome", "Nature Dome", "Dominum", "Domppa"
ROWS = [
    Row(DD, "capture a control point (light)", 2, 1,
        "turn the point's marker to your colour; count control points for the draw and payout"),
    Row(DD, "release a jail (light)", 1, 1,
        "move the jailed units to their base, reset their Vitae markers to full"),
    Row(DD, "end the turn (light)", 2, 1,
        "move the round marker at red's turn; count the next team's cards to draw"),
    Row(DD, "attack, cards 3,3 vs 2, recorded at the answer (light)", 5, 4,
        "add the cards, weapon, Skill, items' S and T, sets and combos on each side; subtract; "
        "move the Vitae marker"),
    Row(DD, "attack that kills, jail asked (light)", 6, 5,
        "the same sums; move the unit to the jail its killer picks; a kill point and 100,000"),
    Row(DD, "attack with the check page first (full)", 6, 5,
        "the same sums, checked on paper"),
    Row(DD, "Vitae -2 from a card", 1, 1, "move the Vitae marker"),
    Row(DD, "buy an item (set-up)", 3, 3,
        "pay the bank in paper money, take the item card; check what is left in the shop"),
    Row(DD, "equip an item", 1, 1, "hand the card to the unit; check three items and its deck"),
    Row(DD, "pay 50 000 credits (from the team's page)", 7, 7,
        "count out paper money, or write both balances"),
    Row(ND, "a clash: the attacker's card, the defender's answer (light)", 4, 2,
        "subtract attack from defence or escape, less the zone penalty; move the health marker"),
    Row(ND, "name the three cards drawn (light)", None, 3, "(nothing: the player holds them)"),
    Row(ND, "a clash picked from the deck (full)", 4, 4,
        "the same subtraction and marker"),
    Row(DM, "deploy, move, Phase token (light: on the table only)", 2, 0,
        "put or move the card; turn the Phase token"),
    Row(DM, "attack: your card, the enemy card, the power drawn (light)", 6, 3,
        "add Strength, the power drawn, allies and abilities; say the total out loud"),
    Row(DM, "answer an attack: the power drawn or none (light)", None, 1,
        "add Defense and the power drawn; compare; put a wound token"),
    Row(DM, "assault: initial score, two draws (light)", 6, 3,
        "add the zone's cards and the two draws; read the VP table; move the VP marker"),
    Row(DM, "Charge Phase (light)", 1, 1, "add 2 Charge tokens, at most 3"),
    Row(DM, "end the round (light)", None, 1, "check both players' five Phase tokens are used"),
    Row(DM, "deploy (initial placement, full)", 2, 2, "put the card on the board"),
    Row(DM, "move (full)", 2, 2, "move the card"),
    Row(DM, "attack (full)", 6, 6,
        "add Strength, the power drawn and allies; compare; put a wound token"),
    Row(DP, "set up five characters", 2, 2, "fill in each character sheet's gear and side"),
    Row(DP, "start the next character's turn", None, 2, "find the next by AP; reset its AP"),
    Row(DP, "melee: target, hit dice, damage dice, Record it now", 5, 4,
        "work the hit, the damage, the protection and the wound rules; write the HP"),
    Row(DP, "ranged, the bow in hand: target, distance, hit and damage dice, Record it", 6, 5,
        "the same, against 14 + the distance + the shield's parry x 2"),
    Row(DP, "morale test: its dice, Test morale", 2, 2,
        "2d6 against morale less the HP lost; write 'fleeing' on the sheet"),
]  # fmt: skip
"""The tap table. Dominum's and Domppa's rows are issue 27's other engineer's to update."""


def row(game: str, action: str) -> Row:
    found = [r for r in ROWS if r.game == game and r.action == action]
    assert len(found) == 1, (game, action)
    return found[0]


def report(counted: dict[Row, int]) -> None:
    """Print the rows played as the table docs/tracker.md quotes, and hold each to its target."""
    print("\n| game | action | before | after | target | with pen and paper |")
    print("|---|---|---|---|---|---|")
    for done, taps in counted.items():
        before = "—" if done.before is None else str(done.before)
        print(f"| {done.game} | {done.action} | {before} | {taps} | {done.target} | {done.paper} |")
    for done, taps in counted.items():
        assert taps <= done.target, f"{done.action}: {taps} taps, the target is {done.target}"
