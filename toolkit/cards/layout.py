"""Card layouts as data: a TOML or YAML file of named boxes (toolkit/pdf/boxes.py draws them).

    name = "my layout"
    units = "mm"              # bare numbers' unit: mm, in or pt (a text carries its own: "0.25in")
    extends = "classic"       # optional: start from a built-in layout (or another file)

    [boxes.title]             # boxes draw in file order, later ones on top
    draw = "line"             # text, line, stats, image, icons, qr, rect (default from the name)
    x = "4mm"                 # from the card's top-left corner (the trim, not the bleed)
    y = 4
    width = "100% - 8mm"      # % of the card's width (x, width) or height (y, height)
    height = 7
    part = "title"            # what it shows: part = title|text|image|qr|stats, column = "Cost",
                              # template = "{{ cost }} gold" (jinja2, sandboxed), text = "fixed"
    font = "bold"             # regular, bold, italic, bold-italic of the deck's font family
    size = 12                 # pt, shrunk to fit down to min_size
    colour = "#202020"        # also fill, stroke (#rrggbb), stroke_width (pt), radius, padding
    align = "centre"          # left, centre, right; valign = top, middle, bottom

Built-in layouts (package data beside this file): classic, art, event. Every problem is a
DataError naming the file, the line and the box's field.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from toolkit.errors import DataError, DomekitError
from toolkit.pdf.boxes import FACES, KINDS, Box, Kind, Layout, Style
from toolkit.pdf.geometry import hex_colour
from toolkit.pdf.units import UNITS, length

MAX_LAYOUT_BYTES = 64 * 1024
MAX_BOXES = 100
MAX_DEPTH = 8  # a layout nests three levels: boxes, a box, its fields
MAX_EXTENDS = 4
LAYOUT_SUFFIXES = (".toml", ".yaml", ".yml")
PART_NAMES = ("title", "text", "image", "qr", "stats")
DEFAULT_KIND: dict[str, Kind] = {
    "title": "line",
    "text": "text",
    "stats": "stats",
    "image": "image",
    "icons": "icons",
    "qr": "qr",
}
BOX_FIELDS = {
    "draw",
    "x",
    "y",
    "width",
    "height",
    "bleed",
    "part",
    "column",
    "template",
    "text",
    "font",
    "size",
    "min_size",
    "colour",
    "color",
    "fill",
    "stroke",
    "stroke_width",
    "radius",
    "padding",
    "align",
    "valign",
    "fit",
}
TOP_FIELDS = {"name", "description", "units", "extends", "boxes"}


def builtin_names() -> list[str]:
    folder = files("toolkit.cards.layouts")
    return sorted(p.name.rsplit(".", 1)[0] for p in folder.iterdir() if p.name.endswith(".toml"))


def _builtin(name: str) -> Path | None:
    candidate = files("toolkit.cards.layouts").joinpath(f"{name}.toml")
    return Path(str(candidate)) if candidate.is_file() else None


def find_layout(value: str) -> Path:
    """`--layout NAME|FILE`: a built-in layout's file, or a layout file of one's own."""
    import os.path

    builtin = _builtin(value.strip().lower()) if re.fullmatch(r"[\w-]+", value.strip()) else None
    if builtin is not None:
        return builtin
    path = Path(os.path.expanduser(value))
    if path.suffix.lower() not in LAYOUT_SUFFIXES:
        raise DomekitError(
            f"--layout {value!r}: expected a built-in layout ({', '.join(builtin_names())}) or a "
            ".toml or .yaml file"
        )
    if not os.path.isfile(path):
        raise DomekitError(f"--layout {value!r}: no such file")
    return path


def read_data(path: Path) -> dict[str, Any]:
    """A layout file's data: TOML (toolkit.data.load_toml's bounds) or YAML (safe, bounded, no
    anchors or aliases: a layout never needs them, and they are how YAML bombs grow)."""
    from toolkit.data import load_toml, read_text

    if path.suffix.lower() == ".toml":
        return load_toml(path)
    text = read_text(path, limit=MAX_LAYOUT_BYTES)
    import yaml

    try:
        depth = 0
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            line = event.start_mark.line + 1 if event.start_mark else None
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise DataError(
                    path,
                    "YAML anchors and aliases (& and *) are not allowed in a layout",
                    line=line,
                )
            if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise DataError(path, f"nested more than {MAX_DEPTH} levels", line=line)
            elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                depth -= 1
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        line = mark.line + 1 if mark is not None else None
        raise DataError(path, f"not valid YAML: {problem}", line=line) from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise DataError(path, "expected a mapping of name, units, boxes at the top")
    return data


def load_layout(path: Path, card: tuple[float, float]) -> Layout:
    """The layout in `path` for a card of `card` (width, height) mm; boxes placed in mm."""
    data, chain = _merged(path, 0)
    return _layout(chain, data, card)


def _source_text(path: Path) -> str:
    from toolkit.data import read_text

    return read_text(path, limit=MAX_LAYOUT_BYTES)


def _merged(path: Path, depth: int) -> tuple[dict[str, Any], Path]:
    """The file's data over the layout it extends (box by box, field by field)."""
    data = read_data(path)
    unknown = sorted(set(data) - TOP_FIELDS)
    if unknown:
        raise _error(
            path,
            unknown[0],
            f"unknown setting {unknown[0]!r}; a layout has {', '.join(sorted(TOP_FIELDS))}",
        )
    base = data.get("extends")
    if base is None:
        return data, path
    if not isinstance(base, str) or depth >= MAX_EXTENDS:
        raise _error(
            path,
            "extends",
            f"extends names one built-in layout or file (at most {MAX_EXTENDS} deep)",
        )
    builtin = _builtin(base) if re.fullmatch(r"[\w-]+", base) else None
    parent = builtin or (path.parent / base)
    if builtin is None and (parent.suffix.lower() not in LAYOUT_SUFFIXES or not parent.is_file()):
        raise _error(
            path,
            "extends",
            f"extends {base!r}: no built-in layout or file of that "
            f"name (built-in: {', '.join(builtin_names())})",
        )
    parent_data, _ = _merged(parent, depth + 1)
    boxes: dict[str, Any] = {
        name: dict(fields) if isinstance(fields, dict) else fields
        for name, fields in (parent_data.get("boxes") or {}).items()
    }
    for name, fields in (data.get("boxes") or {}).items():
        if isinstance(fields, dict) and isinstance(boxes.get(name), dict):
            boxes[name].update(fields)
        else:
            boxes[name] = fields
    merged = {**parent_data, **{k: v for k, v in data.items() if k != "extends"}}
    merged["boxes"] = boxes
    return merged, path


def _line(text: str, key: str) -> int | None:
    pattern = re.compile(rf"^\s*\[?\s*(boxes\.)?{re.escape(key)}\b")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None


def _error(path: Path, key: str, message: str, field: str | None = None) -> DataError:
    try:
        text = _source_text(path)
    except DomekitError:
        text = ""
    return DataError(path, message, line=_line(text, key), field=field)


def _layout(path: Path, data: dict[str, Any], card: tuple[float, float]) -> Layout:
    units = data.get("units", "mm")
    if units not in ("mm", "in", "pt", "cm"):
        raise _error(path, "units", f"units {units!r}: expected mm, in or pt", "units")
    boxes = data.get("boxes")
    if not isinstance(boxes, dict) or not boxes:
        raise DataError(path, "no boxes: a layout places its boxes under [boxes.NAME]")
    if len(boxes) > MAX_BOXES:
        raise DataError(path, f"more than {MAX_BOXES} boxes")
    placed = tuple(_box(path, str(name), fields, units, card) for name, fields in boxes.items())
    return Layout(str(data.get("name") or path.stem), placed, path)


def _box(path: Path, name: str, fields: Any, units: str, card: tuple[float, float]) -> Box:
    where = f"boxes.{name}"
    if not isinstance(fields, dict):
        raise _error(
            path, name, f"box {name!r}: expected a table of x, y, width, height ...", where
        )
    unknown = sorted(set(fields) - BOX_FIELDS)
    if unknown:
        raise _error(
            path,
            name,
            f"box {name!r}: unknown field {unknown[0]!r} (a box has "
            f"{', '.join(sorted(BOX_FIELDS))})",
            f"{where}.{unknown[0]}",
        )

    def fail(key: str, message: str) -> DataError:
        return _error(path, name, f"box {name!r}: {key} {message}", f"{where}.{key}")

    def choice(key: str, choices: tuple[str, ...], default: str) -> str:
        value = str(fields.get(key, default)).strip().lower().replace("center", "centre")
        if value not in choices:
            raise fail(key, f"{fields.get(key)!r}: expected {', '.join(choices)}")
        return value

    def size(key: str, whole: float, default: float | None = None) -> float:
        if key not in fields:
            if default is None:
                raise fail(key, "is missing")
            return default
        try:
            value = length(fields[key], unit=units, whole=whole)
        except ValueError as exc:
            raise fail(key, str(exc)) from None
        if abs(value) > 10 * max(card):
            raise fail(key, f"{fields[key]!r} lies far outside the card")
        return value

    def points(key: str, default: float) -> float:
        if key not in fields:
            return default
        value = fields[key]
        try:
            found = length(value, unit="pt") / UNITS["pt"]
        except ValueError as exc:
            raise fail(key, str(exc)) from None
        if not 0 < found <= 400:
            raise fail(key, f"{value!r}: expected 0 to 400 pt")
        return found

    def colour(key: str) -> tuple[float, float, float] | None:
        value = fields.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not re.fullmatch(r"#?[0-9a-fA-F]{6}", value.strip()):
            raise fail(key, f"{value!r}: expected a colour like #1a2b3c")
        return hex_colour(value.strip())

    kind: Kind = choice("draw", KINDS, DEFAULT_KIND.get(name, "text"))  # type: ignore[assignment]
    bleed = fields.get("bleed", False)
    if not isinstance(bleed, bool):
        raise fail("bleed", "expected true or false")
    width, height = card
    x = size("x", width, 0.0 if bleed else None)
    y = size("y", height, 0.0 if bleed else None)
    w = size("width", width, width if bleed else None)
    h = size("height", height, height if bleed else None)
    if not bleed and (w <= 0 or h <= 0):
        raise fail("width", f"and height must be above 0 (got {w:g} x {h:g} mm)")
    bindings = [key for key in ("part", "column", "template", "text") if key in fields]
    if len(bindings) > 1:
        raise fail(
            bindings[1], f"and {bindings[0]}: a box shows one of part, column, template, text"
        )
    if bindings:
        key = bindings[0]
        value = fields[key]
        if not isinstance(value, str):
            raise fail(key, "expected a text")
        if key == "part" and value not in PART_NAMES:
            raise fail(key, f"{value!r}: expected {', '.join(PART_NAMES)}")
        source = (key, value)
    elif name in PART_NAMES:
        source = ("part", name)
    else:
        source = ("none", "")
    if kind == "qr" and min(w, h) < 20 and not bleed:
        raise fail(
            "width", "and height: a QR code needs at least 20 mm (a phone reads 0.3 mm squares)"
        )
    font = choice("font", FACES, "regular")
    style = Style(
        font=font,
        size=points("size", 10.0),
        min_size=points("min_size", 5.0),
        colour=colour("colour") or colour("color") or (0.0, 0.0, 0.0),
        fill=colour("fill"),
        stroke=colour("stroke"),
        stroke_width=points("stroke_width", 0.6),
        radius=size("radius", width, 0.0),
        padding=size("padding", width, 0.0),
        align=choice("align", ("left", "centre", "right"), "left"),  # type: ignore[arg-type]
        valign=choice("valign", ("top", "middle", "bottom"), "top"),  # type: ignore[arg-type]
        cover=choice("fit", ("contain", "cover"), "contain") == "cover",
    )
    return Box(name, kind, x, y, w, h, style, bleed, source)
