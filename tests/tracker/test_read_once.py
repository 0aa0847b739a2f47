"""Parse once, apply once: a POST reads its action once and the rules apply it once, also when
"Record it now" (`ask_first`) checks whether the rules have a question first and when the phone
sits at a seat (which checks whose action it is). Counted with wrappers around the real parser
(`Attack.read`) and the real rules (`play.attack`) of a Death Dome attack."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from game_tracker import KitTable, tracker_client

from toolkit.games.deathdome import play
from toolkit.games.deathdome.actions import Attack


@pytest.fixture
def client(tmp_path):
    yield from tracker_client(tmp_path, "once.sqlite3")


@pytest.fixture
def counted(monkeypatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    read, attack = Attack.read.__func__, play.attack

    def counting_read(cls: type[Attack], fields: Any) -> Attack:
        calls["parse"] += 1
        return read(cls, fields)

    def counting_attack(state: Any, action: Any) -> Any:
        calls["apply"] += 1
        return attack(state, action)

    monkeypatch.setattr(Attack, "read", classmethod(counting_read))
    monkeypatch.setattr(play, "attack", counting_attack)
    return calls


class Table(KitTable):
    game = "deathdome"

    def unit(self, ref: str) -> dict:
        colour, unit_type = ref.split(".")
        return self.client.get(f"/k/{self.kit}/unit/{colour}/{unit_type}.json").json()["unit"]

    def start(self) -> None:
        while self.state()["purchase_team"]:
            self.ok(type="pass", team=self.state()["purchase_team"])
        self.ok(type="start")


ATTACK = {"type": "attack", "attacker": "red.gunner", "weapon": "", "defense": ""}


# JSON as the API and a queued offline tap send it, a wound (2 + skill 1 against 2); "Record it
# now" on the unit page with nothing left to ask (recorded at once); "Record it now" on a kill (4 +
# 4 + 1 against 0: the check page asks which jail, and nothing is recorded yet).
WOUND = {"action": {**ATTACK, "target": "blue.gunner", "cards": "2"}}
RECORD_NOW = {**ATTACK, "target": "blue.warrior", "cards": "2", "ask_first": "1"}
KILL = {**ATTACK, "target": "blue.medic", "cards": "4,4", "ask_first": "1"}


@pytest.mark.parametrize("seated", [False, True])
@pytest.mark.parametrize("post", ["wound", "record_now", "kill"])
def test_a_post_reads_its_action_once_and_applies_it_once(client, counted, seated, post):
    table = Table(client, client.db_url, teams=["red", "blue"])
    table.start()
    if seated:  # the phone sits at red's seat: whose action it is is checked too
        client.cookies.set("domekit_seat", "red", path=f"/k/{table.kit}")
    url = f"/k/{table.kit}/act"
    counted.clear()
    if post == "wound":
        reply = client.post(url, json={**WOUND, "client_action_id": "w1"})
        assert reply.status_code == 200 and counted == {"parse": 1, "apply": 1}
        assert table.unit("blue.gunner")["vitae"] < 7
    elif post == "record_now":
        form = {**RECORD_NOW, "client_action_id": "r1"}
        reply = client.post(url, data=form, follow_redirects=False)
        assert reply.status_code == 303 and counted == {"parse": 1, "apply": 1}
        assert table.unit("blue.warrior")["vitae"] < 6
    else:
        page = client.post(url, data={**KILL, "client_action_id": "k1"}, follow_redirects=False)
        assert page.status_code == 200 and "which jail?" in page.text
        assert counted == {"parse": 1, "apply": 1}
        assert table.unit("blue.medic")["status"] != "jailed"  # nothing recorded yet
