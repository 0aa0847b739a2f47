"""What every game's print kit shares: options, the kit id, QR URLs, the manifest, `domekit kit`.

A game's kit is its `Game.kit` in the registry (`toolkit.games`): a
`build_kit(options: KitOptions, progress: Progress) -> KitResult`, usually in
`toolkit/games/<game>/kit.py`. `domekit kit <game|all>` builds one game's or every game's.
"""

from __future__ import annotations

import json
import os.path
import re
import secrets
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from toolkit.errors import DomekitError
from toolkit.pages import page_url
from toolkit.pdf.document import Document, write_atomic
from toolkit.pdf.geometry import paper_size
from toolkit.resources import home

DEFAULT_PORT = 8000
MAX_BACK_OFFSET = 20.0


@dataclass(frozen=True)
class KitOptions:
    paper: str = "a4"
    out: Path | None = None
    base_url: str | None = None
    teams: tuple[str, ...] | None = None
    data: Path | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)
    kit_id: str | None = None
    ink: str = "light"  # style.INKS: light (home printers) or full (print services)
    layout: str = "home"  # style.LAYOUTS: home (9 butted cards a sheet) or service (bleed)


@dataclass
class KitResult:
    game: str
    pdf: Path
    manifest: Path
    kit_id: str
    pages: int
    urls: dict[str, Any] = field(default_factory=dict)
    sides: tuple[str, ...] = ()  # each page's Document side: single, front, back or blank
    flip: str | None = None  # the edge the double-sided pages flip on
    base_url: str = ""  # where the QR codes lead


class Progress:
    """Counts pages; shows a rich progress bar on stderr only when asked (a terminal, no --json)."""

    def __init__(self, show: bool = False) -> None:
        self.show = show
        self._bar: Any = None
        self._task: Any = None

    def start(self, description: str, total: int) -> None:
        if not self.show:
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self._bar.start()
        self._task = self._bar.add_task(description, total=total)

    def advance(self, description: str | None = None) -> None:
        if self._bar is not None:
            self._bar.update(self._task, advance=1, description=description or None)

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


KitBuilder = Callable[[KitOptions, Progress], KitResult]
"""A game's print kit: `build_kit(options, progress) -> KitResult`."""


def default_base_url() -> str:
    from toolkit.network import lan_address

    return f"http://{lan_address()}:{DEFAULT_PORT}"


def check_base_url(url: str) -> str:
    """An http(s) URL with a host, without a trailing slash, short enough for the QR codes."""
    from toolkit.data.limits import MAX_BASE_URL

    if len(url.strip()) > MAX_BASE_URL:
        raise DomekitError(
            f"--base-url is {len(url.strip()):,} characters; at most {MAX_BASE_URL} (every QR "
            "code of the kit carries it)"
        )
    if not _is_web_address(url.strip()):
        raise DomekitError(
            f"--base-url {url!r} is not a web address; expected like http://192.168.1.20:8000"
        )
    return url.strip().rstrip("/")


def _is_web_address(url: str) -> bool:
    """http(s)://host[:port][/path], host a name or an IP address; no user, query or fragment."""
    if any(char.isspace() or not char.isprintable() for char in url):
        return False
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError past 65535
    except ValueError:  # also a malformed IPv6 host like http://[::1
        return False
    host = parts.hostname or ""
    return (
        parts.scheme in ("http", "https")
        and re.fullmatch(r"[a-z0-9.-]+|[0-9a-f:.]+", host) is not None
        and parts.username is None
        and not parts.query
        and not parts.fragment
    )


def new_kit_id() -> str:
    """A random, unguessable kit id: 128 bits."""
    return secrets.token_urlsafe(16)


def all_urls(urls: dict[str, Any]) -> list[str]:
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(urls)
    return found


def parse_back_offset(text: str) -> tuple[float, float]:
    match = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*", text)
    if not match:
        raise DomekitError(f"--back-offset {text!r}: expected X,Y in mm, like 0.5,-1")
    x, y = float(match.group(1)), float(match.group(2))
    if abs(x) > MAX_BACK_OFFSET or abs(y) > MAX_BACK_OFFSET:
        raise DomekitError(
            f"--back-offset {text!r}: each part must be within +-{MAX_BACK_OFFSET:g} mm"
        )
    return (x, y)


def parse_teams(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    teams = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    if not teams:
        raise DomekitError("--teams is empty; expected colours like red,blue")
    return teams


def manifest_path(pdf: Path) -> Path:
    return pdf.with_name(pdf.name + ".kit.json")


def write_manifest(pdf: Path, manifest: dict[str, Any]) -> Path:
    path = manifest_path(pdf)
    # Readable by the user only: the kit id in it is the kit's write capability.
    write_atomic(path, json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", private=True)
    return path


@dataclass(frozen=True)
class KitTarget:
    """Where one kit build goes: the game, the PDF path, the tracker's address and the kit id."""

    game: str
    out: Path
    base_url: str
    kit_id: str

    def url(self, page: str, *args: str) -> str:
        """The address a QR code prints for one of the kit's pages (toolkit/pages.py):
        `url("unit", "red", "gunner")` is `<base-url>/k/<kit-id>/unit/red/gunner`."""
        return page_url(self.base_url, self.kit_id, page, *args)


def kit_target(game: str, options: KitOptions) -> KitTarget:
    """The PDF path (checked), the base URL (or this machine's LAN one) and the kit id (or new)."""
    return KitTarget(
        game,
        output_path(game, options.out),
        options.base_url or default_base_url(),
        options.kit_id or new_kit_id(),
    )


def finish_kit(
    target: KitTarget, fields: dict[str, Any], urls: dict[str, Any], doc: Document
) -> KitResult:
    """Write the manifest (kit id, game, base URL, then `fields`, then the URLs) next to the PDF;
    the result has the finished document's pages and how each is printed."""
    manifest = write_manifest(
        target.out,
        {
            "kit_id": target.kit_id,
            "game": target.game,
            "base_url": target.base_url,
            **fields,
            "urls": urls,
            "qr_urls": all_urls(urls),
        },
    )
    return KitResult(
        target.game,
        Path(target.out),
        manifest,
        target.kit_id,
        doc.pages,
        urls,
        sides=tuple(doc.sides),
        flip=doc.flip,
        base_url=target.base_url,
    )


def output_path(game: str, out: Path | None) -> Path:
    """Where a kit's PDF goes, as an absolute path: `--out`, else Domekit's home folder."""
    path = out if out is not None else home() / f"{game}-kit.pdf"
    if os.path.isdir(path):  # False, not an OSError, for a name too long
        raise DomekitError(f"--out {path} is a folder; expected a file name like my-kit.pdf")
    return path.absolute()


def run_kit(
    game: str,
    *,
    names: Sequence[str],
    builder: Callable[[str], KitBuilder],
    paper: str,
    out: Path | None,
    base_url: str | None,
    teams: str | None,
    data: Path | None,
    back_offset: str,
    as_json: bool,
    ink: str = "light",
    layout: str = "home",
) -> list[KitResult]:
    """`domekit kit`: validate the flags, build one game's kit or all of them (`names`, each
    built by its `builder`), print the paths."""
    paper_size(paper)
    if game != "all" and game not in names:
        raise DomekitError(f"unknown game {game!r}; expected one of {', '.join(names)} or all")
    games = list(names) if game == "all" else [game]
    if game == "all" and (out is not None or data is not None):
        raise DomekitError("--out and --data need one game, not all")
    from toolkit.pdf.style import INKS, LAYOUTS

    if ink.strip().lower() not in INKS:
        raise DomekitError(f"--ink {ink!r}: expected one of {', '.join(INKS)}")
    if layout.strip().lower() not in LAYOUTS:
        raise DomekitError(f"--layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    options = KitOptions(
        paper=paper.lower(),
        ink=ink.strip().lower(),
        layout=layout.strip().lower(),
        out=out,
        base_url=check_base_url(base_url) if base_url else None,
        teams=parse_teams(teams),
        data=data,
        back_offset=parse_back_offset(back_offset),
    )
    show = not as_json and sys.stderr.isatty()
    results = []
    for name in games:
        progress = Progress(show)
        try:
            results.append(builder(name)(options, progress))
        finally:
            progress.stop()
    from toolkit.network import loopback_warning

    warning = loopback_warning(results[0].base_url)
    if warning:
        print(f"warning: {warning}", file=sys.stderr)
    if as_json:
        print(json.dumps([_result_json(result) for result in results], indent=2))
    else:
        for result in results:
            print(result.pdf)
        print("\n".join(next_steps(results)), file=sys.stderr)
    return results


def _result_json(result: KitResult) -> dict[str, Any]:
    return {
        "game": result.game,
        "pdf": str(result.pdf),
        "manifest": str(result.manifest),
        "kit_id": result.kit_id,
        "pages": result.pages,
        "print": print_plan(result.sides, result.flip),
        "urls": result.urls,
    }


# ---------------------------------------------------------------------------------------------
# What to do with the PDFs


def page_ranges(pages: Iterable[int]) -> str:
    """Page numbers as a print dialog takes them: 1-16, 20, 22-23."""
    ranges: list[list[int]] = []
    for page in sorted(pages):
        if ranges and page == ranges[-1][1] + 1:
            ranges[-1][1] = page
        else:
            ranges.append([page, page])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)


def every_other(pages: Sequence[int]) -> str:
    """Pages as a print dialog takes them, with "odd pages" or "even pages" when they are every
    other page of one range (31, 33, ... 61: "31-61 (odd pages only)")."""
    pages = sorted(pages)
    steps = {b - a for a, b in zip(pages, pages[1:], strict=False)}
    if len(pages) > 2 and steps == {2}:
        parity = "odd" if pages[0] % 2 else "even"
        return f"{pages[0]}-{pages[-1]} ({parity} pages only)"
    return page_ranges(pages)


def print_plan(sides: Sequence[str], flip: str | None) -> dict[str, Any]:
    """Which pages (counted from 1) print on both sides of the sheet, which on one, and which
    are the blank backs of single-sided sheets (there so the whole file prints double-sided:
    `whole_file_double_sided` says whether it does)."""
    both = [number for number, side in enumerate(sides, start=1) if side in ("front", "back")]
    one = [number for number, side in enumerate(sides, start=1) if side == "single"]
    blank = [number for number, side in enumerate(sides, start=1) if side == "blank"]
    return {
        "double_sided": page_ranges(both),
        "single_sided": page_ranges(one),
        "blank_backs": page_ranges(blank),
        "flip": flip if both else None,
        "whole_file_double_sided": bool(sides) and duplex_safe(sides),
    }


def duplex_safe(sides: Sequence[str]) -> bool:
    """Whether the whole file may go through a duplex printer: each single page has a blank back
    (card fronts are always followed by their backs)."""
    return all(
        index + 1 < len(sides) and sides[index + 1] == "blank"
        for index, side in enumerate(sides)
        if side == "single"
    )


def print_line(sides: Sequence[str], flip: str | None) -> str:
    """What to print how, in a few words: `domekit kit` prints it and every cover says it."""
    plan = print_plan(sides, flip)
    one = [number for number, side in enumerate(sides, start=1) if side == "single"]
    parts = []
    if plan["double_sided"]:
        parts.append(f"double-sided {plan['double_sided']} ({plan['flip']}-edge flip)")
    if one:
        single = every_other(one) if plan["blank_backs"] else plan["single_sided"]
        parts.append(f"single-sided {single}")
    text = ", ".join(parts)
    if plan["blank_backs"] and plan["whole_file_double_sided"]:
        text += "; or the whole file double-sided (the single-sided sheets have blank backs)"
    return text


def guide_url() -> str | None:
    """The printing guide online: the project's Documentation URL (package metadata) + page."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        urls = metadata("domekit").get_all("Project-URL") or []
    except PackageNotFoundError:
        return None
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "documentation":
            return f"{url.strip().rstrip('/')}/printing.md"
    return None


def serve_command(base_url: str) -> str:
    """The `domekit serve` command that answers the QR codes of a kit made for `base_url`."""
    from toolkit.network import is_loopback

    host = urlsplit(base_url).hostname or ""
    serve = "domekit serve" if is_loopback(host) else "domekit serve --lan"
    port = urlsplit(base_url).port
    if port and port != DEFAULT_PORT:
        serve += f" --port {port}"
    return serve


def next_steps(results: Sequence[KitResult]) -> list[str]:
    """The few lines `domekit kit` ends with: what to print how, then where the tracker goes."""
    lines = ["next steps:"]
    for result in results:
        lines.append(f"  print {result.pdf.name}: {print_line(result.sides, result.flip)}")
    lines.append("  at actual size (100 %); if card backs miss their fronts, `domekit calibrate`")
    base_url = results[0].base_url
    lines.append(f"  then run `{serve_command(base_url)}`: the QR codes lead to {base_url}")
    url = guide_url()
    lines.append("  full guide: docs/printing.md" + (f", {url}" if url else ""))
    return lines
