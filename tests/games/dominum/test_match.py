"""A match as a fold over actions: deployment, rounds and phases, combat, end of game."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.data.effects import Effect
from toolkit.errors import DomekitError, RuleError
from toolkit.games.dominum.actions import Begin, Forces
from toolkit.games.dominum.config import default_rules
from toolkit.games.dominum.effects import ROLES, Ability
from toolkit.games.dominum.match import (
    Activate,
    Advance,
    Assault,
    Attack,
    Card,
    Charge,
    Counterattack,
    CycleChoice,
    Deploy,
    DominumMatch,
    EndPhase,
    MatchState,
    Move,
    Place,
    PowerDuel,
    ReservePower,
    Retreat,
    Sacrifice,
    Shift,
    SpendCharge,
    Submerge,
    Unit,
    Weaken,
    apply,
    new_match,
    record,
    replay,
    whose_turn,
)
from toolkit.games.dominum.power import CRITICAL, PowerSource
from toolkit.games.dominum.rules import AttackKind, Keyword

DECK = PowerSource("deck")


def hand(prefix: str) -> list[Card]:
    cards = [Card(f"{prefix} hero", 4, kind="hero", radial=True)]
    cards += [Card(f"{prefix} elite {i}", 3, kind="elite") for i in range(4)]
    cards += [Card(f"{prefix} warrior {i}", 2) for i in range(7)]
    return cards


def fresh(**kwargs) -> MatchState:
    return new_match(
        default_rules(),
        first_player="red",
        hands={"red": hand("red"), "gold": hand("gold")},
        seed=1,
        **kwargs,
    )


def battle(units: dict, **kwargs) -> MatchState:
    """A match in its first round with these cards on the battlefield."""
    return replace(fresh(**kwargs), stage="rounds", units=units)


def run(state: MatchState, *actions):
    steps = []
    for action in actions:
        state, outcome = apply(state, action)
        steps += outcome.steps
    return state, steps


RED_SPACES = [(1, 2), (1, 4), (2, 2), (2, 3), (2, 4), (3, 2)]
GOLD_SPACES = [(5, 2), (5, 4), (4, 2), (4, 3), (4, 4), (3, 4)]


def deployment() -> list[Place]:
    actions = []
    for i in range(6):
        actions.append(Place("red", f"red warrior {i}", RED_SPACES[i]))
        actions.append(Place("gold", f"gold warrior {i}", GOLD_SPACES[i]))
    return actions


# -- Initial Deployment --------------------------------------------------------------------------
def test_initial_deployment_alternates_from_the_first_player():
    state = replay(fresh(), deployment())
    assert state.stage == "rounds" and len(state.units) == 12
    assert len(state.sides["red"].hand) == 6
    with pytest.raises(RuleError, match="red places now"):
        apply(fresh(), Place("gold", "gold warrior 0", (5, 1)))


def test_one_of_the_final_three_goes_into_the_neutral_line():
    """Initial Deployment: one of the final 3 cards must be put into the Neutral Line."""
    early = [Place("red", "red warrior 0", (3, 1))]
    with pytest.raises(RuleError, match="Neutral Line"):
        replay(fresh(), early)
    actions = []
    for i in range(5):
        actions.append(Place("red", f"red warrior {i}", RED_SPACES[i]))
        actions.append(Place("gold", f"gold warrior {i}", GOLD_SPACES[i]))
    actions.append(Place("red", "red warrior 5", RED_SPACES[5]))
    # Gold put none of its 4th and 5th cards in the neutral line: the 6th must go there.
    state = replay(fresh(), actions)
    with pytest.raises(RuleError, match="final 3"):
        apply(state, Place("gold", "gold warrior 5", (5, 5)))
    state, _ = apply(state, Place("gold", "gold warrior 5", (3, 4)))
    assert state.stage == "rounds"


# -- Rounds, turns, phases -----------------------------------------------------------------------
def test_five_activations_each_alternating_then_a_new_round():
    state = replay(fresh(), deployment())
    phases = ["move", "reposition", "deploy", "attack", "charge"]
    for phase in phases:
        for player in ("red", "gold"):
            state, _ = run(state, Activate(player, phase))
            if state.phase is not None:
                state, _ = run(state, EndPhase(player))
    assert state.round.number == 2 and state.round.to_act == "red"


def test_turn_order_is_enforced():
    state = replay(fresh(), deployment())
    with pytest.raises(RuleError, match="it is red's turn"):
        apply(state, Activate("gold", "move"))
    state, _ = run(state, Activate("red", "move"))
    with pytest.raises(RuleError, match="still running"):
        apply(state, Activate("red", "attack"))
    state, _ = run(state, EndPhase("red"), Activate("gold", "move"), EndPhase("gold"))
    with pytest.raises(RuleError, match="already used the move token"):
        apply(state, Activate("red", "move"))


def test_link_token_two_phases_back_to_back_once_per_round():
    """Linking Two Phases Together: once per round, two phases back-to-back."""
    state = replay(fresh(), deployment())
    state, _ = run(state, Activate("red", "move", link=True), EndPhase("red"))
    assert state.round.to_act == "red"
    state, _ = run(state, Activate("red", "reposition"), EndPhase("red"))
    assert state.round.to_act == "gold"
    state, _ = run(state, Activate("gold", "move"), EndPhase("gold"))
    with pytest.raises(RuleError, match="once per round"):
        apply(state, Activate("red", "deploy", link=True))


def test_the_linking_player_runs_out_first_and_the_other_finishes():
    state = replay(fresh(), deployment())
    state, _ = run(state, Activate("red", "move", link=True), EndPhase("red"))
    state, _ = run(state, Activate("red", "reposition"), EndPhase("red"))
    for gold, red in (("move", "attack"), ("reposition", "deploy"), ("deploy", "initiative")):
        state, _ = run(state, Activate("gold", gold), EndPhase("gold"), Activate("red", red))
        if state.phase is not None:
            state, _ = run(state, EndPhase("red"))
    # red has used 5 activations, gold 3: gold takes its last two turns in a row.
    assert len(state.round.used["red"]) == 5 and state.round.to_act == "gold"
    state, _ = run(state, Activate("gold", "attack"), EndPhase("gold"))
    assert state.round.to_act == "gold"
    state, _ = run(state, Activate("gold", "charge"), Charge("gold"))
    assert state.round.number == 2 and state.round.to_act == "red"  # red took the Initiative


def test_initiative_gives_the_first_turn_next_round():
    """End of Round: whoever used a phase to gain the Initiative token starts the next round."""
    state = replay(fresh(), deployment())
    state, _ = run(state, Activate("red", "move"), EndPhase("red"), Activate("gold", "initiative"))
    with pytest.raises(RuleError, match="gold already took the Initiative"):
        apply(state, Activate("red", "initiative"))
    for phase in ("reposition", "deploy", "attack"):
        state, _ = run(state, Activate("red", phase), EndPhase("red"))
        state, _ = run(state, Activate("gold", phase), EndPhase("gold"))
    state, _ = run(state, Activate("red", "charge"), Charge("red"))
    state, _ = run(state, Activate("gold", "charge"), Charge("gold"))
    assert state.round.number == 2 and state.round.to_act == "gold"


# -- Deploy, move, reposition ----------------------------------------------------------------------
def test_deploy_up_to_six_and_retreat_first():
    state = replay(fresh(), deployment())
    state, _ = run(state, Activate("red", "deploy"))
    with pytest.raises(RuleError, match="7 is not at most 6 .*battlefield limit of 6"):
        apply(state, Deploy("red", "red hero", (1, 1)))
    state, steps = run(state, Retreat("red", (2, 2)), Deploy("red", "red hero", (1, 1)))
    assert state.units[(1, 1)].card.name == "red hero"
    assert state.sides["red"].discard[-1].name == "red warrior 2"
    with pytest.raises(RuleError, match="before any card is deployed"):
        apply(state, Retreat("red", (1, 1)))


def test_deploy_only_into_your_own_domain():
    state = battle({})
    state, _ = run(state, Activate("red", "deploy"))
    with pytest.raises(RuleError, match="not an empty space in your Domain"):
        apply(state, Deploy("red", "red hero", (3, 1)))


def test_move_once_each_up_to_three_and_never_through_enemies():
    units = {(1, 1): Unit(Card("a", 2), "red"), (2, 2): Unit(Card("wall", 2), "gold")}
    state = battle(units)
    state, _ = run(state, Activate("red", "move"), Move("red", (1, 1), (4, 1)))
    with pytest.raises(RuleError, match="cannot be moved again"):
        apply(state, Move("red", (4, 1), (5, 1)))
    state = battle(units)
    state, _ = run(state, Activate("red", "move"))
    with pytest.raises(RuleError, match="cannot end a move"):
        apply(state, Move("red", (1, 1), (5, 1)))


def test_reposition_is_one_orthogonal_shift():
    state = battle({(1, 1): Unit(Card("a", 2), "red")})
    state, _ = run(state, Activate("red", "reposition"))
    with pytest.raises(RuleError, match="Reposition Phase"):
        apply(state, Shift("red", (1, 1), (2, 2)))
    state, _ = run(state, Shift("red", (1, 1), (2, 1)))
    assert (2, 1) in state.units


# -- Attacks ---------------------------------------------------------------------------------------
def test_attack_wounds_then_defeats_and_the_attacker_advances():
    units = {(2, 3): Unit(Card("a", 3), "red"), (3, 3): Unit(Card("b", 2), "gold", wounds=1)}
    state = battle(units, reserves={"red": (3, 1), "gold": (1, 1)})
    state, steps = run(
        state,
        Activate("red", "attack"),
        Attack("red", (2, 3), (3, 3), power=PowerSource("reserve", 3)),
    )
    assert (3, 3) not in state.units and state.sides["gold"].discard[-1].name == "b"
    assert "defeated" in " ".join(steps)
    state, _ = run(state, Advance("red", (2, 3)))
    assert state.units[(3, 3)].card.name == "a"


def test_one_attack_per_card_per_phase_and_range():
    units = {
        (2, 3): Unit(Card("a", 3), "red"),
        (3, 3): Unit(Card("b", 9), "gold"),
        (3, 4): Unit(Card("c", 9), "gold"),
    }
    state = battle(units, reserves={"red": (1, 1), "gold": (1, 1)})
    state, _ = run(state, Activate("red", "attack"))
    with pytest.raises(RuleError, match="within its range"):
        apply(state, Attack("red", (2, 3), (3, 4), power=PowerSource("reserve", 1)))
    state, _ = run(state, Attack("red", (2, 3), (3, 3), power=PowerSource("reserve", 1)))
    with pytest.raises(RuleError, match="only one attack per phase"):
        apply(state, Attack("red", (2, 3), (3, 3), power=PowerSource("reserve", 1)))


def test_block_then_counterattack_the_primary_attacker():
    units = {
        (2, 3): Unit(Card("primary", 2), "red"),
        (2, 4): Unit(Card("helper", 2, radial=True), "red"),
        (3, 3): Unit(Card("wall", 5), "gold"),
    }
    state = battle(units, reserves={"red": (1, 1), "gold": (4, CRITICAL)})
    state, steps = run(
        state,
        Activate("red", "attack"),
        Attack("red", (2, 3), (3, 3), power=PowerSource("reserve", 1), coordinating=((2, 4),)),
    )
    assert "blocked" in steps[-2] or "blocked" in " ".join(steps)
    assert state.pending.counter_to == (2, 3)
    state, steps = run(state, Counterattack("gold", power=PowerSource("reserve", CRITICAL)))
    assert state.units[(2, 3)].wounds == 1


def test_counterattack_only_right_after_a_block():
    state = battle({(2, 3): Unit(Card("a", 2), "red"), (3, 3): Unit(Card("b", 2), "gold")})
    with pytest.raises(RuleError, match="Counterattack"):
        apply(state, Counterattack("gold"))


def test_submerge_instead_of_a_counterattack():
    units = {
        (2, 3): Unit(Card("a", 1), "red"),
        (3, 3): Unit(Card("b", 5, abilities=kw(Keyword.SUBMERGE)), "gold"),
    }
    state = battle(units, reserves={"red": (1, 1), "gold": (1, 1)})
    state, _ = run(
        state, Activate("red", "attack"), Attack("red", (2, 3), (3, 3), PowerSource("reserve", 1))
    )
    state, _ = run(state, Submerge("gold", (3, 2)))
    assert state.units[(3, 2)].card.name == "b"


def test_weaken_does_not_stack_and_charge_removes_it():
    state = battle({(2, 3): Unit(Card("a", 3), "red")})
    state, _ = run(state, Weaken("gold", (2, 3)))
    with pytest.raises(RuleError, match="cannot be stacked"):
        apply(state, Weaken("gold", (2, 3)))
    state, _ = run(state, Activate("red", "charge"), Charge("red", remove_weaken_at=(2, 3)))
    assert not state.units[(2, 3)].weakened


def test_sacrifice_discards():
    state = battle({(2, 3): Unit(Card("a", 3), "red")})
    state, _ = run(state, Sacrifice("red", (2, 3)))
    assert not state.units and state.sides["red"].discard[-1].name == "a"


# -- Assault, charge, reserve ---------------------------------------------------------------------
def test_assault_scores_from_the_board():
    """Assault Phase: a fortified card counts 2, a Barrage card in the neutral line 1."""
    units = {
        (5, 2): Unit(Card("f", 2), "red"),
        (4, 3): Unit(Card("z", 2), "red"),
        (3, 1): Unit(Card("b", 2, abilities=kw(Keyword.BARRAGE)), "red"),
    }
    state = battle(units, reserves={"red": (4, 4), "gold": (1, 1)})
    state, steps = run(
        state,
        Activate("red", "assault"),
        Assault("red", (PowerSource("reserve", 4), PowerSource("reserve", 4))),
    )
    assert state.sides["red"].vp == 2  # 2 + 1 + 1 + 4 + 4 = 12
    assert state.round.to_act == "gold"


def test_assault_needs_a_card_in_the_zone():
    state = battle({(3, 1): Unit(Card("b", 2), "red")})
    with pytest.raises(RuleError, match="Assault Phase"):
        apply(state, Activate("red", "assault"))


def test_low_assault_takes_the_surge_and_spending_it_returns_it():
    """Assault Phase: 8 or less collects the Surge token; spent, it goes back by the board."""
    zone = {(4, 3): Unit(Card("z", 2), "red")}
    state = battle(zone, reserves={"red": (1, 1), "gold": (1, 1)})
    ones = (PowerSource("reserve", 1), PowerSource("reserve", 1))
    state, _ = run(state, Activate("red", "assault"))
    with pytest.raises(RuleError, match="Surge token"):
        apply(state, Assault("red", ones, surge=True))
    state, _ = run(state, Assault("red", ones))
    assert state.sides["red"].surge and state.sides["red"].vp == 0
    held = battle(zone, reserves={"red": (4, 4), "gold": (1, 1)})
    held = replace(held, sides={**held.sides, "red": replace(held.sides["red"], surge=True)})
    fours = (PowerSource("reserve", 4), PowerSource("reserve", 4))
    held, steps = run(held, Activate("red", "assault"), Assault("red", fours, surge=True))
    assert held.sides["red"].vp == 1 and not held.sides["red"].surge  # 1 + 4 + 4 + 1 = 10


def test_charge_phase_at_most_three():
    """Charge Phase: +2 charge; Strongholds hold up to 3."""
    state = battle({})
    assert state.sides["red"].charge == 2
    state, _ = run(state, Activate("red", "charge"), Charge("red"))
    assert state.sides["red"].charge == 3


def test_reserve_phase_in_a_match():
    state = battle({}, reserves={"red": (1, 2), "gold": (1, 1)})
    state, _ = run(state, Activate("red", "reserve"), ReservePower("red", revealed=CRITICAL))
    assert state.sides["red"].power.reserve == (1, 2, CRITICAL)


def test_the_last_card_assault_cycles_mid_assault():
    """Assault Phase: one card left to play: draw it, cycle, then take the second card."""
    state = battle({(4, 3): Unit(Card("z", 2), "red")}, reserves={"red": (4, 3), "gold": (1, 1)})
    deck = state.sides["red"].power
    while deck.deck:
        deck, _ = deck.draw()
    deck = deck.use_reserve(3)
    state = replace(state, sides={**state.sides, "red": replace(state.sides["red"], power=deck)})
    sources = (PowerSource("reserve", 4), PowerSource("reserve", 2))
    with pytest.raises(RuleError, match="choose a counter"):
        run(state, Activate("red", "assault"), Assault("red", sources))
    state, steps = run(
        state,
        Activate("red", "assault"),
        Assault("red", sources, cycles={"red": CycleChoice(2, (CRITICAL,))}),
    )
    assert state.sides["red"].vp == 0  # 1 + 4 + 2 = 7
    assert state.sides["red"].power.reserve == (CRITICAL,)
    assert state.sides["red"].power.counters_left == (1, 3, 4)


# -- End of round and game -------------------------------------------------------------------------
def finish_round(state: MatchState) -> MatchState:
    phases = ["move", "reposition", "deploy", "attack", "charge"]
    for phase in phases:
        for player in (state.round.to_act, "gold" if state.round.to_act == "red" else "red"):
            state, _ = run(state, Activate(player, phase))
            if state.phase is not None:
                state, _ = run(state, Charge(player) if phase == "charge" else EndPhase(player))
    return state


def with_vp(state: MatchState, red: int, gold: int) -> MatchState:
    sides = {
        "red": replace(state.sides["red"], vp=red),
        "gold": replace(state.sides["gold"], vp=gold),
    }
    return replace(state, sides=sides)


@pytest.mark.parametrize(
    "rule, red, gold, bitter, result",
    [
        ("End of Round: 7 VP wins", 7, 3, False, "red"),
        ("End of Round (ruling): both at 7, the higher wins", 7, 8, False, "gold"),
        ("End of Round (ruling): equal at 7 is a draw", 7, 7, False, "draw"),
        ("To the Bitter End!: no ties, play on", 7, 7, True, None),
        ("Under 7 the game goes on", 6, 6, False, None),
    ],
)
def test_end_of_round(rule, red, gold, bitter, result):
    state = with_vp(battle({}, bitter_end=bitter), red, gold)
    state = finish_round(state)
    assert state.result == result
    assert (state.stage == "over") == (result is not None)


def test_bitter_end_plays_until_someone_leads():
    state = finish_round(with_vp(battle({}, bitter_end=True), 7, 7))
    state = finish_round(with_vp(state, 7, 8))
    assert state.result == "gold"


def test_game_ends_after_the_round_of_the_last_fourth_cycle():
    state = battle({})
    sides = {}
    for player, side in state.sides.items():
        sides[player] = replace(side, power=replace(side.power, counters_left=()))
    state = with_vp(replace(state, sides=sides), 3, 2)
    state = finish_round(state)
    assert state.result == "red"
    with pytest.raises(RuleError, match="over"):
        apply(state, Activate("red", "move"))


# -- properties -----------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1000), choices=st.lists(st.integers(0, 10_000), max_size=80))
def test_random_play_keeps_the_invariants_and_replays_identically(seed, choices):
    """Whatever legal actions are taken: 9 power cards per player, at most 6 cards on the
    battlefield, at most 3 charge, VP never fall; replaying the log gives the same state."""
    rules = default_rules()
    start = replay(fresh(), deployment())
    state, log = start, []
    rng = random.Random(seed)
    for choice in choices:
        if state.stage == "over":
            break
        candidates = legal_sample(state, rng)
        if not candidates:
            break
        action = candidates[choice % len(candidates)]
        before = {p: state.sides[p].vp for p in ("red", "gold")}
        try:
            state, _ = apply(state, action)
        except RuleError:
            continue
        log.append(action)
        for player in ("red", "gold"):
            side = state.sides[player]
            cards = Counter(side.power.deck + side.power.reserve + side.power.used)
            assert sum(cards.values()) == rules.power_deck.size
            assert state.on_battlefield(player) <= rules.battlefield.limit
            assert 0 <= side.charge <= rules.stronghold.charge_limit
            assert side.vp >= before[player]
    assert replay(start, log) == state


def sources(state: MatchState, player: str, draws: int) -> tuple[PowerSource, ...]:
    """Draw from the deck while it lasts, then the reserve; after a cycle, the deck again."""
    deck = list(state.sides[player].power.deck)
    reserve = list(state.sides[player].power.reserve)
    out = []
    for _ in range(draws):
        if deck:
            deck.pop(0)
            out.append(DECK)
        elif reserve:
            out.append(PowerSource("reserve", reserve.pop(0)))
        else:
            out.append(DECK)
    return tuple(out)


def legal_sample(state: MatchState, rng: random.Random) -> list:
    """A handful of plausible actions (some illegal: apply must refuse those cleanly)."""
    rnd = state.round
    player = rnd.to_act if state.phase is None else state.phase.player
    other = "gold" if player == "red" else "red"
    every = CycleChoice(None)
    cycles = {
        p: CycleChoice(state.sides[p].power.counters_left[0])
        if state.sides[p].power.counters_left
        else every
        for p in ("red", "gold")
    }
    if state.phase is None:
        return [Activate(player, phase) for phase in state.rules.rounds.phases] + [
            Activate(player, "attack", link=True)
        ]
    mine = [s for s, u in state.units.items() if u.owner == player]
    theirs = [s for s, u in state.units.items() if u.owner == other]
    actions: list = [EndPhase(player)]
    name = state.phase.name
    if name == "assault":
        surge = state.sides[player].surge and rng.random() < 0.5
        actions.append(Assault(player, sources(state, player, 2), cycles=cycles, surge=surge))
    if name == "charge":
        actions.append(Charge(player))
    if name == "reserve":
        reserve = state.sides[player].power.reserve
        actions.append(ReservePower(player, discard=reserve[0] if len(reserve) >= 3 else None))
    for space in mine:
        if name == "move":
            actions.append(Move(player, space, (rng.randint(1, 5), rng.randint(1, 5))))
        if name == "reposition":
            actions.append(Shift(player, space, (space[0] + rng.choice((-1, 1)), space[1])))
        if name == "attack" and theirs:
            target = rng.choice(theirs)
            defend = sources(state, other, 1)[0] if rng.random() < 0.5 else None
            attack = sources(state, player, 1)[0]
            actions.append(Attack(player, space, target, attack, defend, cycles=cycles))
    if name == "deploy" and state.sides[player].hand:
        card = state.sides[player].hand[0].name
        actions.append(Deploy(player, card, (rng.randint(1, 5), rng.randint(1, 5))))
        if mine:
            actions.append(Retreat(player, mine[0]))
    if state.pending.counter_from is not None:
        actions.append(Counterattack(other, sources(state, other, 1)[0], cycles=cycles))
    return actions


# -- keyword abilities in a match ------
def kw(*keywords: Keyword) -> tuple[Ability, ...]:
    """A card's keyword abilities, as its effects cell would give them."""
    words = {word.casefold(): word for word in ROLES}
    args = {Keyword.ALT_ATTACK: ("attack",)}  # Alt Attack (in your attack phase)
    return tuple(Ability(Effect(words[k.value], args.get(k, ()))) for k in keywords)


HUNTER = (Ability(Effect("On Deploy"), (), (Effect("make a free strike"),)),)
"""On Deploy: make a Free Strike (the Flesh Hunter's, without its Lunge)."""


def test_free_strike_from_an_ability_in_another_phase_is_not_counterattacked():
    """Free Strike: an attack that, if blocked, cannot be counterattacked (e.g. On Deploy)."""
    units = {(3, 3): Unit(Card("wall", 5), "gold")}
    state = battle(units, reserves={"red": (1, 1), "gold": (1, 1)})
    side = state.sides["red"]
    hunter = Card("hunter", 1, abilities=HUNTER)
    state = replace(state, sides={**state.sides, "red": replace(side, hand=(hunter,))})
    state, steps = run(
        state,
        Activate("red", "deploy"),
        Deploy("red", "hunter", (2, 3)),
        Attack(
            "red", (2, 3), (3, 3), PowerSource("reserve", 1), attack_kind=AttackKind.FREE_STRIKE
        ),
    )
    assert state.pending.counter_from is None
    with pytest.raises(RuleError, match="Counterattack"):
        apply(state, Counterattack("gold"))


def test_alt_attack_is_in_addition_to_the_attack():
    """Alt Attack: can be used in addition to their attack during their attack phase."""
    units = {
        (2, 3): Unit(Card("archer", 9, abilities=kw(Keyword.ALT_ATTACK)), "red"),
        (3, 3): Unit(Card("b", 0), "gold"),
        (2, 2): Unit(Card("c", 0), "gold"),
    }
    state = battle(units, reserves={"red": (1, 1), "gold": (1, 1)})
    state, _ = run(
        state,
        Activate("red", "attack"),
        Attack("red", (2, 3), (3, 3), PowerSource("reserve", 1)),
        Attack("red", (2, 3), (3, 3), PowerSource("reserve", 1), attack_kind=AttackKind.ALT_ATTACK),
    )
    assert (3, 3) not in state.units  # two wounds: defeated
    with pytest.raises(RuleError, match="Alt Attack"):
        apply(state, Attack("red", (2, 3), (2, 2), DECK, attack_kind=AttackKind.ALT_ATTACK))
    with pytest.raises(RuleError, match="only one attack per phase"):
        apply(state, Attack("red", (2, 3), (2, 2), DECK))


def test_knockback_shifts_a_non_hero_before_the_wound():
    units = {
        (2, 3): Unit(Card("ram", 5, abilities=kw(Keyword.KNOCKBACK)), "red"),
        (3, 3): Unit(Card("b", 1), "gold"),
    }
    state = battle(units, reserves={"red": (1, 1), "gold": (1, 1)})
    state, _ = run(
        state,
        Activate("red", "attack"),
        Attack("red", (2, 3), (3, 3), PowerSource("reserve", 1), knockback_to=(4, 3)),
    )
    assert state.units[(4, 3)].wounds == 1 and (3, 3) not in state.units


def test_knockback_never_moves_a_hero():
    units = {
        (2, 3): Unit(Card("ram", 5, abilities=kw(Keyword.KNOCKBACK)), "red"),
        (3, 3): Unit(Card("lord", 1, kind="hero"), "gold"),
    }
    state = battle(units, reserves={"red": (1, 1), "gold": (1, 1)})
    state, _ = run(state, Activate("red", "attack"))
    with pytest.raises(RuleError, match="Knockback"):
        apply(state, Attack("red", (2, 3), (3, 3), PowerSource("reserve", 1), knockback_to=(4, 3)))


def test_evasive_shift_avoids_the_counterattack():
    units = {
        (2, 3): Unit(Card("rogue", 1, abilities=kw(Keyword.EVASIVE)), "red"),
        (3, 3): Unit(Card("wall", 5), "gold"),
    }
    state = battle(units, reserves={"red": (1, 1), "gold": (1, 1)})
    state, _ = run(
        state,
        Activate("red", "attack"),
        Attack("red", (2, 3), (3, 3), PowerSource("reserve", 1), evasive_to=(2, 2)),
    )
    assert (2, 2) in state.units and state.pending.counter_from is None


def test_lunge_shifts_then_uses_the_second_draw():
    """Lunge: shift before the attack; a second draw replaces the first."""
    units = {
        (1, 3): Unit(Card("hunter", 2, abilities=kw(Keyword.LUNGE)), "red"),
        (3, 3): Unit(Card("b", 4, defense=5), "gold"),
    }
    state = battle(units, reserves={"red": (1, 4), "gold": (1, 1)})
    state, steps = run(
        state,
        Activate("red", "attack"),
        Attack(
            "red",
            (1, 3),
            (3, 3),
            PowerSource("reserve", 1),
            lunge_to=(2, 3),
            lunge_power=PowerSource("reserve", 4),
        ),
    )
    assert state.units[(3, 3)].wounds == 1  # 2 + 4 = 6 > 5
    assert state.units[(2, 3)].card.name == "hunter"


def test_coordinated_attack_every_card_must_reach_the_target():
    units = {
        (2, 3): Unit(Card("a", 2), "red"),
        (1, 1): Unit(Card("far", 2), "red"),
        (3, 3): Unit(Card("b", 2), "gold"),
    }
    state = battle(units, reserves={"red": (1, 1), "gold": (1, 1)})
    state, _ = run(state, Activate("red", "attack"))
    with pytest.raises(RuleError, match="within its range"):
        apply(
            state, Attack("red", (2, 3), (3, 3), PowerSource("reserve", 1), coordinating=((1, 1),))
        )


def test_power_duel_draws_from_both_decks():
    state = battle({}, reserves={"red": (3, 1), "gold": (3, 1)})
    state, steps = run(
        state, PowerDuel("red", PowerSource("reserve", 3), PowerSource("reserve", 3))
    )
    assert steps[-1] == "gold wins the power duel"
    assert state.sides["red"].power.used == (3,) and state.sides["gold"].power.used == (3,)


def test_spend_charge_for_an_activated_ability():
    state = battle({})
    state, _ = run(state, SpendCharge("red", 2))
    assert state.sides["red"].charge == 0
    with pytest.raises(RuleError, match="Activated Abilities"):
        apply(state, SpendCharge("red", 1))


def test_forces_are_one_hero_four_elites_seven_warriors():
    """Build your forces: 1 Hero card, 4 Elite cards, 7 Warrior cards."""
    short = hand("red")[:-1]
    with pytest.raises(RuleError, match="6 warrior card"):
        new_match(default_rules(), first_player="red", hands={"red": short, "gold": hand("gold")})


# -- the rule book's example, whose turn it is, undo, the whole match's JSON form ------------------
def test_the_rule_books_link_example():
    """Linking Two Phases Together: "the player started their turn with the deployment phase.
    Then passed to their opponent. Once their opponent activated a phase, the player decided to
    use their link token and activate both the move and attack phases before passing to the
    opponent. The player's third activation for the turn was to draw reserve power. Their fourth
    activation was the assault phase. After the actions of the assault phase were completed, the
    player's turn was now over because they had used all five of their phase activations." """
    state = battle({(4, 3): Unit(Card("raider", 2), "red")}, reserves={"red": (1, 2)})
    state, _ = run(state, Activate("red", "deploy"), EndPhase("red"))
    assert whose_turn(state) == "gold"
    state, _ = run(state, Activate("gold", "move"), EndPhase("gold"))
    state, _ = run(state, Activate("red", "move", link=True), EndPhase("red"))
    assert whose_turn(state) == "red"  # the Link: back-to-back
    state, _ = run(state, Activate("red", "attack"), EndPhase("red"))
    assert whose_turn(state) == "gold"
    state, _ = run(state, Activate("gold", "reposition"), EndPhase("gold"))
    state, _ = run(state, Activate("red", "reserve"), ReservePower("red", revealed=CRITICAL))
    state, _ = run(state, Activate("gold", "charge"), Charge("gold"))
    state, _ = run(state, Activate("red", "assault"), Assault("red", (DECK, DECK)))
    assert state.round.used["red"] == ("deploy", "move", "attack", "reserve", "assault")
    assert whose_turn(state) == "gold"  # red's turns are over: gold takes its last two
    state, _ = run(state, Activate("gold", "deploy"), EndPhase("gold"))
    assert whose_turn(state) == "gold"
    with pytest.raises(RuleError, match="it is gold's turn"):
        apply(state, Activate("red", "charge"))


def test_whose_turn_in_the_deployment_and_the_rounds():
    state = fresh()
    assert whose_turn(state) == "red"
    state, _ = run(state, Place("red", "red warrior 0", RED_SPACES[0]))
    assert whose_turn(state) == "gold"
    state = replay(fresh(), deployment())
    assert whose_turn(state) == "red" and state.stage == "rounds"
    state, _ = run(state, Activate("red", "move"))
    assert whose_turn(state) == "red"  # red's phase runs
    state, _ = run(state, EndPhase("red"))
    assert whose_turn(state) == "gold"


ON_TURN = (Place, Activate, EndPhase, Retreat, Deploy, Move, Shift, Attack, Assault, Charge,
           ReservePower)  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 1000), choices=st.lists(st.integers(0, 10_000), max_size=80))
def test_replay_equals_step_by_step_and_undo_by_replay_restores_each_state(seed, choices):
    """Whatever legal actions are taken: replaying the first n - k actions gives exactly the state
    after the first n - k steps (undo is replay); every action of a turn the engine accepts is
    made by the player whose turn it is (the tracker's guard never refuses a legal action); each
    player's twelve cards stay twelve (hand, battlefield, discard pile)."""
    start = replay(fresh(), deployment())
    state, log, states = start, [], [start]
    rng = random.Random(seed)
    for choice in choices:
        if state.stage == "over":
            break
        candidates = legal_sample(state, rng)
        action = candidates[choice % len(candidates)]
        turn = whose_turn(state)
        try:
            state, _ = apply(state, action)
        except RuleError:
            continue
        if isinstance(action, ON_TURN):
            assert action.player == turn
        log.append(action)
        states.append(state)
        for player in ("red", "gold"):
            side = state.sides[player]
            held = len(side.hand) + state.on_battlefield(player) + len(side.discard)
            assert held == 12
    k = rng.randint(0, len(log))
    assert replay(start, log[: len(log) - k]) == states[len(log) - k]


def test_a_match_at_the_table_reads_back_from_its_json_form():
    """The tracker's state: the set-up, the log and the engine's state after it, stored as the
    set-up and the log; read back, the log replays to the same match."""
    match = DominumMatch.first(None, None)
    match, _ = record(match, Forces("gold", "Shy-Lorr"))
    reserves = {"red": (3, 4), "gold": (1, 2)}
    match, outcome = record(match, Begin(reserves, "red", seed=7))
    assert "red shows 7, gold shows 3; red is higher and decides who is 1st Player" in "; ".join(
        outcome.steps
    )
    spaces = {"red": RED_SPACES, "gold": [(5, 1), (5, 5), (4, 1), (4, 5), (5, 3), (3, 1)]}
    for i in range(6):
        for player in ("red", "gold"):
            card = match.forces[player][i]
            match, _ = record(match, Place(player, card, spaces[player][i]))
    match, _ = record(match, Activate("red", "move", link=True))
    match, _ = record(match, Move("red", (3, 2), (3, 3)))
    assert match.last is not None and match.last.text == "red move 3,2 -> 3,3"
    again = DominumMatch.from_json(json.loads(json.dumps(match.to_json())))
    assert again == match and again.state is not None and again.state.units == match.state.units
    with pytest.raises(RuleError, match="Select Your Domain and Forces"):
        record(match, Forces("red", "Elves"))
    with pytest.raises(DomekitError, match="power card"):
        record(match, Attack("red", (3, 3), (4, 3), PowerSource("deck", 9)))
