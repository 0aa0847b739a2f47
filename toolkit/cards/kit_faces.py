"""The games' own cards as layouts: a kit's card faces are layout files in
`card_data/<game>/layouts/` (a copy's own with `domekit kit <game> --data DIR`), drawn by the
engine of `domekit cards` (toolkit/pdf/deck.py); the kit modules keep what is not a card.

A kit gives each card its cells (a row: the card's name, values, rules text made from its
effects, flavour) and picks the layout; the layout places them, its templates word them
(`template = "{{ animal }} · {{ kind }}"`). Two things a designer's deck does not have:

- Colours by name: a colour field may name a colour of the game's print.toml as the kit's ink
  (`--ink light|full`, toolkit/pdf/style.py `Look`) prints it: `"$power"` the colour itself,
  `"$power.ground"` a large area, `"$power.band"` a narrow band, `"$power.ink"` text on that
  band, `"$power.deep"` the colour darkened to read on white, `"$power.line"` an outline only the
  light ink draws (none in full ink), `"$power.pale"` and `"$power.soft"` an art window's tint
  and its picture, `"$power.emblem"` a back's picture. So one layout serves both inks, and
  restyling the colours stays in print.toml.
- Glyphs as icons: an `icons` box may name the kit's drawn glyphs (toolkit/pdf/glyphs.py: `paw`
  is `draw_paw`), drawn in the box's colour.
- Drawn pictures: what is truly a drawing made from the game's numbers (a range grid, places
  for as many tokens as a rules.toml limit says) is a picture the kit names
  (`kit_faces(pictures=...)`); an `icons` box places it like a glyph, in its colour. A name
  that is neither a glyph nor a picture is an error naming the layout file and box.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DataError
from toolkit.pdf.boxes import Layout, Style
from toolkit.pdf.cards import Card
from toolkit.pdf.geometry import MM, Colour, Rect, text_colour_on, tint
from toolkit.pdf.icons import Icon, IconSet
from toolkit.pdf.style import Look, deep

LAYOUTS = "layouts"  # the folder of a game's card_data holding its card layouts
NAMED = re.compile(r"\$([a-z][a-z0-9_]*)(?:\.([a-z]+))?")


def palette(colours: Mapping[str, Colour], look: Look) -> dict[str, Colour | None]:
    """Every `$name.term` a kit layout may use, for the print.toml colours `colours`."""
    named: dict[str, Colour | None] = {}
    for name, colour in colours.items():
        band = look.band(colour)
        named[name] = colour
        named[f"{name}.ground"] = look.ground(colour)
        named[f"{name}.band"] = band
        named[f"{name}.ink"] = text_colour_on(band) if look.full else deep(colour, 0.3)
        named[f"{name}.deep"] = deep(colour)
        named[f"{name}.line"] = None if look.full else deep(colour)
        named[f"{name}.pale"] = tint(colour, 0.22 if look.full else 0.08)
        named[f"{name}.soft"] = tint(colour, 0.7 if look.full else 0.45)
        named[f"{name}.emblem"] = tint(colour, 0.55 if look.full else 0.35)
    return named


def layout_file(folder: Path, game: str, name: str) -> Path:
    """`layouts/<name>.toml` of a game's data folder (the shipped one or a copy); a copy made
    before the cards were layouts (no layouts/ folder) draws the shipped ones."""
    path = folder / LAYOUTS / f"{name}.toml"
    if not (folder / LAYOUTS).is_dir():
        from toolkit.resources import card_data_dir

        path = card_data_dir() / game / LAYOUTS / f"{name}.toml"
    if not path.is_file():
        raise DataError(path, f"no card layout {name}.toml (the kit draws its cards from it)")
    return path


STYLE_FIELDS = {"colour": "colour", "color": "colour", "fill": "fill", "stroke": "stroke"}
"""A layout field that may name a kit colour, and the Style attribute it sets."""
PLACEHOLDER = "#000000"  # a named colour while the layout is read, before a palette fills it


@dataclass(frozen=True)
class KitLayout:
    """A kit layout read once (its `when` conditions compiled once), with the `$name` colours
    each box (and each box's `when` case) names: it serves every deck's colours (`coloured`)."""

    layout: Layout
    named: Mapping[tuple[str, int | None], Mapping[str, str]]
    """(box, case index or None for the box itself) -> {Style attribute: "$name.term"}"""
    path: Path


def _take_named(fields: dict[str, Any]) -> dict[str, str]:
    """The `$name` colours of a box's (or a case's) fields, left as a placeholder to read."""
    named = {}
    for key, attribute in STYLE_FIELDS.items():
        value = fields.get(key)
        if isinstance(value, str) and value.strip().startswith("$"):
            named[attribute] = value.strip()
            fields[key] = PLACEHOLDER
    return named


def read_kit_layout(path: Path, card: tuple[float, float]) -> KitLayout:
    """The layout in `path` for a card of `card` mm, its `$name` colours noted, not yet filled."""
    from toolkit.cards.layout import _layout, _merged

    data, chain = _merged(path, 0, card)
    named: dict[tuple[str, int | None], dict[str, str]] = {}
    for name, fields in (data.get("boxes") or {}).items():
        if not isinstance(fields, dict):
            continue
        named[(name, None)] = _take_named(fields)
        for index, case in enumerate(fields.get("when") or []):
            if isinstance(case, dict):
                named[(name, index)] = _take_named(case)
    return KitLayout(_layout(chain, data, card, None), named, path)


def coloured(kit: KitLayout, colours: Mapping[str, Colour | None]) -> Layout:
    """The kit layout with its `$name` colours filled in from `colours` (`palette`)."""
    from dataclasses import replace

    for (name, _), fields in kit.named.items():
        for attribute, value in fields.items():
            if NAMED.fullmatch(value) is None or value[1:] not in colours:
                known = sorted({n.split(".")[0] for n in colours})
                where, line = _written_in(kit.path, value)
                key = next(k for k, a in STYLE_FIELDS.items() if a == attribute)
                raise DataError(
                    where,
                    f"box {name!r}: {key} {value!r}: no such colour; the kit's colours are "
                    f"{', '.join('$' + n for n in known)} (each also .ground, .band, .ink, "
                    ".deep, .line, .pale, .soft, .emblem)",
                    line=line,
                    field=f"boxes.{name}.{key}",
                )

    def restyle(style: Style, fields: Mapping[str, str]) -> Style:
        values = {attribute: colours[value[1:]] for attribute, value in fields.items()}
        return replace(
            style,
            colour=values.get("colour") or style.colour,
            fill=values["fill"] if "fill" in values else style.fill,
            stroke=values["stroke"] if "stroke" in values else style.stroke,
        )

    boxes = []
    for box in kit.layout.boxes:
        own = kit.named.get((box.name, None), {})
        cases = tuple(
            replace(
                case,
                box=replace(
                    case.box,
                    style=restyle(case.box.style, {**own, **kit.named.get((box.name, i), {})}),
                ),
            )
            for i, case in enumerate(box.when)
        )
        boxes.append(replace(box, style=restyle(box.style, own), when=cases))
    return replace(kit.layout, boxes=tuple(boxes))


def _written_in(path: Path, value: str) -> tuple[Path, int | None]:
    """The file of the layout's chain (itself, then what it extends) and the line that holds
    `value`, for a message."""
    from toolkit.cards.layout import MAX_EXTENDS, read_data
    from toolkit.data import read_text

    here: Path | None = path
    for _ in range(MAX_EXTENDS + 1):
        if here is None or not here.is_file():
            break
        for number, text in enumerate(read_text(here).splitlines(), start=1):
            if value in text:
                return here, number
        base = read_data(here).get("extends")
        here = here.parent / base if isinstance(base, str) else None
    return path, None


@dataclass
class GlyphIcon(Icon):
    """A drawn glyph as an icon: square, in the current fill colour."""

    glyph: Callable[[Canvas, float, float, float], None] = field(default=lambda *_: None)

    def load(self) -> GlyphIcon:
        return self

    def draw(self, c: Canvas, x: float, y: float, height: float) -> float:
        r = height / 2 / MM
        self.glyph(c, x / MM + r, y / MM + r, r)
        return height


@dataclass(frozen=True)
class Picture:
    """A kit's drawn picture: `draw(c, area)` draws it in `area` (mm) in the canvas's fill and
    stroke colours (an `icons` box's colour); `aspect` its width / height."""

    draw: Callable[[Canvas, Rect], None]
    aspect: float = 1.0


@dataclass
class PictureIcon(Icon):
    """A kit's drawn picture as an icon."""

    picture: Picture = field(default_factory=lambda: Picture(lambda *_: None))

    def load(self) -> PictureIcon:
        self.aspect = self.picture.aspect
        return self

    def draw(self, c: Canvas, x: float, y: float, height: float) -> float:
        width = height * self.picture.aspect
        self.picture.draw(c, Rect(x / MM, y / MM, width / MM, height / MM))
        return width


class GlyphIcons(IconSet):
    """The glyphs of toolkit/pdf/glyphs.py by name (`paw` is `draw_paw`), and the kit's own
    drawn pictures by theirs."""

    def __init__(self, pictures: Mapping[str, Picture] | None = None) -> None:
        super().__init__(None)
        self.pictures = dict(pictures or {})

    def get(self, name: str) -> Icon | None:
        from toolkit.pdf import glyphs

        if name in self.pictures:
            if name not in self._icons:
                picture = self.pictures[name]
                self._icons[name] = PictureIcon(name, Path(f"{name}.picture"), picture=picture)
                self._icons[name].aspect = picture.aspect
            return self._icons[name]

        glyph = getattr(glyphs, f"draw_{name}", None) if re.fullmatch(r"[a-z_]+", name) else None
        if glyph is None:
            return None
        if name not in self._icons:
            self._icons[name] = GlyphIcon(name, Path(f"{name}.glyph"), glyph=glyph)
        return self._icons[name]


@dataclass(frozen=True)
class KitCard:
    """One card of a kit as its layout sees it: the layout's key, the cells, how many copies and
    the key of its back."""

    layout: str
    cells: Mapping[str, str]
    copies: int = 1
    back: str | None = None
    row: int | None = None  # its row in the data file, for messages
    source: Path | None = None  # that data file, if not the one `KitFaces.cards` is given


@dataclass
class KitFaces:
    """A kit's layouts, loaded once each, and the face makers that drew with them."""

    layouts: Mapping[str, Layout]
    makers: list[Any] = field(default_factory=list)
    pictures: Mapping[str, Picture] = field(default_factory=dict)  # the kit's drawn pictures

    @property
    def warnings(self) -> list[str]:
        """What drawing the cards found (a text cut short), each once: after the cards are
        drawn."""
        return list(dict.fromkeys(w for maker in self.makers for w in maker.warnings))

    def tell(self) -> None:
        """Print the warnings on stderr (a kit does it once its cards are drawn)."""
        import sys

        for warning in self.warnings:
            print(f"warning: {warning}", file=sys.stderr)

    def cards(self, cards: Sequence[KitCard], source: Path) -> list[Card]:
        """Each card as many times as its copies, in order, drawn by its layout."""
        from toolkit.cards import render_box_templates
        from toolkit.cards.sheet import Sheet
        from toolkit.pdf.deck import DeckCard, FaceMaker

        makers: dict[str, FaceMaker] = {}
        rendered: dict[str, dict[int, dict[str, str]]] = {}
        for key, layout in self.layouts.items():
            rows = tuple((n, dict(c.cells)) for n, c in enumerate(cards, 2) if c.layout == key)
            if not rows:  # a layout these cards do not use: no templates to render
                continue
            makers[key] = FaceMaker(GlyphIcons(self.pictures), layout=layout)
            if not any(box.source[0] == "template" for box in layout.boxes):
                rendered[key] = {n: {} for n, _ in rows}  # no jinja2 to load
                continue
            header = tuple(dict.fromkeys(name for _, row in rows for name in row))
            rendered[key] = render_box_templates(layout, Sheet(source, header, rows))
        out: list[Card] = []
        checked: set[tuple[str, str]] = set()
        for number, card in enumerate(cards, 2):
            if card.layout not in makers:
                raise DataError(source, f"no card layout {card.layout!r}", row=number)
            deck_card = DeckCard(
                title=card.cells.get("name", ""),
                values=tuple(card.cells.items()),
                cells=tuple(card.cells.items()),
                boxes=tuple(rendered[card.layout][number].items()),
                source=card.source or source,
                row=card.row if card.source else card.row or number,
            )
            self._check_pictures(makers[card.layout], deck_card, checked)
            face = makers[card.layout].face(deck_card)
            out.extend(Card(face, card.back) for _ in range(card.copies))
        self.makers.extend(makers.values())
        return out

    def _check_pictures(self, maker: Any, card: Any, checked: set[tuple[str, str]]) -> None:
        """Every picture the card's `icons` boxes name is a glyph or a picture of the kit's: a
        DataError naming the layout file and box, not a box left empty."""
        from toolkit.pdf.boxes import icon_names

        layout = maker.layout
        for box in maker.boxes_of(card, layout):
            kind, value = box.source
            if box.kind != "icons" or (box.name, value) in checked:
                continue
            named = {"text": value, "column": dict(card.cells).get(value, "")}.get(kind)
            if named is None:
                named = dict(card.boxes).get(value, "")
            if kind == "text":
                checked.add((box.name, value))
            unknown = [name for name in icon_names(named) if maker.icons.get(name) is None]
            if unknown:
                kit = "".join(f", {name}" for name in sorted(self.pictures))
                where, line = _written_in(layout.source, f'"{unknown[0]}"')
                raise DataError(
                    where,
                    f"box {box.name!r}: {unknown[0]!r} is no picture of the kit's (the glyphs "
                    f"of toolkit/pdf/glyphs.py: paw, castle, bolt ...{kit})",
                    line=line if kind == "text" else None,
                    field=f"boxes.{box.name}.{kind}",
                )

    def back(
        self, key: str, source: Path, cells: Mapping[str, str] | None = None
    ) -> Callable[[Canvas, Any], None]:
        """A back drawn by the layout `key` with these cells (a deck's name, its picture)."""
        return self.cards([KitCard(key, cells or {})], source)[0].face


def kit_faces(
    folder: Path,
    game: str,
    layouts: Mapping[str, tuple[str, Mapping[str, Colour], tuple[float, float]]],
    look: Look,
    pictures: Mapping[str, Picture] | None = None,
) -> KitFaces:
    """The layouts of a game's data folder by key: each its file's name, the print colours its
    `$name`s may use (the kit's own names among them: a card's `frame`) and the card's width and
    height (mm), in the kit's ink; `pictures` the kit's drawn pictures its `icons` boxes may
    name. Each file is read once, however many decks it draws."""
    read: dict[tuple[str, tuple[float, float]], KitLayout] = {}
    out = {}
    for key, (name, colours, card) in layouts.items():
        if (name, card) not in read:
            read[(name, card)] = read_kit_layout(layout_file(folder, game, name), card)
        out[key] = coloured(read[(name, card)], palette(colours, look))
    return KitFaces(out, pictures=dict(pictures or {}))
