"""What every game's print kit shares: options, the kit id, QR URLs, the manifest, the registry.

A game has a kit when `toolkit/games/<game>/kit.py` exists and defines
`build_kit(options: KitOptions, progress: Progress) -> KitResult`. `domekit kit <game|all>` finds
kits through `available_kits()`, so a new game plugs in by adding its kit.py.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
import secrets
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from toolkit.errors import DomekitError
from toolkit.pdf.document import write_atomic
from toolkit.pdf.geometry import paper_size

GAMES = ("deathdome", "naturedome", "dominum", "domppa")
OUTPUT = Path("output")
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


@dataclass
class KitResult:
    game: str
    pdf: Path
    manifest: Path
    kit_id: str
    pages: int
    urls: dict[str, Any] = field(default_factory=dict)


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


def lan_address() -> str:
    """This machine's LAN address: the source address the system would use to reach a private
    network (a UDP connect sends nothing), else 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address or "127.0.0.1"


def default_base_url() -> str:
    return f"http://{lan_address()}:{DEFAULT_PORT}"


def check_base_url(url: str) -> str:
    """An http(s) URL with a host, without a trailing slash."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise DomekitError(
            f"--base-url {url!r} is not a web address; expected like http://192.168.1.20:8000"
        )
    return url.strip().rstrip("/")


def new_kit_id() -> str:
    """A random, unguessable kit id: 128 bits."""
    return secrets.token_urlsafe(16)


def kit_urls(base_url: str, kit_id: str, teams: tuple[str, ...], units: tuple[str, ...]) -> dict:
    """The tracker URLs a kit's QR codes carry (stable paths the tracker serves)."""
    root = f"{base_url}/k/{kit_id}"
    return {
        "table": f"{root}/table",
        "teams": {team: f"{root}/team/{team}" for team in teams},
        "units": {team: {unit: f"{root}/unit/{team}/{unit}" for unit in units} for team in teams},
    }


def all_urls(urls: dict) -> list[str]:
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


def kit_target(game: str, options: KitOptions) -> KitTarget:
    """The PDF path (checked), the base URL (or this machine's LAN one) and the kit id (or new)."""
    return KitTarget(
        game,
        output_path(game, options.out),
        options.base_url or default_base_url(),
        options.kit_id or new_kit_id(),
    )


def finish_kit(target: KitTarget, fields: dict[str, Any], urls: dict, pages: int) -> KitResult:
    """Write the manifest (kit id, game, base URL, then `fields`, then the URLs) next to the PDF."""
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
    return KitResult(target.game, Path(target.out), manifest, target.kit_id, pages, urls)


def output_path(game: str, out: Path | None) -> Path:
    path = out if out is not None else OUTPUT / f"{game}-kit.pdf"
    if path.exists() and path.is_dir():
        raise DomekitError(f"--out {path} is a folder; expected a file name like my-kit.pdf")
    return path


def available_kits() -> list[str]:
    """Games that have a kit.py, in the project's order."""
    return [game for game in GAMES if importlib.util.find_spec(f"toolkit.games.{game}.kit")]


def kit_builder(game: str) -> Callable[[KitOptions, Progress], KitResult]:
    if game not in GAMES:
        raise DomekitError(f"unknown game {game!r}; expected one of {', '.join(GAMES)} or all")
    if game not in available_kits():
        raise DomekitError(f"{game} has no print kit yet; kits: {', '.join(available_kits())}")
    module = importlib.import_module(f"toolkit.games.{game}.kit")
    return module.build_kit


def run_kit(
    game: str,
    *,
    paper: str,
    out: Path | None,
    base_url: str | None,
    teams: str | None,
    data: Path | None,
    back_offset: str,
    as_json: bool,
) -> list[KitResult]:
    """`domekit kit`: validate the flags, build one game's kit or all of them, print the paths."""
    paper_size(paper)
    games = available_kits() if game == "all" else [game]
    if game == "all":
        if out is not None or data is not None:
            raise DomekitError("--out and --data need one game, not all")
    else:
        kit_builder(game)
    options = KitOptions(
        paper=paper.lower(),
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
            results.append(kit_builder(name)(options, progress))
        finally:
            progress.stop()
    if as_json:
        print(json.dumps([_result_json(result) for result in results], indent=2))
    else:
        for result in results:
            print(result.pdf)
    return results


def _result_json(result: KitResult) -> dict[str, Any]:
    return {
        "game": result.game,
        "pdf": str(result.pdf),
        "manifest": str(result.manifest),
        "kit_id": result.kit_id,
        "pages": result.pages,
        "urls": result.urls,
    }
