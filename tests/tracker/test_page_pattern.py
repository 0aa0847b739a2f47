"""Pages from one pattern: every game declares its pages (name and arguments) once and one route
serves them all with their JSON twins; a page without a template of its own still shows its
view; a game's stylesheets live in its own page folder and are linked on its pages only. Over
every game of the registry (the test suite's duel among them: tests/every_game.py, each page its
kit prints) and the test game `tally` (tests/tracker/tally.py), in-process."""

from __future__ import annotations

import re

import every_game
import pytest
import tally
from fastapi.testclient import TestClient
from tracker_helpers import HERE, act, client_id_of, loader, new_kit

from toolkit.errors import DomekitError
from toolkit.pages import KIT_WORDS, is_page_name
from toolkit.tracker.app import create_app
from toolkit.tracker.contract import View
from toolkit.tracker.storage import Store

GAMES = [*every_game.names(), "tally"]
# Pages we know each game's kit prints (QR codes), and pages its match does not have; every game
# of the registry is also checked on every page its kit prints and on pages its declared pages
# cannot be (tests/every_game.py).
PRINTED = {
    "deathdome": ["table", "team/red", "team/blue", "unit/red/gunner", "unit/blue/scout"],
    "dominum": ["table", "player/red", "player/gold"],
    "naturedome": ["table", "player/1", "player/2"],
    "domppa": ["table", "unit/knight", "unit/fire-mage"],
    "tally": ["table", "team/a"],
}
MISSING = {
    "deathdome": ["team/purple", "unit/red/dragon", "unit/red", "team/red/gunner", "team"],
    "dominum": ["player/blue", "player", "player/red/x", "team/red"],
    "naturedome": ["player/3", "player/1/2", "unit/1"],
    "domppa": ["unit/dragon", "unit/knight/x", "player/1"],
    "tally": ["team/zz", "team", "unit/a"],
}
ADD_A = {"type": "add", "name": "a", "amount": 2}


def view_token(db_url: str, kit: str) -> str:
    store = Store(db_url)
    try:
        return store.kit(kit_id=kit).view_token
    finally:
        store.close()


def stylesheets(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="(/static/games/[^"]+)"', html)


def test_one_route_serves_the_pages_and_the_trackers_own_words_keep_theirs(client):
    page_routes = [r.path for r in client.app.routes if "{page:page}" in getattr(r, "path", "")]
    assert page_routes == ["/{cap}/{key}/{page:page}{format:format}"]
    for route in client.app.routes:
        path = getattr(route, "path", "")
        if path.startswith("/{cap}/{key}/") and route.path not in page_routes:
            word = re.split(r"[/{]", path.removeprefix("/{cap}/{key}/"))[0].removesuffix(".json")
            assert word in KIT_WORDS | {"screen"}, path  # no page name can shadow it


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_pages_the_kits_and_the_tracker_read_alike(game):
    declared = loader(game).pages
    assert "table" in declared
    for name, view in declared.items():
        assert is_page_name(name) and isinstance(view, View), name


def kit_of(db_url: str, game: str) -> tuple[str, list[str], list[str]]:
    """A kit of `game` as `domekit kit` records it, the pages it prints and pages it has not."""
    if game == "tally":
        return new_kit(db_url), PRINTED[game], MISSING[game]
    printed = every_game.printed_pages(game)
    assert set(PRINTED.get(game, [])) <= set(printed)
    missing = [*MISSING.get(game, []), *every_game.missing_pages(game)]
    return every_game.record(db_url, game), printed, missing


@pytest.mark.parametrize("game", GAMES)
def test_every_printed_page_and_its_twin_opens_and_no_other(client, db_url, game):
    kit, printed, missing = kit_of(db_url, game)
    for path in [*printed, "screen"]:
        name = path.split("/")[0]
        for base in (f"/k/{kit}", f"/v/{view_token(db_url, kit)}"):  # the kit's, a spectator's
            assert client.get(f"{base}/{path}").status_code == 200, f"{game} {base}/{path}"
            twin = client.get(f"{base}/{path}.json").json()
            assert (twin["game"], twin["page"]) == (game, name)
    for path in [*missing, "nosuch", "unit//x"]:
        assert client.get(f"/k/{kit}/{path}").status_code == 404, f"{game} {path}"
        assert client.get(f"/k/{kit}/{path}.json").status_code == 404, f"{game} {path}.json"
    assert client.get(f"/k/{kit}/page/table.json").json()["page"] == "table"  # the old spelling
    assert client.get(f"/k/{kit}/act").status_code == 405  # a word of the tracker's own
    moved = client.get(f"/k/{kit}/table/", follow_redirects=False)
    assert moved.status_code == 307 and moved.headers["location"].endswith(f"/k/{kit}/table")


def test_a_page_without_a_template_of_its_own_shows_its_view(client, db_url):
    kit = new_kit(db_url)  # tally: its team page has no tally/team.html
    assert not (HERE / "templates" / "tally" / "team.html").exists()
    act(client, kit, ADD_A)
    page = client.get(f"/k/{kit}/team/a").text
    shown = page[page.index('id="view"') : page.index("</section>", page.index('id="view"'))]
    assert '<div class="a"><dt>a</dt><dd>2</dd></div>' in shown
    assert "Undo #1" in page and "add 2 to a" in page  # it records: its undo button
    assert client.get(f"/k/{kit}/team/a.json").json()["tallies"] == {"a": 2}
    assert f'href="/k/{kit}/export/tallies.csv"' in page  # the game's downloads
    spectator = client.get(f"/v/{view_token(db_url, kit)}/team/a").text
    assert "<dd>2</dd>" in spectator and "Undo #1" not in spectator


class TypedTally(tally.TallyGame):
    """The tally read also from its text form: `add 2 to a`."""

    def parse_text(self, text: str) -> dict:
        found = re.fullmatch(r"add (-?\d+) to (\w+)", text.strip())
        if found is None:
            raise DomekitError(f"expected like 'add 2 to a', got {text!r}")
        return {"type": "add", "name": found[2], "amount": int(found[1])}


def test_a_new_games_page_without_a_template_records_an_action_typed_as_text(db_url):
    typed = TypedTally()
    games = lambda name: typed if name == "tally" else loader(name)  # noqa: E731
    app = create_app(db_url, games=games, template_dirs=[HERE / "templates"], kits_dir=None)
    kit = new_kit(db_url)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        page = client.get(f"/k/{kit}/team/b").text
        assert 'id="typed-form"' in page
        fields = {"client_action_id": client_id_of(page), "version": "0"}
        fields |= {"next": f"/k/{kit}/team/b", "command": "add 3 to b"}
        check = client.post(f"/k/{kit}/preview", data=fields)
        assert check.status_code == 200 and "b: 0 + 3" in check.text
        done = client.post(f"/k/{kit}/act", data=fields, follow_redirects=False)
        assert done.status_code == 303 and done.headers["location"] == f"/k/{kit}/team/b?done=1"
        assert client.get(f"/k/{kit}/team/b.json").json()["tallies"] == {"b": 3}
        assert 'id="typed-form"' not in client.get(f"/v/{view_token(db_url, kit)}/team/b").text


@pytest.mark.parametrize("game", GAMES)
def test_a_games_stylesheets_come_from_its_folder_and_are_linked_on_its_pages_only(
    client, db_url, game
):
    kit, printed, _ = kit_of(db_url, game)
    own = [f"/static/games/{game}/{game}.css"]
    # The tally's table template extends base.html, not _game.html: only its generic page links.
    for path in ["team/a"] if game == "tally" else [*printed, "screen"]:
        assert stylesheets(client.get(f"/k/{kit}/{path}").text) == own, path
    for path in ["history", "seat"]:  # the tracker's own pages: no game's stylesheet
        assert stylesheets(client.get(f"/k/{kit}/{path}").text) == [], path
    reply = client.get(own[0])
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/css")
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in reply.headers["content-security-policy"]


@pytest.mark.parametrize(
    "path",
    [
        "/static/games/tally/table.html",  # a template, not a static file
        "/static/games/deathdome/table.html",
        "/static/games/deathdome/static/deathdome.css",
        "/static/games/deathdome/../base.html",
        "/static/games/../base.html",
        "/static/games/deathdome/%2e%2e/table.html",
        "/static/games/Deathdome/deathdome.css",
        "/static/games/deathdome/",
        "/static/games/nosuch/nosuch.css",
    ],
)
def test_only_what_is_under_a_games_static_folder_is_served(client, path):
    assert client.get(path).status_code == 404
