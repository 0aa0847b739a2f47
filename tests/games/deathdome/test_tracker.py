"""A Death Dome match from phones: every action and refusal through the tracker's HTTP API."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from game_tracker import (
    KitTable,
    new_match,
    property_service,
    submit_all,
    tracker_client,
    undo_and_replay,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.games.deathdome.data import load_deathdome
from toolkit.tracker.matches import MatchService

DATA = load_deathdome()
RULES = DATA.rules
START = RULES.campaign.starting_credits


class Table(KitTable):
    """One kit's match driven through the JSON API, as phones would."""

    game = "deathdome"

    def __init__(self, client: TestClient, db_url: str, teams: list[str]) -> None:
        super().__init__(client, db_url, teams=teams)

    def team(self, colour: str) -> dict:
        return next(t for t in self.state()["teams"] if t["colour"] == colour)

    def unit(self, ref: str) -> dict:
        colour, unit_type = ref.split(".")
        return self.client.get(f"/k/{self.kit}/unit/{colour}/{unit_type}.json").json()["unit"]

    def start(self, buys: dict[str, list[tuple[str, str]]] | None = None) -> None:
        """Buy (team -> [(unit, item)]) in purchasing order, equip, everyone passes, start."""
        buys = {colour: list(items) for colour, items in (buys or {}).items()}
        while self.state()["purchase_team"]:
            colour = self.state()["purchase_team"]
            if buys.get(colour):
                unit, item = buys[colour].pop(0)
                self.ok(type="buy", team=colour, item=item)
                self.ok(type="equip", unit=f"{colour}.{unit}", item=item)
            else:
                self.ok(type="pass", team=colour)
        self.ok(type="start")

    def end_turn(self) -> None:
        self.ok(type="end_turn", team=self.state()["current_team"])


@pytest.fixture
def client(tmp_path):
    yield from tracker_client(tmp_path, "dd.sqlite3")


@pytest.fixture
def table(client) -> Table:
    return Table(client, client.db_url, ["red", "blue"])


# ------------------------------------------------------------------------------------ set-up


def test_a_new_match_gives_every_team_the_starting_credits_and_red_plays_first(client):
    table = Table(client, client.db_url, ["blue", "green", "red"])
    state = table.state()
    assert state["phase"] == "setup" and state["order"][0] == "red"
    assert [t["credits"] for t in state["teams"]] == [START] * 3
    assert state["purchase_team"] == "red"
    assert table.unit("blue.gunner")["vitae"] == DATA.units["gunner"].vitae


def test_seating_is_clockwise_from_red_and_fixed_once_buying_starts(client):
    table = Table(client, client.db_url, ["red", "blue", "green"])
    assert table.ok(type="seat", order="blue,red,green")["text"] == "seat blue,red,green"
    assert table.state()["order"] == ["red", "green", "blue"]
    table.refused(type="seat", order="red,yellow,blue")
    table.ok(type="buy", team="red", item="pistol")
    table.refused("Make purchases", type="seat", order="red,blue,green")


def test_purchases_go_one_item_a_turn_in_turn_order(table):
    table.refused("Make purchases", type="buy", team="blue", item="pistol")
    table.ok(type="buy", team="red", item="titan-armour")
    assert table.team("red")["credits"] == START - DATA.items["titan-armour"].price
    assert table.state()["purchase_team"] == "blue"
    # The one Titan Armour card is owned now.
    assert table.refused("Item Cards", type="buy", team="blue", item="titan-armour")
    table.ok(type="pass", team="blue")
    # Blue is done: red buys on, alone.
    table.ok(type="buy", team="red", item="plutonium-cannon")
    assert table.state()["purchase_team"] == "red"
    # 1,000,000 - 450,000 - 400,000 leaves 150,000: not enough for a Mortar.
    message = table.refused("Make purchases", type="buy", team="red", item="mortar")["message"]
    assert "credits" in message
    table.refused(type="buy", team="red", item="no-such-thing")


def test_equipping_keeps_to_three_items_and_the_units_own_deck(table):
    for item in ("heavy-rifle", "leather-jacket", "kevlar-vest", "smoke-bombs", "chainsaw"):
        if table.state()["purchase_team"] == "blue":
            table.ok(type="pass", team="blue")
        table.ok(type="buy", team="red", item=item)
    table.refused("Item Cards", type="equip", unit="red.gunner", item="chainsaw")
    for item in ("heavy-rifle", "leather-jacket", "kevlar-vest"):
        table.ok(type="equip", unit="red.gunner", item=item)
    table.refused("Item Cards", type="equip", unit="red.gunner", item="smoke-bombs")
    table.refused("Item Cards", type="equip", unit="red.scout", item="autocannon")  # not owned
    table.ok(type="equip", unit="red.warrior", item="chainsaw")
    table.ok(type="unequip", unit="red.gunner", item="kevlar-vest")
    table.ok(type="equip", unit="red.scout", item="kevlar-vest")
    names = [i["name"] for i in table.unit("red.gunner")["items"]]
    assert names == ["Heavy Rifle", "Leather Jacket"]


def test_a_full_set_gives_its_bonus_to_the_unit_carrying_the_set_item(table):
    hoblerone = next(s for s in DATA.sets if s.id == "hoblerone")
    medic_vitae = DATA.units["medic"].vitae
    table.ok(type="buy", team="red", item=hoblerone.items[0])
    table.ok(type="pass", team="blue")
    for item in hoblerone.items[1:]:
        table.ok(type="buy", team="red", item=item)
    table.ok(type="equip", unit="red.medic", item=hoblerone.bonus_item)
    # The team owns all 3 (two still spare): +1 Vitae while it does.
    assert table.unit("red.medic")["max_vitae"] == medic_vitae + hoblerone.bonus
    assert table.unit("red.medic")["vitae"] == medic_vitae + hoblerone.bonus
    table.ok(type="start")  # the two spare items are sold back: the set is broken
    assert table.unit("red.medic")["max_vitae"] == medic_vitae


def test_start_sells_spare_items_back_at_cost_and_closes_the_store(table):
    table.ok(type="buy", team="red", item="kevlar-vest")
    table.ok(type="buy", team="blue", item="pistol")
    table.ok(type="equip", unit="blue.scout", item="pistol")
    table.ok(type="start")
    state = table.state()
    assert state["phase"] == "play" and state["round"] == 1 and state["current_team"] == "red"
    assert table.team("red")["credits"] == START  # sold back at cost
    assert table.team("blue")["credits"] == START - DATA.items["pistol"].price
    table.refused(type="buy", team="red", item="pistol")
    table.refused(type="equip", unit="blue.gunner", item="pistol")
    table.refused(type="sell", seller="blue", buyer="red", item="pistol", price=1)


def test_teams_may_sell_items_to_each_other_before_the_match(table):
    table.ok(type="buy", team="red", item="sniper-rifle")
    table.ok(type="sell", seller="red", buyer="blue", item="sniper-rifle", price=250_000)
    assert table.team("red")["credits"] == START - 300_000 + 250_000
    assert table.team("blue")["credits"] == START - 250_000
    assert [i["id"] for i in table.team("blue")["inventory"]] == ["sniper-rifle"]
    table.refused(type="sell", seller="red", buyer="blue", item="sniper-rifle", price=1)


def test_money_changes_hands_at_any_time_but_never_more_than_the_payer_has(table):
    table.ok(type="transfer", payer="red", payee="blue", amount=250_000, note="bribe")
    table.start()
    table.ok(type="transfer", payer="blue", payee="red", amount=50_000)
    assert table.team("red")["credits"] == START - 200_000
    table.refused("Notes", type="transfer", payer="red", payee="blue", amount=START * 5)


# --------------------------------------------------------------------------------------- play


def test_an_attack_is_the_cards_played_plus_weapon_plus_skill_against_the_defense(table):
    table.start({"red": [("gunner", "heavy-rifle")], "blue": [("scout", "leather-jacket")]})
    reply = table.ok(
        type="attack",
        attacker="red.gunner",
        target="blue.scout",
        weapon="heavy-rifle",
        cards="2,1",
        defence="1",
    )
    gunner, scout = DATA.units["gunner"], DATA.units["scout"]
    attack = 2 + 1 + 2 + gunner.skill
    defense = 1 + 1 + scout.toughness
    damage = max(0, attack - defense)
    assert reply["text"] == "attack red.gunner -> blue.scout with heavy-rifle cards 2,1 vs 1"
    assert f"= {attack}" in reply["outcome"]["steps"][0]
    assert table.unit("blue.scout")["vitae"] == scout.vitae - damage


def test_attack_refusals_name_their_rule(table):
    table.start({"red": [("gunner", "heavy-rifle")]})
    base = {"type": "attack", "cards": "1", "defence": ""}
    table.refused("On Your Turn", **base, attacker="blue.gunner", target="red.scout")
    table.refused("Combat", **base, attacker="red.gunner", target="red.scout")
    table.refused(
        "Weapons", **base, attacker="red.scout", target="blue.scout", weapon="heavy-rifle"
    )
    no_such_card = {**base, "cards": "9"}
    table.refused(**no_such_card, attacker="red.gunner", target="blue.scout")
    table.refused(
        "Splash Damage",
        **base,
        attacker="red.gunner",
        target="blue.scout",
        weapon="heavy-rifle",
        splash="blue.medic:1",
    )
    table.ok(**base, attacker="red.gunner", target="blue.scout", weapon="heavy-rifle")
    table.ok(**base, attacker="red.gunner", target="blue.medic", weapon="heavy-rifle")
    table.refused("On Your Turn", **base, attacker="red.gunner", target="blue.medic")


def test_a_kill_sends_the_unit_to_the_chosen_jail_and_credits_the_kill(table):
    table.start({"red": [("gunner", "autocannon")]})
    reply = table.ok(
        type="attack",
        attacker="red.gunner",
        target="blue.medic",
        weapon="autocannon",
        cards="4,4",
        defence="",
        jail="south",
    )
    assert reply["outcome"]["hits"][0]["killed"] is True
    medic = table.unit("blue.medic")
    assert medic["status"] == "jailed" and medic["jail"] == "south" and medic["vitae"] == 0
    assert table.team("red")["kills"] == 1
    table.refused("Death", type="attack", attacker="red.gunner", target="blue.medic", cards="1")
    table.refused(type="attack", attacker="red.gunner", target="blue.scout", cards="1", jail="x")


def test_record_it_now_records_a_wound_at_once_and_asks_the_jail_of_a_kill_first(table):
    """The unit page's "Record it now" (a plain form post, `ask_first`): recorded at once when
    the rules have nothing left to ask; a kill stops on the check page to ask which jail, and
    nothing is recorded until it is answered."""
    table.start()
    form = {"type": "attack", "attacker": "red.gunner", "weapon": "", "ask_first": "1"}
    url = f"/k/{table.kit}/act"
    # 2 + skill 1 = 3 against the gunner's toughness 2: 1 damage on 7 Vitae, a wound.
    wound = table.client.post(
        url, data={**form, "target": "blue.gunner", "cards": "2", "client_action_id": "w1"},
        follow_redirects=False,
    )  # fmt: skip
    assert wound.status_code == 303 and table.unit("blue.gunner")["vitae"] == 6
    # 4 + 4 + 1 = 9 against the medic's 0 on 5 Vitae: killed; the board has two jails.
    kill = {**form, "target": "blue.medic", "cards": "4,4", "client_action_id": "k1"}
    page = table.client.post(url, data=kill, follow_redirects=False)
    assert page.status_code == 200 and "blue.medic killed: which jail?" in page.text
    assert table.unit("blue.medic")["status"] != "jailed"  # nothing recorded yet
    assert 'name="ask_first"' not in page.text  # the answer records
    answered = table.client.post(
        url, data={k: v for k, v in kill.items() if k != "ask_first"} | {"jail": "south"},
        follow_redirects=False,
    )  # fmt: skip
    assert answered.status_code == 303
    assert table.unit("blue.medic")["jail"] == "south"


def test_push_back_needs_three_of_a_kind_and_a_wound(table):
    table.start({"red": [("gunner", "heavy-rifle")], "blue": [("gunner", "titan-armour")]})
    reply = table.ok(
        type="attack",
        attacker="red.gunner",
        target="blue.gunner",
        weapon="heavy-rifle",
        cards="2,2,2",
        defence="",
    )
    hit = reply["outcome"]["hits"][0]
    assert hit["wounded"] and hit["push_back"]
    assert "pushed back" in reply["outcome"]["summary"]


def test_pushed_onto_lava_is_killed(table):
    table.start({"red": [("gunner", "heavy-rifle")], "blue": [("gunner", "titan-armour")]})
    table.ok(
        type="attack",
        attacker="red.gunner",
        target="blue.gunner",
        weapon="heavy-rifle",
        cards="2,2,2",
        defence="",
        behind="lava",
    )
    assert table.unit("blue.gunner")["status"] == "jailed"
    assert table.team("red")["kills"] == 1


def test_splash_hits_the_target_and_adjacent_enemies_in_the_defenders_order(table):
    table.start({"red": [("gunner", "flamethrower")]})
    reply = table.ok(
        type="attack",
        attacker="red.gunner",
        target="blue.gunner",
        weapon="flamethrower",
        cards="3",
        defence="1",
        splash="blue.medic:2; blue.scout:",
    )
    assert [h["unit"] for h in reply["outcome"]["hits"]] == [
        "blue.gunner",
        "blue.medic",
        "blue.scout",
    ]
    attack = 3 + 2 + DATA.units["gunner"].skill
    scout = DATA.units["scout"]
    assert table.unit("blue.scout")["vitae"] == max(0, scout.vitae - (attack - scout.toughness))


def test_incapacitated_units_sit_out_their_teams_next_turn(table):
    table.start({"red": [("gunner", "stun-blaster")], "blue": [("gunner", "heavy-rifle")]})
    table.ok(
        type="attack",
        attacker="red.gunner",
        target="blue.gunner",
        weapon="stun-blaster",
        cards="4",
        defence="",
    )
    assert table.unit("blue.gunner")["incapacitated"] is True
    table.end_turn()
    table.refused(
        "Incapacitate",
        type="attack",
        attacker="blue.gunner",
        target="red.scout",
        weapon="heavy-rifle",
        cards="1",
    )
    table.end_turn()  # the end of blue's turn: it stands up
    assert table.unit("blue.gunner")["incapacitated"] is False


def test_heal_in_base_adds_one_vitae_up_to_full(table):
    table.start({"red": [("gunner", "autocannon")]})
    table.ok(
        type="attack",
        attacker="red.gunner",
        target="blue.gunner",
        cards="4",
        defence="",
        weapon="autocannon",
    )
    wounded = table.unit("blue.gunner")["vitae"]
    table.refused("On Your Turn", type="heal", unit="blue.gunner")
    table.end_turn()
    table.ok(type="heal", unit="blue.gunner")
    assert table.unit("blue.gunner")["vitae"] == min(
        wounded + RULES.combat.base_heal, DATA.units["gunner"].vitae
    )
    table.ok(type="heal", unit="blue.scout")  # already full: stays full
    assert table.unit("blue.scout")["vitae"] == DATA.units["scout"].vitae


def test_vitae_cards_damage_and_kill_without_a_kill_point_when_not_played_on_a_unit(table):
    table.start()
    scout = DATA.units["scout"].vitae
    table.ok(type="vitae", unit="blue.scout", change=-2)
    assert table.unit("blue.scout")["vitae"] == scout - 2
    table.ok(type="vitae", unit="blue.scout", change=-99)
    assert table.unit("blue.scout")["status"] == "jailed"
    assert table.team("red")["kills"] == 0 and table.team("blue")["kills"] == 0
    table.ok(type="vitae", unit="blue.medic", change=-99, credited="red")
    assert table.team("red")["kills"] == 1


def test_jail_release_frees_every_unit_in_that_jail_to_its_base(table):
    table.start()
    table.ok(type="vitae", unit="blue.scout", change=-99, credited="red", jail="north")
    table.ok(type="vitae", unit="red.medic", change=-99, credited="blue", jail="north")
    table.refused("activate a jail release point", type="release", team="red", jail="south")
    table.ok(type="release", team="red", jail="north")
    assert table.unit("blue.scout")["status"] == "active"
    assert table.unit("red.medic")["vitae"] == DATA.units["medic"].vitae


def test_control_points_move_between_teams_and_set_the_cards_drawn(table):
    table.start()
    per = RULES.match.control_points_per_extra_card
    for _ in range(per):
        table.ok(type="capture", team="red")
        table.ok(type="capture", team="red")
        table.end_turn()
        table.end_turn()
    assert table.team("red")["control_points"] == 2 * per
    assert table.team("red")["draws"] == RULES.match.base_draw + 2
    table.ok(type="capture", team="red", point="tower_centre")
    table.end_turn()
    table.ok(type="capture", team="blue", previous="red")
    assert table.team("red")["control_points"] == 2 * per - 1
    table.refused("capture a control point", type="capture", team="blue", previous="blue")


def test_twelve_rounds_then_payout_with_the_fans_roll(table):
    table.start()
    table.end_turn()
    table.ok(type="capture", team="blue", point="tower_centre")
    table.ok(type="points", team="red", control_points=3, tower_centres=0)
    for _ in range(RULES.match.rounds * 2 - 1):
        table.end_turn()
    state = table.state()
    assert state["phase"] == "payout"
    table.refused(type="end_turn", team="red")
    table.refused(type="payout", roll=RULES.payout.fans_die_sides + 1)
    reply = table.ok(type="payout", roll=4)
    assert reply["outcome"]["summary"] == "blue wins match 1"
    fans = 4 * RULES.payout.fans_per_pip
    assert table.team("blue")["credits"] == START + RULES.payout.tower_centre + fans
    assert table.team("red")["credits"] == START + 3 * RULES.payout.control_point + fans
    csv = table.client.get(f"/k/{table.kit}/export/payout.csv").text.splitlines()
    assert csv[0].startswith("team,control_points,tower_centres,kills,match_payout")
    assert csv[2].endswith(",yes") and csv[2].startswith("blue,0,1,0,")


def test_last_team_standing_ends_the_match_early(table):
    table.start()
    table.refused("Notes", type="end_match")
    for unit in ("gunner", "warrior", "medic", "scout"):
        table.ok(type="vitae", unit=f"blue.{unit}", change=-99, credited="red")
    table.ok(type="end_match")
    table.ok(type="payout", roll=1)
    assert table.state()["payout"]["winner"] == "red"


def test_a_campaign_carries_credits_and_items_and_names_the_winner_after_five(client):
    table = Table(client, client.db_url, ["red", "blue"])
    for number in range(1, RULES.campaign.matches + 1):
        if number == 1:
            table.start({"red": [("gunner", "heavy-rifle")]})
        else:
            assert [i["id"] for i in table.unit("red.gunner")["items"]] == ["heavy-rifle"]
            table.start()
        table.ok(type="points", team="red", control_points=1, tower_centres=0)
        for _ in range(RULES.match.rounds * 2):
            table.end_turn()
        table.ok(type="payout", roll=1)
        if number < RULES.campaign.matches:
            match_id = table.state()["match"]["id"]
            reply = client.post(f"/k/{table.kit}/next-match", json={"match_id": match_id})
            assert reply.json()["match"]["number"] == number + 1
    state = table.state()
    assert state["payout"]["campaign_winners"] == ["red"]
    refused = client.post(f"/k/{table.kit}/next-match", json={"match_id": state["match"]["id"]})
    assert refused.status_code == 422 and refused.json()["rule"] == "campaign"


# ----------------------------------------------------------------------- the tracker's promises


def test_two_phones_attacking_the_same_unit_from_one_version_get_a_409(table):
    table.start({"red": [("gunner", "heavy-rifle"), ("scout", "pistol")]})
    version = table.state()["match"]["version"]
    first = table.act(
        version,
        type="attack",
        attacker="red.gunner",
        target="blue.scout",
        weapon="heavy-rifle",
        cards="1",
        defence="",
    )
    assert first.status_code == 200
    second = table.act(
        version,
        type="attack",
        attacker="red.scout",
        target="blue.scout",
        weapon="pistol",
        cards="1",
        defence="",
    )
    assert second.status_code == 409
    assert second.json()["since"] == [first.json()["text"]]
    # A money transfer made against the same old version touches other things: it goes through.
    assert (
        table.act(version, type="transfer", payer="blue", payee="red", amount=1).status_code == 200
    )


def test_undo_restores_the_unit_exactly(table):
    table.start({"red": [("gunner", "autocannon")]})
    before = table.state()
    table.ok(
        type="attack",
        attacker="red.gunner",
        target="blue.medic",
        weapon="autocannon",
        cards="4,4",
        defence="",
    )
    assert table.unit("blue.medic")["status"] == "jailed"
    table.ok(type="undo")
    after = table.state()
    assert after["teams"] == before["teams"] and after["phases_used"] == before["phases_used"]


def test_pages_render_for_every_phase_and_escape_notes(table):
    kit = table.kit
    for path in ("table", "team/red", "unit/blue/scout"):
        assert table.client.get(f"/k/{kit}/{path}").status_code == 200
    table.ok(
        type="transfer", payer="red", payee="blue", amount=5, note="<img src=x onerror=alert(1)>"
    )
    history = table.client.get(f"/k/{kit}/history").text
    assert "<img src=x" not in history and "&lt;img src=x onerror=alert(1)&gt;" in history
    table.start()
    for path in ("table", "team/red", "unit/blue/scout", "history"):
        assert table.client.get(f"/k/{kit}/{path}").status_code == 200
    assert table.client.get(f"/k/{kit}/team/purple").status_code == 404
    assert table.client.get(f"/k/{kit}/unit/red/dragon").status_code == 404
    form = table.client.post(
        f"/k/{kit}/preview",
        data={
            "type": "attack",
            "attacker": "red.gunner",
            "target": "blue.scout",
            "cards": "3,3",
            "defence": "1",
            "jail": "north",  # a kill: named here, the check page does not ask it
            "client_action_id": "p1",
            "version": "0",
        },
    )
    assert form.status_code == 200 and "Confirm and record" in form.text
    assert "attack stack = cards 3 + 3" in form.text
    assert table.state()["phases_used"] == 0  # a preview records nothing


# --------------------------------------------------------------------------------- properties


UNITS = [f"{c}.{t}" for c in ("red", "blue") for t in DATA.units]

play_actions = st.one_of(
    st.builds(
        lambda attacker, target, cards, defense: {
            "type": "attack",
            "attacker": attacker,
            "target": target,
            "cards": cards,
            "defence": defense,
        },
        st.sampled_from(UNITS),
        st.sampled_from(UNITS),
        st.lists(st.integers(1, 4), max_size=4),
        st.lists(st.integers(1, 4), max_size=2),
    ),
    st.builds(lambda team: {"type": "end_turn", "team": team}, st.sampled_from(["red", "blue"])),
    st.builds(
        lambda payer, amount: {
            "type": "transfer",
            "payer": payer,
            "payee": "blue" if payer == "red" else "red",
            "amount": amount,
        },
        st.sampled_from(["red", "blue"]),
        st.integers(1, 400_000),
    ),
    st.builds(
        lambda unit, change: {"type": "vitae", "unit": unit, "change": change},
        st.sampled_from(UNITS),
        st.integers(-4, 2),
    ),
    st.builds(lambda team: {"type": "capture", "team": team}, st.sampled_from(["red", "blue"])),
    st.builds(
        lambda team: {"type": "release", "team": team, "jail": "north"},
        st.sampled_from(["red", "blue"]),
    ),
)


def _service() -> MatchService:
    return property_service("dd-properties.sqlite3")


def _started_match(service: MatchService) -> int:
    match_id = new_match(service, "deathdome", teams=["red", "blue"])
    submit_all(service, match_id, [{"type": "start"}])
    return match_id


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=st.lists(play_actions, max_size=30), data=st.data())
def test_undo_and_replay_are_exact_for_random_death_dome_play(sequence, data):
    service = _service()
    match_id, other = undo_and_replay(service, _started_match, sequence, data)
    assert service.state(match_id)[1] == service.state(other)[1]
    # Vitae never below 0 nor above full; credits never negative; money is conserved.
    state = service.state_json(match_id)[1]
    for team in state["teams"].values():
        assert team["credits"] >= 0
        for unit_type, unit in team["units"].items():
            assert 0 <= unit["vitae"] <= DATA.units[unit_type].vitae
    assert sum(t["credits"] for t in state["teams"].values()) == 2 * START
    assert MatchService(service.store).state(match_id) == service.state(match_id)


# ------------------------------------------------------------------------------- text forms

text_actions = st.one_of(
    play_actions,
    st.builds(
        lambda attacker, target, weapon, cards, defense, bonus, behind, splash, jail: {
            "type": "attack",
            "attacker": attacker,
            "target": target,
            "weapon": weapon,
            "cards": cards,
            "defence": defense,
            "bonus_s": bonus,
            "bonus_t": bonus,
            "behind": behind,
            "splash": splash,
            "jail": jail,
        },
        st.sampled_from(UNITS),
        st.sampled_from(UNITS),
        st.sampled_from(["", "heavy-rifle"]),
        st.lists(st.integers(1, 4), max_size=4),
        st.lists(st.integers(1, 4), max_size=3),
        st.integers(0, 3),
        st.sampled_from(["empty", "wall", "unit", "lava"]),
        st.lists(
            st.fixed_dictionaries(
                {"unit": st.sampled_from(UNITS), "cards": st.lists(st.integers(1, 4), max_size=2)}
            ),
            max_size=2,
        ),
        st.sampled_from(["", "north", "south"]),
    ),
    st.builds(
        lambda team, item: {"type": "buy", "team": team, "item": item},
        st.sampled_from(["red", "blue"]),
        st.sampled_from(sorted(DATA.items)),
    ),
    st.builds(
        lambda s, b, price: {
            "type": "sell",
            "seller": s,
            "buyer": b,
            "item": "pistol",
            "price": price,
        },
        st.sampled_from(["red", "blue"]),
        st.sampled_from(["red", "blue"]),
        st.integers(0, 10**7),
    ),
    st.builds(
        lambda unit: {"type": "equip", "unit": unit, "item": "kevlar-vest"}, st.sampled_from(UNITS)
    ),
    st.builds(
        lambda team, cp, tc: {
            "type": "points",
            "team": team,
            "control_points": cp,
            "tower_centres": tc,
        },
        st.sampled_from(["red", "blue"]),
        st.integers(0, 30),
        st.integers(0, 2),
    ),
    st.builds(lambda roll: {"type": "payout", "roll": roll}, st.integers(1, 6)),
    st.just({"type": "start"}),
    st.just({"type": "end_match"}),
)


@settings(max_examples=200, deadline=None)
@given(fields=text_actions)
def test_every_action_reads_back_from_its_text_form(fields):
    from toolkit.games.deathdome.tracker import plugin

    action = plugin.parse_action(fields)
    text = plugin.text(action)
    assert plugin.parse_text(text) == action
    assert plugin.parse_action(plugin.action_json(plugin.parse_text(text))) == action


def test_an_action_typed_as_text_is_checked_then_recorded(table):
    table.start({"red": [("gunner", "heavy-rifle")]})
    command = "attack red.gunner -> blue.scout with heavy-rifle cards 2 vs - jail north"
    page = table.client.post(
        f"/k/{table.kit}/preview", data={"command": command, "client_action_id": "t1"}
    )
    assert page.status_code == 200 and "Confirm and record" in page.text
    assert table.state()["phases_used"] == 0
    recorded = table.client.post(
        f"/k/{table.kit}/act",
        data={"command": command, "client_action_id": "t1"},
        follow_redirects=False,
    )
    assert recorded.status_code == 303
    assert table.client.get(f"/k/{table.kit}/history.json").json()["entries"][0]["text"] == command
    bad = table.client.post(f"/k/{table.kit}/preview", data={"command": "attack everyone"})
    assert bad.status_code == 422 and "cannot read" in bad.text
    undo = table.client.post(
        f"/k/{table.kit}/act",
        data={"command": "undo", "client_action_id": "t2"},
        follow_redirects=False,
    )
    assert undo.status_code == 303 and table.state()["phases_used"] == 0


# ------------------------------------------------------ what the units wear, with no extra tap


def test_the_items_both_units_wear_apply_with_no_extra_tap(table):
    """The attack form names the attacker, the target and the cards only: the Riot Shield the
    warrior wears keeps it in place (1,1,1 + S2 + Skill 1 = 6 against T2 + Toughness 1 = 3: 3
    damage, three of a kind, no push back), and the check page says why."""
    table.start({"red": [("gunner", "heavy-rifle")], "blue": [("warrior", "riot-shield")]})
    form = {
        "type": "attack",
        "attacker": "red.gunner",
        "target": "blue.warrior",
        "weapon": "heavy-rifle",
        "cards": "1,1,1",
        "client_action_id": "a1",
        "version": "0",
    }
    page = table.client.post(f"/k/{table.kit}/preview", data=form)  # fmt: skip
    assert page.status_code == 200 and "Riot Shield: Prevents push back." in page.text
    assert "is pushed back: what is on the square behind it?" not in page.text
    reply = table.ok(**{k: v for k, v in form.items() if k not in ("client_action_id", "version")})
    assert reply["outcome"]["hits"][0]["push_back"] is False
    assert table.unit("blue.warrior")["vitae"] == DATA.units["warrior"].vitae - 3
    shield = next(i for i in table.unit("blue.warrior")["items"] if i["id"] == "riot-shield")
    assert {
        "effect": "prevent push back",
        "text": "Prevents push back.",
        "card": "Riot Shield",
    } in (shield["effects"])


def test_a_drug_is_used_from_the_unit_page_and_lasts_the_turn(table):
    """The unit page offers the medic's Steroids, to give to a friend: +1 Skill this turn."""
    table.start({"red": [("medic", "steroids")]})
    page = table.client.get(f"/k/{table.kit}/unit/red/medic").text
    assert "Use an item" in page and 'name="item" value="steroids"' in page
    table.ok(type="use", unit="red.medic", item="steroids", targets="red.warrior")
    warrior = table.unit("red.warrior")
    assert warrior["stats"]["skill"] == DATA.units["warrior"].skill + 1
    assert warrior["lasting"] == [{"card": "steroids", "name": "Steroids", "until": "turn"}]
    assert "Steroids (until the end of this turn)" in (
        table.client.get(f"/k/{table.kit}/unit/red/warrior").text
    )
    table.end_turn()
    assert table.unit("red.warrior")["stats"]["skill"] == DATA.units["warrior"].skill
    table.refused("Item Cards", type="use", unit="blue.medic", item="steroids",
                  targets="blue.gunner")  # fmt: skip


def test_a_card_played_from_the_team_page(table):
    """Bee Sting "[A] -1 V" played by red on blue's scout: one tap of the team page's form."""
    table.start()
    page = table.client.get(f"/k/{table.kit}/team/red").text
    assert 'id="play-card-form"' in page and 'value="bee-sting"' in page
    table.ok(type="play", team="red", card="bee-sting", unit="blue.scout")
    assert table.unit("blue.scout")["vitae"] == DATA.units["scout"].vitae - 1
    assert table.state()["phases_used"] == 1
    history = table.client.get(f"/k/{table.kit}/history").text
    assert "play bee-sting by red on blue.scout" in history


def test_the_check_asks_a_swap_only_for_a_weapon_that_may_swap(table):
    """The Telegun: "Instead of damage you may swap places with the target": asked on the check
    page when it hits; answered, it is recorded as the table said."""
    table.start({"red": [("scout", "telegun")]})
    url = f"/k/{table.kit}/act"
    form = {
        "type": "attack",
        "attacker": "red.scout",
        "target": "blue.gunner",
        "weapon": "telegun",
        "cards": "3",
        "ask_first": "1",
        "client_action_id": "s1",
    }
    page = table.client.post(url, data=form, follow_redirects=False)  # fmt: skip
    assert page.status_code == 200 and "swap places with it instead of damage?" in page.text
    answered = table.client.post(
        url, data={k: v for k, v in form.items() if k != "ask_first"} | {"swap": "yes"},
        follow_redirects=False,
    )  # fmt: skip
    assert answered.status_code == 303
    assert table.unit("blue.gunner")["vitae"] == DATA.units["gunner"].vitae
    assert "swap yes" in table.client.get(f"/k/{table.kit}/history").text
