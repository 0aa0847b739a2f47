"""A match export read back in: the whole file checked before anything is written.

`check_export` replays every action of the file through the game (as `undo` would: an undo takes
back the latest action still in effect, and must name it) and returns the log to write; the
match service then writes the new match, all its actions and the kit's move to it in one
transaction (toolkit/tracker/matches.py). An export names no server paths: the match's card data
is the kit's (its manifest's), whatever the file says.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from toolkit.errors import DomekitError
from toolkit.pages import read_path
from toolkit.tracker.contract import DATA_DIR, Json, PageNotFound
from toolkit.tracker.fields import check_document
from toolkit.tracker.fields import client_action_id as check_client_id
from toolkit.tracker.referee import UNDO, Referee
from toolkit.tracker.storage import KitRow, LogEntry

EXPORT_FORMAT = "domekit-match/1"


@dataclass(frozen=True)
class CheckedImport:
    initial: Json  # the JSON form, as the new match stores it
    log: list[LogEntry]
    final: Any  # the game's state after the log


def undo_entry(target: int, undone_text: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """An undo's text, outcome and payload: it takes back the action at seq `target`."""
    text = f"undo #{target}: {undone_text}"
    return text, {"undone": target, "undone_text": undone_text}, {"type": UNDO, "target": target}


def check_export(
    referee: Referee[Any, Any], kit: KitRow, document: Any, new_id: Callable[[], str]
) -> CheckedImport:
    """The export as the log of a new match of `kit`; DomekitError naming the action (its place
    in the file) and the field when anything in it cannot be replayed. `new_id()` makes the
    client action id of an action that has none."""
    check_document(document)
    if not isinstance(document, dict) or document.get("format") != EXPORT_FORMAT:
        raise DomekitError(f"not a Domekit match export (expected format {EXPORT_FORMAT!r})")
    if document.get("game") != kit.game:
        raise DomekitError(
            f"this export is a {document.get('game')!r} match; the kit is {kit.game!r}"
        )
    initial = document.get("initial_state")
    entries = document.get("actions")
    if not isinstance(initial, dict) or not isinstance(entries, list):
        raise DomekitError("the export needs initial_state (an object) and actions (a list)")
    initial = _kits_data(referee, kit, initial)
    log: list[LogEntry] = []
    effective: list[int] = []  # seqs of the actions still in effect
    states: list[Any] = [_initial_state(referee, kit, initial)]  # the state after each of them
    first_of: dict[str, int] = {}
    for index, entry in enumerate(entries, start=1):
        where = f"action {index} of the export"
        if not isinstance(entry, dict) or not isinstance(entry.get("payload"), dict):
            raise DomekitError(f"{where} has no payload (an object)")
        client_id = _client_id(entry, where, new_id)
        if client_id in first_of:
            raise DomekitError(
                f"{where} has the client action id {client_id!r} of action {first_of[client_id]}:"
                " each action is recorded once"
            )
        first_of[client_id] = index
        actor = entry.get("actor", "import")
        if not isinstance(actor, str) or len(actor) > 80:
            raise DomekitError(f"{where}: its actor is a name of at most 80 characters")
        payload = entry["payload"]
        if payload.get("type") == UNDO:
            if not effective:
                raise DomekitError(f"{where} undoes nothing: no action is in effect")
            latest = effective[-1]
            target = payload.get("target")
            if target is not None and target != latest:
                raise DomekitError(
                    f"{where} undoes #{target}, but the latest action still in effect is "
                    f"#{latest}: an undo takes back the latest one"
                )
            text, outcome, payload = undo_entry(latest, log[latest - 1].text)
            effective.pop()
            states.pop()
            log.append(LogEntry(client_id, actor, UNDO, payload, text, outcome))
            continue
        action, state, outcome = _replayed(referee, kit, states[-1], payload, where)
        effective.append(index)
        states.append(state)
        text = referee.text(action)
        kind = referee.game.kind(action)
        log.append(LogEntry(client_id, actor, kind, referee.action_json(action), text, outcome))
    _check_pages(referee, kit, states[0], states[-1])
    return CheckedImport(initial=initial, log=log, final=states[-1])


def _kits_data(referee: Referee[Any, Any], kit: KitRow, initial: Json) -> Json:
    """The imported initial state with the kit's card data, never a folder the file names."""
    fresh = referee.state_json(referee.new_match(kit.manifest, None))
    initial = dict(initial)
    if DATA_DIR in fresh:
        initial[DATA_DIR] = fresh[DATA_DIR]
    else:
        initial.pop(DATA_DIR, None)
    return initial


def _initial_state(referee: Referee[Any, Any], kit: KitRow, initial: Json) -> Any:
    try:
        return referee.state_from_json(initial)
    except Exception:  # an edited state the game's code cannot read
        raise DomekitError(f"the export's initial_state is not a {kit.game} match state") from None


def _client_id(entry: Mapping[str, Any], where: str, new_id: Callable[[], str]) -> str:
    value = entry.get("client_action_id")
    if value is None:
        return str(new_id())
    try:
        return check_client_id(value)
    except DomekitError as exc:
        raise DomekitError(f"{where}: {exc}") from None


def _replayed(
    referee: Referee[Any, Any], kit: KitRow, state: Any, payload: Json, where: str
) -> tuple[Any, Any, Json]:
    try:
        action = referee.decode(payload)
        after, outcome = referee.apply(state, action)
    except DomekitError as exc:
        raise DomekitError(f"{where}: {exc}") from None
    except Exception:  # an edited state the game's code cannot read
        raise DomekitError(
            f"{where} does not fit its initial_state: is this a {kit.game} match export?"
        ) from None
    return action, after, outcome


def _check_pages(referee: Referee[Any, Any], kit: KitRow, initial: Any, final: Any) -> None:
    """Every page the kit printed a QR code for still opens on the imported match (a piece the
    file lacks would leave that code on a 404), and the table opens on its first and last state
    (else every page of the kit would fail)."""
    for state in (initial, final):
        try:
            referee.page(state, "table", ())
        except Exception:
            raise DomekitError(
                f"the export's initial_state is not a {kit.game} match state"
            ) from None
    for path, name, args in printed_pages(kit.manifest):
        try:
            referee.page(final, name, args)
        except PageNotFound:
            raise DomekitError(
                f"this kit printed a QR code for {path}, a page the imported match does not "
                "have (it was played with other pieces than the kit's): refused, so no printed "
                "code leads nowhere"
            ) from None
        except Exception:
            raise DomekitError(
                f"the imported match cannot show {path}: is this a {kit.game} match export?"
            ) from None


def printed_pages(manifest: Mapping[str, Any]) -> list[tuple[str, str, tuple[str, ...]]]:
    """(path, page name, path arguments) of every page a kit's QR codes open, read from the
    manifest's `qr_urls` with the tracker's own grammar (toolkit/pages.py)."""
    found: list[tuple[str, str, tuple[str, ...]]] = []
    for url in manifest.get("qr_urls") or []:
        path = urlsplit(str(url)).path
        _, marker, rest = path.partition(f"/k/{manifest.get('kit_id')}/")
        page = read_path(rest) if marker else None
        if page is not None:
            found.append((f"/{rest}", *page))
    return found
