"""Squib's YAML layouts read as they are (https://squib.rocks, docs/layouts.rst there).

A Squib layout is a mapping of box names to their settings, with no `boxes` table:

    title:
      x: 90                   # pixels at 300 dpi, from the corner of the card's bleed
      y: 1in                  # or with a unit: in, cm, mm, pt, c (cells of 37.5 px)
      width: deck - 150       # Squib's shorthands: middle, center, deck, deck / 3 ...
      font: Serif Bold 8      # Pango: family, styles, size in pt
      align: center
    subtitle:
      extends: title          # another box's settings, changed by += -= *= /=
      y: += 60

`squib_data` turns it into a Domekit layout's data: units px at 300 dpi, 0,0 an eighth of an inch
up and left of the trim (Squib's 825 x 1125 poker card has 1/8 in of bleed), the `extends` chains
resolved. Settings Domekit draws otherwise or not at all (angle, dash, crop ...) are ignored with
a note the command prints; a key Squib does not have either is an error naming the line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from toolkit.errors import DataError

SQUIB_DPI = 300.0
SQUIB_BLEED = 25.4 / 8  # mm: Squib's poker card, 825 x 1125 px at 300 dpi, has 1/8 in of bleed
CELL_PX = 37.5  # Squib's cell unit
MAX_CHAIN = 16  # boxes one `extends` chain passes through
MAX_PARENTS = 8  # boxes one box extends

TAKEN = ("x", "y", "width", "height", "font", "font_size", "align", "valign", "color",
         "fill_color", "stroke_color", "stroke_width", "radius", "x_radius", "y_radius", "file",
         "extends")  # fmt: skip
"""Squib's keys Domekit reads."""
SAME = ("wrap", "ellipsize", "markup", "hint", "str", "layout", "range")
"""Squib's keys Domekit does as a matter of course: it wraps and shrinks text to fit, reads
`**bold**` markup, shows the column of a box's name."""
IGNORED = ("angle", "justify", "spacing", "crop_x", "crop_y", "crop_width", "crop_height",
           "crop_corner_radius", "crop_corner_x_radius", "crop_corner_y_radius",
           "flip_vertical", "flip_horizontal", "stroke_strategy", "join", "cap", "dash", "mask",
           "alpha", "blend", "placeholder", "dir", "n", "inner_radius", "outer_radius",
           "x1", "y1", "x2", "y2", "x3", "y3", "arc_direction", "start_angle", "end_angle",
           "closed", "id", "force_id", "data", "embed", "font_fallback")  # fmt: skip
"""Squib's keys Domekit does not draw: a note says each is ignored."""
STYLES = {"bold": "bold", "heavy": "bold", "black": "bold", "semibold": "bold",
          "italic": "italic", "oblique": "italic"}  # fmt: skip
PLAIN_STYLES = {"regular", "normal", "book", "roman", "medium", "light", "thin", "ultralight",
                "condensed", "semi-condensed", "expanded", "small-caps"}  # fmt: skip
ALIGN = {"left": "left", "center": "centre", "centre": "centre", "right": "right"}
VALIGN = {"top": "top", "middle": "middle", "center": "middle", "bottom": "bottom"}
_OPERATOR = re.compile(r"^\s*([+\-*/])=\s*(.+?)\s*$")
_SHORTHAND = re.compile(r"^\s*(middle|center|deck)\s*(?:([+\-/])\s*(.+?))?\s*$", re.IGNORECASE)
_UNIT = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*(in|pt|cm|mm|c|cell|cells|px)?\s*$")


def is_squib(data: dict[str, Any]) -> bool:
    """Whether a YAML layout's data is Squib's: boxes at the top, no `boxes` table."""
    return "boxes" not in data and any(isinstance(value, dict) for value in data.values())


class SquibReader:
    """One Squib file's boxes in Domekit's fields, for a card of `card` (width, height) mm."""

    def __init__(self, path: Path, text: str, card: tuple[float, float]) -> None:
        self.path = path
        self.lines = text.splitlines()
        # Squib's deck: the trim and its bleed, in pixels (its shorthands measure that)
        self.deck = tuple((side + 2 * SQUIB_BLEED) / 25.4 * SQUIB_DPI for side in card)
        self.notes: list[str] = []
        self.resolved: dict[str, dict[str, Any]] = {}  # each box's settings, extends applied

    def line(self, name: str, key: str | None = None) -> int | None:
        """The line of box `name` (or of its `key`, below it)."""
        start = None
        for number, text in enumerate(self.lines, start=1):
            if start is None and re.match(rf"^{re.escape(name)}\s*:", text):
                start = number
                if key is None:
                    return start
            elif start is not None and key is not None:
                if re.match(r"^\S", text):
                    break
                if re.match(rf"^\s+{re.escape(key)}\s*:", text):
                    return number
        return start

    def fail(self, name: str, key: str | None, message: str) -> DataError:
        field = f"{name}.{key}" if key else name
        return DataError(
            self.path,
            f"Squib layout, box {name!r}: {message}",
            line=self.line(name, key),
            field=field,
        )

    def data(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The Domekit layout data of the Squib file's `raw` mapping."""
        boxes: dict[str, Any] = {}
        for name, fields in raw.items():
            if fields is None:
                continue
            if not isinstance(fields, dict):
                raise self.fail(
                    str(name), None, "expected its settings (x, y, width, height, font ...)"
                )
            resolved = self.extended(raw, str(name), ())
            boxes[str(name)] = self.box(str(name), resolved)
        return {
            "name": self.path.stem,
            "units": "px",
            "dpi": SQUIB_DPI,
            "boxes": boxes,
            "_notes": tuple(self.notes),
        }

    def extended(self, raw: dict[str, Any], name: str, seen: tuple[str, ...]) -> dict[str, Any]:
        """Box `name`'s settings over those of the boxes it extends (the later of several wins),
        each `+= -= *= /=` applied to the value it extends."""
        if name in self.resolved:
            return dict(self.resolved[name])
        if name in seen:
            chain = " -> ".join((*seen, name))
            raise self.fail(seen[0], "extends", f"extends goes round in a circle ({chain})")
        if len(seen) > MAX_CHAIN:
            raise self.fail(seen[0], "extends", f"extends goes more than {MAX_CHAIN} boxes deep")
        fields = raw.get(name)
        if not isinstance(fields, dict):
            raise self.fail(seen[-1], "extends", f"extends {name!r}: no box of that name here")
        parents = fields.get("extends")
        own = {key: value for key, value in fields.items() if key != "extends"}
        if parents is None:
            return own
        if isinstance(parents, str):
            parents = [parents]
        if (
            not isinstance(parents, list)
            or not all(isinstance(p, str) for p in parents)
            or len(parents) > MAX_PARENTS
        ):
            raise self.fail(
                name, "extends", f"expected a box's name or a list of at most {MAX_PARENTS}"
            )
        merged: dict[str, Any] = {}
        for parent in parents:
            inherited = self.extended(raw, parent, (*seen, name))
            for key, value in own.items():
                if not _operator(value):
                    inherited[key] = value
                elif key in inherited:
                    inherited[key] = self.applied(name, key, inherited[key], value)
                elif key not in merged:
                    raise self.fail(name, key, f"{value!r}: {parent!r} has no {key} to change")
            merged.update(inherited)
        self.resolved[name] = dict(merged)
        return merged

    def applied(self, name: str, key: str, parent: Any, change: Any) -> float:
        """`+= 10`, `-= 1in`, `*= 1.5`, `/= 4` on the parent's value, in pixels."""
        match = _OPERATOR.match(str(change))
        assert match is not None
        operator, operand = match.groups()
        base = self.pixels(name, key, parent)
        if operator in "+-":
            amount = self.pixels(name, key, operand)
            return base + amount if operator == "+" else base - amount
        try:
            factor = float(operand)
        except ValueError:
            raise self.fail(name, key, f"{change!r}: expected a number after {operator}=") from None
        if operator == "/" and factor == 0:
            raise self.fail(name, key, f"{change!r}: divides by 0")
        return base * factor if operator == "*" else base / factor

    def pixels(self, name: str, key: str, value: Any) -> float:
        """A Squib length in pixels at 300 dpi: a number, `1in`, `2mm`, `3c`, `middle + 1in`."""
        if isinstance(value, bool):
            raise self.fail(name, key, f"{value!r}: expected a length")
        if isinstance(value, int | float):
            return float(value)
        text = str(value)
        shorthand = _SHORTHAND.match(text)
        if shorthand:
            word, operator, operand = shorthand.groups()
            axis = 0 if key in ("x", "width", "x_radius") else 1
            whole = self.deck[axis]
            base = whole / 2 if word.lower() in ("middle", "center") else whole
            if operator is None:
                return base
            amount = self.pixels(name, key, operand)
            if operator == "/":
                if amount == 0:
                    raise self.fail(name, key, f"{value!r}: divides by 0")
                return base / amount
            return base + amount if operator == "+" else base - amount
        unit = _UNIT.match(text)
        if unit is None:
            raise self.fail(
                name,
                key,
                f"{value!r}: expected pixels or a length like 1in, 2.5mm, 8pt, 3c or middle + 1in",
            )
        number, suffix = float(unit.group(1)), (unit.group(2) or "px").lower()
        per = {"in": SQUIB_DPI, "pt": SQUIB_DPI / 72, "cm": SQUIB_DPI / 2.54,
               "mm": SQUIB_DPI / 25.4, "px": 1.0}  # fmt: skip
        return number * per.get(suffix, CELL_PX)

    def box(self, name: str, fields: dict[str, Any]) -> dict[str, Any]:
        """One box's Domekit fields."""
        box: dict[str, Any] = {}
        for key, value in fields.items():
            key = str(key)
            if key in ("x", "y"):  # from the trim's corner, as Domekit measures
                box[key] = self.pixels(name, key, value) - SQUIB_BLEED / 25.4 * SQUIB_DPI
            elif key in ("width", "height", "radius"):
                box[key] = self.pixels(name, key, value)
            elif key in ("x_radius", "y_radius"):
                box.setdefault("radius", self.pixels(name, key, value))
            elif key == "stroke_width":
                box[key] = f"{self.pixels(name, key, value):g}px"
            elif key == "font":
                font = self.font(name, value)
                if "font_size" in fields:
                    font.pop("size", None)
                box.update(font)
            elif key == "font_size":
                if isinstance(value, bool) or not isinstance(value, int | float):
                    raise self.fail(name, key, f"{value!r}: expected a size in points")
                box["size"] = value
            elif key in ("align", "valign"):
                table = ALIGN if key == "align" else VALIGN
                chosen = table.get(str(value).strip().lower().lstrip(":"))
                if chosen is None:
                    raise self.fail(name, key, f"{value!r}: expected {', '.join(table)}")
                box[key] = chosen
            elif key in ("color", "fill_color", "stroke_color"):
                colour = self.colour(name, key, value)
                if colour is not None:
                    box[{"color": "colour", "fill_color": "fill"}.get(key, "stroke")] = colour
            elif key == "file":
                box["file"] = str(value)
            elif key in SAME:
                continue
            elif key in IGNORED:
                self.notes.append(
                    f"{self.path.name}, line {self.line(name, key)}: Squib's {key!r} (box "
                    f"{name!r}) is not drawn by Domekit; ignored"
                )
            else:
                raise self.fail(
                    name,
                    key,
                    f"unknown key {key!r}; Domekit reads Squib's {', '.join(TAKEN)} "
                    f"(see docs/cards.md, Squib layouts)",
                )
        return box

    def font(self, name: str, value: Any) -> dict[str, Any]:
        """A Pango font description, `Serif Bold Italic 8`: family, face and size in pt. An
        installed family (fontconfig) is used; another keeps the deck's with a note."""
        words = str(value).replace(",", " ").split()
        found: dict[str, Any] = {}
        if words and re.fullmatch(r"\d+(\.\d+)?", words[-1]):
            found["size"] = float(words.pop())
        bold = italic = False
        while words and (words[-1].lower() in STYLES or words[-1].lower() in PLAIN_STYLES):
            style = STYLES.get(words.pop().lower())
            bold, italic = bold or style == "bold", italic or style == "italic"
        found["font"] = {
            (False, False): "regular",
            (True, False): "bold",
            (False, True): "italic",
            (True, True): "bold-italic",
        }[bold, italic]
        family = " ".join(words)
        if family:
            from toolkit.errors import DomekitError
            from toolkit.pdf.fonts.system import installed_family

            try:
                installed_family(family)
            except DomekitError:
                self.notes.append(
                    f"{self.path.name}, line {self.line(name, 'font')}: box {name!r}'s font "
                    f"family {family!r} is not installed here; the deck's font is used"
                )
            else:
                found["family"] = family
        return found

    def colour(self, name: str, key: str, value: Any) -> str | None:
        """`#rgb`, `#rrggbb`, `#rrggbbaa` or a named colour, as `#rrggbb` (None: transparent)."""
        text = str(value).strip().lstrip(":").lower()
        match = re.fullmatch(r"#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})", text)
        if match:
            digits = match.group(1)
            if len(digits) in (3, 4):
                digits = "".join(c * 2 for c in digits)
            if len(digits) == 8:
                if digits[6:] == "00":
                    return None
                digits = digits[:6]
            return f"#{digits}"
        if text in ("none", "transparent"):
            return None
        from reportlab.lib import colors

        named = colors.getAllNamedColors().get(text.replace(" ", "").replace("_", ""))
        if named is None:
            raise self.fail(
                name, key, f"{value!r}: expected a colour like #1a2b3c, #fff or a name (red)"
            )
        return "#" + named.hexval()[2:]


def _operator(value: Any) -> bool:
    return isinstance(value, str) and _OPERATOR.match(value) is not None


def squib_data(
    path: Path, text: str, raw: dict[str, Any], card: tuple[float, float]
) -> dict[str, Any]:
    """The Domekit layout data of Squib file `path` (its text and parsed mapping)."""
    return SquibReader(path, text, card).data(raw)
