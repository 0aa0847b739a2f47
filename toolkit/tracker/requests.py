"""What each request sends the tracker, read once: the body or query string as fields (every field
bounded by `fields.check_request`), then the tracker's own fields as a pydantic model.

A game's action fields are the game's to read (`TrackerGame.parse_action`); the models here hold
only what the tracker itself reads around them: versions, seqs, names, confirmations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote, urlsplit

from pydantic import BaseModel, ConfigDict
from starlette.datastructures import ImmutableMultiDict
from starlette.requests import Request

from toolkit.errors import DomekitError
from toolkit.parsing import MAX_NAME
from toolkit.tracker.fields import (
    Actor,
    Before,
    MatchId,
    Name,
    RedoTarget,
    Replaces,
    Seq,
    Version,
    check_request,
    check_text,
)

ASK_FIRST = "ask_first"
"""A form's "record it now" button: recorded at once unless the rules still have a question
(`TrackerGame.asks`, e.g. which jail); then the check page asks it first."""
RESERVED_FIELDS = frozenset({"client_action_id", "version", "next", "actor", "for_seat", ASK_FIRST})
"""The fields of an action's form that are the tracker's, not the action's (`for_seat`: the
phone confirmed acting for that other seat)."""
ACTOR_COOKIE = "domekit_actor"
SEAT_COOKIE = "domekit_seat"  # scoped to the kit's path: a phone sits at one seat per kit


class Forbidden(DomekitError):
    """A write through a view-only link, or a form posted from another site."""


class Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class PageQuery(Model):
    """A page's query string: which match of the kit (`?match=N`, else the current one) and the
    seq the page was sent back to after recording (`?done=`)."""

    match: str | None = None
    done: Seq = None


class HistoryQuery(Model):
    match: str | None = None
    before: Before = None


class EventsQuery(Model):
    match: str | None = None
    after: Seq = None  # the seq the page holds (or the Last-Event-ID of a reconnection)


class OddsQuery(Model):
    format: str = ""  # "html": the chart as an HTML fragment


class ActFields(Model):
    """The tracker's fields around an action: the version the page showed and who made it (the
    client action id is the match service's to check)."""

    version: Version = None
    actor: Actor = ""


class RedoFields(Model):
    seq: RedoTarget = None
    version: Version = None


class NextMatchFields(Model):
    match_id: MatchId = None
    mode: Name = ""  # the next match's tracking mode (a page's form: the current match's)


class SetUpFields(Model):
    """The set-up page's choice: how the kit's first match is tracked."""

    mode: Name = ""


class ImportFields(Model):
    replaces: Replaces = None


class WhoAmIFields(Model):
    name: Name = ""


class SeatFields(Model):
    seat: Name = ""
    name: Name | None = None


# -- reading ----------------------------------------------------------------------------------


async def read_body(request: Request) -> tuple[bool, dict[str, Any]]:
    """(is it JSON, its fields): a JSON object, or form fields (a name given twice is a list)."""
    if is_json(request):
        try:
            body = await request.json()
        except ValueError:
            raise DomekitError("the request body is not JSON") from None
        except RecursionError:
            raise DomekitError("the request body is nested too deeply") from None
        if not isinstance(body, dict):
            raise DomekitError("the request body must be a JSON object")
        check_request(body)
        return True, body
    form = await request.form()
    fields = _gathered(
        (name, value if isinstance(value, str) else "") for name, value in form.multi_items()
    )
    check_request(fields)
    return False, fields


def query_fields(request: Request) -> dict[str, Any]:
    """A query string as form fields: a name given twice becomes a list, as in `read_body`."""
    fields = _gathered(request.query_params.multi_items())
    check_request(fields)
    return fields


def query(request: Request) -> dict[str, str]:
    """A query string's names and their last values, bounded."""
    params: ImmutableMultiDict[str, str] = request.query_params
    fields = dict(params)
    check_request(fields)
    return fields


def _gathered(items: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name, value in items:
        if name in fields:
            previous = fields[name]
            fields[name] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            fields[name] = value
    return fields


def is_json(request: Request) -> bool:
    return request.headers.get("content-type", "").startswith("application/json")


def action_fields(
    fields: Mapping[str, Any], *, also: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """An action's own fields: a JSON body's `action` object, else every field that is not the
    tracker's."""
    inner = fields.get("action")
    if isinstance(inner, dict):
        return inner
    return {k: v for k, v in fields.items() if k not in RESERVED_FIELDS | also}


def actor_cookie(request: Request) -> str:
    """Who is at this phone, as `whoami` stored it (percent-encoded); BadField (422) when it
    holds what no text may (a NUL): an action never records it."""
    name = unquote(request.cookies.get(ACTOR_COOKIE, ""))[:MAX_NAME]
    return check_text(name, f"the {ACTOR_COOKIE} cookie (who is at this phone: set it again)")


def seat_cookie(request: Request) -> str:
    """The seat this phone claimed for the kit (`/seat`), or ""."""
    return unquote(request.cookies.get(SEAT_COOKIE, ""))[:MAX_NAME]


def refuse_cross_site(request: Request) -> None:
    """A form posted from another site (a page that knows a kit id) changes nothing."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:  # browsers that send it say exactly where the request came from
        if site in ("same-origin", "none"):
            return
        raise Forbidden(f"cross-site request refused (Sec-Fetch-Site: {site})")
    origin = request.headers.get("origin")
    if origin is None:
        return
    host = request.headers.get("host", "")
    if origin == "null" or urlsplit(origin).netloc != host:
        raise Forbidden(f"cross-site request refused (Origin {origin} is not {host})")


def flat_fields(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Fields as (name, text) pairs, as a form re-posts them (a list gives one pair an item)."""
    out: list[tuple[str, str]] = []
    for name, value in fields.items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str | int | float):
                out.append((name, str(item)))
    return out
