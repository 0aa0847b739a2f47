"""The duel's pages: the table (both players' HP, whose roll it is) and each player's page, which
adds what paper cannot say: the exact chance to win from here."""

from __future__ import annotations

from duel.match import PLAYERS, Duel, named, percent, rules, win_chance
from toolkit.tracker.contract import Json, Page, PageNotFound, View


def table(duel: Duel) -> Json:
    return {
        "hp": {f"player_{player}": hp for player, hp in zip(PLAYERS, duel.hp, strict=True)},
        "to_roll": None if duel.winner else named(duel.to_roll),
        "winner": duel.winner and named(duel.winner),
    }


def player_page(duel: Duel, player: str) -> Page:
    if player not in PLAYERS:
        raise PageNotFound(f"this duel has no player {player}")
    me, mine, theirs = player, duel.hp[PLAYERS.index(player)], duel.hp[1 - PLAYERS.index(player)]
    if duel.winner is not None:
        chance = 1 if duel.winner == me else 0
    elif duel.to_roll == me:
        chance = win_chance(mine, theirs, rules())
    else:
        chance = 1 - win_chance(theirs, mine, rules())
    return Page(named(player), {**table(duel), "hp": mine, "their_hp": theirs,
                                "chance_to_win": percent(chance)})  # fmt: skip


PAGES: dict[str, View[Duel]] = {
    "table": View(lambda duel: Page(f"Duel · turn {duel.turn}", table(duel))),
    "player": View(player_page, "player"),
}
"""/table and /player/<1 or 2> (the QR code on each player's card); the screen shows the table."""
