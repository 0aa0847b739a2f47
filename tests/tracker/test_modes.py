"""How a match is tracked, chosen at set-up (issue 27): a phone opening a kit with no match yet
is asked, the light way first; the choice reaches the game's `new_match` as `mode` and a light
match says so in its state, once on its table page; a match begun through the JSON API, and a
game with one way, start as before (full); the next match of a campaign keeps its mode; every
list on a game's pages starts on a placeholder, never on a value the player did not choose."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tracker_helpers import act, client_id_of, new_kit

from toolkit.tracker.contract import registered

DEATH_DOME = {"teams": ["red", "blue"]}


def export(client, kit: str) -> dict:
    return client.get(f"/k/{kit}/export.json").json()


def test_a_kit_with_no_match_asks_how_to_track_it_light_first(client, db_url):
    kit = new_kit(db_url, "deathdome", **DEATH_DOME)
    page = client.get(f"/k/{kit}/unit/red/gunner").text
    assert "New match: how to track it" in page
    choices = re.findall(r'name="mode" value="(\w+)"', page)
    assert choices == ["light", "full"]  # light first, and recommended
    assert "Light (recommended)" in page
    assert f'name="next" value="/k/{kit}/unit/red/gunner"' in page
    # Asking starts nothing: the page asks again until a phone chooses.
    assert "New match: how to track it" in client.get(f"/k/{kit}/table").text
    chosen = client.post(
        f"/k/{kit}/setup",
        data={"mode": "light", "next": f"/k/{kit}/unit/red/gunner"},
        follow_redirects=False,
    )
    assert chosen.status_code == 303 and chosen.headers["location"] == f"/k/{kit}/unit/red/gunner"
    assert export(client, kit)["initial_state"]["mode"] == "light"
    table = client.get(f"/k/{kit}/table").text
    assert table.count('id="mode-note"') == 1 and "Light tracking." in table
    assert 'id="mode-note"' not in client.get(f"/k/{kit}/unit/red/gunner").text  # said once
    # A second phone choosing later changes nothing: the match has started.
    again = client.post(f"/k/{kit}/setup", json={"mode": "full"})
    assert again.json()["mode"] == "light"


def test_a_match_begun_through_the_json_api_is_tracked_full_as_before(client, db_url):
    for game, extra in (("deathdome", DEATH_DOME), ("naturedome", {}), ("dominum", {})):
        kit = new_kit(db_url, game, **extra)
        assert client.get(f"/k/{kit}/table.json").status_code == 200
        initial = export(client, kit)["initial_state"]
        assert "mode" not in initial  # an old state's JSON, key for key
        assert "New match" not in client.get(f"/k/{kit}/table").text
        assert 'id="mode-note"' not in client.get(f"/k/{kit}/table").text  # full: nothing to say


def test_a_way_the_game_does_not_have_is_refused_and_starts_nothing(client, db_url):
    kit = new_kit(db_url, "naturedome")
    refused = client.post(f"/k/{kit}/setup", json={"mode": "heavy"})
    assert refused.status_code == 422
    assert "mode: 'heavy' is not a way to track this game (light, full)" in refused.text
    assert "New match: how to track it" in client.get(f"/k/{kit}/table").text
    one_way = new_kit(db_url)  # the tally is tracked one way: no set-up page, nothing to choose
    assert "New match" not in client.get(f"/k/{one_way}/table").text
    assert client.post(f"/k/{one_way}/setup", json={"mode": "light"}).status_code == 422


def test_a_view_only_link_and_the_big_screen_wait_for_the_tables_choice(client, db_url):
    kit = new_kit(db_url, "naturedome")
    page = client.get(f"/k/{kit}/screen").text
    assert "has not started this match yet" in page and 'name="mode"' not in page
    assert '<meta http-equiv="refresh" content="5">' in page
    client.post(f"/k/{kit}/setup", json={"mode": "light"})
    assert "Nature Dome" in client.get(f"/k/{kit}/screen").text


def test_the_next_match_of_a_campaign_keeps_its_mode(client, db_url):
    """The table page's "Start match 2" keeps the light tracking; a JSON request naming no
    mode starts it full, as before modes."""
    kits = []
    for _ in range(2):
        kit = new_kit(db_url, "deathdome", **DEATH_DOME)
        client.post(f"/k/{kit}/setup", json={"mode": "light"})
        act(client, kit, {"type": "start"})
        for _turn in range(12):
            for colour in ("red", "blue"):
                assert act(client, kit, {"type": "end_turn", "team": colour}).status_code == 200
        assert act(client, kit, {"type": "payout", "roll": 3}).status_code == 200
        kits.append(kit)
    by_page, by_json = kits
    page = client.get(f"/k/{by_page}/table").text
    match_id = re.search(r'name="match_id" value="(\d+)"', page).group(1)
    client.post(f"/k/{by_page}/next-match", data={"match_id": match_id})
    assert export(client, by_page)["initial_state"]["mode"] == "light"
    client.post(f"/k/{by_json}/next-match", json={})
    assert "mode" not in export(client, by_json)["initial_state"]


def test_new_match_reads_the_mode_from_its_mapping_absent_meaning_full():
    for game in ("deathdome", "naturedome"):
        tracker = registered(game)
        manifest = {"kit_id": "x", "game": game, **(DEATH_DOME if game == "deathdome" else {})}
        assert tracker.mode(tracker.new_match(manifest, None)) == "full"
        assert tracker.mode(tracker.new_match({**manifest, "mode": "light"}, None)) == "light"
        assert list(tracker.modes) == ["light", "full"]


# -- lists: never a value the player did not choose ----------------------------------------


class _Lists(HTMLParser):
    """Every <select> of a page with its options (value, selected), and the checked radios."""

    def __init__(self) -> None:
        super().__init__()
        self.selects: list[tuple[str, bool, list[tuple[str, bool]]]] = []
        self.radios: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "select":
            self.selects.append((found.get("name") or "", "required" in found, []))
        elif tag == "option" and self.selects:
            self.selects[-1][2].append((found.get("value") or "", "selected" in found))
        elif tag == "input" and found.get("type") == "radio" and "checked" in found:
            self.radios.append((found.get("name") or "", found.get("value") or ""))


KNOWN_BY_THE_PAGE = {"controller", "weapon", "payee"}
"""Lists the page may preselect: what it knows itself (the unit's own team controls it, the
weapon it carries; the one team a team page may pay)."""


def test_no_list_starts_on_a_value_the_player_has_not_chosen(client, db_url):
    dd = new_kit(db_url, "deathdome", **DEATH_DOME)
    nd = new_kit(db_url, "naturedome")
    client.post(f"/k/{dd}/setup", json={"mode": "light"})
    client.post(f"/k/{nd}/setup", json={"mode": "full"})
    act(client, dd, {"type": "buy", "team": "red", "item": "heavy-rifle"})
    pages = [f"/k/{dd}/table", f"/k/{dd}/team/red", f"/k/{nd}/table", f"/k/{nd}/player/1"]
    for setup_or_play in ("set-up", "play"):
        for path in pages + [f"/k/{dd}/unit/red/gunner", f"/k/{dd}/unit/blue/scout"]:
            lists = _Lists()
            lists.feed(client.get(path).text)
            for name, _required, options in lists.selects:
                assert options[0][0] == "", (setup_or_play, path, name)  # a placeholder first
                chosen = [value for value, selected in options if selected]
                assert chosen in ([], [""]) or name in KNOWN_BY_THE_PAGE, (path, name, chosen)
            for name, _value in lists.radios:
                assert name in KNOWN_BY_THE_PAGE, (setup_or_play, path, name)
        act(client, dd, {"type": "equip", "unit": "red.gunner", "item": "heavy-rifle"})
        act(client, dd, {"type": "start"})


def test_a_required_list_left_on_its_placeholder_is_refused_by_the_form(client, db_url):
    """The browser refuses a required list left on its placeholder; a form posted without it
    anyway is refused by the rules, naming the field, and records nothing."""
    kit = new_kit(db_url, "deathdome", **DEATH_DOME)
    client.post(f"/k/{kit}/setup", json={"mode": "light"})
    page = client.get(f"/k/{kit}/table").text
    assert re.search(
        r'<select name="item" id="buy-item" required>\s*<option value="" selected>', page
    )
    form = {"type": "buy", "team": "red", "item": "", "client_action_id": client_id_of(page),
            "version": "0", "next": f"/k/{kit}/table"}  # fmt: skip
    refused = client.post(f"/k/{kit}/act", data=form)
    assert refused.status_code == 422 and export(client, kit)["actions"] == []
