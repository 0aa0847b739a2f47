"""Set-up: how a kit's match is tracked, chosen when it starts (issue 27).

A game that offers ways of tracking (`TrackerGame.modes`: light first, then full) asks the first
phone that opens one of its kit's pages, before the kit has a match, which way (the set-up
page); `POST /setup` starts match 1 with the choice, passed to the game's `new_match` as
`mode`, and sends the phone on to the page it opened. A match begun any other way (a JSON
request, an import) is tracked full, as before; a campaign's next match keeps its match's mode
(the table page's "Start match N" sends it). A view-only link waits for the table's choice.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from toolkit.errors import DomekitError
from toolkit.tracker.fields import read_model
from toolkit.tracker.requests import SetUpFields, read_body
from toolkit.tracker.web import (
    Access,
    Services,
    error_page,
    needs_set_up,
    next_url,
    page_url,
    with_mode,
    writer,
)

router = APIRouter()


@router.post("/{cap}/{key}/setup")
async def set_up(t: Services, request: Request, cap: str, key: str) -> Response:
    """Start the kit's first match tracked the chosen way (`mode`); when a match has started
    meanwhile (another phone chose first), nothing changes and the phone goes on to it."""
    is_json, fields = await read_body(request)
    who = writer(t, cap, key, request)
    mode = read_model(SetUpFields, fields).mode
    try:
        kit = with_mode(t, who.kit, mode)
    except DomekitError as exc:
        return error_page(t, request, 422, str(exc), "set-up")
    match = await run_in_threadpool(t.service.current_match, kit)
    if is_json:
        _version, state = t.service.state(match.id)
        chosen = t.service.referee(who.game).game.mode(state)
        body = {"ok": True, "match": {"id": match.id, "number": match.number}, "mode": chosen}
        return JSONResponse(body)
    return RedirectResponse(next_url(fields, who, None), status_code=303)


def set_up_page(
    t: Services, request: Request, who: Access, *, asks: bool = True
) -> Response | None:
    """The set-up page when the kit has no match yet and its game offers ways of tracking (None
    otherwise): each way a button, the lightest first. Read only (a view-only link, the big
    screen: `asks` False), it waits for the table's choice."""
    if not needs_set_up(t, who):
        return None
    from toolkit.games import game as registered_game

    game = t.service.referee(who.game).game
    game_title = registered_game(who.game).title
    context = {
        "title": f"{game_title}: new match",
        "heading": "New match: how to track it",
        "game_title": game_title,
        "base": who.base,
        "is_current": True,
        "writable": who.writable and asks,
        "modes": list(game.modes.items()),
        "back": page_url(request),
        "game": who.game,
    }
    return t.render("setup.html", context)


__all__ = ["router", "set_up_page"]
