"""What every route of the tracker shares: its services (`Tracker`, kept as the app's state), who
is asking (`Access`), the templates, the context every page gets, and the refusal pages.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

import jinja2
from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from toolkit.errors import DomekitError, RuleError
from toolkit.pages import read_path
from toolkit.tracker.contract import MODE, Page, TrackerGame
from toolkit.tracker.fields import read_model
from toolkit.tracker.history import History
from toolkit.tracker.live import Broker
from toolkit.tracker.matches import (
    Closed,
    MatchService,
    NeedsConfirmation,
    NotFound,
    Stale,
    new_client_action_id,
)
from toolkit.tracker.referee import UNDO, Entry, Referee
from toolkit.tracker.refill import refill
from toolkit.tracker.requests import (
    Forbidden,
    PageQuery,
    action_fields,
    actor_cookie,
    flat_fields,
    query,
    refuse_cross_site,
    seat_cookie,
)
from toolkit.tracker.storage import KitRow, MatchRow, Store


@dataclass
class Tracker:
    """The services of one tracker app: its database, matches, history, live events, pages."""

    store: Store
    service: MatchService
    broker: Broker
    histories: History
    templates: jinja2.Environment
    sse_max_seconds: float = 600.0
    startup_notes: list[str] = field(default_factory=list)

    def render(self, name: str, context: Mapping[str, Any], status: int = 200) -> HTMLResponse:
        html = self.templates.get_template(name).render(**context)
        return HTMLResponse(html, status_code=status)

    def odds_or_none(self, game: str, state: Any, fields: Mapping[str, Any]) -> Any:
        """A form's odds chart for a template (a prompt whose odds need no input); None when the
        game or the form has none, or the form cannot be read yet."""
        try:
            return self.service.referee(game).odds(state, fields)
        except DomekitError:
            return None


GENERIC_PAGE = "page.html"
"""The template of a game's page that has none of its own: it shows the page's context."""


def templates(folders: Sequence[Path]) -> jinja2.Environment:
    """The page templates over the page folders' search path (toolkit/tracker/folders.py)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(folder) for folder in folders]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["new_client_action_id"] = new_client_action_id
    env.filters["clock"] = lambda ts: time.strftime("%H:%M:%S", time.localtime(float(ts)))
    env.filters["thousands"] = lambda value: f"{int(value):,}".replace(",", "\u202f")
    return env


async def tracker(request: Request) -> Tracker:
    """The app's services (async: FastAPI would run a plain function in a worker thread)."""
    found: Tracker = request.app.state.tracker
    return found


Services = Annotated[Tracker, Depends(tracker)]
"""A route's services, as a FastAPI dependency."""


# -- who is asking ----------------------------------------------------------------------------


class Access:
    """Who is asking: a kit through its write capability or through its view-only link."""

    def __init__(self, kit: KitRow, writable: bool) -> None:
        self.kit = kit
        self.writable = writable
        key = kit.kit_id if writable else kit.view_token
        self.base = f"/{'k' if writable else 'v'}/{key}"
        self.view_base = f"/v/{kit.view_token}"

    @property
    def game(self) -> str:
        return self.kit.game


def access(t: Tracker, cap: str, key: str) -> Access:
    if cap == "k":
        return Access(t.service.kit(key), writable=True)
    if cap == "v":
        return Access(t.service.kit_by_view_token(key), writable=False)
    raise NotFound("no such page")


def writer(t: Tracker, cap: str, key: str, request: Request) -> Access:
    refuse_cross_site(request)
    who = access(t, cap, key)
    if not who.writable:
        raise Forbidden("this is a view-only link: it can look but not change anything")
    return who


def pick_match(t: Tracker, who: Access, number: str | None) -> MatchRow:
    current = t.service.current_match(who.kit)
    if not number:
        return current
    for match in t.store.kit_matches(who.kit.kit_id):
        if str(match.number) == number:
            return match
    raise NotFound(f"this kit has no match {number}")


def common(t: Tracker, who: Access, match: MatchRow, request: Request) -> dict[str, Any]:
    """What every page of a match shows: its version, whether it may be changed here, the undo
    button, what was just recorded (`?done=`)."""
    done = read_model(PageQuery, query(request)).done
    version, state = t.service.state(match.id, at_least=done or 0)
    current = t.service.current_match(who.kit)
    is_current = match.id == current.id
    undo = undo_of(t, who, match, state) if is_current else None
    redo = t.service.redoable(match.id) if is_current else None
    done_text = ""
    referee = t.service.referee(who.game)
    if done:
        rows = t.store.actions(match.id, after=done - 1)
        if rows and rows[0].seq == done:
            row = rows[0]
            try:
                action = None if row.kind == UNDO else referee.decode(row.payload)
            except DomekitError:
                action = None
            done_text = told_result(referee, action, row.text, row.outcome)
    seats = referee.seats(state) if who.writable else []
    seat = seat_cookie(request) if who.writable else ""
    seat = seat if seat in dict(seats) else ""
    return {
        "base": who.base,
        "view_base": who.view_base,
        "seats": seats,
        "seat": seat,
        "seat_name": dict(seats).get(seat, ""),
        "writable": who.writable and is_current,
        "game": who.game,
        "match": {"id": match.id, "number": match.number, "version": version},
        "is_current": is_current,
        "version": version,
        "state": state,
        "undo": {
            **(undo or {"seq": None}),
            "redo": {"seq": redo[0], "text": redo[1]} if redo else None,
        }
        if undo or redo
        else None,
        "done_text": done_text,
        "here": request.url.path,
        "here_full": page_url(request),
        "actor": shown_actor(request),
        "error": None,
        **mode_context(t, who, state),
    }


def told_result(referee: Referee[Any, Any], action: Any, text: str, outcome: Any) -> str:
    """A recorded action as the phone says it back: the action as a sentence (its text when
    there is none), then what it did in words (the outcome's `summary`), so a flash says what
    happened, not only what was entered."""
    sentence = text
    if action is not None:
        try:
            sentence = referee.sentence(action)
        except DomekitError:
            sentence = text
    summary = outcome.get("summary") if isinstance(outcome, Mapping) else None
    if isinstance(summary, str) and summary and summary not in sentence:
        return f"{sentence.rstrip('.')}: {summary}"
    return sentence


def shown_actor(request: Request) -> str:
    """Who is at this phone, for a page to show: nobody when the cookie holds what no text
    may (an action from this phone is refused, naming it)."""
    try:
        return actor_cookie(request)
    except DomekitError:
        return ""


def undo_of(t: Tracker, who: Access, match: MatchRow, state: Any) -> dict[str, Any] | None:
    """What an undo would take back now: its seq and text, whose seat's action it was and who
    recorded it (the undo button names them)."""
    found = t.service.last_effective_action(match.id)
    if found is None:
        return None
    seq, text, action, actor = found
    referee = t.service.referee(who.game)
    try:
        seat = referee.acting_seat(state, action)
    except DomekitError:
        seat = None
    return {
        "seq": seq,
        "text": told_result(referee, action, text, None),  # in words, as the history says it
        "seat": seat,
        "seat_name": referee.seat_label(state, seat) if seat else "",
        "actor": actor,
    }


class OtherSeat(DomekitError):
    """An action for another seat than the one this phone claimed, not confirmed (409)."""

    def __init__(self, seat: str, label: str, mine: str) -> None:
        self.seat = seat
        self.label = label
        super().__init__(
            f"this is {label}'s action and this phone sits at {mine}: "
            f"confirm to record it for {label}"
        )


def seat_check(
    t: Tracker,
    who: Access,
    match: MatchRow,
    entry: Entry[Any],
    fields: Mapping[str, Any],
    mine: str,
) -> None:
    """OtherSeat when the action (`entry`, as the request was read) is for another seat than
    `mine` (the phone's) and the form does not say `for_seat` that seat (the phone's confirm)."""
    if not mine:
        return
    referee = t.service.referee(who.game)
    _version, state = t.service.state(match.id)
    seats = dict(referee.seats(state))
    if mine not in seats:
        return
    try:
        if entry.action is None:
            undo = undo_of(t, who, match, state)
            seat = undo["seat"] if undo else None
        else:
            seat = referee.acting_seat(state, entry.action)
    except DomekitError:
        return  # the submit says what is wrong with the form
    if seat is None or seat == mine or seat == str(fields.get("for_seat") or ""):
        return
    raise OtherSeat(seat, referee.seat_label(state, seat), seats[mine])


# -- set-up: how a match is tracked ---------------------------------------------------------


def needs_set_up(t: Tracker, who: Access) -> bool:
    """A kit with no match yet whose game offers ways of tracking (`TrackerGame.modes`): a
    phone's page asks first how to track it (the set-up page); a JSON request starts it full."""
    return who.kit.current_match is None and bool(t.service.referee(who.game).game.modes)


def with_mode(t: Tracker, kit: KitRow, mode: str) -> KitRow:
    """The kit as `new_match` reads it, with the chosen mode (one of its game's `modes`;
    DomekitError naming the field otherwise)."""
    modes = t.service.referee(kit.game).game.modes
    if mode not in modes:
        choices = ", ".join(modes) or "none: this game is tracked one way"
        raise DomekitError(f"mode: {mode[:40]!r} is not a way to track this game ({choices})")
    return replace(kit, manifest={**kit.manifest, MODE: mode})


def mode_context(t: Tracker, who: Access, state: Any) -> dict[str, Any]:
    """What a page says of the match's tracking mode: its name and, for the table page, what it
    leaves unchecked (said once)."""
    game = t.service.referee(who.game).game
    mode = game.mode(state)
    found = game.modes.get(mode)
    return {"mode": mode, "mode_info": asdict(found) if found else None}


def page_url(request: Request) -> str:
    """The page as a live update fetches it again: its path and query, without `done`."""
    kept = [(k, v) for k, v in request.query_params.multi_items() if k != "done"]
    return request.url.path + ("?" + urlencode(kept) if kept else "")


def next_url(fields: Mapping[str, Any], who: Access, seq: int | None) -> str:
    target = str(fields.get("next") or "")
    # Only back to a page of the same kit: never an open redirect.
    if not target.startswith(who.base + "/") or "//" in target[1:] or "\\" in target:
        target = f"{who.base}/table"
    target = target.split("?", 1)[0].split("#", 1)[0]
    return f"{target}?done={seq}" if seq is not None else target


# -- refusals ---------------------------------------------------------------------------------


def error_kind(exc: DomekitError) -> str:
    if isinstance(exc, Stale):
        return "stale"
    if isinstance(exc, Closed):
        return "closed"
    if isinstance(exc, NeedsConfirmation):
        return "unconfirmed"
    if isinstance(exc, OtherSeat):
        return "seat"
    return "illegal"


def refusal(
    t: Tracker,
    request: Request,
    who: Access,
    match: MatchRow,
    exc: DomekitError,
    is_json: bool,
    fields: Mapping[str, Any],
    *,
    status: int,
    entry: Entry[Any] | None = None,
) -> Response:
    """A refused write: the JSON reply, or the page that says why with the fields to send again
    (and, when the match moved on, what the same action, `entry` as read, would do now)."""
    version, state = t.service.state(match.id)
    body: dict[str, Any] = {
        "ok": False,
        "error": error_kind(exc),
        "message": told(exc),
        "rule": getattr(exc, "rule", "action form" if status == 422 else None),
        "version": version,
    }
    if isinstance(exc, RuleError) and exc.position is not None:
        body["position"] = exc.position
    if isinstance(exc, OtherSeat):
        body["seat"] = exc.seat
        body["seat_name"] = exc.label
    if isinstance(exc, Stale):
        body["since"] = exc.since
        body["state"] = t.service.referee(who.game).state_json(state)
        if exc.duplicate is not None:
            body["duplicate_of"] = exc.duplicate["seq"]
            body["duplicate"] = exc.duplicate
    if is_json:
        return JSONResponse(body, status_code=status)
    if not (isinstance(exc, Stale) and exc.duplicate is not None):
        inline = refused_inline(t, request, who, match, body, fields)
        if inline is not None:
            return HTMLResponse(inline, status_code=status)
    ctx = common(t, who, match, request)
    fresh: dict[str, Any] = {}
    if isinstance(exc, Stale) and fields.get("type") != "undo":
        # What the same action would do now, so the player decides on the fresh state.
        referee = t.service.referee(who.game)
        try:
            action = entry.action if entry is not None else referee.read(action_fields(fields))
            if action is not None:
                applied = referee.apply(state, action)[1]
                fresh = {"text": referee.text(action), "outcome": applied}
        except DomekitError as now:
            fresh = {"refused": told(now)}
    retry = [(name, value) for name, value in flat_fields(fields) if name != "version"]
    retry.append(("version", str(version)))
    return t.render(
        "refused.html",
        {
            **ctx,
            "title": "Not recorded",
            "live": False,
            "refusal": body,
            "retry": retry,
            "stale": isinstance(exc, Stale),
            "fresh": fresh,
            "back": next_url(fields, who, None),
        },
        status=status,
    )


def told(exc: DomekitError) -> str:
    """A refusal as a player reads it: a rule's refusal names the position it was refused in."""
    return exc.in_position() if isinstance(exc, RuleError) else str(exc)


def refused_inline(
    t: Tracker,
    request: Request,
    who: Access,
    match: MatchRow,
    refusal: Mapping[str, Any],
    fields: Mapping[str, Any],
) -> str | None:
    """The page the refused form was on (its `next`), as it is now, with that form filled in
    with what was posted and the refusal at its top; None when that page or form is gone."""
    path = str(fields.get("next") or "")
    if next_url(fields, who, None) != path:
        return None  # not a page of this kit
    found = read_path(path[len(who.base) + 1 :])
    if found is None:
        return None
    ctx = {**common(t, who, match, request), "here": path, "here_full": path, "done_text": ""}
    try:
        page = t.service.referee(who.game).page(ctx["state"], *found)
    except DomekitError:
        return None
    note = t.templates.get_template("_refusal_note.html").render(refusal=refusal)
    return refill(page_html(t, ctx, page), request.url.path, fields, note)


def page_html(t: Tracker, ctx: Mapping[str, Any], page: Page, **extra: Any) -> str:
    """A game's page: drawn by its own template, templates/<game>/<view>.html, else by the
    generic page.html, which shows the page's context as it is (a new game's page needs no
    template to work). `extra` goes over the page's context (the big screen's)."""
    game = str(ctx["game"])
    template = t.templates.select_template([f"{game}/{page.template}", GENERIC_PAGE])
    context = {**ctx, **page.context, "title": page.title, "view": page.view, **extra}
    if template.name == GENERIC_PAGE:
        plugin = t.service.referee(game).game
        context["generic"] = {
            "view": page.view,
            "context": page.context,
            "typed": type(plugin).parse_text is not TrackerGame.parse_text,
            "downloads": [(name, f"{name} (CSV)") for name in plugin.exports],
        }
    return template.render(**context)


def error_page(
    t: Tracker,
    request: Request,
    status: int,
    message: str,
    rule: str | None = None,
    extra: Mapping[str, Any] | None = None,
) -> Response:
    """An error outside a write's refusal: JSON for a JSON request (with `extra`, for the
    page's script), else the error page."""
    wants_json = (
        request.url.path.endswith(".json")
        or "application/json" in request.headers.get("accept", "")
        or request.headers.get("content-type", "").startswith("application/json")
    )
    if wants_json:
        body = {"ok": False, "message": message, "rule": rule, **(extra or {})}
        return JSONResponse(body, status_code=status)
    context = {"title": f"Error {status}", "status": status, "message": message}
    return t.render("error.html", context, status)
