"""The hostile corpus: requests a careless or hostile stranger sends, one case a line, each with
the status it must get and a fragment of the message that must say what was wrong. None may be a
500, and none that is refused may leave a row in the database.

Each case was a 500 (or a wrong acceptance) before the fix named in docs/reliability.md."""

from __future__ import annotations

import csv
import io
import json
import secrets
from dataclasses import dataclass, replace
from typing import Any

import every_game
import pytest
from fastapi.testclient import TestClient
from load_harness import row_counts

from toolkit.games import game as registered
from toolkit.tracker.app import create_app
from toolkit.tracker.kits import record_kit
from toolkit.tracker.routes.exports import spreadsheet_safe

T = '{"type": "transfer", "payer": "red", "payee": "blue", "amount": 5}'
DIGITS = "9" * 4000
PAD = "p" * 2 * 2**20  # 2 MiB


def act(action: str, extra: str = "", cid: str = '"h1"') -> str:
    """An act body as raw JSON text (so Infinity, 1e400 and lone surrogates go as sent)."""
    return '{"action": ' + action + ', "client_action_id": ' + cid + extra + "}"


def attack(cards: str = '"1"', extra: str = "") -> str:
    """A Death Dome attack with these cards (JSON text) and extra fields."""
    fields = '"type": "attack", "attacker": "red.gunner", "target": "blue.scout"'
    return act("{" + fields + ', "cards": ' + cards + extra + "}")


def text(value: str) -> str:
    return '"' + value + '"'


@dataclass(frozen=True)
class H:
    """One hostile request: `path` under /k/<kit> (dd, dp, nd, dm: the four games' kits)."""

    id: str
    method: str
    path: str
    raw: str | None = None
    form: dict[str, Any] | None = None
    params: dict[str, Any] | None = None
    headers: dict[str, Any] | None = None
    status: int = 422
    says: str = ""


NOTE = T[:-1] + ', "note": '
DM_ATTACK = (
    '{"type": "attack", "player": "red", "attacker": "1,1", "target": "2,1", "power": "deck:1"'
)
CLASH = {"type": "clash", "attacker": "1", "attack": "talon-dive", "defence": "defend",
         "card": "shell-guard"}  # fmt: skip
DD_ATTACK = {"type": "attack", "attacker": "red.gunner", "target": "blue.scout"}
# fmt: off
CASES = [
    # numbers no game can use
    H("version Infinity", "POST", "dd/act", act(T, ', "version": Infinity'), says="'version'"),
    H("version 1e400", "POST", "dd/act", act(T, ', "version": 1e400'), says="'version'"),
    H("version NaN", "POST", "dd/act", act(T, ', "version": NaN'), says="'version'"),
    H("version -1", "POST", "dd/act", act(T, ', "version": -1'), says="at least 0"),
    H("version a word", "POST", "dd/act", act(T, ', "version": "seven"'), says="version"),
    H("cards [1e400]", "POST", "dd/act", attack("[1e400]"), says="'action.cards[0]'"),
    H("cards [-Infinity]", "POST", "dd/act", attack("[-Infinity]"), says="'action.cards[0]'"),
    H("cards of 1000 digits", "POST", "dd/act", attack(text(DIGITS[:1000])), says="cards"),
    H("bonus of 4000 digits", "POST", "dd/act", attack(extra=', "bonus_s": ' + text(DIGITS)),
      says="'action.bonus_s'"),
    H("bonus of 16 digits", "POST", "dd/act", attack(extra=', "bonus_s": ' + text(DIGITS[:16])),
      says="at most 15"),
    H("amount a 4000-digit number", "POST", "dd/act", act(T[:-2] + DIGITS + "}"),
      says="'action.amount'"),
    H("amount 1e300", "POST", "dd/act", act(T[:-2] + "1e300}"), says="at most"),
    # shapes a field does not take
    H("splash a list of numbers", "POST", "dd/act", attack(extra=', "splash": [1, 2]'),
      says="splash"),
    H("splash a number", "POST", "dd/act", attack(extra=', "splash": 5'), says="splash"),
    H("splash an object", "POST", "dd/act", attack(extra=', "splash": {"a": 1}'), says="splash"),
    H("cycles not objects", "POST", "dm/act", act(DM_ATTACK + ', "cycles": {"red": 5}}'),
      says="fields"),
    H("reserves a list", "POST", "dm/act", act('{"type": "begin", "reserves": [1, 2]}'),
      says="fields"),
    H("a body nested 10 deep", "POST", "dd/act", act("[" * 10 + "]" * 10), says="nested"),
    H("a list of 101 cards", "POST", "dd/act", attack(json.dumps(["1"] * 101)), says="101 items"),
    H("a field given 500 times", "POST", "dd/act", form={"type": "pass", "team": ["red"] * 500},
      says="500 items"),
    H("a body that is a list", "POST", "dd/act", "[1, 2]", says="JSON object"),
    # text no page or database can hold
    H("a note with a lone surrogate", "POST", "dd/act", act(NOTE + text("\\ud800") + "}"),
      says="lone surrogate"),
    H("an actor with a lone surrogate", "POST", "dd/act", act(T, ', "actor": "\\udfff"'),
      says="lone surrogate"),
    H("a command with a lone surrogate", "POST", "dp/act", act('{"command": "hp k \\udc00"}'),
      says="lone surrogate"),
    H("a whoami name with a lone surrogate", "POST", "dd/whoami", '{"name": "\\ud83d"}',
      says="lone surrogate"),
    H("a note of 5000 characters", "POST", "dd/act", act(NOTE + text("n" * 5000) + "}"),
      says="5000 characters"),
    # client action ids
    H("client_action_id a list", "POST", "dd/act", act(T, cid='["x", "y"]'),
      says="client action id"),
    H("client_action_id a number", "POST", "dd/act", act(T, cid="7"), says="client action id"),
    H("client_action_id blank", "POST", "dd/act", act(T, cid='"   "'), says="client action id"),
    H("client_action_id of 65", "POST", "dd/act", act(T, cid=text("c" * 65)),
      says="client action id"),
    # query strings and headers
    H("?done=99999999999999999999", "GET", "dd/table", params={"done": "9" * 20}, status=200,
      says="Table"),
    H("?done=² (not ASCII)", "GET", "dd/table", params={"done": "²"}, status=200, says="Table"),
    H("?after=² on the events", "GET", "dd/events", params={"after": "²"}, status=200,
      says="retry"),
    H("Last-Event-ID not ASCII", "GET", "dd/events", headers={"last-event-id": b"\xb2\xb3"},
      status=200, says="retry"),
    H("Last-Event-ID of 5000 digits", "GET", "dd/events", headers={"last-event-id": DIGITS},
      status=200, says="retry"),
    H("a whoami cookie not Latin-1", "GET", "dd/table",
      headers={"cookie": "domekit_actor=Сергей".encode()}, status=200, says="Table"),
    H("odds with a list of 101 cards", "GET", "dd/odds",
      params={"type": "attack", "cards": ["1"] * 101}, says="101 items"),
    H("odds for a Nature Dome hand of 88 cards", "GET", "nd/odds",
      params={**CLASH, "boosts": ",".join(["pack-howl"] * 87)}, says="the deck holds 2"),
    H("odds for a defence the deck cannot hold", "GET", "dd/odds",
      params={**DD_ATTACK, "cards": "2", "defence": ",".join(["4"] * 12)},
      says="the defender's card 4 is not in the deck"),
    H("odds for a million defender cards", "GET", "dd/odds",
      params={**DD_ATTACK, "cards": "2", "defender_cards": "1000000"}, says="cannot hold"),
    # names
    H("a Domppa name of 41 characters", "POST", "dp/act",
      act('{"type": "add", "name": ' + text("x" * 41) + ', "health": 6}'), says="at most 40"),
    # the front door
    H("a Host it was not told of", "GET", "dd/table", headers={"host": "evil.example"},
      status=400, says="--allowed-host"),
    H("a Host and port it was not told of", "GET", "dd/table", headers={"host": "a.example:80"},
      status=400, says="--allowed-host"),
    H("a 2 MiB body", "POST", "dd/act", act(T, ', "pad": ' + text(PAD)), status=413,
      says="1024 KiB"),
    H("a 2 MiB import", "POST", "dd/import", '{"pad": ' + text(PAD) + "}", status=413,
      says="1024 KiB"),
    H("a Content-Length not a number", "POST", "dd/act", act(T), headers={"content-length": "1x"},
      status=413, says="1024 KiB"),
]
# fmt: on


# The same stranger at every game's kit: requests no game's rules answer, for every game of the
# registry (the test suite's duel among them), each kit as `domekit kit` printed it. `{title}`:
# the game's title, which its table shows.
NO_SUCH = '{"type": "teleport"}'
EVERY_GAME = [
    H("an action no game has", "POST", "act", act(NO_SUCH), says="unknown action 'teleport'"),
    H("an action without its type", "POST", "act", act('{"to": "moon"}'), says="unknown action ''"),
    H("a typed action no game reads", "POST", "act", act('{"command": "teleport to the moon"}'),
      says="teleport"),
    H("a typed action with a lone surrogate", "POST", "act", act('{"command": "x \\udc00"}'),
      says="lone surrogate"),
    H("version Infinity", "POST", "act", act(NO_SUCH, ', "version": Infinity'), says="'version'"),
    H("a body nested 10 deep", "POST", "act", act("[" * 10 + "]" * 10), says="nested"),
    H("a body that is a list", "POST", "act", "[1, 2]", says="JSON object"),
    H("a 2 MiB body", "POST", "act", act(NO_SUCH, ', "pad": ' + text(PAD)), status=413,
      says="1024 KiB"),
    H("a page the match lacks", "GET", "nosuch", status=404, says="nosuch"),
    H("a twin of nine arguments", "GET", "table/" + "/x" * 9 + ".json", status=404),
    H("?done=99999999999999999999", "GET", "table", params={"done": "9" * 20}, status=200,
      says="{title}"),
    H("a Host it was not told of", "GET", "table", headers={"host": "evil.example"},
      status=400, says="--allowed-host"),
    H("odds of a form no game has", "GET", "odds", params={"type": "teleport"},
      says="no odds for a 'teleport' form"),
]  # fmt: skip


class Kits:
    def __init__(self, db_url: str) -> None:
        self.db_url = db_url
        self.ids = {name: secrets.token_urlsafe(16) for name in ("dd", "dp", "nd", "dm")}
        games = {"dd": "deathdome", "dp": "domppa", "nd": "naturedome", "dm": "dominum"}
        for name, kit in self.ids.items():
            extra = {"teams": ["red", "blue"]} if name == "dd" else {}
            record_kit(
                db_url, {"kit_id": kit, "game": games[name], "base_url": "http://t", **extra}
            )

        for name in every_game.names():  # every game's kit, as it printed it
            self.ids[name] = every_game.record(db_url, name)

    def rows(self) -> dict[str, int]:
        return row_counts(self.db_url)


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    return Kits(f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'tracker.sqlite3'}")


@pytest.fixture(scope="module")
def client(kits):
    app = create_app(kits.db_url, kits_dir=None, sse_max_seconds=0.2, allowed_hosts=["table"])
    with TestClient(app, base_url="http://table", raise_server_exceptions=False) as c:
        for kit in kits.ids.values():
            # Each kit's match 1 exists (a page's JSON twin starts it; a phone's page would
            # first ask how to track it).
            assert c.get(f"/k/{kit}/table.json").status_code == 200
        yield c


def send(client: TestClient, kits: Kits, case: H):
    game, _, rest = case.path.partition("/")
    url = f"/k/{kits.ids[game]}/{rest}"
    headers = dict(case.headers or {})
    if case.raw is not None:
        headers.setdefault("content-type", "application/json")
        return client.request(case.method, url, content=case.raw.encode(), headers=headers)
    if case.form is not None:
        return client.request(case.method, url, data=case.form, headers=headers)
    return client.request(case.method, url, params=case.params, headers=headers)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_hostile_request_gets_its_4xx_naming_what_was_wrong_and_changes_nothing(
    client, kits, case
):
    before = kits.rows()
    reply = send(client, kits, case)
    assert reply.status_code == case.status, reply.text[:300]
    assert case.says in reply.text, reply.text[:300]
    if case.status >= 400:
        assert kits.rows() == before


@pytest.mark.parametrize("game", every_game.names())
@pytest.mark.parametrize("case", EVERY_GAME, ids=[case.id for case in EVERY_GAME])
def test_every_game_answers_a_stranger_with_a_4xx_naming_what_was_wrong(client, kits, game, case):
    before = kits.rows()
    reply = send(client, kits, replace(case, path=f"{game}/{case.path}"))
    assert reply.status_code == case.status, reply.text[:300]
    assert case.says.format(title=registered(game).title) in reply.text, reply.text[:300]
    if case.status >= 400:
        assert kits.rows() == before


def test_a_whoami_name_in_any_script_is_kept_and_shown(client, kits):
    base = f"/k/{kits.ids['dd']}"
    reply = client.post(f"{base}/whoami", data={"name": "Сергей 李"}, follow_redirects=False)
    assert reply.status_code == 303
    assert "Сергей 李" in client.get(f"{base}/table").text
    done = client.post(f"{base}/act", json=json.loads(act(T, cid='"who-1"')))
    assert done.status_code == 200
    history = client.get(f"{base}/history.json").json()["entries"]
    assert history[0]["actor"] == "Сергей 李"
    client.cookies.clear()


@pytest.mark.parametrize(
    ("name", "expected_id"),
    [("Сергей", "сергей"), ("李小龍", "李小龍"), ("★★★", "character-")],
)
def test_a_domppa_character_named_without_latin_letters_gets_an_id_and_a_page(
    client, kits, name, expected_id
):
    base = f"/k/{kits.ids['dp']}"
    body = {"action": {"type": "add", "name": name, "health": 6}, "client_action_id": name}
    reply = client.post(f"{base}/act", json=body)
    assert reply.status_code == 200, reply.text
    ids = [u["id"] for u in client.get(f"{base}/table.json").json()["units"]]
    new = next(i for i in ids if i.startswith(expected_id))
    page = client.get(f"{base}/unit/{new}.json")
    assert page.status_code == 200 and page.json()["unit"]["name"] == name
    again = client.post(f"{base}/act", json={**body, "client_action_id": name + "2"})
    if expected_id != "character-":  # the same name twice is the same id: refused
        assert again.status_code == 422 and "already has a character" in again.text


@pytest.mark.parametrize(
    "name", ['=HYPERLINK("http://e.x","hi")', "+1+cmd", "-2+3", "@SUM(A1)", "x\t=1"]
)
def test_a_name_a_spreadsheet_would_run_is_exported_as_text(client, kits, name):
    base = f"/k/{kits.ids['dp']}"
    body = {"action": {"type": "add", "name": name, "health": 6}, "client_action_id": f"csv{name}"}
    assert client.post(f"{base}/act", json=body).status_code == 200
    rows = list(csv.reader(io.StringIO(client.get(f"{base}/export/roster.csv").text)))
    names = [row[1] for row in rows[1:]]
    assert ("'" + name if name[0] in "=+-@" else name) in names
    assert not any(
        cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in rows for cell in row
    )


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1", "@A1", "\t=1", "\r=1"])
def test_every_formula_start_is_neutralised_and_numbers_stay_numbers(cell):
    assert spreadsheet_safe(cell) == "'" + cell
    assert spreadsheet_safe(-5) == -5 and spreadsheet_safe("a=1") == "a=1"
