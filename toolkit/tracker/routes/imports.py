"""A match export read back in (POST /import): the kit's current match becomes the imported one."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from toolkit.errors import DomekitError
from toolkit.tracker.fields import read_model
from toolkit.tracker.matches import Closed, NeedsConfirmation, Stale
from toolkit.tracker.requests import ImportFields, is_json, query
from toolkit.tracker.web import Services, refusal, writer

router = APIRouter()


@router.post("/{cap}/{key}/import")
async def import_match(t: Services, request: Request, cap: str, key: str) -> Response:
    """A match export (a JSON body, or the history page's file upload) becomes the kit's current
    match; one in progress is replaced only when `replaces` names it (the form's confirmation
    box, or ?replaces=N)."""
    who = writer(t, cap, key, request)
    as_json = is_json(request)
    current = t.service.current_match(who.kit)
    replaces = query(request).get("replaces")
    try:
        if as_json:
            raw = await request.body()
        else:
            form = await request.form()
            upload: Any = form.get("file")
            raw = await upload.read() if hasattr(upload, "read") else str(upload or "").encode()
            replaces = str(form.get("replaces") or "") or replaces
        try:
            document = json.loads(raw)
        except ValueError as exc:
            raise DomekitError(f"the file is not JSON: {exc}") from None
        except RecursionError:
            raise DomekitError("the file is not a match export: nested too deeply") from None
        number = read_model(ImportFields, {"replaces": replaces}).replaces
        match = await run_in_threadpool(
            lambda: t.service.import_match(who.kit, document, replaces=number)
        )
    except (Stale, Closed, NeedsConfirmation) as exc:
        return refusal(t, request, who, current, exc, as_json, {}, status=409)
    except DomekitError as exc:
        return refusal(t, request, who, current, exc, as_json, {}, status=422)
    if as_json:
        return JSONResponse({"ok": True, "match": {"id": match.id, "number": match.number}})
    return RedirectResponse(f"{who.base}/table", status_code=303)
