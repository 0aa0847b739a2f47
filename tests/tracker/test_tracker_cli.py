"""`domekit serve` refuses bad flags with one clear line and exit code 2; kits of games the
tracker has no pages for yet answer 404, not a crash."""

from __future__ import annotations

import secrets

from tracker_helpers import new_kit


def test_serve_refuses_a_bad_port(cli):
    result = cli("serve", "--port", "70000")
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: --port must be 1 to 65535 (got 70000)"


def test_serve_refuses_a_database_url_it_cannot_open(cli):
    result = cli("serve", "--db", "nosuchdialect://x/y", "--kits", "/nonexistent")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot open database 'nosuchdialect://x/y'")


def test_a_kit_of_a_game_without_tracker_pages_is_404(client, db_url):
    kit = new_kit(db_url, game="nosuchgame")
    reply = client.get(f"/k/{kit}/table")
    assert reply.status_code == 404 and "no pages for" in reply.text


def test_record_kit_refuses_a_short_kit_id(db_url):
    import pytest

    from toolkit.errors import DataError
    from toolkit.tracker.kits import record_kit

    with pytest.raises(DataError, match="kit_id"):
        record_kit(db_url, {"kit_id": "abc", "game": "deathdome"})
    assert record_kit(db_url, {"kit_id": secrets.token_urlsafe(16), "game": "deathdome"})
