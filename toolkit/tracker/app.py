"""The tracker's web app: pages for phones, their JSON twins, actions, history, live events.

URLs (those printed in kits stay exactly so):
  /k/<kit-id>/table, /k/<kit-id>/team/<colour>, /k/<kit-id>/unit/<colour>/<unit-type>,
  /k/<kit-id>/player/<player>, /k/<kit-id>/unit/<unit-id>
      the kit id is the write capability: whoever scanned the printed QR code may act;
  /v/<view-token>/...  the same pages read-only, for spectators (writes get 403);
  .../<page>.json      every page's JSON twin;
  POST /k/<kit-id>/act the one door for changes (HTML form with 303 redirect, or JSON).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import jinja2
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.responses import StreamingResponse

from toolkit.errors import DomekitError, RuleError
from toolkit.resources import static_dir, templates_dir
from toolkit.tracker.fields import MAX_NAME, check_request, seq_param, whole_number
from toolkit.tracker.guard import Guard
from toolkit.tracker.history import History
from toolkit.tracker.kits import import_manifests
from toolkit.tracker.live import Broker, match_stream
from toolkit.tracker.matches import (
    Closed,
    MatchService,
    NeedsConfirmation,
    NotFound,
    Stale,
    new_client_action_id,
)
from toolkit.tracker.plugin import GamePlugin, PageNotFound, load_plugin
from toolkit.tracker.storage import KitRow, MatchRow, Store, Unavailable

TEMPLATES = templates_dir()
STATIC = static_dir()
RESERVED_FIELDS = {"client_action_id", "version", "next", "actor"}
ACTOR_COOKIE = "domekit_actor"


class Forbidden(DomekitError):
    """A write through a view-only link, or a form posted from another site."""


class Access:
    """Who is asking: a kit through its write capability or through its view-only link."""

    def __init__(self, kit: KitRow, writable: bool) -> None:
        self.kit = kit
        self.writable = writable
        key = kit.kit_id if writable else kit.view_token
        self.base = f"/{'k' if writable else 'v'}/{key}"
        self.view_base = f"/v/{kit.view_token}"


def create_app(
    db_url: str | None = None,
    *,
    kits_dir: Path | str | None = None,
    sse_max_seconds: float = 600.0,
    plugin_loader: Callable[[str], GamePlugin] = load_plugin,
    template_dirs: list[Path] | None = None,
    allowed_hosts: Iterable[str] = (),
) -> FastAPI:
    """The tracker app over one database (`db_url`, else DOMEKIT_DB, else Domekit's home); the
    `*.kit.json` manifests in `kits_dir` are recorded at start.

    It answers to IP addresses, localhost, the names in `allowed_hosts` and the hosts of the
    recorded kits' base URLs (the names their QR codes print); any other Host gets 400."""
    store = Store(db_url or "")
    service = MatchService(store, plugin_loader)
    broker = Broker()
    service.listeners.append(broker.published)
    histories = History(store, lambda match: service.plugin(service.game_of(match)))
    service.on_checkpoint = histories.remember
    startup_notes: list[str] = []
    if kits_dir is not None:
        new, problems = import_manifests(store, Path(kits_dir))
        if new:  # games only: a kit id is the write capability, never printed on a console
            games = ", ".join(sorted(kit.game for k in new if (kit := store.kit(kit_id=k))))
            startup_notes.append(f"recorded {len(new)} kit{'s' if len(new) > 1 else ''}: {games}")
        startup_notes += problems

    @asynccontextmanager
    async def lifespan(_app: FastAPI):  # type: ignore[no-untyped-def]
        import asyncio

        broker.attach(asyncio.get_running_loop())
        yield
        store.close()

    app = FastAPI(title="Domekit tracker", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.service = service
    app.state.store = store
    app.state.broker = broker
    app.state.startup_notes = startup_notes
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, printed_hosts=store.kit_hosts)

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in (template_dirs or [])] + [str(TEMPLATES)]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["new_client_action_id"] = new_client_action_id
    env.filters["clock"] = lambda ts: time.strftime("%H:%M:%S", time.localtime(float(ts)))
    env.filters["credits"] = lambda value: f"{int(value):,}".replace(",", "\u202f")

    def render(name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
        return HTMLResponse(env.get_template(name).render(**context), status_code=status)

    def odds_of(game: str, state: Any, fields: Mapping[str, Any]) -> dict[str, Any] | None:
        """A form's odds chart from its game's optional `odds(state, fields)` hook; None when the
        game or the form has none. DomekitError when the form cannot be read."""
        hook = getattr(service.plugin(game), "odds", None)
        return None if hook is None else hook(state, dict(fields))

    def odds_or_none(game: str, state: Any, fields: Mapping[str, Any]) -> dict[str, Any] | None:
        try:
            return odds_of(game, state, fields)
        except DomekitError:
            return None

    env.globals["odds_for"] = odds_or_none  # a prompt whose odds need no input (templates)

    # -- access -----------------------------------------------------------------------------

    def access(cap: str, key: str) -> Access:
        if cap == "k":
            return Access(service.kit(key), writable=True)
        if cap == "v":
            return Access(service.kit_by_view_token(key), writable=False)
        raise NotFound("no such page")

    def writer(cap: str, key: str, request: Request) -> Access:
        _refuse_cross_site(request)
        who = access(cap, key)
        if not who.writable:
            raise Forbidden("this is a view-only link: it can look but not change anything")
        return who

    def pick_match(who: Access, number: str | None) -> MatchRow:
        current = service.current_match(who.kit)
        if not number:
            return current
        for match in store.kit_matches(who.kit.kit_id):
            if str(match.number) == number:
                return match
        raise NotFound(f"this kit has no match {number}")

    def common(who: Access, match: MatchRow, request: Request) -> dict[str, Any]:
        version, state = service.state(match.id)
        current = service.current_match(who.kit)
        undo = service.last_effective(match.id) if match.id == current.id else None
        done = seq_param(request.query_params.get("done"))
        done_text = ""
        if done:
            rows = store.actions(match.id, after=done - 1)
            done_text = rows[0].text if rows and rows[0].seq == done else ""
        return {
            "base": who.base,
            "view_base": who.view_base,
            "writable": who.writable and match.id == current.id,
            "game": who.kit.game,
            "match": {"id": match.id, "number": match.number, "version": version},
            "is_current": match.id == current.id,
            "version": version,
            "state": state,
            "undo": {"seq": undo[0], "text": undo[1]} if undo else None,
            "done_text": done_text,
            "here": request.url.path,
            "actor": _actor_cookie(request),
            "error": None,
        }

    # -- pages ------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def index() -> HTMLResponse:
        return render("index.html", {"title": "Domekit tracker"})

    async def game_page(
        request: Request, cap: str, key: str, name: str, args: tuple[str, ...], as_json: bool
    ) -> Response:
        who = access(cap, key)
        match = pick_match(who, request.query_params.get("match"))
        ctx = common(who, match, request)
        plugin = service.plugin(who.kit.game)
        page = plugin.page(ctx["state"], name, args)
        if as_json:
            return JSONResponse(
                {
                    "game": who.kit.game,
                    "match": ctx["match"],
                    "page": name,
                    "title": page.title,
                    "writable": ctx["writable"],
                    **page.context,
                }
            )
        return render(
            f"{who.kit.game}/{page.template}", {**ctx, **page.context, "title": page.title}
        )

    @app.get("/{cap}/{key}/table")
    async def table(request: Request, cap: str, key: str) -> Response:
        return await game_page(request, cap, key, "table", (), False)

    @app.get("/{cap}/{key}/table.json")
    async def table_json(request: Request, cap: str, key: str) -> Response:
        return await game_page(request, cap, key, "table", (), True)

    @app.get("/{cap}/{key}/team/{colour}")
    async def team(request: Request, cap: str, key: str, colour: str) -> Response:
        as_json = colour.endswith(".json")
        return await game_page(request, cap, key, "team", (colour.removesuffix(".json"),), as_json)

    @app.get("/{cap}/{key}/unit/{colour}/{unit}")
    async def unit(request: Request, cap: str, key: str, colour: str, unit: str) -> Response:
        as_json = unit.endswith(".json")
        return await game_page(
            request, cap, key, "unit", (colour, unit.removesuffix(".json")), as_json
        )

    @app.get("/{cap}/{key}/player/{player}")
    async def player(request: Request, cap: str, key: str, player: str) -> Response:
        """A player's page (Nature Dome's 1 and 2, Dominum's red and gold)."""
        as_json = player.endswith(".json")
        return await game_page(
            request, cap, key, "player", (player.removesuffix(".json"),), as_json
        )

    @app.get("/{cap}/{key}/unit/{unit}")
    async def single_unit(request: Request, cap: str, key: str, unit: str) -> Response:
        """A unit named by one id (Domppa's characters: /unit/<character-id>)."""
        as_json = unit.endswith(".json")
        return await game_page(request, cap, key, "unit", (unit.removesuffix(".json"),), as_json)

    @app.get("/{cap}/{key}/page/{name}")
    async def other_page(request: Request, cap: str, key: str, name: str) -> Response:
        as_json = name.endswith(".json")
        return await game_page(request, cap, key, name.removesuffix(".json"), (), as_json)

    @app.get("/{cap}/{key}/history")
    async def history(request: Request, cap: str, key: str) -> Response:
        return await history_page(request, cap, key, as_json=False)

    @app.get("/{cap}/{key}/history.json")
    async def history_json(request: Request, cap: str, key: str) -> Response:
        return await history_page(request, cap, key, as_json=True)

    async def history_page(request: Request, cap: str, key: str, *, as_json: bool) -> Response:
        """The match's log, newest first, `history.PAGE` entries a page: ?before=<seq> gives
        the entries older than that seq (the page's `older` link)."""
        who = access(cap, key)
        match = pick_match(who, request.query_params.get("match"))
        before = request.query_params.get("before")
        seq = seq_param(before)
        if before not in (None, "") and (seq is None or seq < 1):
            raise DomekitError(f"?before= takes a seq, a whole number from 1 (got {before!r})")
        await run_in_threadpool(service.state, match.id)  # a first rebuild seeds the history
        page = await run_in_threadpool(histories.page, match, seq)
        matches = [{"number": m.number, "id": m.id} for m in store.kit_matches(who.kit.kit_id)]
        if as_json:
            return JSONResponse({"match": match.number, **page, "matches": matches})
        ctx = common(who, match, request)
        return render(
            "history.html",
            {**ctx, **page, "matches": matches, "title": f"History, match {match.number}"},
        )

    @app.get("/{cap}/{key}/export.json")
    async def export(request: Request, cap: str, key: str) -> Response:
        who = access(cap, key)
        match = pick_match(who, request.query_params.get("match"))
        document = await run_in_threadpool(service.export, match)
        filename = f"{who.kit.game}-match-{match.number}.json"
        return JSONResponse(
            document, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    @app.get("/{cap}/{key}/export/{name}.csv")
    async def export_csv(request: Request, cap: str, key: str, name: str) -> Response:
        import csv
        import io

        who = access(cap, key)
        match = pick_match(who, request.query_params.get("match"))
        exports = service.plugin(who.kit.game).exports()
        if name not in exports:
            raise NotFound(f"no CSV called {name!r}")
        _version, state = service.state(match.id)
        buffer = io.StringIO()
        csv.writer(buffer).writerows(
            [spreadsheet_safe(cell) for cell in row] for row in exports[name](state)
        )
        return Response(
            buffer.getvalue(),
            media_type="text/csv; charset=utf-8",
            headers={
                "Content-Disposition": f'attachment; filename="{name}-match-{match.number}.csv"'
            },
        )

    @app.get("/{cap}/{key}/events")
    async def events(request: Request, cap: str, key: str) -> Response:
        who = access(cap, key)
        match = pick_match(who, request.query_params.get("match"))
        last = seq_param(request.headers.get("last-event-id") or request.query_params.get("after"))
        last_seq = last if last is not None else service.state(match.id)[0]

        async def still_current() -> bool:
            kit = await run_in_threadpool(store.kit, kit_id=who.kit.kit_id)
            return kit is not None and kit.current_match == match.id

        stream = match_stream(
            store,
            broker,
            match.id,
            last_seq,
            still_current=still_current,
            disconnected=request.is_disconnected,
            max_seconds=sse_max_seconds,
        )
        return StreamingResponse(
            stream,
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    # -- writes -----------------------------------------------------------------------------

    @app.post("/{cap}/{key}/act")
    async def act(request: Request, cap: str, key: str) -> Response:
        is_json, fields = await _read_body(request)
        who = writer(cap, key, request)
        match = service.current_match(who.kit)
        action = {k: v for k, v in fields.items() if k not in RESERVED_FIELDS}
        if is_json and isinstance(fields.get("action"), dict):
            action = fields["action"]
        actor = str(fields.get("actor") or _actor_cookie(request))[:80]
        version = _version_field(fields.get("version"))
        try:
            action = _read_command(service.plugin(who.kit.game), action)
            done = await service.submit_async(
                match.id,
                action,
                client_action_id=fields.get("client_action_id"),
                base_version=version,
                actor=actor,
            )
        except (Stale, Closed) as exc:
            return refusal(request, who, match, exc, is_json, fields, status=409)
        except DomekitError as exc:
            return refusal(request, who, match, exc, is_json, fields, status=422)
        if is_json:
            new_version, state = service.state(match.id)
            return JSONResponse({"ok": True, **done.as_json(), "state": state})
        return RedirectResponse(_next_url(fields, who, done.seq), status_code=303)

    @app.post("/{cap}/{key}/preview")
    async def preview(request: Request, cap: str, key: str) -> Response:
        """What an action would do, step by step, with a button that confirms it."""
        is_json, fields = await _read_body(request)
        who = writer(cap, key, request)
        match = service.current_match(who.kit)
        plugin = service.plugin(who.kit.game)
        action_fields = {k: v for k, v in fields.items() if k not in RESERVED_FIELDS}
        _version, state = service.state(match.id)
        try:
            action = plugin.parse_action(_read_command(plugin, action_fields))
            _after, outcome = plugin.apply(state, action)
        except DomekitError as exc:
            return refusal(request, who, match, exc, is_json, fields, status=422)
        if is_json:
            return JSONResponse({"ok": True, "text": plugin.describe(action), "outcome": outcome})
        ctx = common(who, match, request)
        return render(
            "confirm.html",
            {
                **ctx,
                "title": "Confirm",
                "live": False,
                "text": plugin.describe(action),
                "outcome": outcome,
                "fields": _flat_fields(fields),
                "back": _next_url(fields, who, None),
                "odds": odds_or_none(who.kit.game, state, _read_command(plugin, action_fields)),
            },
        )

    @app.get("/{cap}/{key}/odds")
    @app.post("/{cap}/{key}/odds")
    async def odds(request: Request, cap: str, key: str) -> Response:
        """The odds for an attack form as filled in (query string, form or JSON body): read-only,
        so the view-only link may ask too. `format=html` gives the chart as an HTML fragment."""
        who = access(cap, key)
        if request.method == "POST":
            _is_json, fields = await _read_body(request)
        else:
            fields = _query_fields(request)
        as_html = fields.get("format") == "html"
        match = service.current_match(who.kit)
        _version, state = service.state(match.id)
        plugin = service.plugin(who.kit.game)
        action = {k: v for k, v in fields.items() if k not in RESERVED_FIELDS | {"format"}}
        try:
            chart = await run_in_threadpool(
                lambda: odds_of(who.kit.game, state, _read_command(plugin, action))
            )
            if chart is None:
                raise DomekitError(f"no odds for a {str(action.get('type') or '')!r} form")
        except DomekitError as exc:
            if as_html:
                return render("_odds.html", {"message": str(exc)}, status=422)
            body = {"ok": False, "message": str(exc), "rule": getattr(exc, "rule", None)}
            return JSONResponse(body, status_code=422)
        if as_html:
            return render("_odds.html", {"odds": chart})
        return JSONResponse({"ok": True, "odds": chart})

    @app.post("/{cap}/{key}/next-match")
    async def next_match(request: Request, cap: str, key: str) -> Response:
        is_json, fields = await _read_body(request)
        who = writer(cap, key, request)
        seen = _version_field(fields.get("match_id"), "match_id")
        current = service.current_match(who.kit)
        try:
            match = await run_in_threadpool(
                service.start_next_match, who.kit, seen if seen is not None else current.id
            )
        except (Stale, Closed) as exc:
            return refusal(request, who, current, exc, is_json, fields, status=409)
        except DomekitError as exc:
            return refusal(request, who, current, exc, is_json, fields, status=422)
        if is_json:
            return JSONResponse({"ok": True, "match": {"id": match.id, "number": match.number}})
        return RedirectResponse(f"{who.base}/table", status_code=303)

    @app.post("/{cap}/{key}/import")
    async def import_match(request: Request, cap: str, key: str) -> Response:
        """A match export (a JSON body, or the history page's file upload) becomes the kit's
        current match; one in progress is replaced only when `replaces` names it (the form's
        confirmation box, or ?replaces=N)."""
        who = writer(cap, key, request)
        content_type = request.headers.get("content-type", "")
        is_json = content_type.startswith("application/json")
        current = service.current_match(who.kit)
        replaces = request.query_params.get("replaces")
        try:
            if is_json:
                raw = await request.body()
            else:
                form = await request.form()
                upload = form.get("file")
                raw = await upload.read() if hasattr(upload, "read") else str(upload or "").encode()
                replaces = str(form.get("replaces") or "") or replaces
            try:
                document = json.loads(raw)
            except ValueError as exc:
                raise DomekitError(f"the file is not JSON: {exc}") from None
            except RecursionError:
                raise DomekitError("the file is not a match export: nested too deeply") from None
            number = _version_field(replaces, "replaces")
            match = await run_in_threadpool(
                lambda: service.import_match(who.kit, document, replaces=number)
            )
        except (Stale, Closed, NeedsConfirmation) as exc:
            return refusal(request, who, current, exc, is_json, {}, status=409)
        except DomekitError as exc:
            return refusal(request, who, current, exc, is_json, {}, status=422)
        if is_json:
            return JSONResponse({"ok": True, "match": {"id": match.id, "number": match.number}})
        return RedirectResponse(f"{who.base}/table", status_code=303)

    @app.post("/{cap}/{key}/whoami")
    async def whoami(request: Request, cap: str, key: str) -> Response:
        _is_json, fields = await _read_body(request)
        who = writer(cap, key, request)
        response = RedirectResponse(_next_url(fields, who, None), status_code=303)
        name = str(fields.get("name", "")).strip()[:MAX_NAME]
        # Percent-encoded: a cookie header holds Latin-1 at most, a name is any language's.
        response.set_cookie(
            ACTOR_COOKIE, quote(name, safe=""), max_age=60 * 60 * 24 * 90, samesite="strict"
        )
        return response

    def refusal(
        request: Request,
        who: Access,
        match: MatchRow,
        exc: DomekitError,
        is_json: bool,
        fields: Mapping[str, Any],
        *,
        status: int,
    ) -> Response:
        version, state = service.state(match.id)
        body: dict[str, Any] = {
            "ok": False,
            "error": _error_kind(exc),
            "message": str(exc),
            "rule": getattr(exc, "rule", "action form" if status == 422 else None),
            "version": version,
        }
        if isinstance(exc, Stale):
            body["since"] = exc.since
            body["state"] = state
            if exc.duplicate is not None:
                body["duplicate_of"] = exc.duplicate["seq"]
                body["duplicate"] = exc.duplicate
        if is_json:
            return JSONResponse(body, status_code=status)
        ctx = common(who, match, request)
        fresh: dict[str, Any] = {}
        if isinstance(exc, Stale) and fields.get("type") != "undo":
            # What the same action would do now, so the player decides on the fresh state.
            plugin = service.plugin(who.kit.game)
            try:
                action = plugin.parse_action(
                    _read_command(
                        plugin, {k: v for k, v in fields.items() if k not in RESERVED_FIELDS}
                    )
                )
                fresh = {"text": plugin.describe(action), "outcome": plugin.apply(state, action)[1]}
            except DomekitError as now:
                fresh = {"refused": str(now)}
        retry = [(name, value) for name, value in _flat_fields(fields) if name != "version"]
        retry.append(("version", str(version)))
        return render(
            "refused.html",
            {
                **ctx,
                "title": "Not recorded",
                "live": False,
                "refusal": body,
                "retry": retry,
                "stale": isinstance(exc, Stale),
                "fresh": fresh,
                "back": _next_url(fields, who, None),
            },
            status=status,
        )

    # -- errors -----------------------------------------------------------------------------

    @app.exception_handler(NotFound)
    @app.exception_handler(PageNotFound)
    async def not_found(request: Request, exc: DomekitError) -> Response:
        return _error(request, 404, str(exc), render)

    @app.exception_handler(Unavailable)
    async def unavailable(request: Request, exc: Unavailable) -> Response:
        return _error(request, 503, str(exc), render)

    @app.exception_handler(Forbidden)
    async def forbidden(request: Request, exc: DomekitError) -> Response:
        return _error(request, 403, str(exc), render)

    @app.exception_handler(RuleError)
    @app.exception_handler(DomekitError)
    async def unprocessable(request: Request, exc: DomekitError) -> Response:
        return _error(request, 422, str(exc), render, rule=getattr(exc, "rule", None))

    return app


def _error(
    request: Request, status: int, message: str, render: Callable[..., HTMLResponse], rule=None
) -> Response:
    wants_json = (
        request.url.path.endswith(".json")
        or "application/json" in request.headers.get("accept", "")
        or request.headers.get("content-type", "").startswith("application/json")
    )
    if wants_json:
        return JSONResponse({"ok": False, "message": message, "rule": rule}, status_code=status)
    return render(
        "error.html", {"title": f"Error {status}", "status": status, "message": message}, status
    )


def _error_kind(exc: DomekitError) -> str:
    if isinstance(exc, Stale):
        return "stale"
    if isinstance(exc, Closed):
        return "closed"
    if isinstance(exc, NeedsConfirmation):
        return "unconfirmed"
    return "illegal"


def _read_command(plugin: GamePlugin, fields: dict[str, Any]) -> dict[str, Any]:
    """An action typed as its text form (`command`), for games that can read them."""
    command = fields.get("command")
    parse_text = getattr(plugin, "parse_text", None)
    if not isinstance(command, str):
        return fields
    if command.strip().lower() == "undo":
        return {"type": "undo"}
    if parse_text is None:
        raise DomekitError("this game's actions cannot be typed as text")
    return parse_text(command)


def _refuse_cross_site(request: Request) -> None:
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


async def _read_body(request: Request) -> tuple[bool, dict[str, Any]]:
    if request.headers.get("content-type", "").startswith("application/json"):
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
    fields: dict[str, Any] = {}
    for name, value in form.multi_items():
        value = value if isinstance(value, str) else ""
        if name in fields:
            previous = fields[name]
            fields[name] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            fields[name] = value
    check_request(fields)
    return False, fields


def _query_fields(request: Request) -> dict[str, Any]:
    """A query string as form fields: a name given twice becomes a list, as in `_read_body`."""
    fields: dict[str, Any] = {}
    for name, value in request.query_params.multi_items():
        if name in fields:
            previous = fields[name]
            fields[name] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            fields[name] = value
    check_request(fields)
    return fields


def _version_field(value: Any, what: str = "version") -> int | None:
    if value in (None, ""):
        return None
    return whole_number(value, what, minimum=0)


def _actor_cookie(request: Request) -> str:
    """Who is at this phone, as `whoami` stored it (percent-encoded)."""
    return unquote(request.cookies.get(ACTOR_COOKIE, ""))[:MAX_NAME]


def _next_url(fields: Mapping[str, Any], who: Access, seq: int | None) -> str:
    target = str(fields.get("next") or "")
    # Only back to a page of the same kit: never an open redirect.
    if not target.startswith(who.base + "/") or "//" in target[1:] or "\\" in target:
        target = f"{who.base}/table"
    target = target.split("?", 1)[0].split("#", 1)[0]
    return f"{target}?done={seq}" if seq is not None else target


# A cell a spreadsheet would read as a formula (=HYPERLINK(...), +1, -1, @SUM, or one hidden
# behind a tab or a carriage return) is given a leading ' so it shows as the text it is.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: Any) -> Any:
    return "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) else cell


def _flat_fields(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for name, value in fields.items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, (str, int, float)):
                out.append((name, str(item)))
    return out
