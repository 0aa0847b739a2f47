"""Downloads of a match: its whole log as JSON (export.json, which /import reads back) and the
game's CSV tables (export/<name>.csv)."""

from __future__ import annotations

import csv
import io
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from toolkit.tracker.fields import read_model
from toolkit.tracker.matches import NotFound
from toolkit.tracker.requests import PageQuery, query
from toolkit.tracker.web import Services, access, pick_match

router = APIRouter()

# A cell a spreadsheet would read as a formula (=HYPERLINK(...), +1, -1, @SUM, or one hidden
# behind a tab or a carriage return) is given a leading ' so it shows as the text it is.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: Any) -> Any:
    return "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) else cell


@router.get("/{cap}/{key}/export.json")
async def export(t: Services, request: Request, cap: str, key: str) -> Response:
    who = access(t, cap, key)
    match = pick_match(t, who, read_model(PageQuery, query(request)).match)
    document = await run_in_threadpool(t.service.export, match)
    filename = f"{who.game}-match-{match.number}.json"
    return JSONResponse(
        document, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


@router.get("/{cap}/{key}/export/{name}.csv")
async def export_csv(t: Services, request: Request, cap: str, key: str, name: str) -> Response:
    who = access(t, cap, key)
    match = pick_match(t, who, read_model(PageQuery, query(request)).match)
    exports = t.service.referee(who.game).game.exports
    if name not in exports:
        raise NotFound(f"no CSV called {name!r}")
    _version, state = t.service.state(match.id)
    buffer = io.StringIO()
    csv.writer(buffer).writerows(
        [spreadsheet_safe(cell) for cell in row] for row in exports[name](state)
    )
    return Response(
        buffer.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}-match-{match.number}.csv"'},
    )
