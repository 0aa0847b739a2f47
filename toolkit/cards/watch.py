"""`domekit cards --watch`: build, then build again on every save of the sheet, the layout, the
template, the fonts, the icons or the pictures (watchfiles: the operating system's file events),
each build's time printed. A build that fails prints its error and the watch goes on; Ctrl+C
stops it. The outputs themselves (and their temporary files) never start a build."""

from __future__ import annotations

import os
import time
from pathlib import Path

import typer

from toolkit.cards import CardsOptions, _outputs, build_cards
from toolkit.errors import DomekitError

IGNORED_SUFFIXES = (".tmp", ".old", "~", ".swp", ".swx", ".part")


def watched_roots(options: CardsOptions) -> list[Path]:
    """The folders to watch: the sheet's (its icons and pictures live there) and those of the
    layout, template and font files given."""
    files = [options.file, options.template, options.font, options.font_bold,
             options.font_italic, options.font_bold_italic]  # fmt: skip
    if options.layout is not None and Path(options.layout).suffix:
        files.append(Path(options.layout))
    roots: list[Path] = []
    for path in files:
        if path is None:
            continue
        folder = Path(os.path.abspath(path)).parent
        if not any(folder == root or root in folder.parents for root in roots):
            roots = [root for root in roots if folder not in root.parents] + [folder]
    return roots


def build_once(options: CardsOptions, *, as_json: bool) -> bool:
    from toolkit.cards.report import print_result

    start = time.perf_counter()
    try:
        result = build_cards(options)
    except DomekitError as exc:
        typer.echo(f"error: {exc}", err=True)
        typer.echo(f"build failed after {time.perf_counter() - start:.2f} s; watching", err=True)
        return False
    print_result(result, as_json=as_json)
    typer.echo(f"built in {time.perf_counter() - start:.2f} s; watching (Ctrl+C stops)", err=True)
    return True


def watch_cards(options: CardsOptions, *, as_json: bool = False) -> None:
    import signal

    from watchfiles import DefaultFilter, watch

    # Ctrl-C (SIGINT) ends the watch, also where a script started this as a background job,
    # which leaves SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)

    outputs = [path.absolute() for path in _outputs(options).values()]
    defaults = DefaultFilter()

    def wanted(change: object, name: str) -> bool:
        path = Path(name)
        if path.name.startswith(".") or path.name.endswith(IGNORED_SUFFIXES):
            return False
        if any(_written_by(path, output) for output in outputs):
            return False
        return defaults(change, name)  # type: ignore[arg-type]

    build_once(options, as_json=as_json)
    for _ in watch(*watched_roots(options), watch_filter=wanted, raise_interrupt=False):
        build_once(options, as_json=as_json)


def _written_by(path: Path, output: Path) -> bool:
    """Whether `path` is an output's own file: the output, a file in its folder, its preview,
    or anything in the temporary folders it is written through (`.png.x1y2.tmp/001-imp.png`)."""
    if path == output or output in path.parents:
        return True
    if (
        path.parent == output.parent
        and path.name == f"{output.name.removesuffix('.pdf')}-preview.png"
    ):
        return True
    return any(
        folder.parent == output.parent and folder.name.startswith(f".{output.name}.")
        for folder in path.parents
    )
