"""Every card does what it says: each effect word of card_data/dominum/effects.toml and each sample
card and Stronghold with an ability, played through the match engine (match.apply), each case
worked out by hand from the rule text and the card's text (the docstrings show the working).

The battlefield (RULINGS.md): rows 1-2 are red's Domain, row 3 the Neutral Line, rows 4-5 gold's;
each assault zone is columns 2-4 of its Domain, the fortified spaces columns 2 and 4 of its back
row. Each player's reserve board holds 4, 4 after the opening reset, so the deck holds 1, 1, 2,
2, 3, 3 and the Critical: `deck:N` is the card the table turned up.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from toolkit.errors import RuleError
from toolkit.games.dominum.actions import (
    Activate,
    Advance,
    Assault,
    Attack,
    Charge,
    Counterattack,
    Deploy,
    EndPhase,
    Move,
    Place,
    Retreat,
    Submerge,
    Use,
    Weaken,
)
from toolkit.games.dominum.board import Space
from toolkit.games.dominum.data import load_dominum
from toolkit.games.dominum.effects import group
from toolkit.games.dominum.match import apply
from toolkit.games.dominum.power import PowerSource
from toolkit.games.dominum.rules import AttackKind
from toolkit.games.dominum.setup import card_of, new_match, tile_of
from toolkit.games.dominum.state import Card, MatchState, Tile, Unit

DATA = load_dominum()
RULES = DATA.rules


def deck(card: int | str) -> PowerSource:
    return PowerSource("deck", card)


def card(name: str) -> Card:
    """A sample card of domains.csv, with its abilities."""
    row = DATA.card(name)
    assert row is not None, name
    return card_of(DATA, row)


def tile(name: str) -> Tile:
    row = DATA.stronghold(name)
    assert row is not None, name
    return tile_of(DATA, row.domain, row.name)


def plain(name: str, strength: int, **kwargs) -> Card:
    """A card with no ability."""
    return Card(name, strength, **kwargs)


def worded(name: str, strength: int, cell: str, **kwargs) -> Card:
    """A card whose effects cell is `cell` (read by the shipped vocabulary)."""
    terms = DATA.vocabulary.parse(cell, path="test")
    phases = [p for p in RULES.rounds.phases if p != "initiative"]
    abilities = group(terms, owner="card", phases=phases, path="test", row=None)
    return Card(name, strength, abilities=abilities, **kwargs)


def hand(prefix: str) -> list[Card]:
    cards = [Card(f"{prefix} hero", 4, kind="hero")]
    cards += [Card(f"{prefix} elite {i}", 3, kind="elite") for i in range(4)]
    return cards + [Card(f"{prefix} warrior {i}", 2) for i in range(7)]


def battle(
    units: dict[Space, Unit], *, red: str | None = None, gold: str | None = None
) -> MatchState:
    """A match in its first round with these cards on the battlefield and these Strongholds."""
    state = new_match(
        RULES,
        first_player="red",
        hands={"red": hand("red"), "gold": hand("gold")},
        seed=1,
        reserves={"red": (4, 4), "gold": (4, 4)},
        strongholds={
            "red": tile(red) if red else Tile("Stronghold"),
            "gold": tile(gold) if gold else Tile("Stronghold"),
        },
    )
    return replace(state, stage="rounds", units=units)


def with_hand(state: MatchState, player: str, *cards: Card) -> MatchState:
    side = replace(state.sides[player], hand=cards)  # type: ignore[index]
    return replace(state, sides={**state.sides, player: side})


def with_charge(state: MatchState, player: str, charge: int) -> MatchState:
    side = replace(state.sides[player], charge=charge)  # type: ignore[index]
    return replace(state, sides={**state.sides, player: side})


def run(state: MatchState, *actions):
    steps: list[str] = []
    outcome = None
    for action in actions:
        state, outcome = apply(state, action)
        steps += outcome.steps
    return state, steps, outcome


def golds_phase(state: MatchState, phase: str) -> MatchState:
    """Red takes its charge phase (+2, at most 3), then gold activates `phase`."""
    state, _, _ = run(state, Activate("red", "charge"), Charge("red"), Activate("gold", phase))
    return state


def red(c: Card, **kw) -> Unit:
    return Unit(c, "red", **kw)


def gold(c: Card, **kw) -> Unit:
    return Unit(c, "gold", **kw)


# -- Keyword Abilities -------------------------------------------------------------------------
def test_alt_attack_in_the_phase_its_card_names():
    """Leaf Archer, "Alt Attack (in your move phase)": Alt Attack "can be used at time indicated
    on the card ... in addition to their attack". In the move phase: 2 + 3 = 5 > 1, a wound;
    a second Alt Attack that phase is refused; in the attack phase it has none."""
    state = battle({(2, 3): red(card("Leaf Archer")), (3, 3): gold(plain("b", 1))})
    alt = AttackKind.ALT_ATTACK
    state, steps, _ = run(
        state, Activate("red", "move"), Attack("red", (2, 3), (3, 3), deck(3), attack_kind=alt)
    )
    assert "5 > 1: a wound" in steps and state.units[(3, 3)].wounds == 1
    with pytest.raises(RuleError, match="already used this phase"):
        apply(state, Attack("red", (2, 3), (3, 3), deck(1), attack_kind=alt))
    state, _, _ = run(state, EndPhase("red"), Activate("gold", "charge"), Charge("gold"))
    state, _, _ = run(state, Activate("red", "attack"))
    with pytest.raises(RuleError, match="Alt Attack is in the move phase"):
        apply(state, Attack("red", (2, 3), (3, 3), deck(1), attack_kind=alt))
    state, steps, _ = run(state, Attack("red", (2, 3), (3, 3), deck(1)))
    assert (3, 3) not in state.units  # its own attack of the attack phase: the second wound


def test_barrage_adds_from_the_neutral_line():
    """Moonbow Archer, Barrage: "+1 to your assault total if it is in the neutral line". One card
    in gold's zone (1) + the Archer on 3,1 (1) = 2; draws 1 + 1: 4, 0 VP and the Surge token."""
    state = battle({(3, 1): red(card("Moonbow Archer")), (4, 3): red(plain("raider", 2))})
    state, steps, _ = run(state, Activate("red", "assault"), Assault("red", (deck(1), deck(1))))
    assert (
        "initial assault score: 1 in the zone x 1 + 1 Barrage in the neutral line x 1 = 2" in steps
    )
    assert "assault total 4 (0 to 8): 0 VP" in steps and state.sides["red"].surge


def test_deadly_wins_ties_when_it_attacks_and_counterattacks():
    """Gutripper (3), Deadly: "wins ties when they attack, counterattack". 3 + 1 = 4 against 4:
    a wound. Gold's 4 + 1 = 5 against the Gutripper's 3 + 2 = 5: blocked; its counterattack
    3 + 1 = 4 against the attacker's 4: a tie, a wound."""
    state = battle({(2, 3): red(card("Gutripper")), (3, 3): gold(plain("wall", 4))})
    state, steps, _ = run(state, Activate("red", "attack"), Attack("red", (2, 3), (3, 3), deck(1)))
    assert "4 = 4: Deadly wins ties, a wound" in steps
    state = battle({(2, 3): red(card("Gutripper")), (3, 3): gold(plain("g", 4))})
    state, steps, _ = run(
        golds_phase(state, "attack"),
        Attack("gold", (3, 3), (2, 3), deck(1), defense_power=deck(2)),
        Counterattack("red", deck(1)),
    )
    assert "5 <= 5: blocked" in steps and "4 = 4: Deadly wins ties, a wound" in steps
    assert state.units[(3, 3)].wounds == 1


def test_evasive_is_asked_where_to_shift_and_then_avoids_the_counterattack():
    """Hawk Rider (2), Evasive: "When this card's attack is blocked, it may immediately shift. If
    it does, it cannot be counterattacked." 2 + 1 = 3 against 5: blocked. Left open, the shift
    is asked: stay, or one of the empty orthogonal spaces 1,3, 2,2, 2,4."""
    state = battle({(2, 3): red(card("Hawk Rider")), (3, 3): gold(plain("wall", 5))})
    state, _, _ = run(state, Activate("red", "attack"))
    after, outcome = apply(state, Attack("red", (2, 3), (3, 3), deck(1)))
    [choice] = outcome.choices
    assert choice.field == "evasive_to"
    assert [value for value, _ in choice.options] == ["no", "1,3", "2,2", "2,4"]
    assert after.pending.counter_from == (3, 3)  # staying: the defender may counterattack
    after, _ = apply(state, Attack("red", (2, 3), (3, 3), deck(1), evasive_to=(2, 2)))
    assert (2, 2) in after.units and after.pending.counter_from is None
    declined = Attack("red", (2, 3), (3, 3), deck(1), declined=("evasive",))
    assert apply(state, declined)[1].choices == []


def test_free_strike_as_a_cards_keyword_is_never_counterattacked():
    """A card with the keyword Free Strike: "An attack that, if blocked, cannot be
    counterattacked". 1 + 1 = 2 against 5: blocked, and no counterattack follows."""
    striker = worded("striker", 1, "Free Strike")
    state = battle({(2, 3): red(striker), (3, 3): gold(plain("wall", 5))})
    state, steps, _ = run(state, Activate("red", "attack"), Attack("red", (2, 3), (3, 3), deck(1)))
    assert "a blocked free strike cannot be counterattacked" in steps
    assert state.pending.counter_from is None


def test_knockback_is_asked_and_shifts_before_the_wound():
    """Elven Spearman (2), Knockback: "When a card with knockback wounds a Non-Hero enemy, you may
    shift that enemy. Resolve the knockback before resolving other effects". 2 + 1 = 3 > 1."""
    state = battle({(2, 3): red(card("Elven Spearman")), (3, 3): gold(plain("b", 1))})
    state, _, _ = run(state, Activate("red", "attack"))
    _, outcome = apply(state, Attack("red", (2, 3), (3, 3), deck(1)))
    [choice] = outcome.choices
    assert choice.field == "knockback_to"
    assert [value for value, _ in choice.options] == ["no", "3,2", "3,4", "4,3"]
    after, _ = apply(state, Attack("red", (2, 3), (3, 3), deck(1), knockback_to=(4, 3)))
    assert after.units[(4, 3)].wounds == 1 and (3, 3) not in after.units
    hero = battle(
        {(2, 3): red(card("Elven Spearman")), (3, 3): gold(plain("lord", 1, kind="hero"))}
    )
    hero, _, _ = run(hero, Activate("red", "attack"))
    assert apply(hero, Attack("red", (2, 3), (3, 3), deck(1)))[1].choices == []
    with pytest.raises(RuleError, match="Knockback"):
        apply(hero, Attack("red", (2, 3), (3, 3), deck(1), knockback_to=(4, 3)))


@pytest.mark.parametrize(
    ("where", "guarded"), [((4, 3), True), ((3, 3), False)], ids=["own domain", "neutral line"]
)
def test_protector_this_card_cannot_be_knocked_back(where, guarded):
    """Wildwood Sentinel (3, defense 4), "Protector: this card cannot be knocked back":
    "Protector: Active only if you are in your own Domain". Spearman 2 + 3 = 5 > 4: a wound;
    in gold's Domain (4,3) no Knockback, in the Neutral Line (3,3) the Knockback is asked."""
    attacker = (where[0] - 1, where[1])
    state = battle({attacker: red(card("Elven Spearman")), where: gold(card("Wildwood Sentinel"))})
    state, _, _ = run(state, Activate("red", "attack"))
    _, outcome = apply(state, Attack("red", attacker, where, deck(3)))
    assert (outcome.choices == []) is guarded
    if guarded:
        assert "Knockback: none, Wildwood Sentinel cannot be knocked back (Protector)" in (
            outcome.steps
        )
        with pytest.raises(RuleError, match="Knockback"):
            apply(state, Attack("red", attacker, where, deck(3), knockback_to=(5, 3)))


@pytest.mark.parametrize(
    ("shieldbearer", "guarded"), [((4, 3), True), ((3, 4), False)], ids=["own", "neutral"]
)
def test_protector_adjacent_ally_warriors_cannot_be_knocked_back(shieldbearer, guarded):
    """Shieldbearer, "Protector: adjacent ally Warriors cannot be knocked back": the warrior on
    3,3 beside the Shieldbearer on 4,3 (gold's Domain) is not knocked back; beside it on 3,4 (the
    Neutral Line: its Protector is not active) it is. Spearman 2 + 1 = 3 > 1."""
    state = battle(
        {
            (2, 3): red(card("Elven Spearman")),
            (3, 3): gold(plain("w", 1)),
            shieldbearer: gold(card("Shieldbearer")),
        }
    )
    state, _, _ = run(state, Activate("red", "attack"))
    _, outcome = apply(state, Attack("red", (2, 3), (3, 3), deck(1)))
    assert (outcome.choices == []) is guarded


def test_lunge_shifts_then_may_draw_a_second_card_seeing_the_first():
    """Glade Rider (3), Lunge: "This card may shift before making an attack. Additionally, when
    a card that lunges(shifts) draws power – before declaring the attack total – it may draw a
    second card and use that card". From 1,3 it shifts to 2,3; 3 + 1 = 4 against defense 5 would
    be blocked: the second draw is asked (the deck's 1, 2, 3, Critical; the reserve's 4); a 3
    makes it 6 > 5."""
    state = battle({(1, 3): red(card("Glade Rider")), (3, 3): gold(plain("b", 4, defense=5))})
    state, _, _ = run(state, Activate("red", "attack"))
    _, outcome = apply(state, Attack("red", (1, 3), (3, 3), deck(1), lunge_to=(2, 3)))
    [choice] = outcome.choices
    assert choice.field == "lunge_power"
    assert [value for value, _ in choice.options] == [
        "no", "deck:1", "deck:2", "deck:3", "deck:critical", "reserve:4",
    ]  # fmt: skip
    after, steps, _ = run(
        state, Attack("red", (1, 3), (3, 3), deck(1), lunge_to=(2, 3), lunge_power=deck(3))
    )
    assert "6 > 5: a wound" in steps and after.units[(2, 3)].card.name == "Glade Rider"
    with pytest.raises(RuleError, match="Lunge"):
        apply(state, Attack("red", (1, 3), (3, 3), deck(1), lunge_power=deck(3)))


@pytest.mark.parametrize(("helper", "countered"), [("Elven Scout", False), (None, True)])
def test_outflank_makes_a_coordinated_attack_a_free_strike(helper, countered):
    """Elven Scout, Outflank: "Coordinated attacks that include this ability become free
    strikes" (the exception to "Only the abilities of the PRIMARY attacker"). 3 + 1 (one
    helper) + 1 = 5 against 9: blocked; with the Scout no counterattack follows."""
    helping = card(helper) if helper else plain("helper", 1, radial=True)
    state = battle(
        {(2, 3): red(plain("p", 3)), (2, 2): red(helping), (3, 3): gold(plain("wall", 9))}
    )
    state, steps, _ = run(
        state,
        Activate("red", "attack"),
        Attack("red", (2, 3), (3, 3), deck(1), coordinating=((2, 2),)),
    )
    assert "5 <= 9: blocked" in steps
    assert (state.pending.counter_from is not None) is countered


def test_submerge_replaces_the_counterattack_in_the_opponents_attack_phase():
    """Reef Crawler (2), Submerge: "During your opponent's attack phase, when you block an attack,
    instead of making a counter attack, place this card into any open space within its range".
    Red's 1 + 1 = 2 against 2: blocked; the Crawler goes to 3,2."""
    state = battle({(2, 3): red(plain("a", 1)), (3, 3): gold(card("Reef Crawler"))})
    state, _, _ = run(state, Activate("red", "attack"), Attack("red", (2, 3), (3, 3), deck(1)))
    assert state.pending.submerge
    state, steps, _ = run(state, Submerge("gold", (3, 2)))
    assert state.units[(3, 2)].card.name == "Reef Crawler" and state.pending.counter_from is None
    archer = battle({(2, 3): red(card("Leaf Archer")), (3, 3): gold(card("Reef Crawler"))})
    archer, _, _ = run(
        archer,
        Activate("red", "move"),
        Attack(
            "red", (2, 3), (3, 3), deck(1), deck(1), attack_kind=AttackKind.ALT_ATTACK
        ),  # 2 + 1 against 2 + 1: blocked
    )
    assert archer.pending.counter_from == (3, 3) and not archer.pending.submerge  # move phase


def test_the_shadowblade_deploys_into_the_neutral_line_for_one_charge():
    """Shadowblade: "can itself be deployed into the neutral line for the cost of 1 Charge".
    Deployed on 3,1 the Stronghold goes 2 -> 1; a card without the ability is refused; with no
    Charge the Shadowblade is refused too."""
    state = with_hand(battle({}), "red", card("Shadowblade"), plain("red warrior", 2))
    state, steps, _ = run(state, Activate("red", "deploy"), Deploy("red", "Shadowblade", (3, 1)))
    assert state.units[(3, 1)].card.name == "Shadowblade" and state.sides["red"].charge == 1
    with pytest.raises(RuleError, match="cannot go into the Neutral Line"):
        apply(state, Deploy("red", "red warrior", (3, 2)))
    broke = with_charge(with_hand(battle({}), "red", card("Shadowblade")), "red", 0)
    broke, _, _ = run(broke, Activate("red", "deploy"))
    with pytest.raises(RuleError, match="holds 0 Charge, the cost is 1"):
        apply(broke, Deploy("red", "Shadowblade", (3, 1)))


def test_the_shadowblade_in_the_initial_deployment_is_a_second_card_there():
    """ "This would give the Elf Domain player two cards in the neutral line during initial
    deployment": placed first into the Neutral Line it pays 1 Charge, and one of red's final 3
    must still go there."""
    state = new_match(
        RULES,
        first_player="red",
        hands={
            "red": [hand("red")[0], card("Shadowblade"), *hand("red")[2:]],
            "gold": hand("gold"),
        },
        seed=1,
        reserves={"red": (4, 4), "gold": (4, 4)},
    )
    state, _, _ = run(state, Place("red", "Shadowblade", (3, 1)))
    assert state.sides["red"].charge == 1
    spaces = [(1, 1), (1, 2), (1, 3), (1, 4)]
    for i, space in enumerate(spaces):
        state, _, _ = run(state, Place("gold", f"gold warrior {i}", (5, i + 1)))
        state, _, _ = run(state, Place("red", f"red warrior {i}", space))
    state, _, _ = run(state, Place("gold", "gold warrior 4", (5, 5)))
    with pytest.raises(RuleError, match="must go into the Neutral Line"):
        apply(state, Place("red", "red warrior 4", (1, 5)))
    state, _, _ = run(state, Place("red", "red warrior 4", (3, 5)))
    assert sum(1 for s in state.units if s[0] == 3) == 2


# -- Triggered Abilities ----------------------------------------------------------------------
@pytest.mark.parametrize(("space", "wounds"), [((2, 3), True), ((3, 3), False)])
def test_infiltrate_adds_to_the_attack_total_in_the_opponents_domain(space, wounds):
    """Skitterling (1), "Infiltrate: add 1 to this card's attack total", "Active only if you are
    in your opponent's Domain": from 2,3 (red's Domain) 1 + 1 + 2 = 4 > 3, a wound; from 3,3 (the
    Neutral Line) 1 + 2 = 3 against 3, blocked."""
    target = (space[0] - 1, space[1])
    state = battle({space: gold(card("Skitterling")), target: red(plain("d", 3))})
    state = golds_phase(state, "attack")
    state, steps, _ = run(state, Attack("gold", space, target, deck(2)))
    assert ("Infiltrate (Skitterling): +1 to the attack total: 2" in steps) is wounds
    assert (state.units[target].wounds == 1) is wounds


@pytest.mark.parametrize(
    ("aelindra", "ally", "attacker", "blocked"),
    [((2, 4), (2, 3), (3, 3), True), ((3, 1), (3, 2), (4, 2), False)],
    ids=["own domain", "neutral line"],
)
def test_protector_adds_to_adjacent_allies_defense(aelindra, ally, attacker, blocked):
    """Aelindra, "Protector: ally cards adjacent to this card add 1 to their defense total".
    Gold's 2 + 1 = 3 against the ally's 2 (+1 beside Aelindra in red's Domain) = 3: blocked; in
    the Neutral Line her Protector is not active: 3 > 2, a wound."""
    state = battle(
        {
            aelindra: red(card("Aelindra, Queen of Thorns")),
            ally: red(plain("ally", 2)),
            attacker: gold(plain("g", 2)),
        }
    )
    state = golds_phase(state, "attack")
    state, steps, _ = run(state, Attack("gold", attacker, ally, deck(1)))
    bonus = "Protector (Aelindra, Queen of Thorns): +1 to the defense total: 3"
    assert (bonus in steps) is blocked and ("3 <= 3: blocked" in steps) is blocked


def test_first_wound_adds_charge_once():
    """Captain Aldric, "1st wound: add 1 Charge to your Stronghold" ("The effect happens when you
    take your first wound. Mandatory."): 2 -> 3; the second wound defeats him, no more."""
    state = battle(
        {
            (2, 3): red(card("Captain Aldric")),
            (3, 3): gold(plain("g", 5)),
            (2, 2): gold(plain("h", 5)),
        }
    )
    state, _, _ = run(state, Activate("red", "charge"), Charge("red"))
    state = with_charge(state, "red", 2)
    state, steps, _ = run(
        state, Activate("gold", "attack"), Attack("gold", (3, 3), (2, 3), deck(1))
    )
    assert state.sides["red"].charge == 3 and "1st wound (Captain Aldric): add charge 1" in steps
    state = with_charge(state, "red", 1)
    state, steps, _ = run(state, Attack("gold", (2, 2), (2, 3), deck(2)))
    assert (2, 3) not in state.units and state.sides["red"].charge == 1


def test_first_wound_weakens_the_card_that_wounded_it():
    """Blood Drinker (2), "1st wound: weaken the card that wounded it": red's 3 + 1 = 4 > 2."""
    state = battle({(2, 3): red(plain("a", 3)), (3, 3): gold(card("Blood Drinker"))})
    state, _, _ = run(state, Activate("red", "attack"), Attack("red", (2, 3), (3, 3), deck(1)))
    assert state.units[(3, 3)].wounds == 1 and state.units[(2, 3)].weakened


def test_on_discard_weakens_every_adjacent_enemy_but_not_after_a_retreat():
    """The Maw Mother, "On Discard: weaken every enemy adjacent to this card": defeated on 3,3
    (5 + 1 = 6 > 4, her second wound), the red cards on 2,3 and 3,2 are weakened; 3,4 was
    already. "Note: a card that retreats cannot use its On Discard ability"."""
    units = {
        (3, 3): gold(card("The Maw Mother"), wounds=1),
        (2, 3): red(plain("a", 5)),
        (3, 2): red(plain("b", 1)),
        (3, 4): red(plain("c", 1), weakened=True),
        (1, 1): red(plain("far", 1)),
    }
    state, steps, _ = run(
        battle(units), Activate("red", "attack"), Attack("red", (2, 3), (3, 3), deck(1))
    )
    assert (3, 3) not in state.units
    assert [state.units[s].weakened for s in ((2, 3), (3, 2), (3, 4), (1, 1))] == [
        True, True, True, False,
    ]  # fmt: skip
    assert state.pending.advance_from == (2, 3)
    calm = battle({(4, 3): gold(card("The Maw Mother")), (3, 3): red(plain("a", 5))})
    calm, _, _ = run(golds_phase(calm, "deploy"), Retreat("gold", (4, 3)))
    assert not calm.units[(3, 3)].weakened


def test_on_discard_one_adjacent_enemy_is_named_never_guessed():
    """Shy-Lorr Spawn, "On Discard: weaken one adjacent enemy". Defeated (5 + 1 > 1, its second
    wound) with one adjacent enemy, that one; with two, the choice is asked, and until gold
    names one nothing else is taken (the effect is mandatory); the advance waits."""
    units = {(3, 3): gold(card("Shy-Lorr Spawn"), wounds=1), (2, 3): red(plain("a", 5))}
    alone, _, _ = run(
        battle(units), Activate("red", "attack"), Attack("red", (2, 3), (3, 3), deck(1))
    )
    assert alone.units[(2, 3)].weakened
    state = battle({**units, (3, 2): red(plain("b", 1))})
    state, _, _ = run(state, Activate("red", "attack"))
    after, outcome = apply(state, Attack("red", (2, 3), (3, 3), deck(1)))
    [choice] = outcome.choices
    assert choice.field == "on_discard" and [v for v, _ in choice.options] == ["2,3", "3,2"]
    assert not after.units[(2, 3)].weakened and not after.units[(3, 2)].weakened
    with pytest.raises(RuleError, match="gold first weakens the adjacent enemy: 2,3 or 3,2"):
        apply(after, Advance("red", (2, 3)))
    after, _, _ = run(after, Weaken("gold", (3, 2)), Advance("red", (2, 3)))
    assert after.units[(3, 2)].weakened and after.units[(3, 3)].card.name == "a"
    named, _ = apply(state, Attack("red", (2, 3), (3, 3), deck(1), on_discard=(3, 2)))
    assert named.units[(3, 2)].weakened and not named.units[(2, 3)].weakened
    with pytest.raises(RuleError, match="not an adjacent enemy"):
        apply(state, Attack("red", (2, 3), (3, 3), deck(1), on_discard=(1, 1)))


def test_on_deploy_a_free_strike_with_lunge_at_once_or_never():
    """Flesh Hunter (3), "On Deploy: make a Free Strike with Lunge": deployed on 4,3, it shifts
    to 4,2 and strikes red's 5 on 3,2: 3 + 1 = 4, blocked, and a free strike is not
    counterattacked. "you must choose to use that ability immediately ... otherwise the
    ability is lost": after another deploy there is none."""
    state = with_hand(
        battle({(3, 2): red(plain("r", 5))}), "gold", card("Flesh Hunter"), plain("g", 1)
    )
    state = golds_phase(state, "deploy")
    deployed, _, _ = run(state, Deploy("gold", "Flesh Hunter", (4, 3)))
    assert deployed.pending.strike_from == (4, 3) and deployed.pending.strike_lunge
    struck, steps, _ = run(
        deployed,
        Attack(
            "gold", (4, 3), (3, 2), deck(1), attack_kind=AttackKind.FREE_STRIKE, lunge_to=(4, 2)
        ),
    )
    assert "4 <= 5: blocked" in steps and struck.pending.counter_from is None
    assert struck.units[(4, 2)].card.name == "Flesh Hunter"
    lost, _, _ = run(deployed, Deploy("gold", "g", (5, 5)))
    with pytest.raises(RuleError, match="Free Strike"):
        apply(lost, Attack("gold", (4, 3), (3, 3), deck(1), attack_kind=AttackKind.FREE_STRIKE))


def test_on_deploy_in_the_initial_deployment():
    """ "cards with On Deploy abilities will trigger as normal" in the initial deployment: the Flesh
    Hunter, placed on 4,3, lunges to 3,3 and strikes red's card on 2,3 (3 + 2 = 5 > 2) before red
    places again."""
    state = new_match(
        RULES,
        first_player="red",
        hands={
            "red": hand("red"),
            "gold": [hand("gold")[0], card("Flesh Hunter"), *hand("gold")[2:]],
        },
        seed=1,
        reserves={"red": (4, 4), "gold": (4, 4)},
    )
    state, _, _ = run(
        state, Place("red", "red warrior 0", (2, 3)), Place("gold", "Flesh Hunter", (4, 3))
    )
    state, steps, _ = run(
        state,
        Attack(
            "gold", (4, 3), (2, 3), deck(2), attack_kind=AttackKind.FREE_STRIKE, lunge_to=(3, 3)
        ),
    )
    assert "5 > 2: a wound" in steps and state.units[(2, 3)].wounds == 1
    state, _, _ = run(state, Place("red", "red warrior 1", (2, 2)))
    assert len(state.placed["red"]) == 2


def test_on_deploy_pay_one_charge_to_move_an_ally_warrior():
    """Disciple of the Sky, "On Deploy: pay 1 Charge to move an ally Warrior card already in
    play": deployed, it sends the warrior on 2,4 to 4,4 (a move of two spaces) for 1 Charge (2 ->
    1); the ability is then used up, and no other card is moved by it."""
    state = with_hand(
        battle({(2, 4): red(plain("w", 2)), (1, 1): red(plain("e", 3, kind="elite"))}),
        "red",
        card("Disciple of the Sky"),
    )
    state, _, _ = run(
        state, Activate("red", "deploy"), Deploy("red", "Disciple of the Sky", (2, 2))
    )
    with pytest.raises(RuleError, match="is not a Warrior"):
        apply(state, Use("red", (2, 2), target=(1, 1), to=(1, 2)))
    state, steps, _ = run(state, Use("red", (2, 2), target=(2, 4), to=(4, 4)))
    assert state.units[(4, 4)].card.name == "w" and state.sides["red"].charge == 1
    with pytest.raises(RuleError, match="no ability to use now"):
        apply(state, Use("red", (2, 2), target=(4, 4), to=(4, 5)))


# -- Activated Abilities: once a phase, their Charge cost ------------------------------------------
def test_an_activated_ability_once_a_phase_instead_of_attacking():
    """Thornweaver, "During your attack phase, pay 1 Charge to weaken one enemy within range
    instead of attacking": 2 -> 1 Charge, the enemy on 3,3 weakened; then it has no attack, nor a
    second use this phase; in the move phase it has nothing to use."""
    state = battle(
        {(2, 3): red(card("Thornweaver")), (3, 3): gold(plain("g", 2)), (2, 2): gold(plain("h", 2))}
    )
    moving, _, _ = run(state, Activate("red", "move"))
    with pytest.raises(RuleError, match="attack phase"):
        apply(moving, Use("red", (2, 3), target=(3, 3)))
    state, _, _ = run(state, Activate("red", "attack"), Use("red", (2, 3), target=(3, 3)))
    assert state.units[(3, 3)].weakened and state.sides["red"].charge == 1
    with pytest.raises(RuleError, match="only one attack per phase"):
        apply(state, Attack("red", (2, 3), (3, 3), deck(1)))
    with pytest.raises(RuleError, match="no ability to use now"):
        apply(state, Use("red", (2, 3), target=(2, 2)))


def test_sacrifice_an_adjacent_ally_warrior_for_charge():
    """Carrion Priest, "In your turn, sacrifice an adjacent ally Warrior to add 2 Charge to your
    Stronghold": the warrior on 4,4 is discarded (no On Discard: it is a Shy-Lorr Spawn and the
    enemy beside it stays as it is), 0 -> 2 Charge. An elite is refused."""
    units = {
        (4, 3): gold(card("Carrion Priest")),
        (4, 4): gold(card("Shy-Lorr Spawn")),
        (4, 2): gold(plain("e", 3, kind="elite")),
        (3, 4): red(plain("r", 2)),
    }
    state = with_charge(battle(units), "gold", 0)
    state = golds_phase(state, "move")
    with pytest.raises(RuleError, match="not an adjacent ally Warrior"):
        apply(state, Use("gold", (4, 3), target=(4, 2)))
    state, _, _ = run(state, Use("gold", (4, 3), target=(4, 4)))
    assert (4, 4) not in state.units and state.sides["gold"].discard[-1].name == "Shy-Lorr Spawn"
    assert state.sides["gold"].charge == 2 and not state.units[(3, 4)].weakened


def test_field_surgeon_removes_a_wound_instead_of_adding_charge():
    """Field Surgeon, "During your charge phase, instead of adding Charge, remove 1 Wound token
    from an adjacent ally": the ally on 4,4 goes 1 -> 0 wounds, the phase ends, Charge stays 2."""
    state = battle({(4, 3): gold(card("Field Surgeon")), (4, 4): gold(plain("w", 2), wounds=1)})
    state, _, _ = run(state, Activate("red", "move"), EndPhase("red"), Activate("gold", "charge"))
    state, _, _ = run(state, Use("gold", (4, 3), target=(4, 4)))
    assert state.units[(4, 4)].wounds == 0 and state.sides["gold"].charge == 2
    assert state.phase is None and state.round.to_act == "red"


# -- Strongholds: once in a turn ------------------------------------------------------------------
def test_heartwood_grove_shifts_an_ally_once_a_turn():
    """Heartwood Grove, "In your turn, pay 1 Charge to shift an ally card" ("A Stronghold ability
    can only be used once in a turn"): 2,3 -> 2,4 for 1 Charge; a second use is refused."""
    state = battle({(2, 3): red(plain("a", 2)), (1, 1): red(plain("b", 2))}, red="Heartwood Grove")
    state, _, _ = run(state, Activate("red", "attack"), Use("red", None, target=(2, 3), to=(2, 4)))
    assert (2, 4) in state.units and state.sides["red"].charge == 1
    with pytest.raises(RuleError, match="no ability to use now"):
        apply(state, Use("red", None, target=(1, 1), to=(1, 2)))


def test_moonwell_adds_charge_and_removes_a_weaken():
    """Moonwell, "During your charge phase, add Charge and also remove a Weaken token from an
    ally": the Charge Phase's "Add 2 charge tokens ... OR remove 1 Weaken token" becomes both:
    1 -> 3 Charge and the ally on 2,2 is no longer weakened."""
    state = with_charge(
        battle({(2, 2): red(plain("a", 2), weakened=True)}, red="Moonwell"), "red", 1
    )
    state, _, _ = run(state, Activate("red", "charge"), Charge("red", remove_weaken_at=(2, 2)))
    assert state.sides["red"].charge == 3 and not state.units[(2, 2)].weakened


def test_thorn_gate_weakens_an_enemy_entering_the_assault_zone_at_once():
    """Thorn Gate, "When an enemy card enters your assault zone, pay 1 Charge to weaken it": gold
    moves 3,3 -> 2,3 (red's zone): red weakens it for 1 Charge. Answered later, it is gone."""
    state = battle({(3, 3): gold(plain("g", 2)), (1, 1): red(plain("r", 2))}, red="Thorn Gate")
    state = golds_phase(state, "move")
    state = with_charge(state, "red", 2)
    moved, _, _ = run(state, Move("gold", (3, 3), (2, 3)))
    assert moved.pending.entered == (2, 3)
    answered, _, _ = run(moved, Use("red", None, target=(2, 3)))
    assert answered.units[(2, 3)].weakened and answered.sides["red"].charge == 1
    late, _, _ = run(moved, EndPhase("gold"))
    with pytest.raises(RuleError, match="no ability to use now"):
        apply(late, Use("red", None, target=(2, 3)))


def test_free_city_walls_add_to_the_defense_on_a_fortified_space():
    """Free City Walls, "Ally cards on your fortified spaces add 1 to their defense total": red's
    2 + 1 = 3 against gold's 2 on 5,2 (fortified) + 1 = 3, blocked; on 5,3 (not fortified) a
    wound."""
    for space, blocked in (((5, 2), True), ((5, 3), False)):
        attacker = (4, space[1])
        state = battle(
            {attacker: red(plain("a", 2)), space: gold(plain("d", 2))}, gold="Free City Walls"
        )
        state, steps, _ = run(
            state, Activate("red", "attack"), Attack("red", attacker, space, deck(1))
        )
        assert ("3 <= 3: blocked" in steps) is blocked, space


def test_sky_tower_and_skyfather_oren_twice_in_a_turn():
    """Sky Tower, "During your move phase, pay 1 Charge to let one ally flying card move 1 extra
    space": the Sky Scout flies 5,1 -> 1,1, four spaces (3 + 1). Skyfather Oren, "Protector: your
    Stronghold ability may be used 2 times in a turn": a second flyer too (2 -> 0 Charge); with
    Oren out of his Domain, the second use is refused."""
    units = {
        (5, 1): gold(card("Sky Scout")),
        (5, 2): gold(plain("f", 1, flying=True)),
        (5, 5): gold(card("Skyfather Oren")),
    }
    state = battle(units, gold="Sky Tower")
    state = golds_phase(state, "move")
    twice, _, _ = run(
        state,
        Use("gold", None, target=(5, 1), to=(1, 1)),
        Use("gold", None, target=(5, 2), to=(2, 2)),
    )
    assert twice.units[(1, 1)].card.name == "Sky Scout" and twice.units[(2, 2)].card.name == "f"
    assert twice.sides["gold"].charge == 0
    away = {**units, (3, 5): units[(5, 5)]}
    del away[(5, 5)]
    once = battle(away, gold="Sky Tower")
    once = golds_phase(once, "move")
    once, _, _ = run(once, Use("gold", None, target=(5, 1), to=(1, 1)))
    with pytest.raises(RuleError, match="no ability to use now"):
        apply(once, Use("gold", None, target=(5, 2), to=(2, 2)))


def test_muster_field_deploys_into_the_neutral_line():
    """Muster Field, "During your deploy phase, pay 1 Charge to deploy one card into the Neutral
    Line": 3,2 for 1 Charge; once a turn, so the next is refused."""
    state = with_hand(battle({}, gold="Muster Field"), "gold", plain("g", 2), plain("h", 2))
    state = golds_phase(state, "deploy")
    state, _, _ = run(state, Deploy("gold", "g", (3, 2)))
    assert state.units[(3, 2)].owner == "gold" and state.sides["gold"].charge == 1
    with pytest.raises(RuleError, match="used 1 time"):
        apply(state, Deploy("gold", "h", (3, 4)))


def test_drowned_temple_shifts_an_ally_with_submerge():
    """Drowned Temple, "In your turn, pay 1 Charge to shift an ally with Submerge": the Tide
    Stalker 4,3 -> 4,4; a card without Submerge is refused."""
    units = {(4, 3): gold(card("Tide Stalker")), (5, 1): gold(plain("g", 2))}
    state = battle(units, gold="Drowned Temple")
    state = golds_phase(state, "reposition")
    with pytest.raises(RuleError, match="has no Submerge"):
        apply(state, Use("gold", None, target=(5, 1), to=(5, 2)))
    state, _, _ = run(state, Use("gold", None, target=(4, 3), to=(4, 4)))
    assert state.units[(4, 4)].card.name == "Tide Stalker" and state.sides["gold"].charge == 1


def test_shrieking_reef_weakens_an_enemy_in_the_assault_zone():
    """Shrieking Reef, "During your attack phase, pay 2 Charge to weaken one enemy in your
    assault zone": red's card on 4,3 (gold's zone) is weakened, 2 -> 0; one on 3,3 is not in it."""
    state = battle({(4, 3): red(plain("r", 2)), (3, 3): red(plain("s", 2))}, gold="Shrieking Reef")
    state = golds_phase(state, "attack")
    with pytest.raises(RuleError, match="not an enemy in your assault zone"):
        apply(state, Use("gold", None, target=(3, 3)))
    state, _, _ = run(state, Use("gold", None, target=(4, 3)))
    assert state.units[(4, 3)].weakened and state.sides["gold"].charge == 0


def test_flesh_pits_add_charge_when_an_ally_is_defeated_once_a_turn():
    """Flesh Pits, "When an ally card is defeated, add 1 Charge to this Stronghold": two of gold's
    wounded cards defeated in red's attack phase (4 + 1 > 1 twice): 1 -> 2, once in a turn."""
    units = {
        (2, 3): red(plain("a", 4)),
        (2, 2): red(plain("b", 4)),
        (3, 3): gold(plain("x", 1), wounds=1),
        (3, 2): gold(plain("y", 1), wounds=1),
    }
    state = with_charge(battle(units, gold="Flesh Pits"), "gold", 1)
    state, steps, _ = run(
        state,
        Activate("red", "attack"),
        Attack("red", (2, 3), (3, 3), deck(1)),
        Attack("red", (2, 2), (3, 2), deck(1)),
    )
    assert (3, 3) not in state.units and (3, 2) not in state.units
    assert state.sides["gold"].charge == 2
    assert "Flesh Pits: its ability was used this turn already" in steps


def test_a_match_recorded_before_the_effects_were_data_plays_as_it_did():
    """`card_effects` False: the table applied the abilities by hand, so the engine adds no
    Protector and lets any card make a free strike, as it did then."""
    state = replace(
        battle(
            {
                (2, 4): red(card("Aelindra, Queen of Thorns")),
                (2, 3): red(plain("ally", 2)),
                (3, 3): gold(plain("g", 2)),
            }
        ),
        card_effects=False,
    )
    state, steps, _ = run(
        golds_phase(state, "attack"),
        Attack("gold", (3, 3), (2, 3), deck(1), attack_kind=AttackKind.FREE_STRIKE),
    )
    assert "3 > 2: a wound" in steps
    with pytest.raises(RuleError, match="by hand"):
        apply(state, Use("gold", None, target=(2, 3)))
