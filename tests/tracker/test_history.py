"""The history comes a page at a time (50 entries, newest first, ?before=<seq> for older ones,
the JSON twin alike), and every page's "what changed" equals a full replay of the log, undos
across the saved states included."""

from __future__ import annotations

import random
import secrets

import pytest
import tally
from tracker_helpers import act, new_kit

from toolkit.tracker.history import CHECKPOINT, PAGE, diff_states


def full_replay(client, kit: str) -> list[dict]:
    """What each action changed, from a cold replay of the exported log (newest first)."""
    document = client.get(f"/k/{kit}/export.json").json()
    stack = [document["initial_state"]]
    entries = []
    for row in document["actions"]:
        before = stack[-1]
        if row["payload"]["type"] == "undo":
            stack.pop()
        else:
            stack.append(tally.game.apply(stack[-1], row["payload"])[0])
        entries.append(
            {"seq": row["seq"], "text": row["text"], "changes": diff_states(before, stack[-1])}
        )
    return entries[::-1]


def every_page(client, kit: str) -> list[dict]:
    pages, before = [], None
    while True:
        query = f"?before={before}" if before else ""
        page = client.get(f"/k/{kit}/history.json{query}").json()
        assert len(page["entries"]) <= PAGE
        pages.append(page)
        before = page["older"]
        if before is None:
            return pages


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_page_of_a_long_log_with_undos_equals_a_full_replay(client, db_url, seed):
    rng = random.Random(seed)
    kit = new_kit(db_url)
    depth = 0
    for n in range(2 * CHECKPOINT + 90):  # deeper than two saved states, with undos across them
        if n == CHECKPOINT + 7:  # a history read mid-way: its tree and states grow after
            assert [e["seq"] for p in every_page(client, kit) for e in p["entries"]] == list(
                range(n, 0, -1)
            )
        if depth and rng.random() < 0.3:
            assert act(client, kit, {"type": "undo"}).status_code == 200
            depth -= 1
        else:
            action = {"type": "add", "name": rng.choice("ab"), "amount": rng.randint(0, 3)}
            assert act(client, kit, action).status_code == 200
            depth += 1
    expected = full_replay(client, kit)
    pages = every_page(client, kit)
    assert all(page["total"] == len(expected) for page in pages)
    seen = [
        {"seq": e["seq"], "text": e["text"], "changes": e["changes"]}
        for page in pages
        for e in page["entries"]
    ]
    assert seen == expected
    assert len(pages) == -(-len(expected) // PAGE)


def test_the_html_page_links_to_older_and_newer_pages(client, db_url):
    kit = new_kit(db_url)
    for n in range(PAGE + 5):
        act(client, kit, {"type": "add", "name": "a", "amount": 1}, client_action_id=f"h{n}")
    newest = client.get(f"/k/{kit}/history").text
    assert newest.count('<details class="entry') == PAGE
    assert "#6 to #55 of 55" in newest and "before=6" in newest and "newer" not in newest
    older = client.get(f"/k/{kit}/history?before=6").text
    assert older.count('<details class="entry') == 5 and "#1 to #5 of 55" in older
    assert "before=56" in older and "older →" not in older
    assert client.get(f"/k/{kit}/history.json?before=6").json()["newer"] == 56


@pytest.mark.parametrize("before", ["abc", "0", "-3", "²", "9" * 30])
def test_a_bad_before_is_a_4xx(client, db_url, before):
    kit = new_kit(db_url)
    reply = client.get(f"/k/{kit}/history.json", params={"before": before})
    assert reply.status_code == 422 and "?before=" in reply.json()["message"]


def test_a_before_past_the_end_is_the_newest_page(client, db_url):
    kit = new_kit(db_url)
    act(
        client,
        kit,
        {"type": "add", "name": "a", "amount": 2},
        client_action_id=secrets.token_hex(4),
    )
    page = client.get(f"/k/{kit}/history.json?before=999").json()
    assert [e["seq"] for e in page["entries"]] == [1] and page["newer"] is None


def test_a_light_duel_and_a_death_dome_match_are_told_in_sentences_under_round_headings(
    client, db_url
):
    """Issue 27: every game's history in sentences with round headings. A light Nature Dome
    duel: the cards named, the attack card and the answer, under "Round 1"; Death Dome: the
    purchases under the match's set-up, the turns under their round."""
    duel = new_kit(db_url, "naturedome")
    client.post(f"/k/{duel}/setup", json={"mode": "light"})
    for action in (
        {"type": "hand", "player": 1, "cards": ["talon-dive"]},
        {"type": "attack", "card": "talon-dive"},
        {"type": "defend", "card": "trunk-slam"},
    ):
        assert act(client, duel, action).status_code == 200, action
    told = [
        (e["round"], e["sentence"]) for e in client.get(f"/k/{duel}/history.json").json()["entries"]
    ]
    assert told == [
        ("Round 1", "The defender defends with Trunk Slam"),
        ("Round 1", "The attacker attacks with Talon Dive"),
        ("Round 1", "Player 1 notes 1 card drawn"),  # which card: their own page, not the table's
    ]
    page = client.get(f"/k/{duel}/history").text
    assert page.count('<h2 class="round">Round 1</h2>') == 1

    match = new_kit(db_url, "deathdome", teams=["red", "blue"])
    client.post(f"/k/{match}/setup", json={"mode": "light"})
    for action in (
        {"type": "buy", "team": "red", "item": "heavy-rifle"},
        {"type": "start"},
        {"type": "end_turn", "team": "red"},
        {"type": "end_turn", "team": "blue"},
        {"type": "end_turn", "team": "red"},
    ):
        assert act(client, match, action).status_code == 200, action
    entries = client.get(f"/k/{match}/history.json").json()["entries"]
    assert [(e["round"], e["sentence"]) for e in entries] == [
        ("Round 2", "Red ends its turn"),
        ("Round 1", "Blue ends its turn"),
        ("Round 1", "Red ends its turn"),
        ("Match 1: set-up", "The match starts (spare items are sold back at cost)"),
        ("Match 1: set-up", "Red buys Heavy Rifle"),
    ]
    page = client.get(f"/k/{match}/history").text
    headings = [h.split("<")[0] for h in page.split('<h2 class="round">')[1:]]
    assert headings == ["Round 2", "Round 1", "Match 1: set-up"]
