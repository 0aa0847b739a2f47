"""A Death Dome match's state as frozen values, what the rules read off it, and its JSON form.

The match engine (`toolkit.games.deathdome.match`) makes every new state; nothing here changes
one. The state keeps the books the rules need: whose turn it is, every unit's Vitae, items, jail
and incapacitation, every team's credits, control points, tower centres and kills. The board is
physical: where a unit stands is not tracked, so range, line of sight and "in its own base" are
the players' call.

The JSON form (`state_json`, `state_from_json`) is what the tracker stores, exports and diffs: the
same object, key for key, as the tracker stored before the engine was typed, so old exports and
databases load.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal

from toolkit.errors import DomekitError, RuleError
from toolkit.games.deathdome import loadout
from toolkit.games.deathdome import payout as money
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.board import Board
from toolkit.games.deathdome.config import RulesConfig
from toolkit.games.deathdome.data import DeathDomeData, Item, load_deathdome
from toolkit.games.deathdome.effects import STATS
from toolkit.parsing import Json

GAME = "deathdome"
Phase = Literal["setup", "play", "payout", "over"]
PHASES: tuple[Phase, ...] = ("setup", "play", "payout", "over")
PHASE_NAMES: Mapping[Phase, str] = {
    "setup": "set-up",
    "play": "play",
    "payout": "payout",
    "over": "after the match",
}


# ------------------------------------------------------------------------------- card data


@dataclass(frozen=True)
class MatchData:
    """The card data a match is played with (card_data/deathdome or a kit's own copy)."""

    cards: DeathDomeData
    rules: RulesConfig
    board: Board
    jails: tuple[str, ...]  # the board's jails, sorted

    def item(self, name: str) -> Item:
        """An item card by its id or printed name."""
        item = self.cards.items.get(name) or self.cards.item_by_name(name)
        if item is None:
            raise DomekitError(f"no item {name!r} in items.csv")
        return item


@lru_cache(maxsize=8)
def match_data(data_dir: str | None = None) -> MatchData:
    """The card data of `data_dir` (None: the shipped card_data), loaded once."""
    cards = load_deathdome(data_dir)
    if cards.rules is None or cards.board is None:
        raise DomekitError("the Death Dome data has no rules.toml or board.toml")
    return MatchData(cards, cards.rules, cards.board, tuple(sorted(cards.board.jails())))


# ----------------------------------------------------------------------------------- values


@dataclass(frozen=True)
class UnitRef:
    """A unit of a match: its team's colour and its type, written `red.gunner`."""

    colour: str
    unit_type: str

    def text(self) -> str:
        return f"{self.colour}.{self.unit_type}"

    def __str__(self) -> str:
        return self.text()


Until = Literal["turn", "next turn"]
UNTIL: tuple[Until, ...] = ("turn", "next turn")


@dataclass(frozen=True)
class Lasting:
    """A drug given to a unit, or a card played on it, whose effects last on it: to the end of
    its team's turn ("+S,+M,+T plus to that stat for the rest of your turn"), or until its team's
    next turn begins (a card saying "until your next turn")."""

    card: str  # the item's or Special Play card's id
    until: Until = "turn"


@dataclass(frozen=True)
class Unit:
    """One unit on the books: its Vitae, the items it carries, its jail and Incapacitate, what
    lasts on it, and the items it has used that say once per match or once per turn."""

    vitae: int
    items: tuple[str, ...] = ()
    jail: str | None = None  # the jail it is in; None while it is in play
    incapacitated: bool = False
    sitting_out: bool = False  # incapacitated and its team's turn to sit out has begun
    lasting: tuple[Lasting, ...] = ()
    used: tuple[str, ...] = ()  # items used this match (once per match) or turn (once per turn)

    @property
    def in_jail(self) -> bool:
        return self.jail is not None


@dataclass(frozen=True)
class Team:
    """One team's books: credits, the items not on a unit, what it holds, its kills, its units."""

    credits: int
    spare: tuple[str, ...]  # items bought and not (yet) on a unit
    control_points: int
    tower_centres: int
    kills: int
    units: Mapping[str, Unit]  # by unit type, in units.csv's order

    def items(self) -> list[str]:
        """Every item the team owns: carried by its units or spare."""
        return [*(item for unit in self.units.values() for item in unit.items), *self.spare]

    def held_points(self) -> int:
        """Control points the team controls for its draw: tower centres count (docs/rulings)."""
        return self.control_points + self.tower_centres

    def units_in_jail(self) -> int:
        return sum(unit.in_jail for unit in self.units.values())


@dataclass(frozen=True)
class PayoutResult:
    """The payout of a match, as it was paid (rules: Payout Winnings)."""

    winner: str
    fans: int
    fans_money: int
    match_payout: Mapping[str, int]
    payout: Mapping[str, int]
    credits: Mapping[str, int]  # every team's credits after the payout
    steps: tuple[str, ...]
    campaign_winners: tuple[str, ...] | None = None  # after the campaign's last match


@dataclass(frozen=True)
class MatchState:
    """A Death Dome match between two payouts: set-up, play, payout, over."""

    data: MatchData = field(compare=False, repr=False)
    data_dir: str | None
    number: int  # this match's number in the campaign, from 1
    matches: int  # matches in the campaign
    phase: Phase
    order: tuple[str, ...]  # turn order: red first, then clockwise (also the purchase order)
    seated: bool  # the seating was given (or carried over from the campaign's last match)
    purchase_turn: int  # index in `order` of the team whose purchasing turn it is
    purchase_done: tuple[str, ...]  # teams that have finished purchasing, in that order
    round: int
    turn: int  # index in `order` of the team whose turn it is
    phases_used: int  # unit phases used in this turn
    teams: Mapping[str, Team]  # by colour
    payout: PayoutResult | None = None
    last_standing: str | None = None
    free_actions: int = 0  # actions the turn's team may still take beyond its unit phases
    light: bool = False  # tracked light (issue 27): the phones record each action at the tap

    # -- what the rules read -------------------------------------------------------------

    @property
    def rules(self) -> RulesConfig:
        return self.data.rules

    def team(self, colour: str) -> Team:
        team = self.teams.get(colour)
        if team is None:
            raise DomekitError(
                f"no {colour!r} team in this match; the teams are {', '.join(self.order)}"
            )
        return team

    def unit(self, ref: UnitRef) -> Unit:
        units = self.team(ref.colour).units
        unit = units.get(ref.unit_type)
        if unit is None:
            raise DomekitError(f"no unit {ref.unit_type!r}; the units are {', '.join(units)}")
        return unit

    def refs(self, colour: str) -> list[UnitRef]:
        return [UnitRef(colour, unit_type) for unit_type in self.team(colour).units]

    def current_team(self) -> str:
        return self.order[self.turn]

    def purchase_team(self) -> str | None:
        """Whose purchasing turn it is: from `purchase_turn` on, the first team still buying."""
        count = len(self.order)
        for step in range(count):
            colour = self.order[(self.purchase_turn + step) % count]
            if colour not in self.purchase_done:
                return colour
        return None

    def credits(self) -> dict[str, int]:
        """The credits ledger: every team's credits, in turn order."""
        return {colour: self.teams[colour].credits for colour in self.order}

    def unit_cards(self, ref: UnitRef) -> loadout.UnitCards:
        """The cards in play for a unit: its items, what lasts on it, their combos and sets."""
        unit = self.unit(ref)
        return loadout.unit_cards(
            self.data.cards,
            unit.items,
            [lasting.card for lasting in unit.lasting],
            self.team(ref.colour).items(),
        )

    def unit_stats(self, ref: UnitRef) -> UnitStats:
        """A unit's stats with its set bonuses (rules: Sets) and every card in play on it: a
        drug's +S, Titan Armour's -1 M, a combo's T (loadout.unit_stats)."""
        base = self.data.cards.units[ref.unit_type]
        found = loadout.unit_stats(
            {stat: getattr(base, stat) for stat in STATS}, self.unit_cards(ref)
        )
        return UnitStats(found.stats, found.steps)

    def full_vitae(self, ref: UnitRef) -> int:
        return self.unit_stats(ref).stats["vitae"]

    def stock_left(self, item: Item) -> int:
        """Copies of an item card no team owns."""
        return item.qty - sum(team.items().count(item.id) for team in self.teams.values())

    def teams_out(self) -> list[str]:
        """Teams with every unit in jail ("he is out of the match")."""
        return [c for c in self.order if engine.team_out(self.teams[c].units_in_jail(), self.rules)]

    def draws(self, colour: str) -> engine.Draws:
        """The cards a team draws at the start of its turn (rules: On Your Turn)."""
        return engine.draws(self.team(colour).held_points(), self.rules)

    def payout_now(self, fans: int) -> money.PayoutOutcome:
        """The engine's payout for what every team holds now, with the fans die showing `fans`
        (rules: Payout Winnings)."""
        return money.payout(
            self.order,
            {c: self.teams[c].control_points for c in self.order},
            {c: self.teams[c].tower_centres for c in self.order},
            {c: self.teams[c].kills for c in self.order},
            fans,
            self.rules,
            last_standing=self.last_standing,
        )

    def text(self) -> str:
        """The match in one line, as a refusal names it (its FEN): `match 1 of 5, round 3 of 12,
        red's turn, 1 of 2 unit phases used` (in set-up: whose purchase it is)."""
        where = f"match {self.number} of {self.matches}"
        if self.phase == "setup":
            buyer = self.purchase_team()
            return f"{where}, set-up, " + (f"{buyer} buys" if buyer else "purchases done")
        if self.phase != "play":
            return f"{where}, {PHASE_NAMES[self.phase]}"
        per_turn = self.rules.match.unit_phases_per_turn
        return (
            f"{where}, round {self.round} of {self.rules.match.rounds}, "
            f"{self.current_team()}'s turn, {self.phases_used} of {per_turn} unit phases used"
        )

    def need_phase(self, *phases: Phase, rule: str) -> None:
        """RuleError naming `rule` unless the match is in one of `phases`."""
        if self.phase not in phases:
            raise RuleError(
                rule,
                f"this is done during {' or '.join(PHASE_NAMES[p] for p in phases)}; "
                f"the match is in {PHASE_NAMES[self.phase]}",
            )


@dataclass(frozen=True)
class UnitStats:
    """A unit's stats as they stand, and how its sets gave their bonuses."""

    stats: Mapping[str, int]  # movement, skill, toughness, vitae
    set_steps: list[str]


def replace_team(state: MatchState, colour: str, team: Team) -> dict[str, Team]:
    """The teams with one team's books changed (the others' order kept)."""
    return {c: team if c == colour else t for c, t in state.teams.items()}


def with_credits(state: MatchState, credits: Mapping[str, int]) -> dict[str, Team]:
    """The teams with the credits of a ledger."""
    return {
        c: replace(t, credits=credits[c]) if c in credits else t for c, t in state.teams.items()
    }


# -------------------------------------------------------------------------------- JSON form


def state_json(state: MatchState) -> Json:
    """The state's JSON form, key for key as the tracker has always stored it (what issue 26
    added, free actions and what lasts on a unit, only when there is some)."""
    found: Json = {
        "game": GAME,
        "data_dir": state.data_dir,
        "match": state.number,
        "matches": state.matches,
        "phase": state.phase,
        "order": list(state.order),
        "seated": state.seated,
        "purchase_turn": state.purchase_turn,
        "purchase_done": list(state.purchase_done),
        "round": state.round,
        "turn": state.turn,
        "phases_used": state.phases_used,
        "teams": {colour: _team_json(team) for colour, team in state.teams.items()},
        "payout": None if state.payout is None else payout_json(state.payout),
        "last_standing": state.last_standing,
    }
    if state.free_actions:
        found["free_actions"] = state.free_actions
    if state.light:
        found["mode"] = "light"
    return found


def _team_json(team: Team) -> Json:
    return {
        "credits": team.credits,
        "inventory": list(team.spare),
        "control_points": team.control_points,
        "tower_centres": team.tower_centres,
        "kills": team.kills,
        "units": {unit_type: _unit_json(unit) for unit_type, unit in team.units.items()},
    }


def _unit_json(unit: Unit) -> Json:
    found: Json = {
        "vitae": unit.vitae,
        "items": list(unit.items),
        "status": "jailed" if unit.in_jail else "active",
        "jail": unit.jail,
        "incapacitated": unit.incapacitated,
        "serving": unit.sitting_out,
    }
    if unit.lasting:
        found["lasting"] = [{"card": k.card, "until": k.until} for k in unit.lasting]
    if unit.used:
        found["used"] = list(unit.used)
    return found


def payout_json(paid: PayoutResult) -> Json:
    found: Json = {
        "winner": paid.winner,
        "fans": paid.fans,
        "fans_money": paid.fans_money,
        "match_payout": dict(paid.match_payout),
        "payout": dict(paid.payout),
        "credits": dict(paid.credits),
        "steps": list(paid.steps),
    }
    if paid.campaign_winners is not None:
        found["campaign_winners"] = list(paid.campaign_winners)
    return found


class _Reader:
    """Reads a stored state's JSON, naming the member that is not what a state holds."""

    def __init__(self, value: Any, where: str) -> None:
        if not isinstance(value, Mapping):
            raise DomekitError(f"a Death Dome state: {where or 'the state'} is not an object")
        self.value = value
        self.where = where

    def _at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def _bad(self, key: str, expected: str) -> DomekitError:
        return DomekitError(f"a Death Dome state: {self._at(key)} is not {expected}")

    def get(self, key: str, default: Any = None) -> Any:
        return self.value.get(key, default)

    def whole(self, key: str, minimum: int = 0) -> int:
        value = self.value.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise self._bad(key, f"a whole number from {minimum}")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.value.get(key, default)
        if not isinstance(value, bool):
            raise self._bad(key, "true or false")
        return value

    def text(self, key: str, *, optional: bool = False) -> str | None:
        value = self.value.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise self._bad(key, "text")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.value.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self._bad(key, "a list of text")
        return tuple(value)

    def amounts(self, key: str) -> dict[str, int]:
        value = self.value.get(key)
        if not isinstance(value, Mapping) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value.values()
        ):
            raise self._bad(key, "an object of whole numbers")
        return {str(k): v for k, v in value.items()}

    def objects(self, key: str) -> Iterable[tuple[str, _Reader]]:
        value = self.value.get(key)
        if not isinstance(value, Mapping):
            raise self._bad(key, "an object")
        return [(str(k), _Reader(v, f"{self._at(key)}.{k}")) for k, v in value.items()]

    def choice(self, key: str, choices: Iterable[str]) -> str:
        value = self.value.get(key)
        options = tuple(choices)
        if value not in options:
            raise self._bad(key, f"one of {', '.join(options)}")
        return str(value)


def state_from_json(value: Json, data: MatchData | None = None) -> MatchState:
    """A state back from its JSON form; DomekitError naming the member that does not fit."""
    read = _Reader(value, "")
    if read.get("game") not in (None, GAME):
        raise DomekitError(f"this is a {read.get('game')!r} state, not a {GAME} one")
    data_dir = read.text("data_dir", optional=True)
    data = data or match_data(data_dir)
    order = read.texts("order")
    teams = {colour: _team_from(team, data) for colour, team in read.objects("teams")}
    if sorted(order) != sorted(teams) or not order:
        raise DomekitError("a Death Dome state: order does not list exactly its teams")
    done = read.texts("purchase_done")
    turn = read.whole("turn")
    purchase_turn = read.whole("purchase_turn")
    if turn >= len(order) or purchase_turn >= len(order) or not set(done) <= set(order):
        raise DomekitError("a Death Dome state: turn or purchases name a team it does not have")
    last = read.text("last_standing", optional=True)
    paid = read.get("payout")
    return MatchState(
        data=data,
        data_dir=data_dir,
        number=read.whole("match", 1),
        matches=read.whole("matches", 1),
        phase=read.choice("phase", PHASES),  # type: ignore[arg-type]
        order=order,
        seated=read.flag("seated"),
        purchase_turn=purchase_turn,
        purchase_done=done,
        round=read.whole("round"),
        turn=turn,
        phases_used=read.whole("phases_used"),
        teams=teams,
        payout=None if paid is None else _payout_from(_Reader(paid, "payout")),
        last_standing=last,
        free_actions=read.whole("free_actions") if "free_actions" in read.value else 0,
        light="mode" in read.value and read.choice("mode", ("light", "full")) == "light",
    )


def _team_from(read: _Reader, data: MatchData) -> Team:
    units = {}
    for unit_type, unit in read.objects("units"):
        if unit_type not in data.cards.units:
            raise DomekitError(f"a Death Dome state: no unit type {unit_type!r} in units.csv")
        items = unit.texts("items")
        unknown = [item for item in items if item not in data.cards.items]
        if unknown:
            raise DomekitError(f"a Death Dome state: no item {unknown[0]!r} in items.csv")
        jail = unit.text("jail", optional=True)
        if (unit.choice("status", ("active", "jailed")) == "jailed") != (jail is not None):
            raise DomekitError(f"a Death Dome state: {unit.where} is jailed without a jail")
        units[unit_type] = Unit(
            vitae=unit.whole("vitae"),
            items=items,
            jail=jail,
            incapacitated=unit.flag("incapacitated"),
            sitting_out=unit.flag("serving"),
            lasting=_lasting_from(unit, data),
            used=unit.texts("used") if "used" in unit.value else (),
        )
    return Team(
        credits=read.whole("credits"),
        spare=read.texts("inventory"),
        control_points=read.whole("control_points"),
        tower_centres=read.whole("tower_centres"),
        kills=read.whole("kills"),
        units=units,
    )


def _payout_from(read: _Reader) -> PayoutResult:
    winners = read.get("campaign_winners")
    return PayoutResult(
        winner=str(read.text("winner")),
        fans=read.whole("fans"),
        fans_money=read.whole("fans_money"),
        match_payout=read.amounts("match_payout"),
        payout=read.amounts("payout"),
        credits=read.amounts("credits"),
        steps=read.texts("steps"),
        campaign_winners=None if winners is None else read.texts("campaign_winners"),
    )


def _lasting_from(read: _Reader, data: MatchData) -> tuple[Lasting, ...]:
    if "lasting" not in read.value:
        return ()
    raw = read.get("lasting")
    if not isinstance(raw, list):
        raise DomekitError(f"a Death Dome state: {read.where}.lasting is not a list")
    found = []
    for index, entry in enumerate(raw):
        member = _Reader(entry, f"{read.where}.lasting[{index}]")
        card = str(member.text("card"))
        if card not in data.cards.items and data.cards.card_by_name(card) is None:
            raise DomekitError(f"a Death Dome state: no item or Special Play card {card!r}")
        found.append(Lasting(card, member.choice("until", UNTIL)))  # type: ignore[arg-type]
    return tuple(found)
