"""The pages of a match and their JSON twins: one route per kind of page, HTML or JSON by suffix.

URLs (those printed in kits stay exactly so):
  /k/<kit-id>/table, /k/<kit-id>/team/<colour>, /k/<kit-id>/unit/<colour>/<unit-type>,
  /k/<kit-id>/player/<player>, /k/<kit-id>/unit/<unit-id>, /k/<kit-id>/page/<name>
      the kit id is the write capability: whoever scanned the printed QR code may act;
  /k/<kit-id>/screen   the big-screen view of the table (also /v/<view-token>/screen);
  /v/<view-token>/...  the same pages read-only, for spectators (writes get 403);
  .../<page>.json      every page's JSON twin.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from toolkit.tracker.fields import read_model
from toolkit.tracker.requests import PageQuery, query
from toolkit.tracker.routes import suffix  # noqa: F401  (the {segment} and {format} convertors)
from toolkit.tracker.web import Services, access, common, pick_match

router = APIRouter()
SCREEN_RECENT = 8  # the last actions the big screen lists


@router.get("/", response_class=HTMLResponse)
async def index(t: Services) -> HTMLResponse:
    return t.render("index.html", {"title": "Domekit tracker"})


@router.get("/{cap}/{key}/table{format:format}")
async def table(t: Services, request: Request, cap: str, key: str, format: str) -> Response:
    return game_page(t, request, cap, key, "table", (), format)


@router.get("/{cap}/{key}/team/{colour:segment}{format:format}")
async def team(
    t: Services, request: Request, cap: str, key: str, colour: str, format: str
) -> Response:
    return game_page(t, request, cap, key, "team", (colour,), format)


@router.get("/{cap}/{key}/unit/{colour}/{unit:segment}{format:format}")
async def unit(
    t: Services, request: Request, cap: str, key: str, colour: str, unit: str, format: str
) -> Response:
    return game_page(t, request, cap, key, "unit", (colour, unit), format)


@router.get("/{cap}/{key}/player/{player:segment}{format:format}")
async def player(
    t: Services, request: Request, cap: str, key: str, player: str, format: str
) -> Response:
    """A player's page of a two-player game (/player/1, /player/red)."""
    return game_page(t, request, cap, key, "player", (player,), format)


@router.get("/{cap}/{key}/unit/{unit:segment}{format:format}")
async def single_unit(
    t: Services, request: Request, cap: str, key: str, unit: str, format: str
) -> Response:
    """A unit named by one id (a game's characters: /unit/<character-id>)."""
    return game_page(t, request, cap, key, "unit", (unit,), format)


@router.get("/{cap}/{key}/page/{name:segment}{format:format}")
async def other_page(
    t: Services, request: Request, cap: str, key: str, name: str, format: str
) -> Response:
    return game_page(t, request, cap, key, name, (), format)


@router.get("/{cap}/{key}/screen{format:format}")
async def screen(t: Services, request: Request, cap: str, key: str, format: str) -> Response:
    """The big-screen view of the table (a laptop or a TV, 1920 x 1080): the game's screen page
    read only, in big type, beside the last actions as sentences, live."""
    who = access(t, cap, key)
    match = pick_match(t, who, read_model(PageQuery, query(request)).match)
    ctx = common(t, who, match, request)
    page = t.service.referee(who.game).screen(ctx["state"])
    recent = await run_in_threadpool(t.histories.recent, match, SCREEN_RECENT)
    if format == "json":
        body = {"game": who.game, "match": ctx["match"], "page": "screen", "title": page.title}
        return JSONResponse({**body, "recent": recent, **page.context})
    return t.render(
        f"{who.game}/{page.template}",
        {
            **ctx,
            **page.context,
            "title": f"{page.title} · screen",
            "writable": False,
            "screen": True,
            "recent": recent,
        },
    )


def game_page(
    t: Services, request: Request, cap: str, key: str, name: str, args: tuple[str, ...], fmt: str
) -> Response:
    """The page `name` of the kit's match (?match=N, else the current one), as HTML or JSON."""
    who = access(t, cap, key)
    match = pick_match(t, who, read_model(PageQuery, query(request)).match)
    ctx = common(t, who, match, request)
    page = t.service.referee(who.game).page(ctx["state"], name, args)
    if fmt == "json":
        return JSONResponse(
            {
                "game": who.game,
                "match": ctx["match"],
                "page": name,
                "title": page.title,
                "writable": ctx["writable"],
                **page.context,
            }
        )
    return t.render(f"{who.game}/{page.template}", {**ctx, **page.context, "title": page.title})
