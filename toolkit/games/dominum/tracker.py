"""A Dominum match in the tracker: the engine's match (`match.py`) driven from the phones.

The whole game is the engine's fold: the tracker's state (`DominumMatch`, a frozen value) holds
the set-up (domains, the twelve cards each player brings, the reserve cards the opening reset
turned up, who is 1st Player), the engine actions so far and the engine's `MatchState` after
them, so each new action costs one engine step. Its JSON form holds the set-up and the actions;
reading it back replays them (`replay`). Every rule, refusal and step comes from the engine:
phases, the Link token, initiative, combat, assaults, the Power Deck and its cycles, Stronghold
charge and the Surge token.

At the table the Power Decks are real cards: a draw names the card the table turned up
(`deck:3`) or the reserve card used (`reserve:critical`), and a cycle names the counter set aside
and the card turned up after the shuffle, so the engine's decks stay the table's decks.

An action's text form, as the history shows it: `red attack 2,3 -> 3,3 power deck:4`.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum import match as engine
from toolkit.games.dominum.board import PLAYERS, Space, opponent
from toolkit.games.dominum.data import DomainCard, DominumData, load_dominum
from toolkit.games.dominum.power import CRITICAL, PowerSource, card_text, parse_power
from toolkit.games.dominum.rules import AttackKind, Keyword, first_player_chooser
from toolkit.tracker.contract import (
    EVERYTHING,
    ActionKind,
    Json,
    Page,
    PageNotFound,
    TrackerGame,
)
from toolkit.tracker.fields import whole_number

GAME = "dominum"
MATCHES_PER_KIT = 999  # no campaign: one match after another
KINDS = ("hero", "elite", "warrior")
RULE_SETUP = "Select Your Domain and Forces"

Action = dict[str, Any]


@lru_cache(maxsize=8)
def game_data(data_dir: str | None = None) -> DominumData:
    return load_dominum(data_dir)


@dataclass(frozen=True)
class Setup:
    """What the table settled before the first card is placed."""

    forces: dict[str, list[str]]  # the twelve cards each player brings, by name
    reserves: dict[str, list[str]]  # the cards the opening reset turned up ("3", "critical")
    first_player: str
    seed: int
    bitter_end: bool

    def to_json(self) -> Json:
        return {
            "forces": {p: list(self.forces[p]) for p in self.forces},
            "reserves": {p: list(self.reserves[p]) for p in self.reserves},
            "first_player": self.first_player,
            "seed": self.seed,
            "bitter_end": self.bitter_end,
        }

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Setup:
        return cls(
            forces={p: [str(n) for n in value["forces"][p]] for p in PLAYERS},
            reserves={p: [str(c) for c in value["reserves"][p]] for p in PLAYERS},
            first_player=_player(value["first_player"]),
            seed=whole_number(value["seed"], "seed"),
            bitter_end=bool(value["bitter_end"]),
        )


@dataclass(frozen=True)
class DominumMatch:
    """A Dominum match as the tracker holds it: the set-up, the engine actions so far (their
    JSON forms, as logged) and the engine's state after them (None before the match begins)."""

    data_dir: str | None
    match: int
    domains: dict[str, str]
    forces: dict[str, list[str]]
    setup: Setup | None
    log: tuple[Action, ...]
    digest: str  # a hash chain over the set-up and every action (kept in the JSON form)
    last: Json | None  # the latest action's text and steps
    engine_state: engine.MatchState | None = None

    def to_json(self) -> Json:
        return {
            "game": GAME,
            "data_dir": self.data_dir,
            "match": self.match,
            "domains": dict(self.domains),
            "forces": {p: list(self.forces[p]) for p in self.forces},
            "setup": None if self.setup is None else self.setup.to_json(),
            "log": list(self.log),
            "digest": self.digest,
            "last": self.last,
        }


def replay(value: Mapping[str, Any]) -> DominumMatch:
    """A match from its JSON form: the set-up read and the log replayed through the engine."""
    raw_setup = value["setup"]
    setup = None if raw_setup is None else Setup.from_json(raw_setup)
    data_dir = value.get("data_dir") or None
    state = DominumMatch(
        data_dir=data_dir,
        match=whole_number(value["match"], "match", minimum=1),
        domains={p: str(value["domains"][p]) for p in PLAYERS},
        forces={p: [str(n) for n in value["forces"][p]] for p in PLAYERS},
        setup=setup,
        log=tuple(dict(a) for a in value["log"]),
        digest=str(value["digest"]),
        last=value["last"],
    )
    if setup is None:
        if state.log:
            raise DomekitError("a match that has not begun has no actions")
        return state
    rules = game_data(data_dir).rules
    ms = engine.replay(_fresh(data_dir, setup), [_to_engine(a, rules) for a in state.log])
    return replace(state, engine_state=ms)


def _data(state: DominumMatch) -> DominumData:
    return game_data(state.data_dir)


# ------------------------------------------------------------------------------- conversions


def space_name(space: Space) -> str:
    return f"{space[0]},{space[1]}"


def _space(value: Any, what: str = "space") -> Space:
    text = str(value or "").strip().lower().replace("r", "").replace("c", ",").replace("-", ",")
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    try:
        row, column = (whole_number(p, what) for p in parts)
    except (DomekitError, ValueError):
        raise DomekitError(f"{what}: a space is row,column like 2,3 (got {value!r})") from None
    return row, column


def _opt_space(value: Any, what: str) -> str | None:
    if value in (None, ""):
        return None
    return space_name(_space(value, what))


def _player(value: Any) -> str:
    text = str(value or "").strip().lower()
    if text not in PLAYERS:
        raise DomekitError(f"a player is red or gold (got {value!r})")
    return text


def _power_text(value: Any, what: str, *, optional: bool = False) -> str | None:
    """'deck:3', 'reserve:critical', 'deck' (the engine's own top card) or blank when optional."""
    text = str(value or "").strip().lower()
    if not text or text == "none":
        if optional:
            return None
        raise DomekitError(f"{what}: name the power drawn (deck:3, reserve:critical)")
    head, _, tail = text.partition(":")
    if head not in ("deck", "reserve"):
        raise DomekitError(f"{what}: deck:N or reserve:N (got {value!r})")
    if tail and tail != CRITICAL and not tail.isdigit():
        raise DomekitError(f"{what}: a power card is 1 to 4 or critical (got {value!r})")
    return text


def _card_of(row: DomainCard) -> engine.Card:
    keywords = frozenset(
        Keyword(k.lower()) for k in row.keywords if k.lower() in {kw.value for kw in Keyword}
    )
    return engine.Card(
        name=row.name,
        strength=row.strength,
        kind=row.type,
        radial=row.range == "radial",
        flying=row.fly,
        keywords=keywords,
        defense=row.defense,
    )


def default_forces(data: DominumData, domain: str) -> list[str]:
    """The first hero, elites and warriors of a domain, in domains.csv order, copies counted."""
    rules = data.rules
    picked: list[str] = []
    for kind in KINDS:
        need = getattr(rules.forces, kind)
        for row in data.domain_cards(domain):
            for _copy in range(row.qty):
                if row.type == kind and need > 0:
                    picked.append(row.name)
                    need -= 1
    return picked


# ------------------------------------------------------------------------------- the engine


def _chain(previous: str, value: Any) -> str:
    text = previous + json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _fresh(data_dir: str | None, setup: Setup) -> engine.MatchState:
    data = game_data(data_dir)
    hands = {}
    for player in PLAYERS:
        hand = []
        for name in setup.forces[player]:
            row = data.card(name)
            if row is None:
                raise DomekitError(f"no card {name!r} in domains.csv")
            hand.append(_card_of(row))
        hands[player] = hand
    reserves = {
        p: tuple(parse_power(c, rules=data.rules) for c in setup.reserves[p]) for p in PLAYERS
    }
    return engine.new_match(
        data.rules,
        first_player=setup.first_player,  # type: ignore[arg-type]
        hands=hands,
        seed=setup.seed,
        reserves=reserves,
        bitter_end=setup.bitter_end,
    )


def _source(text: str | None, rules) -> PowerSource | None:  # type: ignore[no-untyped-def]
    return None if text is None else PowerSource.parse(text, rules=rules)


def _cycles(a: Mapping[str, Any], rules) -> dict[str, engine.CycleChoice]:  # type: ignore[no-untyped-def]
    out = {}
    for player, choice in (a.get("cycles") or {}).items():
        revealed = tuple(parse_power(c, rules=rules) for c in choice.get("revealed", []))
        out[player] = engine.CycleChoice(choice.get("counter"), revealed)
    return out


def _sp(text: str | None) -> Space | None:
    return None if text is None else _space(text)


def _to_engine(a: Mapping[str, Any], rules) -> engine.Action:  # type: ignore[no-untyped-def]
    """A logged action (JSON) as the engine's action value."""
    kind, player = a["type"], a.get("player")
    if kind == "place":
        return engine.Place(player, a["card"], _space(a["space"]))
    if kind == "activate":
        return engine.Activate(player, a["phase"], a["link"])
    if kind == "end_phase":
        return engine.EndPhase(player)
    if kind == "retreat":
        return engine.Retreat(player, _space(a["space"]))
    if kind == "deploy":
        return engine.Deploy(player, a["card"], _space(a["space"]))
    if kind == "move":
        return engine.Move(player, _space(a["start"]), _space(a["end"]))
    if kind == "shift":
        return engine.Shift(player, _space(a["start"]), _space(a["end"]))
    if kind == "attack":
        return engine.Attack(
            player,
            _space(a["attacker"]),
            _space(a["target"]),
            power=_source(a["power"], rules) or PowerSource(),
            defense_power=_source(a["defense_power"], rules),
            coordinating=tuple(_space(s) for s in a["coordinating"]),
            kind=AttackKind(a["kind"]),
            lunge_to=_sp(a["lunge_to"]),
            lunge_power=_source(a["lunge_power"], rules),
            knockback_to=_sp(a["knockback_to"]),
            evasive_to=_sp(a["evasive_to"]),
            cycles=_cycles(a, rules),
        )
    if kind == "counterattack":
        return engine.Counterattack(
            player,
            power=_source(a["power"], rules) or PowerSource(),
            defense_power=_source(a["defense_power"], rules),
            cycles=_cycles(a, rules),
        )
    if kind == "submerge":
        return engine.Submerge(player, _space(a["to"]))
    if kind == "advance":
        return engine.Advance(player, _space(a["start"]))
    if kind == "assault":
        return engine.Assault(
            player,
            powers=tuple(_source(p, rules) or PowerSource() for p in a["powers"]),
            surge=a["surge"],
            cycles=_cycles(a, rules),
        )
    if kind == "charge":
        return engine.Charge(player, _sp(a["remove_weaken_at"]))
    if kind == "reserve":
        discard = parse_power(a["discard"], rules=rules) if a["discard"] else None
        revealed = parse_power(a["revealed"], rules=rules) if a["revealed"] else None
        return engine.ReservePower(player, discard, revealed)
    if kind == "weaken":
        return engine.Weaken(player, _space(a["space"]))
    if kind == "sacrifice":
        return engine.Sacrifice(player, _space(a["space"]))
    if kind == "spend_charge":
        return engine.SpendCharge(player, a["amount"])
    if kind == "power_duel":
        return engine.PowerDuel(
            player,
            power=_source(a["power"], rules) or PowerSource(),
            opponent_power=_source(a["opponent_power"], rules),
            cycles=_cycles(a, rules),
        )
    raise DomekitError(f"unknown action {kind!r}")


# ------------------------------------------------------------------------------------ plugin


class DominumTracker(TrackerGame[DominumMatch, Action]):
    """Dominum's turns, phases and the end of the match are the engine's (match.py): its own
    refusals name their rules, so the generic guards check only the end of the match here."""

    name = GAME
    rule_over = "Winning the Game"

    def __init__(self) -> None:
        self.actions = {kind: ActionKind() for kind in _PARSERS}
        self.pages = {"table": _table_page, "player": _player_page}
        self.exports = {"battlefield": battlefield_rows}
        self.odds = odds_chart

    def new_match(self, manifest: Mapping[str, Any], previous: DominumMatch | None) -> DominumMatch:
        data_dir = manifest.get("data_dir") or None
        data = game_data(data_dir)
        domains = list(data.domains)
        chosen = {"red": domains[0], "gold": domains[1 % len(domains)]}
        if previous is not None:
            chosen = dict(previous.domains)
        return DominumMatch(
            data_dir=data_dir,
            match=(previous.match + 1) if previous else 1,
            domains=chosen,
            forces={p: default_forces(data, chosen[p]) for p in PLAYERS},
            setup=None,
            log=(),
            digest="",
            last=None,
        )

    def matches_in_campaign(self, state: DominumMatch) -> int:
        return MATCHES_PER_KIT

    def next_match_refusal(self, state: DominumMatch) -> str | None:
        if state.engine_state is None or state.engine_state.stage != "over":
            return "the next match starts when this one is over"
        return None

    def over(self, state: DominumMatch) -> str | None:
        if state.engine_state is None or state.engine_state.stage != "over":
            return None
        return f"the match is over ({state.engine_state.result})"

    def kind(self, action: Action) -> str:
        return str(action["type"])

    def parse_action(self, fields: Mapping[str, Any]) -> Action:
        kind = str(fields.get("type") or "").strip()
        return {"type": kind, **_PARSERS[kind](fields)}

    def apply(self, state: DominumMatch, action: Action) -> tuple[DominumMatch, Json]:
        kind = action["type"]
        if kind == "forces":
            return _forces(state, action)
        if kind == "begin":
            return _begin(state, action)
        if state.engine_state is None:
            raise RuleError(RULE_SETUP, "set up the match first: domains, forces, first player")
        rules = _data(state).rules
        after, outcome = engine.apply(state.engine_state, _to_engine(action, rules))
        new = replace(
            state,
            log=(*state.log, action),  # logged actions are never changed: the logs share them
            digest=_chain(state.digest, action),
            last={"text": _describe(action), "steps": outcome.steps},
            engine_state=after,
        )
        return new, {"steps": outcome.steps}

    def text(self, action: Action) -> str:
        return _describe(action)

    def touches(self, action: Action) -> frozenset[str]:
        if action["type"] == "forces":
            return frozenset({f"forces:{action['player']}"})
        return frozenset({EVERYTHING})

    def state_json(self, state: DominumMatch) -> Json:
        return state.to_json()

    def state_from_json(self, value: Json) -> DominumMatch:
        if value.get("game") != GAME:
            raise DomekitError(f"this is a {value.get('game')!r} state, not a {GAME} one")
        return replay(value)

    def action_json(self, action: Action) -> Json:
        return action

    def action_from_json(self, value: Json) -> Action:
        return self.parse_action(value)


def _table_page(state: DominumMatch, args: tuple[str, ...]) -> Page:
    if args:
        raise PageNotFound(f"this match has no table page {'/'.join(args)}")
    return Page("table.html", f"Dominum · match {state.match}", table_view(state))


def _player_page(state: DominumMatch, args: tuple[str, ...]) -> Page:
    if len(args) != 1 or args[0] not in PLAYERS:
        raise PageNotFound(f"this match has no player page {'/'.join(args)}")
    return Page("player.html", f"{args[0].title()} player", player_view(state, args[0]))


# ----------------------------------------------------------------------------------- set-up


def _forces(state: DominumMatch, a: Action) -> tuple[DominumMatch, Json]:
    if state.setup is not None:
        raise RuleError(RULE_SETUP, "the forces are fixed once the match has begun")
    data = _data(state)
    if a["domain"] not in data.domains:
        raise DomekitError(f"no domain {a['domain']!r}; the domains are {', '.join(data.domains)}")
    cards = a["cards"] or default_forces(data, a["domain"])
    available = {row.name: row for row in data.domain_cards(a["domain"])}
    for name in cards:
        row = available.get(name) or next(
            (r for r in available.values() if r.name.casefold() == name.casefold()), None
        )
        if row is None:
            raise RuleError(RULE_SETUP, f"{name!r} is not a card of the {a['domain']}")
        if cards.count(name) > row.qty:
            raise RuleError(RULE_SETUP, f"the {a['domain']} have {row.qty} {row.name}")
    for kind in KINDS:
        need = getattr(data.rules.forces, kind)
        have = sum(1 for name in cards if data.card(name).type == kind)  # type: ignore[union-attr]
        if have != need:
            raise RuleError(RULE_SETUP, f"the forces hold {have} {kind} card(s); they need {need}")
    new = replace(
        state,
        domains={**state.domains, a["player"]: a["domain"]},
        forces={**state.forces, a["player"]: [data.card(n).name for n in cards]},  # type: ignore[union-attr]
    )
    return new, {"steps": [f"{a['player']} brings the {a['domain']}: {', '.join(cards)}"]}


def _begin(state: DominumMatch, a: Action) -> tuple[DominumMatch, Json]:
    if state.setup is not None:
        raise RuleError("Determine the First Player", "the match has begun already")
    rules = _data(state).rules
    reserves = {p: a["reserves"][p] for p in PLAYERS}
    cards = {p: [parse_power(c, rules=rules) for c in reserves[p]] for p in PLAYERS}
    for player in PLAYERS:
        if len(cards[player]) != rules.power_deck.reset_to_reserve:
            raise RuleError(
                "Determine the First Player",
                f"{player} turns up {rules.power_deck.reset_to_reserve} reserve cards "
                f"(got {len(cards[player])})",
            )
    chooser = first_player_chooser(
        cards["red"], cards["gold"], coin=a["coin"] or "red", rules=rules
    )
    if a["first_player"] is None:
        raise DomekitError(f"{chooser.chooser} decides who is 1st Player: name the first player")
    setup = Setup(
        forces={p: list(state.forces[p]) for p in PLAYERS},
        reserves={p: [card_text(c).lower() for c in cards[p]] for p in PLAYERS},
        first_player=a["first_player"],
        seed=a["seed"],
        bitter_end=a["bitter_end"],
    )
    new = replace(
        state,
        setup=setup,
        digest=_chain("", [state.data_dir, setup.to_json()]),
        engine_state=_fresh(state.data_dir, setup),  # the engine checks forces and reserves
    )
    steps = [*chooser.steps, f"{a['first_player']} is the 1st Player"]
    steps.append("initial deployment: players alternate, the 1st Player first")
    return new, {"steps": steps}


# ----------------------------------------------------------------------------------- parsers


def _cycle_fields(d: Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(d.get("cycles"), Mapping):
        out = {}
        for player, choice in d["cycles"].items():
            counter = choice.get("counter")
            revealed = choice.get("revealed") or []
            if isinstance(revealed, str):
                revealed = [r for r in revealed.replace(" ", ",").split(",") if r]
            out[_player(player)] = {
                "counter": None if counter in (None, "") else whole_number(counter, "counter"),
                "revealed": [str(r).lower() for r in revealed],
            }
        return {"cycles": out}
    out = {}
    for player in PLAYERS:
        counter = str(d.get(f"cycle_{player}") or "").strip()
        revealed = str(d.get(f"cycle_{player}_revealed") or "").strip().lower()
        if counter or revealed:
            if counter and not counter.isdigit():
                raise DomekitError(f"cycle counter for {player}: a number (got {counter!r})")
            out[player] = {
                "counter": whole_number(counter, "counter") if counter else None,
                "revealed": [revealed] if revealed else [],
            }
    return {"cycles": out}


def _p_player(d: Mapping[str, Any]) -> Action:
    return {"player": _player(d.get("player"))}


def _p_forces(d: Mapping[str, Any]) -> Action:
    cards = d.get("cards") or []
    if isinstance(cards, str):
        cards = [c.strip() for c in cards.replace("\n", ";").split(";") if c.strip()]
    return {**_p_player(d), "domain": str(d.get("domain") or "").strip(), "cards": list(cards)}


def _p_begin(d: Mapping[str, Any]) -> Action:
    reserves = {}
    for player in PLAYERS:
        raw = d.get(f"reserve_{player}") or (d.get("reserves") or {}).get(player) or []
        if isinstance(raw, str):
            raw = [r for r in raw.replace(" ", ",").split(",") if r]
        reserves[player] = [str(r).strip().lower() for r in raw]
    first = str(d.get("first_player") or "").strip().lower()
    coin = str(d.get("coin") or "").strip().lower()
    seed = d.get("seed")
    return {
        "reserves": reserves,
        "first_player": _player(first) if first else None,
        "coin": _player(coin) if coin else None,
        "bitter_end": str(d.get("bitter_end") or "").lower() in ("1", "true", "yes", "on"),
        "seed": whole_number(seed, "seed") if seed not in (None, "") else secrets.randbits(31),
    }


def _p_card_space(d: Mapping[str, Any]) -> Action:
    card = str(d.get("card") or "").strip()
    if not card:
        raise DomekitError("name the card")
    return {**_p_player(d), "card": card, "space": space_name(_space(d.get("space")))}


def _p_space(d: Mapping[str, Any]) -> Action:
    return {**_p_player(d), "space": space_name(_space(d.get("space")))}


def _p_move(d: Mapping[str, Any]) -> Action:
    return {
        **_p_player(d),
        "start": space_name(_space(d.get("start"), "from")),
        "end": space_name(_space(d.get("end"), "to")),
    }


def _p_activate(d: Mapping[str, Any]) -> Action:
    return {
        **_p_player(d),
        "phase": str(d.get("phase") or "").strip().lower(),
        "link": str(d.get("link") or "").lower() in ("1", "true", "yes", "on"),
    }


def _p_attack(d: Mapping[str, Any]) -> Action:
    coordinating = d.get("coordinating") or []
    if isinstance(coordinating, str):
        coordinating = [c for c in coordinating.split(";") if c.strip()]
    kind = str(d.get("kind") or "attack").strip().lower()
    if kind not in {k.value for k in AttackKind} or kind == "counterattack":
        raise DomekitError(f"an attack is attack, free strike or alt attack (got {kind!r})")
    return {
        **_p_player(d),
        "attacker": space_name(_space(d.get("attacker"), "attacker")),
        "target": space_name(_space(d.get("target"), "target")),
        "power": _power_text(d.get("power"), "attacker's power"),
        "defense_power": _power_text(d.get("defense_power"), "defender's power", optional=True),
        "coordinating": [space_name(_space(c, "coordinating")) for c in coordinating if c],
        "kind": kind,
        "lunge_to": _opt_space(d.get("lunge_to"), "lunge to"),
        "lunge_power": _power_text(d.get("lunge_power"), "lunge power", optional=True),
        "knockback_to": _opt_space(d.get("knockback_to"), "knockback to"),
        "evasive_to": _opt_space(d.get("evasive_to"), "evasive to"),
        **_cycle_fields(d),
    }


def _p_counter(d: Mapping[str, Any]) -> Action:
    return {
        **_p_player(d),
        "power": _power_text(d.get("power"), "counterattack power"),
        "defense_power": _power_text(d.get("defense_power"), "defender's power", optional=True),
        **_cycle_fields(d),
    }


def _p_to(d: Mapping[str, Any]) -> Action:
    return {**_p_player(d), "to": space_name(_space(d.get("to"), "to"))}


def _p_start(d: Mapping[str, Any]) -> Action:
    return {**_p_player(d), "start": space_name(_space(d.get("start"), "from"))}


def _p_assault(d: Mapping[str, Any]) -> Action:
    powers = d.get("powers")
    if powers is None:
        powers = [d.get("power1"), d.get("power2")]
    return {
        **_p_player(d),
        "powers": [_power_text(p, f"assault power {i}") for i, p in enumerate(powers, start=1)],
        "surge": str(d.get("surge") or "").lower() in ("1", "true", "yes", "on"),
        **_cycle_fields(d),
    }


def _p_charge(d: Mapping[str, Any]) -> Action:
    return {**_p_player(d), "remove_weaken_at": _opt_space(d.get("remove_weaken_at"), "weaken")}


def _p_reserve(d: Mapping[str, Any]) -> Action:
    def card(name: str) -> str | None:
        text = str(d.get(name) or "").strip().lower()
        return text or None

    return {**_p_player(d), "discard": card("discard"), "revealed": card("revealed")}


def _p_spend(d: Mapping[str, Any]) -> Action:
    amount = whole_number(d.get("amount") or "1", "charge")
    return {**_p_player(d), "amount": amount}


def _p_duel(d: Mapping[str, Any]) -> Action:
    return {
        **_p_player(d),
        "power": _power_text(d.get("power"), "power"),
        "opponent_power": _power_text(d.get("opponent_power"), "opponent's power", optional=True),
        **_cycle_fields(d),
    }


_PARSERS: dict[str, Callable[[Mapping[str, Any]], Action]] = {
    "forces": _p_forces,
    "begin": _p_begin,
    "place": _p_card_space,
    "activate": _p_activate,
    "end_phase": _p_player,
    "retreat": _p_space,
    "deploy": _p_card_space,
    "move": _p_move,
    "shift": _p_move,
    "attack": _p_attack,
    "counterattack": _p_counter,
    "submerge": _p_to,
    "advance": _p_start,
    "assault": _p_assault,
    "charge": _p_charge,
    "reserve": _p_reserve,
    "weaken": _p_space,
    "sacrifice": _p_space,
    "spend_charge": _p_spend,
    "power_duel": _p_duel,
}


def _describe(a: Action) -> str:
    kind, player = a["type"], a.get("player", "")
    if kind == "forces":
        return f"{player} forces {a['domain']}"
    if kind == "begin":
        reserves = " ".join(f"{p}:{','.join(a['reserves'][p])}" for p in PLAYERS)
        return f"begin, {a['first_player']} first, reserves {reserves}"
    if kind in ("place", "deploy"):
        return f"{player} {kind} {a['card']} at {a['space']}"
    if kind == "activate":
        return f"{player} activate {a['phase']}" + (" (link)" if a["link"] else "")
    if kind in ("move", "shift"):
        return f"{player} {kind} {a['start']} -> {a['end']}"
    if kind == "attack":
        text = f"{player} {a['kind']} {a['attacker']} -> {a['target']} power {a['power']}"
        if a["defense_power"]:
            text += f" vs {a['defense_power']}"
        if a["coordinating"]:
            text += f" with {';'.join(a['coordinating'])}"
        for name in ("lunge_to", "knockback_to", "evasive_to"):
            if a[name]:
                text += f" {name.replace('_to', '')} {a[name]}"
        return text
    if kind == "counterattack":
        text = f"{player} counterattack power {a['power']}"
        return text + (f" vs {a['defense_power']}" if a["defense_power"] else "")
    if kind == "assault":
        return f"{player} assault power {' + '.join(a['powers'])}" + (
            " + surge" if a["surge"] else ""
        )
    if kind == "charge":
        where = a["remove_weaken_at"]
        return f"{player} charge" + (f" remove weaken at {where}" if where else " +2")
    if kind == "reserve":
        text = f"{player} reserve"
        if a["discard"]:
            text += f" discard {a['discard']}"
        return text + (f" turns up {a['revealed']}" if a["revealed"] else "")
    if kind == "spend_charge":
        return f"{player} spend {a['amount']} charge"
    if kind == "power_duel":
        text = f"{player} power duel {a['power']}"
        return text + (f" vs {a['opponent_power']}" if a["opponent_power"] else "")
    if kind in ("retreat", "weaken", "sacrifice"):
        return f"{player} {kind} {a['space']}"
    if kind == "submerge":
        return f"{player} submerge to {a['to']}"
    if kind == "advance":
        return f"{player} advance from {a['start']}"
    return f"{player} {kind}".strip()


# ------------------------------------------------------------------------------------- views


def _board_rows(ms: engine.MatchState) -> list[list[dict[str, Any]]]:
    board = ms.board
    rows = []
    for row in range(0, board.rows + 2):
        cells = []
        for column in range(1, board.rules.columns + 1):
            space = (row, column)
            is_stronghold = space in board.strongholds
            if space not in board.spaces and not is_stronghold:
                cells.append({"blank": True})
                continue
            unit = ms.units.get(space)
            owner = board.owner_of(space) if space in board.spaces else None
            zone = ""
            for player in PLAYERS:
                if space in board.fortified(player):
                    zone = "fortified"
                elif space in board.assault_zone(player) and not zone:
                    zone = "zone"
            cells.append(
                {
                    "blank": False,
                    "space": space_name(space),
                    "stronghold": is_stronghold,
                    "stronghold_of": "red" if row == 0 else "gold" if is_stronghold else "",
                    "domain": owner or "neutral",
                    "zone": zone,
                    "unit": _unit_view(space, unit) if unit else None,
                }
            )
        rows.append(cells)
    return rows


def _unit_view(space: Space, unit: engine.Unit) -> dict[str, Any]:
    card = unit.card
    return {
        "space": space_name(space),
        "name": card.name,
        "short": "".join(w[0] for w in card.name.replace(",", "").split()[:3]).upper(),
        "owner": unit.owner,
        "kind": card.kind,
        "strength": card.strength,
        "defence": card.defence,
        "wounds": unit.wounds,
        "weakened": unit.weakened,
        "radial": card.radial,
        "flying": card.flying,
        "keywords": sorted(k.value for k in card.keywords),
    }


def _side_view(ms: engine.MatchState, player: str) -> dict[str, Any]:
    side = ms.sides[player]
    power = side.power
    rules = ms.rules
    rnd = ms.round
    used = list(rnd.used[player])
    return {
        "player": player,
        "vp": side.vp,
        "winning_vp": rules.end.winning_vp,
        "charge": side.charge,
        "charge_limit": rules.stronghold.charge_limit,
        "surge": side.surge,
        "hand": [{"name": c.name, "kind": c.kind, "strength": c.strength} for c in side.hand],
        "discard": [c.name for c in side.discard],
        "deck_left": len(power.deck),
        "deck_cards": sorted({card_text(c).lower() for c in power.deck}, key=_power_order),
        "reserve": [card_text(c).lower() for c in power.reserve],
        "reserve_limit": rules.power_deck.reserve_limit,
        "used": [card_text(c) for c in power.used],
        "deck_size": power.size,
        "counters_left": list(power.counters_left),
        "cycles_done": power.cycles_done,
        "cycles_to_end": rules.end.cycles_to_end,
        "next_draw_cycles": len(power.used) + 1 >= power.size,
        "phases_used": used,
        "activations": rules.rounds.activations_per_player,
        "links_used": rnd.links[player],
        "initiative": rnd.initiative == player,
        "on_battlefield": ms.on_battlefield(player),
        "battlefield_limit": rules.battlefield.limit,
    }


def _power_order(text: str) -> tuple[int, str]:
    return (99, text) if text == CRITICAL else (int(text), text)


def table_view(state: DominumMatch) -> dict[str, Any]:
    data = _data(state)
    view: dict[str, Any] = {
        "match_number": state.match,
        "began": state.setup is not None,
        "domains": dict(state.domains),
        "domain_choices": list(data.domains),
        "forces": {p: list(state.forces[p]) for p in state.forces},
        "players": list(PLAYERS),
        "last": state.last,
        "power_cards": [str(v) for v in sorted(set(data.rules.power_deck.values))] + [CRITICAL],
    }
    if state.engine_state is None:
        view["reset_to_reserve"] = data.rules.power_deck.reset_to_reserve
        return view
    ms = state.engine_state
    rnd = ms.round
    phase = ms.phase
    pending = ms.pending
    view.update(
        {
            "stage": ms.stage,
            "result": ms.result,
            "first_player": ms.first_player,
            "round": rnd.number,
            "to_act": rnd.to_act,
            "starter": rnd.starter,
            "initiative": rnd.initiative,
            "linked": rnd.linked,
            "phase": {"player": phase.player, "name": phase.name} if phase else None,
            "phase_done": sorted(space_name(s) for s in phase.done) if phase else [],
            "pending": {
                "counter_from": space_name(pending.counter_from) if pending.counter_from else None,
                "counter_to": space_name(pending.counter_to) if pending.counter_to else None,
                "counter_player": ms.units[pending.counter_from].owner
                if pending.counter_from and pending.counter_from in ms.units
                else None,
                "submerge": pending.submerge,
                "advance_from": space_name(pending.advance_from) if pending.advance_from else None,
                "advance_to": space_name(pending.advance_to) if pending.advance_to else None,
                "advance_player": ms.units[pending.advance_from].owner
                if pending.advance_from and pending.advance_from in ms.units
                else None,
            },
            "board": _board_rows(ms),
            "sides": {p: _side_view(ms, p) for p in PLAYERS},
            "units": [_unit_view(s, u) for s, u in sorted(ms.units.items())],
            "phases": list(ms.rules.rounds.phases),
            "spaces": [space_name(s) for s in sorted(ms.board.spaces)],
            "deployment_turn": _deployment_turn(ms) if ms.stage == "deployment" else None,
        }
    )
    return view


def _deployment_turn(ms: engine.MatchState) -> str:
    counts = {p: len(ms.placed[p]) for p in PLAYERS}
    second = opponent(ms.first_player)
    return ms.first_player if counts[ms.first_player] == counts[second] else second


def player_view(state: DominumMatch, player: str) -> dict[str, Any]:
    view = table_view(state)
    view["me"] = player
    view["them"] = opponent(player)  # type: ignore[arg-type]
    if view["began"]:
        view["mine"] = view["sides"][player]
        view["theirs"] = view["sides"][view["them"]]
        view["my_units"] = [u for u in view["units"] if u["owner"] == player]
        view["their_units"] = [u for u in view["units"] if u["owner"] != player]
        view["my_phase"] = (
            view["phase"]["name"] if view["phase"] and view["phase"]["player"] == player else None
        )
        view["my_turn"] = (
            view["stage"] == "rounds" and view["to_act"] == player and not view["phase"]
        )
    return view


def battlefield_rows(state: DominumMatch) -> list[list[Any]]:
    rows: list[list[Any]] = [["space", "owner", "card", "strength", "wounds", "weakened"]]
    if state.engine_state is None:
        return rows
    ms = state.engine_state
    for space, unit in sorted(ms.units.items()):
        rows.append(
            [
                space_name(space),
                unit.owner,
                unit.card.name,
                unit.card.strength,
                unit.wounds,
                "yes" if unit.weakened else "",
            ]
        )
    return rows


# ------------------------------------------------------------------------------------- odds


def _reserve_card(power: str | None) -> str | None:
    """'reserve:3' -> '3'; a deck draw is what the odds are over, so it names no card."""
    head, _, tail = (power or "").partition(":")
    return tail if head == "reserve" and tail else None


def _deck_note(ms: engine.MatchState, player: str) -> str:
    power = ms.sides[player].power
    cards = ", ".join(sorted((card_text(c).lower() for c in power.deck), key=_power_order))
    return f"{player}'s deck as it stands: {cards or 'empty'}"


def odds_chart(state: DominumMatch, fields: Mapping[str, Any]) -> dict[str, Any] | None:
    """The attack or assault form's odds (toolkit.odds.charts) from the match as it stands:
    strengths, defences, weakened cards and both Power Decks (used pile and reserve known).
    A deck draw named on the form is the outcome the odds are over; a reserve card is a choice."""
    from toolkit.games.dominum import odds

    kind = str(fields.get("type") or "")
    if kind not in ("attack", "assault"):
        return None
    if state.engine_state is None:
        raise DomekitError("the match has not begun: no odds yet")
    ms = state.engine_state
    data_dir = state.data_dir
    if kind == "attack":
        a = _p_attack(fields)
        player, them = a["player"], opponent(a["player"])  # type: ignore[arg-type]
        attacker = ms.units.get(_space(a["attacker"], "attacker"))
        target = ms.units.get(_space(a["target"], "target"))
        if attacker is None or attacker.owner != player:
            raise DomekitError(f"no {player} card on {a['attacker']}")
        if target is None or target.owner == player:
            raise DomekitError(f"no enemy card on {a['target']}")
        mine, theirs = ms.sides[player].power, ms.sides[them].power
        chart = odds.attack_chart(
            strength=attacker.card.strength,
            defense=target.card.defence,
            coordinating=len(a["coordinating"]),
            deadly=Keyword.DEADLY in attacker.card.keywords,
            attacker_weakened=attacker.weakened,
            defender_weakened=target.weakened,
            used=[card_text(c).lower() for c in mine.used],
            reserve=[card_text(c).lower() for c in mine.reserve],
            use_reserve=_reserve_card(a["power"]),
            defender_used=[card_text(c).lower() for c in theirs.used],
            defender_reserve=[card_text(c).lower() for c in theirs.reserve],
            data_dir=data_dir,
        )
        notes = [
            f"{attacker.card.name} (strength {attacker.card.strength}) against "
            f"{target.card.name} (defence {target.card.defence}).",
            _deck_note(ms, player)
            + ("; you use a reserve card." if _reserve_card(a["power"]) else "."),
            f"{them} decides its own draw: the odds use the engine's default (draw from the "
            "deck when the attack would wound and a card there could block). Abilities other "
            "than Deadly are not in the odds.",
        ]
        return {**chart, "main": "attack_total", "notes": notes}
    a = _p_assault(fields)
    player = a["player"]
    board = ms.board
    mine_spaces = {s for s, u in ms.units.items() if u.owner == player}
    in_zone = len(mine_spaces & board.assault_zone(opponent(player)))  # type: ignore[arg-type]
    fortified = len(mine_spaces & board.fortified(opponent(player)))  # type: ignore[arg-type]
    barrage = sum(
        1 for s in mine_spaces & board.neutral_line if Keyword.BARRAGE in ms.units[s].card.keywords
    )
    power = ms.sides[player].power
    chart = odds.assault_chart(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        surge=a["surge"],
        used=[card_text(c).lower() for c in power.used],
        reserve=[card_text(c).lower() for c in power.reserve],
        use_reserve=[c for c in map(_reserve_card, a["powers"]) if c],
        data_dir=data_dir,
    )
    notes = [
        f"{in_zone} card(s) in the assault zone, {fortified} on fortified spaces, "
        f"{barrage} Barrage in the neutral line.",
        _deck_note(ms, player) + "; reserve cards as chosen above.",
    ]
    return {**chart, "main": "vp", "notes": notes}


plugin = DominumTracker()
"""The tracker's side of the game (toolkit/tracker/contract.py), as the registry returns it."""
