"""The one door for changes: POST /act (an HTML form answered by a 303 redirect, or JSON), the
confirm page before an action (/preview), the next match of a campaign and who is at a phone."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from toolkit.errors import DomekitError
from toolkit.tracker.fields import read_model
from toolkit.tracker.matches import Closed, Stale, Submitted, Unanswered
from toolkit.tracker.requests import (
    ACTOR_COOKIE,
    ASK_FIRST,
    SEAT_COOKIE,
    ActFields,
    NextMatchFields,
    RedoFields,
    SeatFields,
    WhoAmIFields,
    action_fields,
    actor_cookie,
    flat_fields,
    read_body,
    seat_cookie,
)
from toolkit.tracker.storage import MatchRow
from toolkit.tracker.web import (
    Access,
    OtherSeat,
    Services,
    common,
    next_url,
    refusal,
    seat_check,
    told_result,
    with_mode,
    writer,
)

router = APIRouter()


@router.post("/{cap}/{key}/act")
async def act(t: Services, request: Request, cap: str, key: str) -> Response:
    is_json, fields = await read_body(request)
    who = writer(t, cap, key, request)
    match = t.service.current_match(who.kit)
    sent = read_model(ActFields, fields)
    entry = None
    try:
        # Read once and passed on: to the seat check, the rules and the log.
        entry = t.service.referee(who.game).entry(action_fields(fields))
        seat_check(t, who, match, entry, fields, seat_cookie(request))
        done = await t.service.submit_async(
            match.id,
            entry,
            client_action_id=fields.get("client_action_id"),
            base_version=sent.version,
            actor=sent.actor or actor_cookie(request),
            # "Record it now": recorded at once unless the rules still have a question; then
            # the check page (or, as JSON, the phone's form) asks it first: the action waits
            # for the answer, online or sent from the phone's queue (applied once either way).
            ask_first=bool(fields.get(ASK_FIRST)),
        )
    except Unanswered as question:
        outcome, asks = question.outcome, question.asks
        if is_json:
            return question_reply(t, match, question.text, outcome, asks)
        return check_page(t, request, who, match, fields, question.text, outcome, asks)
    except (Stale, Closed, OtherSeat) as exc:
        return refusal(t, request, who, match, exc, is_json, fields, status=409, entry=entry)
    except DomekitError as exc:
        return refusal(t, request, who, match, exc, is_json, fields, status=422)
    return recorded(t, who, match, fields, done, is_json, entry.action)


@router.post("/{cap}/{key}/redo")
async def redo(t: Services, request: Request, cap: str, key: str) -> Response:
    """Record again the action the last undo took back (`seq`: that action's)."""
    is_json, fields = await read_body(request)
    who = writer(t, cap, key, request)
    match = t.service.current_match(who.kit)
    asked = read_model(RedoFields, fields)
    try:
        done = await run_in_threadpool(
            lambda: t.service.redo(
                match.id,
                asked.seq or 0,
                client_action_id=fields.get("client_action_id"),
                base_version=asked.version,
                actor=actor_cookie(request),
            )
        )
    except (Stale, Closed) as exc:
        return refusal(t, request, who, match, exc, is_json, fields, status=409)
    except DomekitError as exc:
        return refusal(t, request, who, match, exc, is_json, fields, status=422)
    return recorded(t, who, match, fields, done, is_json)


def recorded(
    t: Services,
    who: Access,
    match: MatchRow,
    fields: dict[str, Any],
    done: Submitted,
    json: bool,
    action: Any = None,
) -> Response:
    """A recorded action's reply: JSON (with `said`: what happened, in words), or back to the
    form's page (`?done=` says what)."""
    if json:
        _version, state = t.service.state_json(match.id)
        said = told_result(t.service.referee(who.game), action, done.text, done.outcome)
        return JSONResponse({"ok": True, **done.as_json(), "said": said, "state": state})
    return RedirectResponse(next_url(fields, who, done.seq), status_code=303)


def mode_now(t: Services, who: Access, match: MatchRow) -> str:
    """How `match` is tracked, for a game that offers ways ("" for a game with one)."""
    game = t.service.referee(who.game).game
    if not game.modes:
        return ""
    _version, state = t.service.state(match.id)
    return game.mode(state)


def question_reply(
    t: Services, match: MatchRow, text: str, outcome: Any, asks: list[Any]
) -> Response:
    """A "record it now" sent as JSON that the rules still have a question about (409,
    `error: question`): nothing was recorded; the phone asks the first question on its form (or
    at the top of its page) and sends the action again with the answer in the question's
    field."""
    version, _state = t.service.state(match.id)
    body = {
        "ok": False,
        "error": "question",
        "message": str(asks[0].get("question") or "the rules have a question first"),
        "text": text,
        "outcome": outcome,
        "asks": asks,
        "version": version,
    }
    return JSONResponse(body, status_code=409)


@router.post("/{cap}/{key}/preview")
async def preview(t: Services, request: Request, cap: str, key: str) -> Response:
    """What an action would do, step by step, with a button that confirms it."""
    is_json, fields = await read_body(request)
    who = writer(t, cap, key, request)
    match = t.service.current_match(who.kit)
    try:
        text, outcome, asks = checked(t, who, match, fields)
    except DomekitError as exc:
        return refusal(t, request, who, match, exc, is_json, fields, status=422)
    if is_json:
        return JSONResponse({"ok": True, "text": text, "outcome": outcome, "asks": asks})
    return check_page(t, request, who, match, fields, text, outcome, asks)


def checked(
    t: Services, who: Access, match: MatchRow, fields: dict[str, Any]
) -> tuple[str, Any, list[Any]]:
    """A form's action as the match stands: its text, what it would do, and the rules'
    questions still open (DomekitError when it cannot be made)."""
    referee = t.service.referee(who.game)
    _version, state = t.service.state(match.id)
    action = referee.read(action_fields(fields))
    _after, outcome = referee.apply(state, action)
    return referee.text(action), outcome, referee.asks(state, action, outcome)


def check_page(
    t: Services,
    request: Request,
    who: Access,
    match: MatchRow,
    fields: dict[str, Any],
    text: str,
    outcome: Any,
    asks: list[Any],
) -> Response:
    """The check page: the action's steps and result, and the rules' first open question (one
    button an answer), else one button that records it."""
    return t.render(
        "confirm.html",
        {
            **common(t, who, match, request),
            "title": "Confirm",
            "live": False,
            "text": text,
            "outcome": outcome,
            "asks": asks,
            "fields": [(k, v) for k, v in flat_fields(fields) if k != ASK_FIRST],
            "back": next_url(fields, who, None),
        },
    )


@router.post("/{cap}/{key}/next-match")
async def next_match(t: Services, request: Request, cap: str, key: str) -> Response:
    is_json, fields = await read_body(request)
    who = writer(t, cap, key, request)
    sent = read_model(NextMatchFields, fields)
    seen = sent.match_id
    current = t.service.current_match(who.kit)
    try:
        kit = who.kit
        # The next match is tracked as the form says, else (a page's form) as this one is; a
        # JSON request naming no mode starts it full, as before modes.
        mode = sent.mode or ("" if is_json else mode_now(t, who, current))
        if mode:
            kit = with_mode(t, kit, mode)
        match = await run_in_threadpool(
            t.service.start_next_match, kit, seen if seen is not None else current.id
        )
    except (Stale, Closed) as exc:
        return refusal(t, request, who, current, exc, is_json, fields, status=409)
    except DomekitError as exc:
        return refusal(t, request, who, current, exc, is_json, fields, status=422)
    if is_json:
        return JSONResponse({"ok": True, "match": {"id": match.id, "number": match.number}})
    return RedirectResponse(f"{who.base}/table", status_code=303)


@router.get("/{cap}/{key}/seat")
async def seat_page(t: Services, request: Request, cap: str, key: str) -> Response:
    """Which seat this phone takes (a team, a player): acting for another asks first."""
    who = writer(t, cap, key, request)
    match = t.service.current_match(who.kit)
    ctx = common(t, who, match, request)
    back = request.query_params.get("next") or ""
    return t.render(
        "seat.html",
        {**ctx, "title": "Your seat", "live": False, "back": next_url({"next": back}, who, None)},
    )


@router.post("/{cap}/{key}/seat")
async def seat(t: Services, request: Request, cap: str, key: str) -> Response:
    _is_json, fields = await read_body(request)
    who = writer(t, cap, key, request)
    asked = read_model(SeatFields, fields)
    response = RedirectResponse(next_url(fields, who, None), status_code=303)
    age = 60 * 60 * 24 * 90
    if asked.seat:
        seat = quote(asked.seat, safe="")
        response.set_cookie(SEAT_COOKIE, seat, path=who.base, max_age=age, samesite="strict")
    else:
        response.delete_cookie(SEAT_COOKIE, path=who.base)
    if asked.name is not None:
        name = quote(asked.name, safe="")
        response.set_cookie(ACTOR_COOKIE, name, max_age=age, samesite="strict")
    return response


@router.post("/{cap}/{key}/whoami")
async def whoami(t: Services, request: Request, cap: str, key: str) -> Response:
    _is_json, fields = await read_body(request)
    who = writer(t, cap, key, request)
    response = RedirectResponse(next_url(fields, who, None), status_code=303)
    name = read_model(WhoAmIFields, fields).name
    # Percent-encoded: a cookie header holds Latin-1 at most, a name is any language's.
    response.set_cookie(
        ACTOR_COOKIE, quote(name, safe=""), max_age=60 * 60 * 24 * 90, samesite="strict"
    )
    return response
