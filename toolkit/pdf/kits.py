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
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from toolkit import DEFAULT_PORT
from toolkit.errors import DomekitError
from toolkit.output import counted
from toolkit.pages import page_url
from toolkit.pdf.document import Document, write_atomic
from toolkit.pdf.geometry import paper_size
from toolkit.resources import home

if TYPE_CHECKING:
    from toolkit.pdf.book import KitBook

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
    # style.LAYOUTS: home (9 butted cards a sheet, double-sided), gutterfold (each back beside
    # its front, one-sided, folded) or service (bleed, and the print-service files beside)
    layout: str = "home"


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
    stocks: tuple[str, ...] = ()  # what each page prints on: paper or card (stock)
    layout: str = "home"
    print_service: dict[str, Any] | None = None  # service.write_service_files' answer


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


def default_base_url(port: int = DEFAULT_PORT) -> str:
    """Where phones reach a tracker started with `--lan` on `port`: this machine's LAN address."""
    from toolkit.network import lan_address

    return f"http://{lan_address()}:{port}"


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
    """The PDF path (checked, and for the service layout its print-service folder), the base
    URL (or this machine's LAN one) and the kit id (or new)."""
    out = output_path(game, options.out, options.layout)
    if options.layout == "service":
        from toolkit.pdf.service import check_service_folder, service_folder

        check_service_folder(service_folder(out))
    return KitTarget(
        game, out, options.base_url or default_base_url(), options.kit_id or new_kit_id()
    )


def finish_kit(
    target: KitTarget, fields: dict[str, Any], urls: dict[str, Any], book: KitBook | Document
) -> KitResult:
    """Write the print service's files (the service layout), then the manifest (kit id, game,
    base URL, then `fields`, the print plan, the files, the URLs) next to the PDF; the result
    has the finished document's pages and how each is printed. A kit that is not a `KitBook`
    (a plain `Document`: a game whose kit has no cover and no decks) has the home layout."""
    if isinstance(book, Document):
        doc, layout, decks = book, "home", []
    else:
        doc, layout, decks = book.doc, book.layout, book.decks
    service = None
    if layout == "service":
        from toolkit.pdf.service import write_service_files

        service = write_service_files(target.out, decks, title=doc.title)
    manifest = write_manifest(
        target.out,
        {
            "kit_id": target.kit_id,
            "game": target.game,
            "base_url": target.base_url,
            **fields,
            "print": print_plan(doc.sides, doc.flip, doc.stocks),
            **({"print_service": service} if service else {}),
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
        stocks=tuple(doc.stocks),
        layout=layout,
        print_service=service,
    )


def kit_file_name(game: str, layout: str = "home") -> str:
    """A kit's PDF's name in Domekit's home folder: `<game>-kit.pdf`, and for the other layouts
    `<game>-kit-gutterfold.pdf`, `<game>-kit-service.pdf`, so that they never replace it."""
    return f"{game}-kit.pdf" if layout == "home" else f"{game}-kit-{layout}.pdf"


def output_path(game: str, out: Path | None, layout: str = "home") -> Path:
    """Where a kit's PDF goes, as an absolute path: `--out`, else Domekit's home folder."""
    path = out if out is not None else home() / kit_file_name(game, layout)
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
    port: int | None = None,
    serving: bool = False,
) -> list[KitResult]:
    """`domekit kit`: validate the flags, build one game's kit or all of them (`names`, each
    built by its `builder`), print the paths. Without `base_url` the QR codes point at this
    machine's LAN address on `port` (8000 unless given); `serving`: the tracker starts next, so
    the last step says so instead of telling the reader to start it."""
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
        base_url=check_base_url(base_url) if base_url else default_base_url(check_port(port)),
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
        print("\n".join(next_steps(results, serving=serving)), file=sys.stderr)
    return results


def _result_json(result: KitResult) -> dict[str, Any]:
    return {
        "game": result.game,
        "pdf": str(result.pdf),
        "layout": result.layout,
        "manifest": str(result.manifest),
        "kit_id": result.kit_id,
        "pages": result.pages,
        "print": print_plan(result.sides, result.flip, result.stocks),
        **({"print_service": result.print_service} if result.print_service else {}),
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


def page_numbers(ranges: str) -> set[int]:
    """The pages a print dialog's list names: "1-2, 5, 7-8" is {1, 2, 5, 7, 8}."""
    found: set[int] = set()
    for part in filter(None, (piece.strip() for piece in ranges.split(","))):
        first, _, last = part.partition("-")
        found.update(range(int(first), int(last or first) + 1))
    return found


STOCK_WORDS = {"paper": "paper", "card": "card stock"}


def print_plan(
    sides: Sequence[str], flip: str | None, stocks: Sequence[str] | None = None
) -> dict[str, Any]:
    """How to print a file: which pages (counted from 1) print on both sides of a sheet and which
    on one, which are the blank backs of one-sided sheets (there so the whole file prints
    double-sided: `whole_file_double_sided` says whether it does), which print on card stock
    (`stocks`; paper when not given), how many sheets of each it takes, and the print runs: the
    page lists to give a print dialog, each on one stock, double- or single-sided, in order."""
    stocks = list(stocks) if stocks is not None else ["paper"] * len(sides)
    numbered = list(enumerate(zip(sides, stocks, strict=True), start=1))
    both = [number for number, (side, _) in numbered if side in ("front", "back")]
    one = [number for number, (side, _) in numbered if side == "single"]
    blank = [number for number, (side, _) in numbered if side == "blank"]
    card = [number for number, (side, stock) in numbered if stock == "card" and side != "blank"]
    sheets = {
        stock: sum(
            1 for _, (side, kind) in numbered if side in ("front", "single") and kind == stock
        )
        for stock in STOCK_WORDS
    }
    runs: list[dict[str, str]] = []
    for kind, wanted in (("double", ("front", "back")), ("single", ("single",))):
        for stock in sorted(STOCK_WORDS, key=lambda s: _first(numbered, wanted, s)):
            pages = [n for n, (side, paper) in numbered if side in wanted and paper == stock]
            if pages:
                runs.append({"stock": stock, "sides": kind, "pages": page_ranges(pages)})
    return {
        "double_sided": page_ranges(both),
        "single_sided": page_ranges(one),
        "blank_backs": page_ranges(blank),
        "flip": flip if both else None,
        "whole_file_double_sided": bool(sides) and duplex_safe(sides),
        "card_stock": page_ranges(card),
        "sheets": {"total": sum(sheets.values()), **sheets},
        "runs": runs,
    }


def _first(
    numbered: Sequence[tuple[int, tuple[str, str]]], sides: Sequence[str], stock: str
) -> int:
    return next((n for n, (side, kind) in numbered if side in sides and kind == stock), 0)


def duplex_safe(sides: Sequence[str]) -> bool:
    """Whether the whole file may go through a duplex printer: each single page has a blank back
    (card fronts are always followed by their backs)."""
    return all(
        index + 1 < len(sides) and sides[index + 1] == "blank"
        for index, side in enumerate(sides)
        if side == "single"
    )


def run_words(run: dict[str, str], flip: str | None) -> str:
    """One print run in words: "card stock, double-sided (long-edge flip): 3-20"."""
    how = f"double-sided ({flip or 'long'}-edge flip)" if run["sides"] == "double" else "one side"
    return f"{STOCK_WORDS[run['stock']]}, {how}: {run['pages']}"


def print_line(sides: Sequence[str], flip: str | None, stocks: Sequence[str] | None = None) -> str:
    """What to print how, in a few words: `domekit kit` prints it, and the cover says the same
    with more words."""
    plan = print_plan(sides, flip, stocks)
    text = "; ".join(run_words(run, plan["flip"]) for run in plan["runs"])
    if plan["blank_backs"] and plan["whole_file_double_sided"]:
        text += (
            f"; or all on paper, the whole file double-sided "
            f"({counted(plan['sheets']['total'], 'sheet')} either way)"
        )
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


def check_port(port: int | None) -> int:
    """A TCP port a tracker can listen on (`--port`), DEFAULT_PORT when not given."""
    if port is None:
        return DEFAULT_PORT
    if not 0 < port < 65536:
        raise DomekitError(f"--port must be 1 to 65535 (got {port})")
    return port


def next_steps(results: Sequence[KitResult], *, serving: bool = False) -> list[str]:
    """The few lines `domekit kit` ends with: what to print how, then where the tracker goes
    (`serving`: it is starting now, as `domekit kit --serve` and `make play` start it)."""
    lines = ["next steps:"]
    for result in results:
        lines.append(
            f"  print {result.pdf.name}: {print_line(result.sides, result.flip, result.stocks)}"
        )
        if result.print_service:
            lines.append(
                f"  for a print service: {counted(len(result.print_service['decks']), 'deck')} in "
                f"{result.print_service['folder']} (a PDF of one card a page, and PNG images)"
            )
    if all(result.layout == "gutterfold" for result in results):
        lines.append("  at actual size (100 %); fold each card sheet on its dashed line, glue, cut")
    else:
        lines.append(
            "  at actual size (100 %); if card backs miss their fronts, `domekit calibrate`"
        )
    base_url = results[0].base_url
    if serving:
        lines.append(f"  the tracker starts now: the QR codes lead to {base_url}")
    else:
        lines.append(f"  then run `{serve_command(base_url)}`: the QR codes lead to {base_url}")
    url = guide_url()
    lines.append("  full guide: docs/printing.md" + (f", {url}" if url else ""))
    return lines
