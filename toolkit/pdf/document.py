"""A PDF written atomically, page by page, in millimetres.

The file is written to a temporary file in the target folder and renamed over the output path only
when everything succeeded: on any error nothing is left at the output path.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.geometry import Rect, pt

PageSide = Literal["single", "front", "back", "blank"]
Stock = Literal["paper", "card"]
"""What a page prints on: paper, or card stock (160-250 g/m2: cards and punch-out pieces)."""


class Document:
    """A reportlab canvas plus the page size in mm and per-page PDF boxes.

    `sides` says how each page is printed: "single" (one side), or "front" and the "back" that
    follows it (both sides of one sheet, flipped on the `flip` edge); a "blank" page is the
    empty back of the single page before it, there so the whole file prints double-sided.
    `stocks` says what each page prints on: `stock` unless its `end_page` says otherwise."""

    def __init__(self, canvas: Canvas, page_size: tuple[float, float], title: str = "") -> None:
        self.canvas = canvas
        self.title = title
        self.paper = page_size
        self.page_size = page_size
        self.pages = 0
        self.sides: list[PageSide] = []
        self.stocks: list[Stock] = []
        self.stock: Stock = "paper"
        self.flip: str | None = None
        self._open = False

    @property
    def width(self) -> float:
        return self.page_size[0]

    @property
    def height(self) -> float:
        return self.page_size[1]

    @property
    def page(self) -> Rect:
        return Rect(0, 0, self.width, self.height)

    def begin_page(self, size: tuple[float, float] | None = None) -> Canvas:
        """Start a page (the document's paper unless `size` says otherwise); returns the canvas."""
        if self._open:
            raise RuntimeError("end_page() first")
        self.page_size = size if size is not None else self.paper
        self.canvas.setPageSize((pt(self.width), pt(self.height)))
        self._open = True
        return self.canvas

    def end_page(
        self,
        *,
        trim: Rect | None = None,
        bleed: Rect | None = None,
        side: PageSide = "single",
        stock: Stock | None = None,
    ) -> None:
        """Finish a page; TrimBox/BleedBox are this page's (the whole page when not given); it
        prints on `stock` (the document's current `stock` when not given)."""
        trim = trim or self.page
        bleed = bleed or trim
        self.canvas.setTrimBox(trim.points())
        self.canvas.setBleedBox(bleed.points())
        self.canvas.showPage()
        self._open = False
        self.pages += 1
        self.sides.append(side)
        self.stocks.append(stock or self.stock)


@contextlib.contextmanager
def pdf_document(
    path: str | Path,
    page_size: tuple[float, float],
    *,
    title: str = "",
    author: str = "Domekit",
    font: str | None = None,
) -> Iterator[Document]:
    """Open a Document whose file appears at `path` only if the block completes. `font` is the
    canvas's starting font (reportlab's is Helvetica, named in every page even if unused)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DomekitError(f"cannot create folder {folder}: {exc.strerror}") from None
    try:
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise DomekitError(f"cannot write in {folder}: {exc.strerror}") from None
    os.close(handle)
    # Compressed streams stay binary: ASCII85 would make the file bigger and the build slower.
    rl_config.useA85 = 0
    try:
        canvas = Canvas(
            temp_name,
            pagesize=(pt(page_size[0]), pt(page_size[1])),
            pageCompression=1,
            initialFontName=font,  # type: ignore[arg-type]  # the stubs say float
        )
        canvas.setTitle(title)
        canvas.setAuthor(author)
        canvas.setCreator("Domekit")
        document = Document(canvas, page_size, title)
        yield document
        canvas.save()
        _publish(temp_name, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)


def _publish(temp_name: str, target: Path, *, private: bool = False) -> None:
    """Give the finished temp file ordinary permissions (or the user's only, when `private`)
    and rename it over the target. A target that is not a regular file (`--out /dev/null`, a
    pipe) is written into instead: a rename would replace the device itself."""
    if target.exists() and not target.is_file():
        with open(temp_name, "rb") as source, open(target, "wb") as sink:
            shutil.copyfileobj(source, sink)
        return
    if private:
        os.chmod(temp_name, 0o600)
    else:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp_name, 0o666 & ~umask)
    os.replace(temp_name, target)


@contextlib.contextmanager
def publish_file(path: str | Path) -> Iterator[Path]:
    """A temporary file's path beside `path` to write (by a library that writes files itself),
    renamed over `path` when the block completes; on any error nothing is left at `path`."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise DomekitError(f"cannot write in {folder}: {exc.strerror}") from None
    os.close(handle)
    try:
        yield Path(temp_name)
        _publish(temp_name, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)


def write_atomic(path: str | Path, text: str, *, private: bool = False) -> None:
    """Write a text file (e.g. a kit manifest) via a temporary file and a rename; `private`
    files are readable by the user only (a manifest holds the kit id, its write capability)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        _publish(temp_name, target, private=private)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)
