"""Picture files from a stranger's deck, checked before reportlab or svglib draws them.

- A bitmap must be a PNG or JPEG that Pillow decodes whole, of at most MAX_IMAGE_PIXELS (a
  decompression bomb is a small file of a billion pixels) and MAX_ASPECT long side to short.
- An SVG is parsed strictly first: no entity declarations, at most MAX_SVG_ELEMENTS elements, no
  `<image>` and no reference to another file (svglib would read pictures and files the SVG names
  from the disk); once svglib has read it, its size and every number in it must be finite and
  bounded (reportlab cannot write 1e30 into a PDF).

Each problem is a DataError naming the file (and for an SVG the line).
"""

from __future__ import annotations

import io
import math
import warnings
from pathlib import Path
from typing import Any

from toolkit.data import check_file_size, read_bytes
from toolkit.data.limits import (
    MAX_ASPECT,
    MAX_IMAGE_BYTES,
    MAX_IMAGE_PIXELS,
    MAX_SVG_ELEMENTS,
    MAX_SVG_NUMBER,
    MAX_SVG_SIDE,
)
from toolkit.errors import DataError, DomekitError

BITMAP_FORMATS = ("PNG", "JPEG")
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


def check_bitmap(path: Path) -> tuple[int, int]:
    """A PNG or JPEG's (width, height) in pixels, once Pillow has decoded all of it."""
    from PIL import Image, UnidentifiedImageError

    check_file_size(path, MAX_IMAGE_BYTES)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path, formats=BITMAP_FORMATS) as image:
                width, height = image.size
                if width * height > MAX_IMAGE_PIXELS:
                    raise _too_many_pixels(path, f"{width:,} x {height:,} pixels")
                _check_shape(path, width, height, "pixels")
                image.load()
    except DomekitError:
        raise
    except UnidentifiedImageError:
        raise DataError(path, "not a PNG or JPEG image (its content is not a picture)") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _too_many_pixels(path, "a decompression bomb") from None
    except Exception as exc:  # Pillow's decoders: truncated data, bad chunks, bad markers
        raise DataError(path, f"a broken image ({exc or type(exc).__name__})") from None
    return width, height


def _too_many_pixels(path: Path, size: str) -> DataError:
    return DataError(
        path, f"{size}: more than {MAX_IMAGE_PIXELS:,} pixels (A4 at 600 dpi is 35 million)"
    )


def _check_shape(
    path: Path, width: float, height: float, unit: str, most: float = math.inf
) -> None:
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        raise DataError(path, f"a size of {width:g} x {height:g} {unit}; expected above 0")
    if max(width, height) > most:
        raise DataError(
            path, f"{width:g} x {height:g} {unit}; each side must be at most {most:g} {unit}"
        )
    if max(width, height) / min(width, height) > MAX_ASPECT:
        raise DataError(
            path,
            f"{width:g} x {height:g} {unit}: one side is more than {MAX_ASPECT:g} times the other",
        )


def load_svg(path: Path) -> Any:
    """The SVG as a reportlab Drawing (svglib), checked before and after svglib reads it."""
    data = read_bytes(path, limit=MAX_IMAGE_BYTES)
    _check_svg_tree(path, data)
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(io.BytesIO(data))
    except Exception as exc:  # svglib raises lxml, value and type errors alike
        raise DataError(path, f"not a readable SVG: {exc}") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise DataError(path, "not a readable SVG (no size)")
    _check_shape(path, drawing.width, drawing.height, "points", MAX_SVG_SIDE)
    _check_numbers(path, drawing)
    return drawing


def _check_svg_tree(path: Path, data: bytes) -> None:
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if isinstance(exc.lineno, int) and exc.lineno > 0 else None
        raise DataError(path, f"not a readable SVG: {exc.msg}", line=line) from None
    dtd = root.getroottree().docinfo.internalDTD
    # lxml-stubs lack DTD.iterentities
    if dtd is not None and any(True for _ in dtd.iterentities()):  # type: ignore[union-attr]
        raise DataError(path, "declares XML entities (<!ENTITY>); save it as plain SVG without")
    for count, element in enumerate(root.iter(), start=1):
        if count > MAX_SVG_ELEMENTS:
            line = element.sourceline
            raise DataError(path, f"more than {MAX_SVG_ELEMENTS:,} elements", line=line)
        if not isinstance(element.tag, str):  # comments and processing instructions
            continue
        name = etree.QName(element).localname
        if name in ("image", "feImage"):
            raise DataError(
                path,
                f"embeds a picture (<{name}>): Domekit draws an SVG's vector shapes only; use a "
                "PNG or JPEG file for a bitmap",
                line=element.sourceline,
            )
        target = element.get("href") or element.get(XLINK_HREF)
        if target is not None and name != "a" and not target.startswith("#"):
            raise DataError(
                path,
                f"<{name}> refers to {target[:60]!r}: an SVG may only refer to its own parts "
                '(href="#id")',
                line=element.sourceline,
            )


def _check_numbers(path: Path, drawing: Any) -> None:
    """Every number in the drawing's shapes (coordinates, sizes, transforms, font sizes) finite
    and within MAX_SVG_NUMBER; walked without recursion."""
    stack = [drawing]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for value in vars(node).values():  # a group's shapes are in its `contents` list
            numbers = value if isinstance(value, list | tuple) else [value]
            for item in numbers:
                if isinstance(item, bool):
                    continue
                if isinstance(item, int | float):
                    if not (math.isfinite(item) and abs(item) <= MAX_SVG_NUMBER):
                        raise DataError(
                            path,
                            f"a coordinate or size of {item:g}; an SVG's numbers must be within "
                            f"+-{MAX_SVG_NUMBER:g} points",
                        )
                elif hasattr(item, "__dict__") and hasattr(item, "getProperties"):
                    stack.append(item)
