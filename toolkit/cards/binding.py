"""A layout meets a sheet: which column each box shows, found as a designer names them.

- A box that says nothing of what it shows (no part, column, template, text or file), and is no
  plain shape (`draw = "rect"`), shows the column of its own name (any case; `card_name` for
  "Card name"): a Squib layout's `ATK` box shows the sheet's ATK column.
- A box whose verb came from its name (no `draw`) and whose column holds picture files (every
  cell that is not empty ends in .png, .jpg, .jpeg or .svg) draws the pictures.
- A column whose every cell names a box of the layout (Squib's `svg layout: data['class']`, a
  `class` column of `human` and `drone` with boxes of those names) shows each such box only on
  the cards that name it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from toolkit.cards.conditions import snake
from toolkit.cards.pictures import IMAGE_SUFFIXES
from toolkit.pdf.boxes import Box, Case, Layout


def column_named(header: Sequence[str], name: str) -> str | None:
    """The header's column called `name` (any case, or by its snake_case name)."""
    wanted = name.strip().casefold()
    for column in header:
        if column and (column.strip().casefold() == wanted or snake(column) == wanted):
            return column
    return None


def picture_column(rows: Sequence[tuple[int, dict[str, str]]], column: str) -> bool:
    """Whether every cell of `column` that is not empty names a picture file (and one does)."""
    cells = [values.get(column, "").strip() for _, values in rows]
    filled = [cell for cell in cells if cell]
    return bool(filled) and all(cell.lower().endswith(IMAGE_SUFFIXES) for cell in filled)


def bind_layout(
    layout: Layout, header: Sequence[str], rows: Sequence[tuple[int, dict[str, str]]]
) -> Layout:
    """The layout with each box bound as the module docstring says."""
    boxes = [_bound(box, header, rows) for box in layout.boxes]
    boxes = _chosen_by_cells(boxes, header, rows)
    return replace(layout, boxes=tuple(boxes))


def _bound(box: Box, header: Sequence[str], rows: Sequence[tuple[int, dict[str, str]]]) -> Box:
    kind, value = box.source
    if kind == "none" and box.kind != "rect":
        column = column_named(header, box.name)
        if column is not None:
            box = replace(box, source=("column", column))
            kind, value = box.source
    if box.auto and box.kind in ("text", "line") and kind == "column":
        column = column_named(header, value)
        if column is not None and picture_column(rows, column):
            box = replace(box, kind="image")
    if box.when:
        cases = tuple(replace(case, box=_bound(case.box, header, rows)) for case in box.when)
        box = replace(box, when=cases)
    return box


def _chosen_by_cells(
    boxes: list[Box], header: Sequence[str], rows: Sequence[tuple[int, dict[str, str]]]
) -> list[Box]:
    names = {box.name for box in boxes}
    shown = {box.source[1] for box in boxes if box.source[0] == "column"}
    for column in header:
        if not column or column in shown:
            continue
        cells = {values.get(column, "").strip() for _, values in rows} - {""}
        if not cells or not cells <= names:
            continue
        for index, box in enumerate(boxes):
            if box.name in cells:
                boxes[index] = _only_where(box, column)
    return boxes


def _only_where(box: Box, column: str) -> Box:
    """The box hidden except on cards whose `column` names it."""
    name = box.name

    def names_it(cells: Mapping[str, str]) -> bool:
        return cells.get(column, "").strip() == name

    case = Case(f"{column} == {name!r}", names_it, replace(box, show=True, when=()))
    others = tuple(replace(c, box=replace(c.box, show=False)) for c in box.when)
    return replace(box, show=False, when=(case, *others))


def every_box(layout: Layout | None) -> list[Box]:
    """The layout's boxes and the box each `when` case makes of them."""
    found: list[Box] = []
    for box in layout.boxes if layout is not None else ():
        found.append(box)
        found.extend(case.box for case in box.when)
    return found
