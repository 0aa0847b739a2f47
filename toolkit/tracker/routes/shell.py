"""What makes the pages an installable app: the web app manifest (every page links one; a kit's
opens its table) and the service worker, served from / so its scope covers every page. Browsers
run a service worker only in a secure context (localhost, HTTPS): on the table's plain-http LAN
address the pages queue offline actions themselves (static/domekit.js)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

from toolkit.resources import static_dir
from toolkit.tracker.web import Services, access

router = APIRouter()

MANIFEST_TYPE = "application/manifest+json"


def manifest(name: str, start_url: str, scope: str) -> dict[str, object]:
    return {
        "name": name,
        "short_name": "Domekit",
        "start_url": start_url,
        "scope": scope,
        "display": "standalone",
        "background_color": "#37474f",
        "theme_color": "#37474f",
        "icons": [{"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"}],
    }


@router.get("/manifest.webmanifest")
async def front_manifest() -> Response:
    return JSONResponse(manifest("Domekit tracker", "/", "/"), media_type=MANIFEST_TYPE)


@router.get("/{cap}/{key}/manifest.webmanifest")
async def kit_manifest(t: Services, cap: str, key: str) -> Response:
    who = access(t, cap, key)
    title = f"Domekit: {who.game}"
    body = manifest(title, f"{who.base}/table", f"{who.base}/")
    return JSONResponse(body, media_type=MANIFEST_TYPE)


@router.get("/sw.js")
async def service_worker() -> Response:
    return FileResponse(
        static_dir() / "sw.js",
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )
