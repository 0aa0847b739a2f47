"""The tracker's web app: its services, the front door, the routes (toolkit/tracker/routes/) and
the error pages, over one database.

URLs (those printed in kits stay exactly so): see toolkit/tracker/routes/pages.py for the pages
and their JSON twins; POST /k/<kit-id>/act is the one door for changes (routes/actions.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from toolkit.errors import DomekitError, RuleError
from toolkit.output import counted
from toolkit.resources import static_dir
from toolkit.tracker.contract import PageNotFound, TrackerGame, registered
from toolkit.tracker.faults import RETRY_SECONDS, Unavailable, fault
from toolkit.tracker.folders import URL as GAME_FILES
from toolkit.tracker.folders import GameFiles, page_folders
from toolkit.tracker.guard import Guard
from toolkit.tracker.history import History
from toolkit.tracker.kits import import_manifests
from toolkit.tracker.listener import HearFirst, Listener, across_processes
from toolkit.tracker.live import Broker
from toolkit.tracker.matches import MatchService, NotFound
from toolkit.tracker.requests import Forbidden
from toolkit.tracker.routes import ROUTERS
from toolkit.tracker.storage import Store
from toolkit.tracker.web import Tracker, error_page, templates, told

log = logging.getLogger("domekit.tracker")


def create_app(
    db_url: str | None = None,
    *,
    kits_dir: Path | str | None = None,
    sse_max_seconds: float = 600.0,
    games: Callable[[str], TrackerGame[Any, Any]] = registered,
    template_dirs: list[Path] | None = None,
    allowed_hosts: Iterable[str] = (),
) -> FastAPI:
    """The tracker app over one database (`db_url`, else DOMEKIT_DB, else Domekit's home); the
    `*.kit.json` manifests in `kits_dir` are recorded at start. `games` finds a game by name (the
    registry's; tests add their own, with their `template_dirs`: page folders searched before the
    package's templates/, toolkit/tracker/folders.py).

    It answers to IP addresses, localhost, the names in `allowed_hosts` and the hosts of the
    recorded kits' base URLs (the names their QR codes print); any other Host gets 400."""
    store = Store(db_url or "")
    folders = page_folders(template_dirs or [])
    game_files = GameFiles(folders)
    service = MatchService(store, games)
    broker = Broker()
    service.listeners.append(broker.published)
    histories = History(store, lambda match: service.referee(service.game_of(match)))
    service.on_checkpoint = histories.remember
    tracker = Tracker(
        store=store,
        service=service,
        broker=broker,
        histories=histories,
        templates=templates(folders),
        sse_max_seconds=sse_max_seconds,
        startup_notes=record_kits(store, kits_dir),
    )
    tracker.templates.globals["odds_for"] = tracker.odds_or_none
    tracker.templates.globals["game_styles"] = game_files.stylesheets

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        broker.attach(asyncio.get_running_loop())
        try:
            async with across_processes(service, broker) as listener:
                app.state.listener = listener
                yield
        finally:
            app.state.listener = None
            store.close()

    def listening() -> Listener | None:
        return app.state.listener  # type: ignore[no-any-return]

    app = FastAPI(title="Domekit tracker", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.tracker = tracker
    app.state.service = service
    app.state.store = store
    app.state.broker = broker
    app.state.startup_notes = tracker.startup_notes
    app.state.listener = None  # the running LISTEN connection's, on PostgreSQL
    app.mount(GAME_FILES, game_files, name="game-static")  # before /static, which holds it
    app.mount("/static", StaticFiles(directory=static_dir()), name="static")
    app.add_middleware(HearFirst, listener=listening)  # inside the front door
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, printed_hosts=_last_known(store))
    for router in ROUTERS:
        _install(app, router)
    _error_pages(app, tracker)
    return app


def _install(app: FastAPI, router: APIRouter) -> None:
    """A route module's routes on the app itself: an included router stays a nested level that
    FastAPI walks on every request (0.3 ms an action, measured with benchmarks/tracker_load.py)."""
    for route in router.routes:
        assert isinstance(route, APIRoute)
        app.add_api_route(
            route.path,
            route.endpoint,
            methods=sorted(route.methods or ()),
            response_class=route.response_class,
            name=route.name,
        )


def _last_known(store: Store) -> Callable[[], set[str]]:
    """The recorded kits' host names, or the last ones read while the database is out of
    reach (the front door asks before any route could answer 503)."""
    known: set[str] = set()

    def hosts() -> set[str]:
        try:
            known.clear()
            known.update(store.kit_hosts())
        except (DBAPIError, PoolTimeout) as exc:
            if fault(exc) is None:
                raise
        return set(known)

    return hosts


def record_kits(store: Store, kits_dir: Path | str | None) -> list[str]:
    """Record the manifests of a kits folder; the lines the server prints at start."""
    notes: list[str] = []
    if kits_dir is None:
        return notes
    new, problems = import_manifests(store, Path(kits_dir))
    if new:  # games only: a kit id is the write capability, never printed on a console
        games = ", ".join(sorted(kit.game for k in new if (kit := store.kit(kit_id=k))))
        notes.append(f"recorded {counted(len(new), 'kit')}: {games}")
    return notes + problems


def _error_pages(app: FastAPI, t: Tracker) -> None:
    async def not_found(request: Request, exc: Exception) -> Response:
        return error_page(t, request, 404, str(exc))

    async def out_of_reach(request: Request, exc: Exception) -> Response:
        """The database as a fault (full, busy, unreachable): 503, try again after a while;
        any other database error is a bug (500, logged with its traceback)."""
        found = fault(exc)
        if found is None:
            raise exc
        log.warning("503 for %s %s: %s", request.method, request.url.path, exc)
        # `what`: the page's script shows it beside the action it keeps waiting to send
        extra = {"error": "unavailable", "what": found.what}
        message = found.message if request.method == "POST" else f"{found.what}: try again soon"
        response = error_page(t, request, 503, message, extra=extra)
        response.headers["Retry-After"] = str(RETRY_SECONDS)
        return response

    async def forbidden(request: Request, exc: Exception) -> Response:
        return error_page(t, request, 403, str(exc))

    async def unprocessable(request: Request, exc: Exception) -> Response:
        message = told(exc) if isinstance(exc, DomekitError) else str(exc)
        return error_page(t, request, 422, message, rule=getattr(exc, "rule", None))

    for kind, handler in [
        (NotFound, not_found),
        (PageNotFound, not_found),
        (Unavailable, out_of_reach),
        (DBAPIError, out_of_reach),
        (PoolTimeout, out_of_reach),
        (Forbidden, forbidden),
        (RuleError, unprocessable),
        (DomekitError, unprocessable),
    ]:
        app.add_exception_handler(kind, handler)
