"""The Death Dome match engine without HTTP: the rule text's own sentences first, then properties
of random play (replay, undo by replay, JSON round trips, what is conserved)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from toolkit.errors import DomekitError, RuleError
from toolkit.games.deathdome.actions import Action, Buy
from toolkit.games.deathdome.data import load_deathdome
from toolkit.games.deathdome.match import apply, new_match, over, replay, whose_turn
from toolkit.games.deathdome.state import MatchState, UnitRef, state_from_json, state_json

DATA = load_deathdome()
RULES = DATA.rules
START = RULES.campaign.starting_credits
UNITS = DATA.units
ITEMS = DATA.items
PAY = RULES.payout


class Match:
    """A match driven through the engine's one door, as the table plays it."""

    def __init__(self, teams: list[str] | None = None, previous: MatchState | None = None):
        self.state = new_match(None, teams or ["red", "blue"], previous)

    def do(self, **fields: Any) -> dict[str, Any]:
        self.state, outcome = apply(self.state, Action.from_fields(fields))
        return outcome

    def refused(self, rule: str | None, **fields: Any) -> str:
        before = state_json(self.state)
        with pytest.raises(DomekitError) as refusal:
            apply(self.state, Action.from_fields(fields))
        if rule is not None:
            assert isinstance(refusal.value, RuleError) and refusal.value.rule == rule
        assert state_json(self.state) == before  # nothing changed
        return str(refusal.value)

    def team(self, colour: str):
        return self.state.teams[colour]

    def unit(self, ref: str):
        colour, unit_type = ref.split(".")
        return self.state.unit(UnitRef(colour, unit_type))

    def start(self, buys: dict[str, list[tuple[str, str]]] | None = None) -> None:
        """Buy (team -> [(unit, item)]) in purchasing order, equip, everyone passes, start."""
        left = {colour: list(items) for colour, items in (buys or {}).items()}
        while (colour := self.state.purchase_team()) is not None:
            if left.get(colour):
                unit, item = left[colour].pop(0)
                self.do(type="buy", team=colour, item=item)
                self.do(type="equip", unit=f"{colour}.{unit}", item=item)
            else:
                self.do(type="pass", team=colour)
        self.do(type="start")

    def end_turn(self) -> dict[str, Any]:
        return self.do(type="end_turn", team=self.state.current_team())


# ---------------------------------------------------------------- Choose Colors, Make purchases


def test_each_team_receives_the_starting_credits_and_red_purchases_first():
    """ "Each team receives 1,000,000cr (credits) to start" "The red team always purchases first
    and purchasing turns go around in a clockwise direction." """
    match = Match(["blue", "green", "red"])
    assert match.state.order == ("red", "blue", "green")
    assert [match.team(c).credits for c in match.state.order] == [START] * 3
    assert match.state.purchase_team() == "red" and match.state.phase == "setup"
    match.do(type="seat", order="blue,red,green")  # clockwise around the table
    assert match.state.order == ("red", "green", "blue") and match.state.seated
    match.do(type="buy", team="red", item="pistol")
    assert match.state.purchase_team() == "green"
    match.refused("Make purchases", type="buy", team="blue", item="pistol")
    match.refused("Make purchases", type="seat", order="red,blue,green")


def test_one_item_a_purchasing_turn_and_no_more_than_the_team_has():
    """ "You may purchase one item from any deck during your purchasing turn." """
    match = Match()
    match.do(type="buy", team="red", item="titan-armour")
    match.refused("Make purchases", type="buy", team="red", item="pistol")  # blue's turn now
    match.refused("Item Cards", type="buy", team="blue", item="titan-armour")  # the only copy
    match.do(type="pass", team="blue")
    match.do(type="buy", team="red", item="plutonium-cannon")
    assert match.state.purchase_team() == "red"  # blue is done: red buys on alone
    left = START - ITEMS["titan-armour"].price - ITEMS["plutonium-cannon"].price
    assert match.team("red").credits == left
    assert "credits" in match.refused("Make purchases", type="buy", team="red", item="mortar")
    match.do(type="pass", team="red")
    assert match.refused("Make purchases", type="pass", team="red").startswith(
        "every team has finished purchasing"
    )


def test_deals_between_teams_at_whatever_price_they_agree():
    """ "players may also make deals and sell equipment to one another for whatever prices they
    see fit" - an item on a unit too."""
    match = Match()
    match.do(type="buy", team="red", item="sniper-rifle")
    match.do(type="equip", unit="red.scout", item="sniper-rifle")
    match.do(type="sell", seller="red", buyer="blue", item="Sniper Rifle", price="1")
    assert match.unit("red.scout").items == ()
    assert match.team("blue").spare == ("sniper-rifle",)
    assert match.team("red").credits == START - ITEMS["sniper-rifle"].price + 1
    assert match.team("blue").credits == START - 1
    match.refused("Make purchases", type="sell", seller="red", buyer="blue", item="sniper-rifle")


def test_units_carry_three_items_and_weapons_only_of_their_own_deck():
    """ "Each one of your units may carry up to three items maximum." "Units may only carry
    weapons from their respective decks." "Equipment and armor cards may be carried by any unit
    types." """
    match = Match()
    match.do(type="buy", team="red", item="heavy-rifle")
    match.do(type="pass", team="blue")
    for item in ("leather-jacket", "kevlar-vest", "smoke-bombs", "chainsaw"):
        match.do(type="buy", team="red", item=item)
    assert "gunner carries only weapons from the gunner deck" in match.refused(
        "Item Cards", type="equip", unit="red.gunner", item="chainsaw"
    )
    for item in ("heavy-rifle", "leather-jacket", "kevlar-vest"):
        match.do(type="equip", unit="red.gunner", item=item)
    assert "4 items; a unit carries at most 3" in match.refused(
        "Item Cards", type="equip", unit="red.gunner", item="smoke-bombs"
    )
    match.do(type="equip", unit="red.medic", item="smoke-bombs")
    match.do(type="unequip", unit="red.gunner", item="kevlar-vest")
    match.refused("Item Cards", type="unequip", unit="red.gunner", item="kevlar-vest")
    assert match.team("red").spare == ("chainsaw", "kevlar-vest")


def test_left_over_equipment_is_sold_back_at_cost_and_the_store_closes():
    """ "if any equipment is left over that is not on a unit that owner must sell it back to the
    bank at cost." "the store is closed during the match" "Once the match begins no units may
    trade equipment during the match." """
    match = Match()
    match.do(type="buy", team="red", item="kevlar-vest")
    match.do(type="buy", team="blue", item="pistol")
    match.do(type="equip", unit="blue.scout", item="pistol")
    outcome = match.do(type="start")
    assert match.team("red").credits == START and match.team("red").spare == ()
    assert match.team("blue").credits == START - ITEMS["pistol"].price
    assert outcome["steps"][-1] == "round 1: red plays first and draws 3 cards"
    match.refused("the store is closed during the match", type="buy", team="red", item="pistol")
    match.refused("Item Cards", type="equip", unit="blue.gunner", item="pistol")
    match.refused("no trading of items once a match has begun", type="unequip",
                  unit="blue.scout", item="pistol")  # fmt: skip
    match.refused("no trading of items once a match has begun", type="sell", seller="blue",
                  buyer="red", item="pistol", price=1)  # fmt: skip


def test_a_full_set_gives_its_stat_bonus_to_the_unit_carrying_its_set_item():
    """ "When your team possesses all 3 items of one set, the set item from the equipment deck
    provides a stat bonus to the unit equipped with it." Butros: +1 Toughness, in the defense."""
    butros = next(s for s in DATA.sets if s.id == "butros")
    match = Match()
    match.do(type="buy", team="red", item=butros.items[0])
    match.do(type="pass", team="blue")
    for item in butros.items[1:]:
        match.do(type="buy", team="red", item=item)
    match.do(type="equip", unit="red.warrior", item=butros.bonus_item)
    match.do(type="equip", unit="red.gunner", item="butros-helm")
    warrior = UnitRef("red", "warrior")
    toughness = UNITS["warrior"].toughness + butros.bonus
    assert match.state.unit_stats(warrior).stats["toughness"] == toughness
    match.refused("Item Cards", type="equip", unit="red.gunner", item="butros-axe")
    match.do(type="equip", unit="red.warrior", item="butros-axe")
    match.do(type="pass", team="red")
    match.do(type="start")
    match.end_turn()
    outcome = match.do(type="attack", attacker="blue.gunner", target="red.warrior", cards="4")
    assert outcome["steps"][1] == (
        f"defense stack = cards none (0) + armour none (0) + Toughness {toughness} "
        f"+ bonus +T 0 = {toughness}"
    )


# ------------------------------------------------------------------------- Playing a Match


def test_twelve_rounds_red_first_and_the_round_marker_moves_at_reds_turn():
    """ "The red team always goes first. There are 12 rounds in a Death Dome match. Each player
    takes one turn per round ... At the beginning of the red team's turn, move the Death Dome
    Death Match Round Marker up one." "When all players have finished their 12th turn the Death
    Match is over." """
    match = Match(["green", "red", "blue"])
    match.start()
    seen = []
    while match.state.phase == "play":
        seen.append((match.state.round, whose_turn(match.state)))
        match.end_turn()
    rounds = range(1, RULES.match.rounds + 1)
    assert seen == [(r, team) for r in rounds for team in match.state.order]
    assert match.state.order[0] == "red" and match.state.phase == "payout"
    assert match.state.round == RULES.match.rounds and whose_turn(match.state) is None


def test_a_turn_draws_three_plus_one_for_every_five_control_points():
    """ "you draw cards according to your supply 3 + 1 for every 5 cps you control" (tower
    centres are control points too, docs/rulings)."""
    match = Match()
    match.start()
    match.do(type="points", team="blue", control_points=9, tower_centres=1)
    outcome = match.end_turn()
    assert match.state.draws("blue").draws == 3 + 2
    # Said in words (issue 27: no "3 + 10 // 5").
    assert outcome["steps"][-1] == (
        "Cards to draw: 5 (3, and 2 more for 10 control points: 1 for every 5)"
    )
    match.do(type="points", team="blue", control_points=4, tower_centres=0)
    assert match.state.draws("blue").draws == 3


def test_two_unit_phases_a_turn_two_units_or_one_unit_twice():
    """ "On each team's turn, a player may perform 2 unit phases. They may use two seperate units
    or a single unit twice." """
    match = Match()
    match.start({"red": [("gunner", "heavy-rifle")]})
    for _ in range(2):
        match.do(type="attack", attacker="red.gunner", target="blue.gunner", weapon="heavy-rifle")
    assert match.state.phases_used == 2
    match.refused("On Your Turn", type="capture", team="red")
    match.refused("On Your Turn", type="heal", unit="red.scout")
    match.do(type="vitae", unit="red.scout", change=-1)  # a card: no unit phase
    match.end_turn()
    assert match.state.phases_used == 0


def test_the_attack_stack_against_the_defense_stack_and_the_rest_off_vitae():
    """ "play a number of Special Play cards ... plus the strength of the weapon you are using.
    This is the total attack." "The defending player plays a number of Special Play cards ... and
    adds the value of any armor or +T points." "Subtract the defense stack from the attack stack
    anything left over is subtracted from that units Vitae." """
    match = Match()
    match.start({"red": [("gunner", "heavy-rifle")], "blue": [("gunner", "kevlar-vest")]})
    outcome = match.do(type="attack", attacker="red.gunner", target="blue.gunner",
                       weapon="heavy-rifle", cards="3,1", defence="2", bonus_s=1)  # fmt: skip
    attack = 3 + 1 + ITEMS["heavy-rifle"].strength + UNITS["gunner"].skill + 1
    defense = 2 + ITEMS["kevlar-vest"].toughness + UNITS["gunner"].toughness
    assert outcome["hits"][0]["damage"] == attack - defense
    assert match.unit("blue.gunner").vitae == UNITS["gunner"].vitae - (attack - defense)
    assert outcome["summary"] == f"blue.gunner takes {attack - defense}, Vitae " + str(
        UNITS["gunner"].vitae - (attack - defense)
    )
    # Nothing left over: no damage, not wounded.
    blocked = match.do(type="attack", attacker="red.gunner", target="blue.gunner", cards="",
                       defence="4")  # fmt: skip
    assert blocked["hits"][0]["damage"] == 0 and not blocked["hits"][0]["wounded"]
    match.refused("Combat", type="attack", attacker="red.gunner", target="red.scout")


def test_a_kill_goes_to_the_jail_the_killer_chooses_and_the_kill_point_to_the_controller():
    """ "if a unit is killed, the player who caused the unit's demise chooses a jail to place that
    unit in." "Kill points are always awarded to the player controlling the unit that makes the
    kill, even if that unit is not on their team." """
    match = Match()
    match.start()
    match.end_turn()  # blue's turn: blue controls a red unit (a card) and kills with it
    outcome = match.do(type="attack", attacker="red.scout", target="red.medic", cards="4,4,4",
                       controller="blue", jail="south")  # fmt: skip
    assert outcome["hits"][0]["killed"] and outcome["summary"] == "red.medic killed"
    medic = match.unit("red.medic")
    assert (medic.vitae, medic.jail) == (0, "south")
    assert match.team("blue").kills == 1 and match.team("red").kills == 0
    assert "blue.medic goes to jail north" not in outcome["steps"]
    assert "red.medic goes to jail south" in outcome["steps"]
    match.refused("Death", type="attack", attacker="red.scout", target="red.gunner",
                  controller="blue", jail="east")  # fmt: skip


def test_no_kill_point_for_a_special_play_card_not_played_on_a_unit():
    """ "No kill points are awarded as a result of special play cards that are not played on
    specific units." """
    match = Match()
    match.start()
    outcome = match.do(type="vitae", unit="blue.scout", change=-99)
    assert match.unit("blue.scout").in_jail
    assert match.team("red").kills == 0 and match.team("blue").kills == 0
    assert "no kill point" in outcome["steps"][-1]
    match.do(type="vitae", unit="blue.medic", change=-99, credited="red")
    assert match.team("red").kills == 1


def test_nothing_from_jail_or_on_units_in_jail_until_the_jail_is_released():
    """ "No items or actions may be performed from jail or on units in jail" "When a jail is
    released, every unit inside is released to their team's base." """
    match = Match()
    match.start()
    match.do(type="vitae", unit="blue.scout", change=-99, credited="red", jail="north")
    match.do(type="vitae", unit="red.medic", change=-99, credited="blue", jail="north")
    match.refused("Death", type="attack", attacker="red.gunner", target="blue.scout")
    match.refused("Death", type="attack", attacker="red.medic", target="blue.gunner")
    match.refused("Death", type="vitae", unit="blue.scout", change=1)
    match.refused("Death", type="heal", unit="red.medic")
    match.refused("activate a jail release point", type="release", team="red", jail="south")
    outcome = match.do(type="release", team="red", jail="north")
    assert outcome["steps"][-1] == "released to their team's base: red.medic, blue.scout"
    assert not match.unit("blue.scout").in_jail
    assert match.unit("red.medic").vitae == UNITS["medic"].vitae
    assert match.state.phases_used == 1  # an action


def test_an_incapacitated_unit_sits_out_its_teams_next_turn_then_stands_up():
    """ "A unit wounded by a weapon with the Incapacitate ability ... is unable to move or perform
    an action on its teams next turn. At the end of its team's next turn, it may be placed
    upright." """
    match = Match()
    match.start({"red": [("gunner", "stun-blaster")], "blue": [("gunner", "heavy-rifle")]})
    match.do(type="attack", attacker="red.gunner", target="blue.gunner", weapon="stun-blaster",
             cards="4")  # fmt: skip
    assert match.unit("blue.gunner").incapacitated
    match.end_turn()  # still lying down when red's turn ends
    assert match.unit("blue.gunner").incapacitated and match.unit("blue.gunner").sitting_out
    match.refused("Incapacitate", type="attack", attacker="blue.gunner", target="red.scout",
                  weapon="heavy-rifle", cards="1")  # fmt: skip
    match.refused("Incapacitate", type="heal", unit="blue.gunner")
    match.end_turn()
    assert not match.unit("blue.gunner").incapacitated
    match.end_turn()
    match.do(type="attack", attacker="blue.gunner", target="red.scout", weapon="heavy-rifle")


def test_push_back_on_three_of_a_kind_or_two_for_some_weapons_and_lava_kills():
    """ "a unit must be wounded by an attack where 3 special play cards (3 of a kind) ... are
    added to the attack" "Push Back on 2 of a kind" "If a unit is pushed back onto a lava space
    they are killed instantly and sent to jail as normal." """
    match = Match()
    match.start({"red": [("gunner", "heavy-rifle"), ("warrior", "boxing-gloves")],
                 "blue": [("gunner", "titan-armour")]})  # fmt: skip
    three = match.do(type="attack", attacker="red.gunner", target="blue.gunner",
                     weapon="heavy-rifle", cards="2,2,2")  # fmt: skip
    assert three["hits"][0]["push_back"] and three["summary"].endswith(", pushed back")
    two = match.do(type="attack", attacker="red.warrior", target="blue.warrior",
                   weapon="boxing-gloves", cards="1,1", behind="wall")  # fmt: skip
    assert two["hits"][0]["wounded"] and not two["hits"][0]["push_back"]  # a wall behind
    assert "push back: 2 of a kind, negated by the wall behind it" in two["steps"]
    match.end_turn()
    match.end_turn()
    lava = match.do(type="attack", attacker="red.gunner", target="blue.gunner",
                    weapon="heavy-rifle", cards="2,2,2", behind="lava")  # fmt: skip
    assert 0 < lava["hits"][0]["vitae_left"] and lava["hits"][0]["killed"]
    assert match.unit("blue.gunner").in_jail and match.team("red").kills == 1


def test_splash_hits_the_target_and_every_adjacent_enemy_with_the_same_stack():
    """ "the targeted unit and all enemy units adjacent to the targeted unit are affected by the
    attack. Any Special Play cards used to enhance the attack also affect the adjacent units."
    "The defender always chooses the order of hits for his units." """
    match = Match()
    match.start({"red": [("gunner", "flamethrower")]})
    outcome = match.do(type="attack", attacker="red.gunner", target="blue.gunner",
                       weapon="flamethrower", cards="3", defence="1",
                       splash="blue.scout:; blue.medic:2")  # fmt: skip
    assert [h["unit"] for h in outcome["hits"]] == ["blue.gunner", "blue.scout", "blue.medic"]
    attack = 3 + ITEMS["flamethrower"].strength + UNITS["gunner"].skill
    for ref, cards in (("blue.scout", 0), ("blue.medic", 2)):
        unit_type = ref.split(".")[1]
        damage = max(0, attack - cards - UNITS[unit_type].toughness)
        assert match.unit(ref).vitae == max(0, UNITS[unit_type].vitae - damage)
    match.refused("Splash Damage", type="attack", attacker="red.gunner", target="blue.gunner",
                  weapon="flamethrower", splash="red.medic:")  # fmt: skip
    match.end_turn()
    match.end_turn()
    match.refused("Splash Damage", type="attack", attacker="red.gunner", target="blue.gunner",
                  splash="blue.warrior:")  # fmt: skip


def test_a_unit_heals_one_vitae_with_an_action_in_its_base():
    """ "any unit can use an action to heal one Vitae while inside the base" """
    match = Match()
    match.start()
    match.do(type="vitae", unit="red.gunner", change=-3)
    match.do(type="heal", unit="red.gunner")
    assert match.unit("red.gunner").vitae == UNITS["gunner"].vitae - 3 + RULES.combat.base_heal
    match.do(type="heal", unit="red.scout")  # at full Vitae it stays there
    assert match.unit("red.scout").vitae == UNITS["scout"].vitae


def test_control_points_turn_from_team_to_team():
    match = Match()
    match.start()
    match.do(type="capture", team="red")
    match.do(type="capture", team="red", point="tower_centre")
    match.end_turn()
    outcome = match.do(type="capture", team="blue", previous="red")
    assert (match.team("red").control_points, match.team("blue").control_points) == (0, 1)
    assert outcome["steps"][0] == "blue turns a control point from red"
    match.refused("capture a control point", type="capture", team="blue", previous="red")
    match.refused("capture a control point", type="capture", team="blue", previous="blue")


# -------------------------------------------------------------------------- Payout Winnings


def test_the_payout_pays_points_towers_and_kills_and_the_winners_fans_roll_pays_everyone():
    """ "$100,000 for controlling any normal control points; $500,000 for controlling the towers'
    middle control points; $100,000 per kill. The player with the biggest cash payout is the
    winner ... the winner rolls a single die ... Every player gets paid 100,000cr times the number
    rolled on the die." """
    match = Match()
    match.start()
    match.do(type="vitae", unit="blue.scout", change=-99, credited="red")
    while match.state.phase == "play":
        match.end_turn()
    match.do(type="points", team="red", control_points=2, tower_centres=1)
    match.do(type="points", team="blue", control_points=3, tower_centres=0)
    outcome = match.do(type="payout", roll=4)
    red = 2 * PAY.control_point + PAY.tower_centre + PAY.kill
    blue = 3 * PAY.control_point
    paid = match.state.payout
    assert paid is not None and dict(paid.match_payout) == {"red": red, "blue": blue}
    assert outcome["summary"] == "red wins match 1"
    assert paid.fans_money == 4 * PAY.fans_per_pip
    assert match.team("red").credits == START + red + 4 * PAY.fans_per_pip
    assert match.team("blue").credits == START + blue + 4 * PAY.fans_per_pip
    assert over(match.state) is not None
    match.refused("Payout Winnings", type="end_turn", team="red")
    match.refused("Payout Winnings", type="payout", roll=4)
    match.do(type="transfer", payer="blue", payee="red", amount=1)  # money moves any time


def test_a_tie_for_the_match_goes_to_the_tied_team_earliest_in_turn_order():
    match = Match(["blue", "red"])
    match.start()
    while match.state.phase == "play":
        match.end_turn()
    match.do(type="payout", roll=1)
    assert match.state.payout is not None and match.state.payout.winner == "red"


def test_the_last_team_standing_wins_and_the_jailed_still_earn_their_points():
    """ "if a player has all of his units put in jail he is out of the match, he could still get
    Control Point Payout at the end of the match" "If a team is the only team left standing in
    the Dome that team is automatically the match winner" """
    match = Match()
    match.start()
    match.refused("Payout Winnings", type="payout", roll=1)
    match.refused("Notes", type="end_match")
    match.do(type="points", team="blue", control_points=5, tower_centres=0)
    for unit_type in UNITS:
        outcome = match.do(type="vitae", unit=f"blue.{unit_type}", change=-99, credited="red")
    assert outcome["steps"][-1] == "every blue unit is in jail: blue is out of the match"
    assert match.state.teams_out() == ["blue"]
    match.do(type="end_match")
    assert match.state.phase == "payout" and match.state.last_standing == "red"
    match.do(type="payout", roll=1)
    paid = match.state.payout
    assert paid is not None and paid.winner == "red"
    assert paid.match_payout["blue"] == 5 * PAY.control_point > paid.match_payout["red"]


def test_money_changes_hands_at_any_time_but_never_more_than_the_payer_has():
    """ "Any money transaction between players can happen at any time" """
    match = Match()
    match.do(type="transfer", payer="red", payee="blue", amount=250_000, note="bribe")
    match.start()
    match.do(type="transfer", payer="blue", payee="red", amount=50_000)
    assert match.team("red").credits == START - 200_000
    match.refused("Notes", type="transfer", payer="red", payee="blue", amount=START * 5)


def test_a_campaign_carries_credits_seating_and_items_and_the_most_credits_win_it():
    """ "The winner is player with most overall credits at the end of 5 matches." """
    match = Match(["red", "blue"])
    for number in range(1, RULES.campaign.matches + 1):
        assert match.state.number == number
        match.start({"red": [("gunner", "heavy-rifle")]} if number == 1 else None)
        assert match.unit("red.gunner").items == ("heavy-rifle",)
        match.do(type="points", team="blue", control_points=1, tower_centres=0)
        while match.state.phase == "play":
            match.end_turn()
        match.do(type="payout", roll=1)
        paid = match.state.payout
        assert paid is not None
        assert paid.campaign_winners == (("blue",) if number == RULES.campaign.matches else None)
        if number < RULES.campaign.matches:
            credits = match.state.credits()
            match = Match(["red", "blue"], previous=match.state)
            assert match.state.credits() == credits and match.state.seated


def test_the_engine_itself_refuses_actions_out_of_turn():
    """The tracker's referee checks whose turn it is first; the engine does not rely on it."""
    match = Match()
    match.refused("On Your Turn", type="end_turn", team="red")  # nobody's turn in set-up
    match.start()
    refusal = match.refused(
        "On Your Turn", type="attack", attacker="blue.gunner", target="red.scout"
    )
    assert refusal == "it is red's turn, not blue's (rule: On Your Turn)"
    match.refused("On Your Turn", type="end_turn", team="blue")
    match.refused("On Your Turn", type="heal", unit="blue.gunner")


# ------------------------------------------------------------------------------ properties

TEAMS = ["red", "blue"]
REFS = [f"{c}.{t}" for c in TEAMS for t in UNITS]
SHOP = ["heavy-rifle", "kevlar-vest", "hoblerone-healer", "hoblerone-robe", "hoblerone-lancet",
        "stun-blaster", "flamethrower", "pistol", "titan-armour"]  # fmt: skip


def _fields(kind: str, *members: Any, **fixed: Any) -> st.SearchStrategy[dict[str, Any]]:
    names = [name for name, _ in members]
    return st.tuples(*(values for _, values in members)).map(
        lambda found: {"type": kind, **fixed, **dict(zip(names, found, strict=True))}
    )


teams = st.sampled_from(TEAMS)
refs = st.sampled_from(REFS)
items = st.sampled_from(SHOP)
either = st.sampled_from(["", *TEAMS])
transfers = st.builds(
    lambda payer, amount: {"type": "transfer", "payer": payer,
                           "payee": "blue" if payer == "red" else "red", "amount": amount},
    teams, st.integers(1, 400_000),
)  # fmt: skip
setup_fields = st.one_of(
    _fields("buy", ("team", teams), ("item", items)),
    _fields("pass", ("team", teams)),
    _fields("equip", ("unit", refs), ("item", items)),
    _fields("unequip", ("unit", refs), ("item", items)),
    _fields("sell", ("seller", teams), ("buyer", teams), ("item", items),
            ("price", st.integers(0, 300_000))),
    transfers,
)  # fmt: skip
CURRENT = "(the team whose turn it is)"
# The team whose turn it is ends it often enough for whole matches to be played.
turns = st.just({"type": "end_turn", "team": CURRENT})
others = st.one_of(
    _fields("attack", ("attacker", refs), ("target", refs),
            ("weapon", st.sampled_from(["", "heavy-rifle", "stun-blaster", "flamethrower"])),
            ("cards", st.lists(st.integers(1, 4), max_size=4)),
            ("defence", st.lists(st.integers(1, 4), max_size=2)),
            ("splash", st.sampled_from(["", "blue.medic:1", "red.medic:", "blue.scout:"])),
            ("behind", st.sampled_from(["empty", "lava", "wall"]))),
    _fields("attack", ("attacker", refs), ("target", refs), ("controller", teams),
            ("cards", st.lists(st.integers(1, 4), max_size=4))),
    _fields("heal", ("unit", refs)),
    _fields("vitae", ("unit", refs), ("change", st.integers(-6, 2)), ("credited", either),
            ("jail", st.sampled_from(["", "north", "south"]))),
    _fields("capture", ("team", teams),
            ("point", st.sampled_from(["control_point", "tower_centre"])), ("previous", either)),
    _fields("release", ("team", teams), ("jail", st.sampled_from(["north", "south"]))),
    _fields("end_turn", ("team", teams)),
    transfers,
    _fields("points", ("team", teams), ("control_points", st.integers(0, 12)),
            ("tower_centres", st.integers(0, 2))),
    st.just({"type": "end_match"}),
    _fields("payout", ("roll", st.integers(1, 6))),
    setup_fields,  # refused once the match has begun
)  # fmt: skip
play_fields = st.booleans().flatmap(lambda ends: turns if ends else others)  # half end a turn
play = st.tuples(
    st.lists(setup_fields, max_size=20), st.lists(play_fields, min_size=80, max_size=160)
).map(lambda parts: [*parts[0], {"type": "start"}, *parts[1]])


def _play(sequence: list[dict[str, Any]]) -> tuple[MatchState, list[Action], list[MatchState]]:
    """Apply what the rules accept; the initial state, the accepted actions, every state after."""
    state = new_match(None, TEAMS)
    initial, accepted, states = state, [], [state]
    for field_set in sequence:
        if field_set.get("team") == CURRENT:
            field_set = {**field_set, "team": state.order[state.turn]}
        action = Action.from_fields(field_set)
        before = state_json(state)
        try:
            state, _outcome = apply(state, action)
        except DomekitError:
            assert state_json(state) == before  # a refusal changes nothing
            continue
        assert state_json(states[-1]) == before  # apply never changed the state it was given
        accepted.append(action)
        states.append(state)
    event(f"reached {state.phase}")
    return initial, accepted, states


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=play, data=st.data())
def test_replay_equals_step_by_step_and_undo_by_replay_restores_the_exact_state(sequence, data):
    initial, accepted, states = _play(sequence)
    assert replay(initial, accepted) == states[-1]
    kept = data.draw(st.integers(0, len(accepted)), label="kept")
    undone = replay(initial, accepted[:kept])
    assert undone == states[kept]
    assert state_json(undone) == state_json(states[kept])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=play)
def test_every_state_reads_back_from_its_json_form(sequence):
    _initial, _accepted, states = _play(sequence)
    for state in states:
        stored = json.loads(json.dumps(state_json(state)))
        assert state_from_json(stored) == state
        assert state_json(state_from_json(stored)) == stored


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=play)
def test_money_items_and_vitae_stay_within_the_rules(sequence):
    _initial, accepted, states = _play(sequence)
    for action, before, after in zip(accepted, states[:-1], states[1:], strict=True):
        money = sum(after.credits().values()) - sum(before.credits().values())
        if action.kind == "payout":
            paid = after.payout
            assert paid is not None
            assert money == sum(paid.payout.values())
            assert money == sum(paid.match_payout.values()) + len(TEAMS) * paid.fans_money
            assert paid.match_payout[paid.winner] == max(paid.match_payout.values()) or (
                after.last_standing == paid.winner
            )
        elif isinstance(action, Buy):
            assert money == -ITEMS[after.team(action.team).spare[-1]].price
        elif action.kind == "start":
            spare = [i for c in TEAMS for i in before.team(c).spare]
            assert money == sum(ITEMS[i].price for i in spare)
        else:  # transfers and deals move money, nothing makes or loses it
            assert money == 0
    for state in states:
        for colour in TEAMS:
            team = state.team(colour)
            assert team.credits >= 0
            for ref in state.refs(colour):
                unit = state.unit(ref)
                assert 0 <= unit.vitae <= state.full_vitae(ref)
                assert (unit.vitae == 0) == unit.in_jail
                assert len(unit.items) <= RULES.match.max_items_per_unit
        for item_id in SHOP:
            assert state.stock_left(ITEMS[item_id]) >= 0
        assert state.phases_used <= RULES.match.unit_phases_per_turn
    # A kill point only ever comes with a unit sent to jail.
    for before, after in zip(states, states[1:], strict=False):
        jailed = sum(
            after.unit(ref).in_jail and not before.unit(ref).in_jail
            for c in TEAMS
            for ref in after.refs(c)
        )
        kills = sum(after.team(c).kills - before.team(c).kills for c in TEAMS)
        assert 0 <= kills <= jailed * RULES.combat.kill_points_per_kill


def _edited(path: str, value: Any) -> dict[str, Any]:
    stored = json.loads(json.dumps(state_json(new_match(None, TEAMS))))
    *parents, last = path.split(".")
    place = stored
    for key in parents:
        place = place[key]
    place[last] = value
    return stored


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("game", "dominum", "this is a 'dominum' state, not a deathdome one"),
        ("teams.red.credits", "lots", "teams.red.credits is not a whole number from 0"),
        ("teams.blue.kills", -1, "teams.blue.kills is not a whole number from 0"),
        ("teams", [], "teams is not an object"),
        ("order", ["red"], "order does not list exactly its teams"),
        ("phase", "lunch", "phase is not one of setup, play, payout, over"),
        ("turn", 5, "turn or purchases name a team it does not have"),
        ("purchase_done", ["green"], "turn or purchases name a team it does not have"),
        ("seated", "yes", "seated is not true or false"),
        ("teams.red.units.gunner.status", "jailed", "teams.red.units.gunner is jailed without"),
        ("teams.red.units.gunner.items", ["excalibur"], "no item 'excalibur' in items.csv"),
        ("teams.red.units.dragon", {}, "no unit type 'dragon' in units.csv"),
        ("teams.red.inventory", "pistol", "teams.red.inventory is not a list of text"),
        ("payout", {"winner": 3}, "payout.winner is not text"),
    ],
)
def test_a_stored_state_that_does_not_fit_is_refused_naming_the_member(path, value, message):
    with pytest.raises(DomekitError) as refused:
        state_from_json(_edited(path, value))
    assert message in str(refused.value)


def test_the_check_asks_what_is_behind_only_when_a_push_back_happens():
    """ "Push Back": a wounded unit hit by 3 of a kind is pushed back unless a wall or a unit is
    behind it, and lava behind kills. The check page asks what is behind only then, and asks the
    jail only for a kill on a board with several jails ("the player who caused the unit's demise
    chooses a jail")."""
    from toolkit.games.deathdome.play import attack_asks

    table = Match()
    table.start({"red": [("gunner", "heavy-rifle")], "blue": [("gunner", "titan-armour")]})
    base = {"type": "attack", "attacker": "red.gunner", "target": "blue.gunner"}
    base["weapon"] = "heavy-rifle"

    def asks(**fields: Any) -> list[dict[str, Any]]:
        action = Action.from_fields({**base, **fields})
        _after, outcome = apply(table.state, action)
        return attack_asks(table.state, action, outcome)

    (ask,) = asks(cards="2,2,2")
    assert ask["field"] == "behind"
    assert [o["value"] for o in ask["options"]] == ["empty", "wall", "unit", "lava"]
    (ask,) = asks(cards="2,2,2", behind="lava")  # lava kills: the jail is asked next
    assert ask["field"] == "jail"
    assert [o["value"] for o in ask["options"]] == list(table.state.data.jails)
    assert asks(cards="2,2,2", behind="lava", jail=table.state.data.jails[-1]) == []
    assert asks(cards="2,2,2", behind="wall") == []
    assert asks(cards="2,1") == []  # no 3 of a kind, no kill: nothing to ask
