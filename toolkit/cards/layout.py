"""Card layouts as data: a TOML or YAML file of named boxes (toolkit/pdf/boxes.py draws them).

    name = "my layout"
    units = "mm"              # bare numbers' unit: mm, in or pt (a text carries its own: "0.25in")
    extends = "classic"       # optional: start from a built-in layout (or another file)
    images = "art"            # optional: the sheet's pictures are looked for here first

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
    rotate = 180              # turned about its middle: 0, 90, 180 (upside down) or 270 degrees

Built-in layouts (package data beside this file): classic, art, event. Every problem is a
DataError naming the file, the line and the box's field.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.cards.conditions import ConditionError, compile_condition
from toolkit.errors import DataError, DomekitError
from toolkit.pdf.boxes import FACES, KINDS, Box, Case, Kind, Layout, Style
from toolkit.pdf.geometry import hex_colour
from toolkit.pdf.text import LEADING
from toolkit.pdf.units import DPI, PX, UNITS, length

if TYPE_CHECKING:
    from toolkit.pdf.fonts import FontFamily

MAX_LAYOUT_BYTES = 64 * 1024
MAX_BOXES = 100
MAX_DEPTH = 8  # a layout nests three levels: boxes, a box, its fields
MAX_EXTENDS = 4
MAX_CASES = 20  # `when` cases of one box
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
BINDINGS = ("part", "column", "template", "text", "file")
"""What a box shows: one of these (else the part its name is, else nothing but its frame)."""
BOX_FIELDS = {
    "draw",
    "file",
    "family",
    "leading",
    "show",
    "when",
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
    "rotate",
}
ROTATIONS = (0, 90, 180, 270)  # a box's `rotate`, degrees anticlockwise
TOP_FIELDS = {"name", "description", "units", "dpi", "extends", "fonts", "images", "boxes"}


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

    loader = _loader()
    try:
        depth = 0
        for event in yaml.parse(text, Loader=loader):
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
        data = yaml.load(text, Loader=loader)  # noqa: S506 (a SafeLoader)
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


def _loader() -> Any:
    """YAML's safe loader, reading Squib's `!ruby/symbol middle` as the text `middle`."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    def symbol(loader: yaml.SafeLoader, node: yaml.Node) -> str:
        return str(loader.construct_scalar(node))  # type: ignore[arg-type]

    for tag in ("!ruby/symbol", "!ruby/sym"):
        Loader.add_constructor(tag, symbol)
    return Loader


def load_layout(
    path: Path, card: tuple[float, float], chars: frozenset[str] | None = None
) -> Layout:
    """The layout in `path` for a card of `card` (width, height) mm; boxes placed in mm; `chars`
    the characters the deck prints (a big CFF font is cut to them). A Squib layout
    (toolkit/cards/squib.py) is read as Squib reads it."""
    data, chain = _merged(path, 0, card)
    return _layout(chain, data, card, chars)


def _source_text(path: Path) -> str:
    from toolkit.data import read_text

    return read_text(path, limit=MAX_LAYOUT_BYTES)


def _absolute(data: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The files a layout names (pictures, fonts) made absolute from its own folder, so they are
    found from a layout that extends it elsewhere."""
    import os.path

    from toolkit.pdf.fonts import is_font_file

    def fix(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        found = os.path.expanduser(value.strip())
        return value if os.path.isabs(found) else str(folder / found)

    def fix_fields(fields: Any) -> Any:
        if not isinstance(fields, dict):
            return fields
        fixed = dict(fields)
        if "file" in fixed:
            fixed["file"] = fix(fixed["file"])
        if isinstance(fixed.get("family"), str) and is_font_file(fixed["family"]):
            fixed["family"] = fix(fixed["family"])
        if isinstance(fixed.get("when"), list):
            fixed["when"] = [fix_fields(case) for case in fixed["when"]]
        return fixed

    result = dict(data)
    if isinstance(data.get("images"), str):
        result["images"] = fix(data["images"])
    if isinstance(data.get("boxes"), dict):
        result["boxes"] = {name: fix_fields(box) for name, box in data["boxes"].items()}
    if isinstance(data.get("fonts"), dict):
        result["fonts"] = {
            name: {face: fix(file) for face, file in faces.items()}
            if isinstance(faces, dict)
            else fix(faces)
            for name, faces in data["fonts"].items()
        }
    return result


def _merged(path: Path, depth: int, card: tuple[float, float]) -> tuple[dict[str, Any], Path]:
    """The file's data over the layout it extends (box by box, field by field)."""
    from toolkit.cards.squib import is_squib, squib_data

    data = read_data(path)
    squib = path.suffix.lower() != ".toml" and is_squib(data)
    if squib:
        data = squib_data(path, _source_text(path), data, card)
    data = _absolute(data, path.parent)
    unknown = sorted(set(data) - TOP_FIELDS - ({"_notes"} if squib else set()))
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
    parent_data, _ = _merged(parent, depth + 1, card)
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
    if isinstance(parent_data.get("fonts"), dict) and isinstance(data.get("fonts"), dict):
        merged["fonts"] = {**parent_data["fonts"], **data["fonts"]}
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


def _layout(
    path: Path, data: dict[str, Any], card: tuple[float, float], chars: frozenset[str] | None
) -> Layout:
    units = data.get("units", "mm")
    if units not in ("mm", "in", "pt", "cm", PX):
        raise _error(path, "units", f"units {units!r}: expected mm, cm, in, pt or px", "units")
    dpi = data.get("dpi", DPI)
    if isinstance(dpi, bool) or not isinstance(dpi, int | float) or not 10 <= dpi <= 4800:
        raise _error(path, "dpi", f"dpi {dpi!r}: expected pixels an inch, 10 to 4800", "dpi")
    boxes = data.get("boxes")
    if not isinstance(boxes, dict) or not boxes:
        raise DataError(path, "no boxes: a layout places its boxes under [boxes.NAME]")
    if len(boxes) > MAX_BOXES:
        raise DataError(path, f"more than {MAX_BOXES} boxes")
    images = data.get("images")
    if images is not None and (not isinstance(images, str) or not Path(images).is_dir()):
        raise _error(path, "images", f"images {images!r}: no such folder", "images")
    reader = _Reader(path, units, float(dpi), card, data.get("fonts"), chars)
    placed = tuple(reader.box(str(name), fields) for name, fields in boxes.items())
    return Layout(
        str(data.get("name") or path.stem),
        placed,
        path,
        families=tuple(reader.families.items()),
        notes=tuple(data.get("_notes", ())),
        images=Path(images) if images is not None else None,
    )


class _Reader:
    """Reads boxes of one layout: its units, dpi and card size; the font families its boxes
    name, loaded once each."""

    def __init__(
        self,
        path: Path,
        units: str,
        dpi: float,
        card: tuple[float, float],
        fonts: Any,
        chars: frozenset[str] | None = None,
    ) -> None:
        self.chars = chars
        self.path = path
        self.units = units
        self.dpi = dpi
        self.card = card
        if fonts is not None and not isinstance(fonts, dict):
            raise _error(path, "fonts", "fonts: expected a table of families", "fonts")
        self.fonts: dict[str, Any] = fonts or {}
        self.families: dict[str, FontFamily] = {}

    def box(self, name: str, fields: Any) -> Box:
        where = f"boxes.{name}"
        if not isinstance(fields, dict):
            raise _error(
                self.path, name, f"box {name!r}: expected a table of x, y, width, height ...", where
            )
        cases = fields.get("when", [])
        if isinstance(cases, dict):
            cases = [cases]
        if not isinstance(cases, list) or len(cases) > MAX_CASES:
            raise _error(
                self.path,
                name,
                f"box {name!r}: when expected a list of at most {MAX_CASES} cases, each a table "
                'of if = "a condition" and the fields it changes',
                f"{where}.when",
            )
        base = {key: value for key, value in fields.items() if key != "when"}
        box = self._box(name, base, where)
        found = []
        for index, case in enumerate(cases):
            at = f"{where}.when[{index}]"
            if not isinstance(case, dict) or "if" not in case:
                raise _error(
                    self.path, name, f'box {name!r}: each case of when needs if = "..."', at
                )
            condition = case["if"]
            try:
                test = compile_condition(condition)
            except ConditionError as exc:
                raise _error(self.path, name, f"box {name!r}: {exc}", f"{at}.if") from None
            changes = {key: value for key, value in case.items() if key != "if"}
            for key in ("draw", "when"):
                if key in changes:
                    raise _error(
                        self.path, name, f"box {name!r}: a case cannot change {key}", f"{at}.{key}"
                    )
            if any(key in changes for key in BINDINGS):
                base_bound = {key: value for key, value in base.items() if key not in BINDINGS}
                merged = {**base_bound, **changes}
            else:
                merged = {**base, **changes}
            line = _line(_safe_text(self.path), name)
            place = f"{self.path.name}{f', line {line}' if line else ''}, field '{at}.if'"
            found.append(Case(str(condition), test, self._box(name, merged, at), place))
        return replace(box, when=tuple(found))

    def _box(self, name: str, fields: dict[str, Any], where: str) -> Box:
        path = self.path
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
                value = length(fields[key], unit=self.units, whole=whole, dpi=self.dpi)
            except ValueError as exc:
                raise fail(key, str(exc)) from None
            if abs(value) > 10 * max(self.card):
                raise fail(key, f"{fields[key]!r} lies far outside the card")
            return value

        def points(key: str, default: float, most: float = 400) -> float:
            if key not in fields:
                return default
            value = fields[key]
            try:
                found = length(value, unit="pt", dpi=self.dpi) / UNITS["pt"]
            except ValueError as exc:
                raise fail(key, str(exc)) from None
            if not 0 < found <= most:
                raise fail(key, f"{value!r}: expected 0 to {most:g} pt")
            return found

        def colour(key: str) -> tuple[float, float, float] | None:
            value = fields.get(key)
            if value is None:
                return None
            if not isinstance(value, str) or not re.fullmatch(r"#?[0-9a-fA-F]{6}", value.strip()):
                raise fail(key, f"{value!r}: expected a colour like #1a2b3c")
            return hex_colour(value.strip())

        def flag(key: str, default: bool) -> bool:
            value = fields.get(key, default)
            if not isinstance(value, bool):
                raise fail(key, "expected true or false")
            return value

        stated = "draw" in fields
        kind: Kind = choice("draw", KINDS, DEFAULT_KIND.get(name, "text"))  # type: ignore[assignment]
        bleed = flag("bleed", False)
        width, height = self.card
        x = size("x", width, 0.0 if bleed else None)
        y = size("y", height, 0.0 if bleed else None)
        w = size("width", width, width if bleed else None)
        h = size("height", height, height if bleed else None)
        if not bleed and (w <= 0 or h <= 0):
            raise fail("width", f"and height must be above 0 (got {w:g} x {h:g} mm)")
        bindings = [key for key in BINDINGS if key in fields]
        if len(bindings) > 1:
            raise fail(
                bindings[1],
                f"and {bindings[0]}: a box shows one of {', '.join(BINDINGS[:-1])} or "
                f"{BINDINGS[-1]}",
            )
        if bindings:
            key = bindings[0]
            value = fields[key]
            if not isinstance(value, str):
                raise fail(key, "expected a text")
            if key == "part" and value not in PART_NAMES:
                raise fail(key, f"{value!r}: expected {', '.join(PART_NAMES)}")
            if key == "file":
                value = str(self._file(value, fail))
                if not stated:
                    kind = "image"
            source = (key, value)
        elif name in PART_NAMES:
            source = ("part", name)
        else:
            source = ("none", "")
        if kind == "qr" and min(w, h) < 20 and not bleed:
            raise fail(
                "width", "and height: a QR code needs at least 20 mm (a phone reads 0.3 mm squares)"
            )
        style = Style(
            font=choice("font", FACES, "regular"),
            family=self._family(fields.get("family"), fail),
            size=points("size", 10.0),
            leading=self._leading(fields.get("leading"), fail),
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
        show = flag("show", True)
        rotate = fields.get("rotate", 0)
        if isinstance(rotate, bool) or rotate not in ROTATIONS:
            raise fail("rotate", f"{rotate!r}: expected {', '.join(map(str, ROTATIONS))} (degrees)")
        return Box(
            name, kind, x, y, w, h, style, bleed, source, show=show, auto=not stated,
            rotate=int(rotate),
        )  # fmt: skip

    def _file(self, value: str, fail: Callable[[str, str], DataError]) -> Path:
        """A picture file a box names, beside the layout file (or absolute)."""
        import os.path

        if not value.strip():
            raise fail("file", "is empty; expected a picture file's name")
        found = Path(os.path.expanduser(value.strip()))
        return found if found.is_absolute() else self.path.parent / found

    @staticmethod
    def _leading(value: Any, fail: Callable[[str, str], DataError]) -> float:
        if value is None:
            return LEADING
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0.5 <= value <= 4:
            raise fail(
                "leading", f"{value!r}: expected a line's height as times the size, 0.5 to 4"
            )
        return float(value)

    def _family(self, value: Any, fail: Callable[[str, str], DataError]) -> str | None:
        """The key of the family `value` names (loaded now): a family of the layout's `fonts`
        table, a font file (beside the layout; `.ttc#2` or `.ttc#Face name` picks a face of a
        collection), or a family installed on this machine (found by fontconfig)."""
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise fail("family", "expected a font file or a family's name")
        key = value.strip()
        if key in self.families:
            return key
        from toolkit.pdf.fonts import family, is_font_file
        from toolkit.pdf.fonts.system import installed_family

        try:
            if key in self.fonts:
                faces = self.fonts[key]
                if isinstance(faces, str):
                    faces = {"regular": faces}
                if not isinstance(faces, dict) or not isinstance(faces.get("regular"), str):
                    raise _error(
                        self.path,
                        key,
                        f'fonts.{key}: expected regular = "File.ttf" (and bold, italic, '
                        "bold_italic)",
                        f"fonts.{key}",
                    )
                unknown = sorted(set(faces) - {"regular", "bold", "italic", "bold_italic"})
                if unknown:
                    raise _error(
                        self.path,
                        key,
                        f"fonts.{key}: unknown face {unknown[0]!r} (regular, bold, italic, "
                        "bold_italic)",
                        f"fonts.{key}.{unknown[0]}",
                    )
                files = [
                    self._font_file(faces[face]) if face in faces else None
                    for face in ("regular", "bold", "italic", "bold_italic")
                ]
                self.families[key] = family(*files, chars=self.chars)
            elif is_font_file(key):
                self.families[key] = family(self._font_file(key), chars=self.chars)
            else:
                self.families[key] = installed_family(key, self.chars)
        except DataError:
            raise
        except DomekitError as exc:
            raise fail("family", str(exc)) from None
        return key

    def _font_file(self, value: Any) -> Path:
        import os.path

        if not isinstance(value, str):
            raise DomekitError(f"{value!r}: expected a font file's name")
        found = Path(os.path.expanduser(value))
        return found if found.is_absolute() else self.path.parent / found


def _safe_text(path: Path) -> str:
    try:
        return _source_text(path)
    except DomekitError:
        return ""
