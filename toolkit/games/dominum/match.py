"""A Dominum match as a fold over actions, through one door: `apply(state, action)`.

The match engine: `MatchState` (state.py) is a frozen value from the initial deployment on, and
`apply(state, action) -> (state, outcome)` (`ENGINE`: the guards of toolkit/games/door.py, then
`_play`) checks each action against the rules
(rules/dominum.txt: "Initial Deployment", "Rounds. Turns. Phases.", "Phase Breakdowns", "End of
Round", "Winning the Game") and refuses an illegal one with a `RuleError` naming the rule; the
rules themselves are the chapters' modules (turns.py, phases.py, combat.py, abilities.py) over
the pure functions of rules.py and power.py. `replay(state, actions)` is the fold.

Draws name their source (`PowerSource`): the top of the deck, the card the table revealed, or a
reserve card. When a draw uses the ninth card, the action says which cycle counter that player
sets aside (`cycles`); the shuffle is the table's revealed card or, when none is given, a
generator seeded from the match's seed and the number of shuffles so far, so a replay of the
log is always identical.

The match as the table plays it, from the choice of forces on, is a `DominumMatch`: the set-up
(setup.py), the actions since and the engine's state after them. `record(match, action)` is its
door (`DOOR`: the same guards on the engine's state; then a set-up action, or one the engine's
rules apply), `DominumMatch.to_json` / `from_json` its JSON
form, which the tracker stores: the set-up and the log, replayed when read back.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Never, NoReturn

from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum import abilities, combat, light, phases, turns
from toolkit.games.dominum.actions import (
    KINDS,
    PLAY_KINDS,
    Action,
    Activate,
    Advance,
    Assault,
    Attack,
    Begin,
    CardAttack,
    Charge,
    Counterattack,
    Defend,
    Deploy,
    EndPhase,
    EndRound,
    Forces,
    GainCharge,
    Move,
    Place,
    Play,
    PowerDuel,
    ReservePower,
    Retreat,
    Sacrifice,
    Shift,
    SpendCharge,
    Submerge,
    Use,
    Weaken,
    check_power_cards,
)
from toolkit.games.dominum.board import PLAYERS, Player, space_name
from toolkit.games.dominum.data import DominumData, load_dominum
from toolkit.games.dominum.setup import (
    RULE_FIRST,
    RULE_SETUP,
    Setup,
    checked_forces,
    default_forces,
    first_player,
    hands,
    new_match,
    tile_of,
)
from toolkit.games.dominum.state import (
    Card,
    CycleChoice,
    MatchState,
    Outcome,
    Pending,
    Unit,
)
from toolkit.games.dominum.turns import RULE_DEPLOYMENT, RULE_TURNS, RULE_WIN, position, whose_turn
from toolkit.games.door import Door, action_kinds
from toolkit.parsing import whole_number

__all__ = [
    "Activate", "Advance", "Assault", "Attack", "Card", "Charge", "Counterattack", "CycleChoice",
    "Deploy", "DominumMatch", "EndPhase", "MatchState", "Move", "Outcome", "Place", "PowerDuel",
    "ReservePower", "Retreat", "Sacrifice", "Shift", "SpendCharge", "Submerge", "Unit", "Use",
    "Weaken",
    "DOOR", "ENGINE", "FULL", "LIGHT", "LIGHT_DOOR", "ON_TURN", "apply", "new_match", "record",
    "replay", "whose_turn",
]  # fmt: skip

GAME = "dominum"
LIGHT = "light"
"""A light match (light.py): the table keeps the board and the Phase tokens."""
FULL = "full"
"""A fully tracked match: every placement, move and Phase token entered and checked."""


# -- the engine's door -----------------------------------------------------------------------------
ON_TURN = ("activate", "end_phase", "retreat", "deploy", "move", "shift", "attack", "assault",
           "charge", "reserve")  # fmt: skip
"""The actions of one's own turn: a Phase token and the actions of the phase it starts; a
defender's counterattack or Submerge, an advance, and what abilities do are made by either player
at any time, and the initial deployment's alternation is that rule's own."""


def _play(state: MatchState, action: Play) -> tuple[MatchState, Outcome]:
    """What an action does once the door's guards let it in: the rule of its chapter."""
    if isinstance(action, CardAttack | Defend | EndRound | GainCharge):
        raise RuleError(
            light.RULE_LIGHT,
            f"'{action.kind}' is a light match's; this match tracks the board (set up a "
            "light match to leave it to the table)",
        )
    pending = state.pending
    if pending.discard_by is not None:  # an On Discard's enemy to name, before anything else
        if not (
            isinstance(action, Weaken)
            and action.player == pending.discard_by
            and action.space in pending.discard_from
        ):
            names = " or ".join(space_name(s) for s in pending.discard_from)
            raise RuleError(
                "On Discard", f"{pending.discard_by} first weakens the adjacent enemy: {names}"
            )
        state = replace(state, pending=replace(pending, discard_by=None, discard_from=()))
        return abilities.weaken(state, action)
    if isinstance(action, Place):
        return turns.place(state, action)
    if state.stage == "deployment" and not turns.at_once(state, action):
        raise RuleError(RULE_DEPLOYMENT, "both players first deploy their opening cards")
    if not isinstance(action, Counterattack | Submerge | Advance | Attack | Use):
        # A counterattack, Submerge, an advance, an On Deploy or a Stronghold's trigger is
        # taken at once or not at all (an attack and an ability used read it first).
        state = replace(state, pending=Pending())
    match action:
        case Activate():
            return turns.activate(state, action)
        case EndPhase():
            return turns.end_phase_action(state, action)
        case Retreat():
            return phases.retreat(state, action)
        case Deploy():
            return phases.deploy(state, action)
        case Move():
            return phases.move(state, action)
        case Shift():
            return phases.shift(state, action)
        case Attack():
            return combat.attack(state, action)
        case Counterattack():
            return combat.counterattack(state, action)
        case Submerge():
            return combat.submerge(state, action)
        case Advance():
            return combat.advance(state, action)
        case Assault():
            return phases.assault(state, action)
        case Charge():
            return phases.charge(state, action)
        case ReservePower():
            return phases.reserve(state, action)
        case Use():
            return abilities.use(state, action)
        case Weaken():
            return abilities.weaken(state, action)
        case Sacrifice():
            return abilities.sacrifice(state, action)
        case SpendCharge():
            return abilities.spend_charge(state, action)
        case PowerDuel():
            return abilities.power_duel(state, action)
        case _:
            _unknown(action)


def _unknown(action: Never) -> NoReturn:
    """Every action type has its rule above (mypy checks it); anything else is refused."""
    raise RuleError(RULE_TURNS, f"unknown action {action!r}")


def _over(state: MatchState) -> str | None:
    return f"the match is over ({state.result})" if state.stage == "over" else None


ENGINE = Door(
    actions=action_kinds(PLAY_KINDS, on_turn=ON_TURN),
    rules=_play,
    position=position,
    over=_over,
    whose_turn=whose_turn,
    mover=lambda state, action: getattr(action, "player", None),
    rule_over=RULE_WIN,
    rule_turn=RULE_TURNS,
)
"""The engine's door, from the initial deployment on: its guards (nothing once the match is won;
a Phase token and its phase's actions on the player's own turn), then `_play`; a RuleError
naming the rule that forbids an action."""
apply = ENGINE.apply
replay = ENGINE.replay
"""The state after every action of a log, in order."""


# -- the match at the table: set-up, log and the engine's state ------------------------------------
@lru_cache(maxsize=8)
def game_data(data_dir: str | None = None) -> DominumData:
    """The card data of a kit (its manifest's folder; None: the shipped card_data)."""
    return load_dominum(data_dir)


@dataclass(frozen=True)
class Last:
    """The latest action's text form and steps, as the pages show them."""

    text: str
    steps: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "steps": list(self.steps)}


@dataclass(frozen=True)
class DominumMatch:
    """A Dominum match as the table plays it: the Domains and forces chosen, the set-up once it
    has begun, the actions of the match since (its log), and the engine's state after them
    (None before the match begins). `digest` is a hash chain over the set-up and every action;
    `log_json` holds the log's JSON forms, made once (the history and every reply show them)."""

    data_dir: str | None
    number: int
    domains: Mapping[Player, str]
    forces: Mapping[Player, tuple[str, ...]]
    strongholds: Mapping[Player, str | None] = field(default_factory=lambda: _strongholds(None))
    """The Stronghold tile each player chose (None or left out: the Domain's first)."""
    effects: bool = True
    """The engine applies the cards' effects: every match made since they are data. A match
    stored before (its JSON form has no `effects`) replays as it was played (state.py:
    `MatchState.card_effects`)."""
    mode: str = FULL
    """LIGHT or FULL, chosen when the match is set up; a match stored before (no `mode`) is
    FULL."""
    setup: Setup | None = None
    log: tuple[Play, ...] = ()
    log_json: tuple[dict[str, Any], ...] = ()
    digest: str = ""
    last: Last | None = None
    state: MatchState | None = None
    """The fully tracked match's engine state (None before it begins, and in a light match)."""
    light: light.LightState | None = None
    """A light match's state (None before it begins, and in a fully tracked match)."""

    @property
    def data(self) -> DominumData:
        return game_data(self.data_dir)

    @property
    def began(self) -> bool:
        return self.setup is not None

    @classmethod
    def first(
        cls, data_dir: str | None, previous: DominumMatch | None, mode: str | None = None
    ) -> DominumMatch:
        """A kit's next match: the previous match's Domains (else the first two of the data),
        each with its first hero, elites and warriors; tracked as `mode` says (None: as the
        previous match, else FULL)."""
        data = game_data(data_dir)
        names = data.domains
        domains: Mapping[Player, str] = {"red": names[0], "gold": names[1 % len(names)]}
        strongholds: Mapping[Player, str | None] = _strongholds(None)
        if previous is not None:
            domains, strongholds = previous.domains, previous.strongholds
        if mode is None:
            mode = previous.mode if previous is not None else FULL
        if mode not in (LIGHT, FULL):
            raise DomekitError(f"mode: {LIGHT} or {FULL} (got {mode!r})")
        return cls(
            data_dir=data_dir,
            number=previous.number + 1 if previous else 1,
            domains=dict(domains),
            forces={p: tuple(default_forces(data, domains[p])) for p in PLAYERS},
            strongholds=dict(strongholds),
            mode=mode,
        )

    @property
    def over(self) -> bool:
        if self.light is not None:
            return self.light.over
        return self.state is not None and self.state.stage == "over"

    def to_json(self) -> dict[str, Any]:
        value: dict[str, Any] = {
            "game": GAME,
            "data_dir": self.data_dir,
            "match": self.number,
            "domains": dict(self.domains),
            "forces": {p: list(self.forces[p]) for p in self.forces},
            "setup": None if self.setup is None else self.setup.to_json(),
            "log": list(self.log_json),
            "digest": self.digest,
            "last": None if self.last is None else self.last.to_json(),
        }
        if self.effects:  # members a match stored before card effects never had
            value["effects"] = True
            value["strongholds"] = {p: self.strongholds.get(p) for p in PLAYERS}
        if self.mode == LIGHT:  # a fully tracked match's JSON form is as it always was
            value["mode"] = LIGHT
        return value

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> DominumMatch:
        """A match from its JSON form: the set-up read and the log replayed through the engine."""
        if value.get("game") != GAME:
            raise DomekitError(f"this is a {value.get('game')!r} state, not a {GAME} one")
        raw_setup = value["setup"]
        last = value["last"]
        log = tuple(_logged(a) for a in value["log"])
        match = cls(
            data_dir=value.get("data_dir") or None,
            number=whole_number(value["match"], "match", minimum=1),
            domains={p: str(value["domains"][p]) for p in PLAYERS},
            forces={p: tuple(str(n) for n in value["forces"][p]) for p in PLAYERS},
            strongholds=_strongholds(value.get("strongholds")),
            effects=value.get("effects") is True,
            mode=LIGHT if value.get("mode") == LIGHT else FULL,
            setup=None if raw_setup is None else Setup.from_json(raw_setup),
            log=log,
            log_json=tuple(action.to_json() for action in log),
            digest=str(value["digest"]),
            last=None if last is None else Last(str(last["text"]), tuple(map(str, last["steps"]))),
        )
        if match.setup is None:
            if match.log:
                raise DomekitError("a match that has not begun has no actions")
            return match
        if match.mode == LIGHT:
            state = _fresh_light(match)
            for action in match.log:
                state, _told = LIGHT_DOOR.apply(state, action)
            return replace(match, light=state)
        return replace(match, state=replay(_fresh(match), match.log))


def _strongholds(value: Any) -> dict[Player, str | None]:
    """Each player's Stronghold tile by name (None: the Domain's first)."""
    if value is None:
        return {p: None for p in PLAYERS}
    if not isinstance(value, Mapping):
        raise DomekitError("strongholds: an object with the fields red and gold")
    return {p: None if value.get(p) is None else str(value[p]) for p in PLAYERS}


def _logged(value: Mapping[str, Any]) -> Play:
    action = Action.from_json(value)
    if not isinstance(action, Play):
        raise DomekitError(f"a {action.kind} action comes before the match begins, not in its log")
    return action


def _chain(previous: str, value: Any) -> str:
    text = previous + json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _fresh(match: DominumMatch) -> MatchState:
    data, setup = match.data, match.setup
    if setup is None:  # pragma: no cover - callers check
        raise RuleError(RULE_SETUP, "set up the match first: domains, forces, first player")
    return new_match(
        data.rules,
        first_player=setup.first_player,
        hands=hands(data, setup.forces),
        seed=setup.seed,
        reserves=setup.reserves,
        bitter_end=setup.bitter_end,
        strongholds={p: tile_of(data, match.domains[p], match.strongholds.get(p)) for p in PLAYERS},
        card_effects=match.effects,
    )


def _fresh_light(match: DominumMatch) -> light.LightState:
    """A light match's first state: the fully tracked match's set-up (its decks reset, its
    Strongholds charged) with the table keeping the board."""
    state = _fresh(match)
    return light.new_light(
        state.rules,
        first_player=state.first_player,
        hands={p: state.sides[p].hand for p in PLAYERS},
        decks={p: state.sides[p].power for p in PLAYERS},
        strongholds={p: state.sides[p].stronghold for p in PLAYERS},
        seed=state.seed,
        shuffles=state.shuffles,
        bitter_end=state.bitter_end,
    )


LIGHT_DOOR = Door(
    actions=action_kinds(PLAY_KINDS),
    rules=light.play,
    position=light.position,
    over=lambda state: f"the match is over ({state.result})" if state.over else None,
    rule_over=RULE_WIN,
)
"""A light match's door: nothing once the match is won, no turn guard (the table keeps the
Phase tokens: whose turn it is), then light.py's rules."""


def _record(match: DominumMatch, action: Action) -> tuple[DominumMatch, Outcome]:
    """A set-up action changes the set-up; every other action goes through the engine's rules
    (the door's guards let it in) and into the log."""
    if isinstance(action, Forces):
        return _forces(match, action)
    if isinstance(action, Begin):
        return _begin(match, action)
    if not isinstance(action, Play):  # pragma: no cover - every Action is one or the other
        raise DomekitError(f"unknown action {action!r}")
    if match.light is not None:
        check_power_cards(action, match.light.rules)
        lit, outcome = light.play(match.light, action)
        return _logged_one(replace(match, light=lit), action, outcome), outcome
    if match.state is None:
        raise RuleError(RULE_SETUP, "set up the match first: domains, forces, first player")
    check_power_cards(action, match.state.rules)
    after, outcome = _play(match.state, action)
    return _logged_one(replace(match, state=after), action, outcome), outcome


def _logged_one(match: DominumMatch, action: Play, outcome: Outcome) -> DominumMatch:
    payload = action.to_json()
    return replace(
        match,
        log=(*match.log, action),  # logged actions are never changed: the logs share them
        log_json=(*match.log_json, payload),
        digest=_chain(match.digest, payload),
        last=Last(action.text(), tuple(outcome.steps)),
    )


def _position(match: DominumMatch) -> str:
    if match.light is not None:
        return f"match {match.number}, {light.position(match.light)}"
    if match.state is None:
        return f"match {match.number}, set-up: domains, forces, first player"
    return f"match {match.number}, {position(match.state)}"


def _match_over(match: DominumMatch) -> str | None:
    if match.light is not None:
        return LIGHT_DOOR.over(match.light)
    return None if match.state is None else _over(match.state)


DOOR = Door(
    actions=action_kinds(KINDS, on_turn=ON_TURN),
    rules=_record,
    position=_position,
    over=_match_over,
    whose_turn=lambda match: None if match.state is None else whose_turn(match.state),
    # Before the match begins nobody has a turn: the set-up's own rule refuses play. A light
    # match has no turn the phone knows (the table keeps the Phase tokens).
    mover=lambda match, action: (
        getattr(action, "player", None) if match.state is not None else None
    ),
    rule_over=RULE_WIN,
    rule_turn=RULE_TURNS,
)
"""The match's one door as the table plays it: the engine's guards on the engine's state (none
before the match begins), then `_record`; RuleError naming the rule that refuses it."""
record = DOOR.apply


def _forces(match: DominumMatch, action: Forces) -> tuple[DominumMatch, Outcome]:
    """Select Your Domain and Forces, until the match begins."""
    if match.setup is not None:
        raise RuleError(RULE_SETUP, "the forces are fixed once the match has begun")
    data = match.data
    names = checked_forces(data, action.domain, action.cards)
    tile = tile_of(data, action.domain, action.stronghold)
    new = replace(
        match,
        domains={**match.domains, action.player: action.domain},
        forces={**match.forces, action.player: tuple(names)},
        strongholds={**match.strongholds, action.player: tile.name},
    )
    shown = list(action.cards) or default_forces(data, action.domain)
    return new, Outcome(
        [f"{action.player} brings the {action.domain} ({tile.name}): {', '.join(shown)}"]
    )


def _begin(match: DominumMatch, action: Begin) -> tuple[DominumMatch, Outcome]:
    """Determine the First Player: the resets turned up, the 1st Player named; the engine's
    first state (which checks the forces)."""
    if match.setup is not None:
        raise RuleError(RULE_FIRST, "the match has begun already")
    data = match.data
    chooser = first_player(action.reserves, coin=action.coin, rules=data.rules)
    first = action.first_player
    if first is None:
        raise DomekitError(f"{chooser.chooser} decides who is 1st Player: name the first player")
    setup = Setup(
        forces={p: tuple(match.forces[p]) for p in PLAYERS},
        reserves={p: action.reserves[p] for p in PLAYERS},
        first_player=first,
        seed=action.seed,
        bitter_end=action.bitter_end,
    )
    new = replace(
        match,
        setup=setup,
        digest=_chain("", [match.data_dir, setup.to_json()]),
    )
    steps = [*chooser.steps, f"{first} is the 1st Player"]
    if match.mode == LIGHT:
        steps.append("initial deployment on the table, then round 1 (light tracking)")
        return replace(new, light=_fresh_light(new)), Outcome(steps)
    new = replace(new, state=_fresh(new))
    steps.append("initial deployment: players alternate, the 1st Player first")
    return new, Outcome(steps)
