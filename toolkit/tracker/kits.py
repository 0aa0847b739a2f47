"""Printed kits in the tracker's database: a kit id from a PDF resolves to its campaign.

`domekit kit` writes `<out>.kit.json` beside the PDF (kit_id, game, base_url, the game's own
fields, every QR URL) and calls `record_kit`; the server also reads every `output/*.kit.json` at
start, so a kit printed before the server, or on another machine, resolves.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from toolkit.errors import DataError, DomekitError
from toolkit.tracker.fields import check_document
from toolkit.tracker.storage import Store

# At least 128 random bits, as the QR codes carry it: 22+ URL-safe base64 characters or hex.
KIT_ID = re.compile(r"^[A-Za-z0-9_-]{22,64}$")


def check_manifest(manifest: Any, where: str = "kit manifest") -> dict[str, Any]:
    """The manifest's required fields, checked, and every text in it one a database can hold;
    DataError naming the field otherwise."""
    if not isinstance(manifest, Mapping):
        raise DataError(where, "expected a JSON object")
    try:
        check_document(manifest)
    except DomekitError as exc:
        raise DataError(where, str(exc)) from None
    kit_id = manifest.get("kit_id")
    if not isinstance(kit_id, str) or not KIT_ID.match(kit_id):
        raise DataError(
            where,
            "expected a random id of 22 to 64 URL-safe characters (128 bits or more)",
            field="kit_id",
        )
    game = manifest.get("game")
    if not isinstance(game, str) or not game:
        raise DataError(where, "expected the game's name", field="game")
    return dict(manifest)


def record_kit_in(store: Store, manifest: Mapping[str, Any]) -> bool:
    """Record a kit (first record wins); True when it was new."""
    checked = check_manifest(manifest)
    return store.put_kit(
        checked["kit_id"],
        secrets.token_hex(16),
        checked["game"],
        str(checked.get("base_url", "")),
        checked,
    )


def record_kit(db_url: str | None, manifest: Mapping[str, Any]) -> bool:
    """What `domekit kit` calls after writing a PDF: the kit resolves in the tracker's database."""
    store = Store(db_url or "")
    try:
        return record_kit_in(store, manifest)
    finally:
        store.close()


def import_manifests(store: Store, folder: Path) -> tuple[list[str], list[str]]:
    """Record every `*.kit.json` in a folder: (kit ids that were new, `file: problem` lines for
    files skipped)."""
    found: list[str] = []
    problems: list[str] = []
    if not folder.is_dir():
        return found, problems
    for path in sorted(folder.glob("*.kit.json")):
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
            if record_kit_in(store, check_manifest(manifest, str(path))):
                found.append(manifest["kit_id"])
        except DataError as exc:  # names the file itself
            problems.append(str(exc))
        except (OSError, ValueError, DomekitError) as exc:
            problems.append(f"{path}: {exc}")
    return found, problems


def record_manifest_files(db_url: str | None, paths: list[Path]) -> None:
    """Record the kits whose manifests `domekit kit` just wrote."""
    store = Store(db_url or "")
    try:
        for path in paths:
            try:
                manifest = json.loads(Path(path).read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise DataError(path, f"cannot read the kit manifest: {exc}") from None
            record_kit_in(store, check_manifest(manifest, str(path)))
    finally:
        store.close()
