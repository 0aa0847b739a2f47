"""Every card does what it says, in a match: each item effect of the sample decks, the rule
book's combos, the sets, the drugs, the Special Play cards by their icons, worked out by hand
from the rule text and the card's printed text (the sample units: gunner M3 S1 T2 V7, warrior
M4 S2 T1 V6, medic M4 S1 T0 V5, scout M6 S1 T0 V5; every number is read from the data)."""

from __future__ import annotations

from typing import Any

import pytest

from toolkit.games.deathdome.data import load_deathdome
from toolkit.games.deathdome.state import UnitRef

from .test_match import Match

DATA = load_deathdome()
UNITS = DATA.units
ITEMS = DATA.items
START = DATA.rules.campaign.starting_credits


def S(item: str) -> int:  # noqa: N802 - the rule book's S
    return int(ITEMS[item].strength or 0)


def T(item: str) -> int:  # noqa: N802
    return int(ITEMS[item].toughness or 0)


def playing(red: list[tuple[str, str]] = (), blue: list[tuple[str, str]] = ()) -> Match:  # type: ignore[assignment]
    match = Match()
    match.start({"red": list(red), "blue": list(blue)})
    return match


def stats(match: Match, ref: str) -> dict[str, int]:
    colour, unit_type = ref.split(".")
    return dict(match.state.unit_stats(UnitRef(colour, unit_type)).stats)


def hit(outcome: dict[str, Any], unit: str) -> dict[str, Any]:
    return next(h for h in outcome["hits"] if h["unit"] == unit)


# ------------------------------------------------------------------------------------ armour


def test_the_riot_shield_prevents_push_back():
    """Riot Shield: "[D] [P] T2. Prevents push back." Heavy Rifle S2 + gunner Skill 1 + 1,1,1 =
    6 against T2 + warrior Toughness 1 = 3: 3 damage, Vitae 6 -> 3, wounded with three of a
    kind - but not pushed back. Without the shield: 6 - 1 = 5, Vitae 1, pushed back."""
    match = playing([("gunner", "heavy-rifle")], [("warrior", "riot-shield")])
    out = match.do(type="attack", attacker="red.gunner", target="blue.warrior",
                   weapon="heavy-rifle", cards="1,1,1")  # fmt: skip
    assert (hit(out, "blue.warrior")["vitae_left"], hit(out, "blue.warrior")["push_back"]) == (
        3,
        False,
    )
    assert "push back: 3 of a kind, but the unit cannot be pushed back" in out["steps"]
    assert "Riot Shield: Prevents push back." in out["steps"]
    bare = playing([("gunner", "heavy-rifle")])
    out = bare.do(type="attack", attacker="red.gunner", target="blue.warrior",
                  weapon="heavy-rifle", cards="1,1,1")  # fmt: skip
    assert (hit(out, "blue.warrior")["vitae_left"], hit(out, "blue.warrior")["push_back"]) == (
        1,
        True,
    )


def test_the_buzz_saw_suit_cuts_an_adjacent_attacker_that_wounds():
    """Buzz Saw Suit: "T2. An adjacent attacker that wounds this unit loses 1 Vitae." Chainsaw
    (close combat, reach 1: adjacent for sure) S3 + warrior Skill 2 + 1 = 6 against T2 + gunner
    T2 = 4: 2 damage, a wound: the warrior loses 1 Vitae, 6 -> 5. With a defence card 2 the
    stack is 6 against 6: no wound, no cut."""
    match = playing([("warrior", "chainsaw")], [("gunner", "buzz-saw-suit")])
    out = match.do(type="attack", attacker="red.warrior", target="blue.gunner",
                   weapon="chainsaw", cards="1")  # fmt: skip
    assert hit(out, "blue.gunner")["damage"] == 2 and out["attacker_vitae_loss"] == 1
    assert match.unit("red.warrior").vitae == UNITS["warrior"].vitae - 1
    out = match.do(type="attack", attacker="red.warrior", target="blue.gunner",
                   weapon="chainsaw", cards="1", defence="2")  # fmt: skip
    assert not hit(out, "blue.gunner")["wounded"] and "attacker_vitae_loss" not in out
    assert match.unit("red.warrior").vitae == UNITS["warrior"].vitae - 1


def test_a_ranged_attacker_is_asked_whether_it_stands_next_to_the_saws():
    """A Heavy Rifle reaches 9: whether the gunner stands next to its target is the table's to
    say. Unknown, no Vitae is cut and the check asks; told "adjacent", the gunner loses 1."""
    from toolkit.games.deathdome.actions import Action
    from toolkit.games.deathdome.match import apply
    from toolkit.games.deathdome.play import attack_asks

    match = playing([("gunner", "heavy-rifle")], [("warrior", "buzz-saw-suit")])
    fields = {"type": "attack", "attacker": "red.gunner", "target": "blue.warrior",
              "weapon": "heavy-rifle", "cards": "3"}  # fmt: skip
    action = Action.from_fields(fields)
    _, out = apply(match.state, action)
    assert out["adjacent_unknown"] == ["blue.warrior"] and "attacker_vitae_loss" not in out
    (ask,) = attack_asks(match.state, action, out)
    assert ask["field"] == "adjacent"
    assert [o["value"] for o in ask["options"]] == ["blue.warrior", "none"]
    out = match.do(**fields, adjacent="blue.warrior")
    assert out["attacker_vitae_loss"] == 1 and "adjacent_unknown" not in out
    assert match.unit("red.gunner").vitae == UNITS["gunner"].vitae - 1


def test_saws_that_kill_the_attacker_score_for_the_defending_team():
    """Spider Legs + Buzz Saw Suit (Combos): the saws cut 1 more, 2. A warrior at 2 Vitae that
    wounds the suit is killed: the kill point goes to blue, whose unit made the kill ("Kill
    points are always awarded to the player controlling the unit that makes the kill")."""
    match = playing([("warrior", "chainsaw")],
                    [("gunner", "buzz-saw-suit"), ("gunner", "spider-legs")])  # fmt: skip
    match.do(type="vitae", unit="red.warrior", change=-4)
    out = match.do(type="attack", attacker="red.warrior", target="blue.gunner",
                   weapon="chainsaw", cards="1", attacker_jail="north")  # fmt: skip
    assert out["attacker_vitae_loss"] == 2
    assert match.unit("red.warrior").jail == "north" and match.team("blue").kills == 1


def test_titan_armour_costs_a_point_of_movement_while_worn():
    """Titan Armour: "T4. -1 M while worn." A gunner's Movement 3 becomes 2, its defence T4."""
    match = playing(blue=[("gunner", "titan-armour")])
    assert stats(match, "blue.gunner")["movement"] == UNITS["gunner"].movement - 1
    assert T("titan-armour") == 4


def test_earmuffs_keep_a_unit_on_its_feet():
    """Earmuffs: "This unit cannot be incapacitated." Stun Blaster S1 + Skill 1 + 3 = 5 against
    the scout's Toughness 0: 5 damage off Vitae 5 would kill; with 1 card the wound (2 damage)
    would incapacitate - not a unit wearing Earmuffs."""
    match = playing([("gunner", "stun-blaster")], [("scout", "earmuffs")])
    out = match.do(type="attack", attacker="red.gunner", target="blue.scout",
                   weapon="stun-blaster", cards="1")  # fmt: skip
    assert hit(out, "blue.scout")["wounded"] and not hit(out, "blue.scout")["incapacitated"]
    assert "it cannot be incapacitated" in " ".join(out["steps"])
    assert not match.unit("blue.scout").incapacitated


def test_a_combo_of_armour_and_equipment_raises_the_defence():
    """Sansachel's Satchel + Riot Shield (Combos): T1 more. 3 + Heavy Rifle S2 + Skill 1 = 6
    against T2 + T1 + warrior Toughness 1 = 4: 2 damage."""
    match = playing([("gunner", "heavy-rifle")],
                    [("warrior", "riot-shield"), ("warrior", "sansachel-satchel")])  # fmt: skip
    assert stats(match, "blue.warrior")["toughness"] == UNITS["warrior"].toughness + 1
    out = match.do(type="attack", attacker="red.gunner", target="blue.warrior",
                   weapon="heavy-rifle", cards="3")  # fmt: skip
    assert hit(out, "blue.warrior")["damage"] == 2


# -------------------------------------------------------------------------------- the drugs


def test_a_medi_kit_heals_a_friend_automatically_never_above_full():
    """Medi-Kit: "[A] Drug: automatic on a friend ... Heal 2 Vitae (+V)." A gunner at 7 - 3 = 4
    heals to 6, then to 7 (its full Vitae), each use an action ([A])."""
    match = playing([("medic", "medi-kit")])
    match.do(type="vitae", unit="red.gunner", change=-3)
    match.do(type="use", unit="red.medic", item="medi-kit", targets="red.gunner")
    assert match.unit("red.gunner").vitae == 6 and match.state.phases_used == 1
    match.do(type="use", unit="red.medic", item="medi-kit", targets="red.gunner")
    assert match.unit("red.gunner").vitae == UNITS["gunner"].vitae and match.state.phases_used == 2
    match.refused(
        "Medic Unit", type="use", unit="red.medic", item="medi-kit", targets="blue.gunner"
    )
    match.refused("Medic Unit", type="use", unit="red.medic", item="medi-kit", targets="red.medic")


def test_steroids_give_plus_one_skill_for_the_rest_of_the_turn():
    """Steroids: "+1 S." given to the warrior (Skill 2 -> 3) this turn; at the end of the turn
    it wears off ("+S ... for the rest of your turn")."""
    match = playing([("medic", "steroids"), ("warrior", "chainsaw")])
    match.do(type="use", unit="red.medic", item="steroids", targets="red.warrior")
    assert stats(match, "red.warrior")["skill"] == UNITS["warrior"].skill + 1
    out = match.do(type="attack", attacker="red.warrior", target="blue.scout",
                   weapon="chainsaw", cards="")  # fmt: skip
    # S3 + Skill 3 = 6 against the scout's 0: 6 damage, Vitae 5 -> 0.
    assert hit(out, "blue.scout")["killed"]
    out = match.end_turn()
    assert "red.warrior: Steroids wears off" in out["steps"]
    assert stats(match, "red.warrior")["skill"] == UNITS["warrior"].skill


def test_the_pain_dispersor_lasts_until_the_teams_next_turn():
    """Pain Dispersor: "+1 T. This one lasts until your next turn." Given in red's turn, it
    still counts in blue's attack (Toughness 2 + 1 = 3), and wears off when red's turn comes."""
    match = playing([("medic", "pain-dispersor")], [("gunner", "heavy-rifle")])
    match.do(type="use", unit="red.medic", item="pain-dispersor", targets="red.gunner")
    match.end_turn()
    assert stats(match, "red.gunner")["toughness"] == UNITS["gunner"].toughness + 1
    out = match.do(type="attack", attacker="blue.gunner", target="red.gunner",
                   weapon="heavy-rifle", cards="2")  # fmt: skip
    # 2 + S2 + Skill 1 = 5 against Toughness 3: 2 damage.
    assert hit(out, "red.gunner")["damage"] == 2
    out = match.end_turn()
    assert "red.gunner: Pain Dispersor wears off" in out["steps"]
    assert stats(match, "red.gunner")["toughness"] == UNITS["gunner"].toughness


def test_adrenaline_on_a_buzz_saw_suit_gives_skill_too():
    """Adrenaline: "+2 M." With the Buzz Saw Suit (Combos): "+1 S" too, while it lasts."""
    match = playing([("medic", "adrenaline"), ("warrior", "buzz-saw-suit")])
    match.do(type="use", unit="red.medic", item="adrenaline", targets="red.warrior")
    assert stats(match, "red.warrior")["movement"] == UNITS["warrior"].movement + 2
    assert stats(match, "red.warrior")["skill"] == UNITS["warrior"].skill + 1
    match.do(type="use", unit="red.medic", item="adrenaline", targets="red.scout")
    assert stats(match, "red.scout")["skill"] == UNITS["scout"].skill  # no suit, no combo


def test_the_dispersors_combos_heal_guard_and_harden():
    """Pain Dispersor with Hoblerone's Healer: "Heal 1 Vitae"; with Perfect Plans: "+1 T" more;
    with the Cyber Suit: "Immune to -V": a Bee Sting (-V 1) takes nothing."""
    match = playing([("medic", "pain-dispersor"), ("gunner", "hoblerone-healer"),
                     ("gunner", "perfect-plans"), ("gunner", "cyber-suit")])  # fmt: skip
    match.do(type="vitae", unit="red.gunner", change=-2)
    out = match.do(type="use", unit="red.medic", item="pain-dispersor", targets="red.gunner")
    assert match.unit("red.gunner").vitae == UNITS["gunner"].vitae - 1
    assert stats(match, "red.gunner")["toughness"] == UNITS["gunner"].toughness + 2
    match.end_turn()
    out = match.do(type="play", team="blue", card="bee-sting", unit="red.gunner")
    assert "immune to -V" in " ".join(out["steps"])
    assert match.unit("red.gunner").vitae == UNITS["gunner"].vitae - 1


def test_an_offensive_drug_attacks_and_acts_only_on_damage():
    """Tranquilizer: "Offensive drug: attack as normal; it takes effect only if the attack
    damages the enemy. Incapacitate." S1 + medic Skill 1 + 1 = 3 against the gunner's T2: 1
    damage, incapacitated. Against a defence card 1, no damage: no effect."""
    match = playing([("medic", "tranquilizer")])
    out = match.do(type="attack", attacker="red.medic", target="blue.gunner",
                   weapon="tranquilizer", cards="1", defence="1")  # fmt: skip
    assert not hit(out, "blue.gunner")["incapacitated"]
    out = match.do(type="attack", attacker="red.medic", target="blue.gunner",
                   weapon="tranquilizer", cards="1")  # fmt: skip
    assert hit(out, "blue.gunner")["incapacitated"]


def test_the_needle_gun_gives_the_medics_drugs_its_range():
    """Needle Gun: "The Medic uses his drugs at this weapon's range" (range 6): the Tranquilizer
    reaches 6, not 1 (Medic Unit: "With the Needle Gun card, the Medic may use his syringe from
    long range")."""
    from toolkit.games.deathdome import loadout
    from toolkit.games.deathdome.rules import weapon_reach

    near = loadout.unit_cards(DATA, ["tranquilizer"])
    far = loadout.unit_cards(DATA, ["tranquilizer", "needle-gun"])
    tranquilizer = ITEMS["tranquilizer"]
    assert weapon_reach(loadout.weapon_profile(tranquilizer, near)[0], DATA.rules) == 1
    assert weapon_reach(loadout.weapon_profile(tranquilizer, far)[0], DATA.rules) == 6
    assert (
        loadout.drug_reach(far.carried, 1)[0] == 6 and loadout.drug_reach(near.carried, 1)[0] == 1
    )


# ---------------------------------------------------------------------------- items used


def test_hoblerones_healer_heals_and_earmuffs_add_one():
    """Hoblerone's Healer: "[A] Heal 1 Vitae (+V)"; with Earmuffs (Combos) "Heal 1" more: 2."""
    match = playing([("medic", "hoblerone-healer"), ("medic", "earmuffs")])
    match.do(type="vitae", unit="red.scout", change=-3)
    match.do(type="use", unit="red.medic", item="hoblerone-healer", targets="red.scout")
    assert match.unit("red.scout").vitae == UNITS["scout"].vitae - 1


def test_jet_boots_once_per_turn():
    """Jet Boots: "[+M] Once per turn: +1 M." Free (no unit phase), a second use this turn
    refused, usable again on the next turn."""
    match = playing([("scout", "jet-boots")])
    match.do(type="use", unit="red.scout", item="jet-boots")
    assert stats(match, "red.scout")["movement"] == UNITS["scout"].movement + 1
    assert match.state.phases_used == 0
    match.refused("Item Cards", type="use", unit="red.scout", item="jet-boots")
    match.end_turn()
    match.end_turn()
    assert stats(match, "red.scout")["movement"] == UNITS["scout"].movement
    match.do(type="use", unit="red.scout", item="jet-boots")


def test_implants_give_one_free_action_once_per_match():
    """Implants: "[+A] Once per match: A free action." After both unit phases, one action more;
    a second use refused for the rest of the match."""
    match = playing([("scout", "implants"), ("gunner", "heavy-rifle")])
    for _ in range(2):
        match.do(type="capture", team="red")
    match.refused("On Your Turn", type="capture", team="red")
    match.do(type="use", unit="red.scout", item="implants")
    match.do(type="capture", team="red")
    assert match.team("red").control_points == 3
    match.refused("On Your Turn", type="capture", team="red")
    match.end_turn()
    match.end_turn()
    match.refused("Item Cards", type="use", unit="red.scout", item="implants")


def test_perfect_plans_once_per_match_and_the_deck_is_the_tables():
    match = playing([("medic", "perfect-plans")])
    out = match.do(type="use", unit="red.medic", item="perfect-plans")
    assert "look at the top 3 Special Play cards and put them back in any order" in out["steps"]
    match.refused("Item Cards", type="use", unit="red.medic", item="perfect-plans")


def test_the_vacuum_fan_pulls_an_enemy_and_lava_kills_it():
    """Vacuum Fan: "[A] Pull an enemy 1 square(s) toward this unit. Range 3." Onto lava: killed
    ("If a unit is pushed back onto a lava space they are killed"), the kill red's; a wall in the
    way: no pull."""
    match = playing([("warrior", "vacuum-fan")])
    out = match.do(type="use", unit="red.warrior", item="vacuum-fan", targets="blue.scout",
                   onto="wall")  # fmt: skip
    assert out["steps"] == ["blue.scout is not pulled: a wall is in the way"]
    match.do(type="use", unit="red.warrior", item="vacuum-fan", targets="blue.scout",
             onto="lava", jail="south")  # fmt: skip
    assert match.unit("blue.scout").jail == "south" and match.team("red").kills == 1
    assert match.state.phases_used == 2  # [A]: an action each


def test_the_kamikaze_vest_blasts_its_neighbours():
    """Kamikaze Vest: "every unit adjacent loses 3 Vitae"; with the Vacuum Fan (Combos) 1 more:
    4. The scout (Vitae 5) keeps 1, the medic (5) keeps 1; the wearer goes to jail and nobody
    scores a kill point for it."""
    match = playing([("warrior", "kamikaze-vest"), ("warrior", "vacuum-fan")])
    out = match.do(type="use", unit="red.warrior", item="kamikaze-vest",
                   targets="blue.scout,blue.medic", jail="north")  # fmt: skip
    assert match.unit("blue.scout").vitae == 1 and match.unit("blue.medic").vitae == 1
    assert match.unit("red.warrior").jail == "north"
    assert match.team("blue").kills == 0 and match.team("red").kills == 0
    assert "Kamikaze Vest: no kill point for anyone" in out["steps"]


def test_smoke_bombs_cancel_a_ranged_attack_and_are_used_up():
    """Smoke Bombs: "[O] Cancels one ranged attack aimed at this unit. Then discard this card."
    A Heavy Rifle's attack (ranged) does nothing to the scout, and the bombs leave it. Against
    a close combat weapon they cancel nothing: Chainsaw S3 + Skill 2 + 1 = 6 against the scout's
    0 kills it (Vitae 5), and the bombs are used up all the same."""
    match = playing([("gunner", "heavy-rifle")], [("scout", "smoke-bombs")])
    out = match.do(type="attack", attacker="red.gunner", target="blue.scout",
                   weapon="heavy-rifle", cards="4,4", defence="smoke-bombs")  # fmt: skip
    assert hit(out, "blue.scout")["damage"] == 0 and hit(out, "blue.scout")["cancelled"]
    assert match.unit("blue.scout").items == ()
    assert match.team("blue").items() == []  # discarded: no longer owned
    close = playing([("warrior", "chainsaw")], [("scout", "smoke-bombs")])
    out = close.do(type="attack", attacker="red.warrior", target="blue.scout",
                   weapon="chainsaw", cards="1", defence="smoke-bombs", jail="north")  # fmt: skip
    assert hit(out, "blue.scout")["killed"] and "cancelled" not in hit(out, "blue.scout")
    assert close.unit("blue.scout").items == ()


def test_the_telegun_may_swap_places_instead_of_damage():
    """Telegun: "Instead of damage you may swap places with the target." S1 + Skill 1 + 3 = 5
    against the gunner's 2: 3 damage - or, swapping, none. The check asks when it would hit."""
    from toolkit.games.deathdome.actions import Action
    from toolkit.games.deathdome.match import apply
    from toolkit.games.deathdome.play import attack_asks

    match = playing([("scout", "telegun")])
    fields = {"type": "attack", "attacker": "red.scout", "target": "blue.gunner",
              "weapon": "telegun", "cards": "3"}  # fmt: skip
    action = Action.from_fields(fields)
    _, out = apply(match.state, action)
    assert attack_asks(match.state, action, out)[0]["field"] == "swap"
    out = match.do(**fields, swap="yes")
    assert hit(out, "blue.gunner")["damage"] == 0 and hit(out, "blue.gunner")["swapped"]
    assert out["summary"] == "blue.gunner swaps places with red.scout"
    assert match.unit("blue.gunner").vitae == UNITS["gunner"].vitae


@pytest.mark.parametrize(
    ("weapon", "partner", "reach"),
    [("buzz-pole", "vacuum-fan", 3), ("telegun", "implants", 14)],
)
def test_a_combo_changes_its_weapons_range(weapon, partner, reach):
    """Vacuum Fan + Buzz Pole: "Range 3" (2 alone); Implants + Telegun: "Range 14" (9 alone)."""
    from toolkit.games.deathdome import loadout

    alone = loadout.weapon_profile(ITEMS[weapon], loadout.unit_cards(DATA, [weapon]))[0]
    both = loadout.weapon_profile(ITEMS[weapon], loadout.unit_cards(DATA, [weapon, partner]))[0]
    assert alone.range == ITEMS[weapon].range != reach and both.range == reach


def test_sansachels_three_card_combo_pushes_back_two_squares():
    """Sansachel's Satchel + Steroids + Boxing Gloves (Combos): "Pushes back 2 squares." The
    medic gives the warrior Steroids (the drug counts as carried while it lasts); Boxing Gloves
    S1 + Skill 2 + 2,2 = 7 against the gunner's T2: 5 damage, two of a kind, pushed back the
    Gloves' 1 square. With Steroids (Skill 3): 1,1 + S1 + 3 = 6 against the warrior's T1: 5,
    Vitae 6 -> 1, two of a kind: pushed back 2 squares."""
    match = playing([("warrior", "boxing-gloves"), ("warrior", "sansachel-satchel"),
                     ("medic", "steroids")])  # fmt: skip
    out = match.do(type="attack", attacker="red.warrior", target="blue.gunner",
                   weapon="boxing-gloves", cards="2,2")  # fmt: skip
    assert hit(out, "blue.gunner")["push_back"] and "push_squares" not in hit(out, "blue.gunner")
    match.end_turn()
    match.end_turn()
    match.do(type="use", unit="red.medic", item="steroids", targets="red.warrior")
    out = match.do(type="attack", attacker="red.warrior", target="blue.warrior",
                   weapon="boxing-gloves", cards="1,1")  # fmt: skip
    assert hit(out, "blue.warrior")["vitae_left"] == 1
    assert hit(out, "blue.warrior")["push_squares"] == 2
    assert out["summary"].endswith("pushed back 2 squares")


def test_a_set_bonus_needs_all_three_items_owned():
    """Sansachel's set "+1 movement" to the unit carrying Sansachel's Satchel, while the team
    owns the Dagger and the Cloak too (not before: "When your team possesses all 3 items")."""
    match = Match()
    match.do(type="buy", team="red", item="sansachel-satchel")
    match.do(type="pass", team="blue")
    match.do(type="buy", team="red", item="sansachel-dagger")
    match.do(type="equip", unit="red.warrior", item="sansachel-satchel")
    assert stats(match, "red.warrior")["movement"] == UNITS["warrior"].movement
    match.do(type="buy", team="red", item="sansachel-cloak")
    assert stats(match, "red.warrior")["movement"] == UNITS["warrior"].movement + 1


# -------------------------------------------------------------------- Special Play cards


def test_power_cards_by_value_or_by_id_add_to_either_stack():
    """ "1,2,3,4 = power cards this number can be added to any attack or defense stack": power-3
    named by its id is a 3 (and counts for three of a kind)."""
    match = playing([("gunner", "heavy-rifle")])
    out = match.do(type="attack", attacker="red.gunner", target="blue.warrior",
                   weapon="heavy-rifle", cards="power-1,1,1", defence="power-2")  # fmt: skip
    # 1 + 1 + 1 + S2 + Skill 1 = 6 against 2 + Toughness 1 = 3: 3 damage, three of a kind.
    assert hit(out, "blue.warrior")["damage"] == 3 and hit(out, "blue.warrior")["push_back"]


def test_stack_cards_add_their_plus_s_and_plus_t():
    """Overcharge "[S] +2 S", High Ground "[S] ... +2 S", Dodge "[D] +2 T", Take Cover "[D] [P]
    +1 T. Prevents push back." Heavy Rifle: 1,1,1 + S2 + 1 + 2 + 2 = 10 against Dodge 2 + Take
    Cover 1 + Toughness 1 = 4: 6 damage, Vitae 6 -> 0."""
    match = playing([("gunner", "heavy-rifle")])
    out = match.do(type="attack", attacker="red.gunner", target="blue.warrior",
                   weapon="heavy-rifle", cards="1,1,1,overcharge,high-ground",
                   defence="dodge,take-cover")  # fmt: skip
    assert (hit(out, "blue.warrior")["damage"], hit(out, "blue.warrior")["killed"]) == (6, True)


def test_a_card_goes_only_on_the_stack_its_icon_names():
    """ "[S] when you make an attack / attack stack", "[D] when you defend / defense stack"."""
    match = playing([("gunner", "heavy-rifle")])
    refusal = match.refused("Special Play Deck", type="attack", attacker="red.gunner",
                            target="blue.warrior", cards="dodge")  # fmt: skip
    assert "Dodge is not played on an attack stack" in refusal
    match.refused("Special Play Deck", type="attack", attacker="red.gunner",
                  target="blue.warrior", cards="1", defence="overcharge")  # fmt: skip
    match.refused("Special Play Deck", type="attack", attacker="red.gunner",
                  target="blue.warrior", cards="1", defence="two")  # fmt: skip


def test_brace_prevents_and_shove_causes_push_back():
    """Brace "[P] Prevents push back"; Shove "[P] Your wounding attack pushes the target back,
    whatever the cards": a single 3 pushes back the wounded warrior - unless it braces."""
    match = playing([("gunner", "heavy-rifle")])
    out = match.do(type="attack", attacker="red.gunner", target="blue.warrior",
                   weapon="heavy-rifle", cards="1,shove")  # fmt: skip
    assert hit(out, "blue.warrior")["push_back"]
    out = match.do(type="attack", attacker="red.gunner", target="blue.warrior",
                   weapon="heavy-rifle", cards="1,shove", defence="brace")  # fmt: skip
    assert not hit(out, "blue.warrior")["push_back"]


def test_counter_cancels_the_other_sides_effect_cards():
    """Counter "[O] Cancels the Special Play cards the other side just played on this attack,
    except power cards": Overcharge does nothing, the 2 counts. 2 + S2 + Skill 1 = 5 against
    the warrior's 1: 4 damage."""
    match = playing([("gunner", "heavy-rifle")])
    out = match.do(type="attack", attacker="red.gunner", target="blue.warrior",
                   weapon="heavy-rifle", cards="2,overcharge", defence="counter")  # fmt: skip
    assert hit(out, "blue.warrior")["damage"] == 4


def test_bee_sting_and_shank_are_direct_damage_credited_to_who_plays_them():
    """Bee Sting "[A] -1 V", Shank "[A] -2 V": "direct unblockable damage"; played on a unit, a
    kill is the player's ("No kill points are awarded as a result of special play cards that are
    not played on specific units"). Each takes an action."""
    match = playing()
    match.do(type="vitae", unit="blue.scout", change=-2)
    match.do(type="play", team="red", card="bee-sting", unit="blue.scout")
    assert match.unit("blue.scout").vitae == UNITS["scout"].vitae - 3
    match.do(type="play", team="red", card="shank", unit="blue.scout", jail="south")
    assert match.unit("blue.scout").jail == "south" and match.team("red").kills == 1
    assert match.state.phases_used == 2
    match.refused("Special Play Deck", type="play", team="blue", card="shank", unit="red.scout")


def test_field_dressing_heals_a_wounded_defender_and_needs_a_wound():
    """Field Dressing "[V] Heal 1 Vitae": 4 + S2 + 1 = 7 against the scout's 0: 7 would kill
    Vitae 5 - so against the gunner: 7 - 2 = 5, Vitae 2, healed to 3. Played on a defence that
    loses no Vitae, it is refused ("[V] when a unit loses vitae")."""
    match = playing([("gunner", "heavy-rifle")])
    out = match.do(type="attack", attacker="red.gunner", target="blue.gunner",
                   weapon="heavy-rifle", cards="4", defence="field-dressing")  # fmt: skip
    assert hit(out, "blue.gunner")["healed"] == 1 and match.unit("blue.gunner").vitae == 3
    match.refused(
        "Special Play Deck",
        type="attack",
        attacker="red.gunner",
        target="blue.gunner",
        weapon="heavy-rifle",
        defence="4,field-dressing",
    )


def test_bounty_takes_credits_and_bribe_cancels_the_kill_point():
    """Bounty "[K] When you kill a unit: take 50,000 cr from its team"; Bribe "[O] The kill
    just scored against you gives no kill point"; Last Words "[K] Draw 2". 4,4 + S2 + 1 = 11
    kills the scout (Vitae 5)."""
    match = playing([("gunner", "heavy-rifle")])
    before = {c: match.team(c).credits for c in ("red", "blue")}
    out = match.do(type="attack", attacker="red.gunner", target="blue.scout",
                   weapon="heavy-rifle", cards="4,4,bounty", defence="bribe,last-words",
                   jail="north")  # fmt: skip
    assert match.team("red").credits - before["red"] == 50_000
    assert before["blue"] - match.team("blue").credits == 50_000
    assert match.team("red").kills == 0
    assert "blue draws 2 Special Play cards ([K])" in out["steps"]
    match.refused("Special Play Deck", type="attack", attacker="red.gunner",
                  target="blue.gunner", weapon="heavy-rifle", cards="1,bounty")  # fmt: skip


def test_cards_played_on_their_own():
    """Forced March "[M] +2 M", Second Wind "[+A] A free action", Sprint "[+M] A free
    movement", Rally "[T] Draw 2", Regroup: on the team's own turn only; Hold the Line "[C]
    Turn that Control Point back" and Flag Bearer "[C] Draw 1" in any turn."""
    match = playing()
    match.do(type="play", team="red", card="forced-march", unit="red.scout")
    assert stats(match, "red.scout")["movement"] == UNITS["scout"].movement + 2
    match.do(type="play", team="red", card="second-wind")
    assert match.state.free_actions == 1
    out = match.do(type="play", team="red", card="sprint")
    assert "a free movement of up to 3 squares (not a movement phase)" in out["steps"]
    assert (
        "red draws 2 Special Play card(s)"
        in match.do(type="play", team="red", card="rally")["steps"]
    )
    match.do(type="play", team="red", card="regroup")
    match.refused("Special Play Deck", type="play", team="blue", card="rally")
    match.do(type="capture", team="red")
    match.do(type="play", team="blue", card="hold-the-line", against="red")
    assert (match.team("red").control_points, match.team("blue").control_points) == (0, 1)
    match.do(type="play", team="blue", card="flag-bearer")
    match.refused("Special Play Deck", type="play", team="red", card="overcharge")
    out = match.end_turn()
    assert "red.scout: Forced March wears off" in out["steps"] and match.state.free_actions == 0
