"""The tracker's routes, one module per concern, each an APIRouter over the shared services
(toolkit/tracker/web.py); `ROUTERS` in the order the app includes them: the pages' last, since
a page's path is whatever no other route answers."""

from __future__ import annotations

from toolkit.tracker.routes import (
    actions,
    events,
    exports,
    history,
    imports,
    odds,
    pages,
    setup,
    shell,
)

ROUTERS = [
    shell.router,
    history.router,
    exports.router,
    events.router,
    actions.router,
    odds.router,
    imports.router,
    setup.router,
    pages.router,
]
