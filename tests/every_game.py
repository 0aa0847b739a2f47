"""Every game of the registry, the test suite's own duel among them (tests/conftest.py), as the
tests that walk the registry need it: each game's kit, printed once a run, and the pages its QR
codes lead to. So those tests name no game: a new game gets them all as it joins the registry."""

from __future__ import annotations

import json
import secrets
from functools import cache
from typing import Any

from toolkit.games import game, names
from toolkit.pages import read_path
from toolkit.pdf.kits import KitOptions, KitResult, Progress
from toolkit.resources import home
from toolkit.tracker.contract import registered
from toolkit.tracker.kits import record_kit

__all__ = ["built", "missing_pages", "names", "one_of_each", "printed", "printed_pages", "record"]

BASE = "http://t"


@cache
def built(name: str) -> KitResult:
    """The game's kit as `domekit kit` builds it, once a run, in the tests' home folder."""
    out = home() / "every-game" / f"{name}-kit.pdf"
    return game(name).kit()(KitOptions(out=out, base_url=BASE), Progress())


def printed(name: str) -> dict[str, Any]:
    """The manifest of the game's kit as `domekit kit` writes it: its game's own fields (teams,
    players, units) and every QR URL."""
    manifest: dict[str, Any] = json.loads(built(name).manifest.read_text(encoding="utf-8"))
    return manifest


def printed_pages(name: str) -> list[str]:
    """The pages the game's kit prints QR codes for, as paths after the kit (`player/1`)."""
    manifest = printed(name)
    prefix = f"{BASE}/k/{manifest['kit_id']}/"
    return sorted({url.removeprefix(prefix) for url in manifest["qr_urls"]})


def one_of_each(name: str) -> list[str]:
    """The table (every game's overview) and the first printed page of each other page the
    game's kit prints (`team/blue`, `unit/blue/gunner`, ...)."""
    found = {"table": "table"}
    for path in printed_pages(name):
        found.setdefault(path.split("/")[0], path)
    return list(found.values())


def missing_pages(name: str) -> list[str]:
    """Paths no match of the game has, from the pages it declares: each page with an argument
    no match names, with one argument too many, and without its arguments."""
    missing = []
    for page, view in registered(name).pages.items():
        count = len(view.args)
        missing.append("/".join([page, *["x"] * (count + 1)]))
        if count:
            missing += ["/".join([page, *["nosuch"] * count]), page]
    return missing


def record(db_url: str, name: str) -> str:
    """A kit of the game in the tracker's database as `domekit kit` records it (its printed
    manifest), under a new kit id; returns the kit id."""
    manifest = printed(name)
    kit = secrets.token_urlsafe(16)
    record_kit(db_url, json.loads(json.dumps(manifest).replace(manifest["kit_id"], kit)))
    assert all(read_path(path) for path in printed_pages(name))  # the tracker reads them back
    return kit
