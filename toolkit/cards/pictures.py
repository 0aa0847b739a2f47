"""Where the pictures a sheet names are: a cell's file name (`wolf.png`, `art/wolf.png`) is
looked for in `--images DIR`, then in the layout's `images` folder, then beside the sheet (an
absolute name only where it says). A picture not found is a warning naming the row, the column
and the file, and the card prints a labelled placeholder in its place; `--strict` makes it an
error instead. A file that is not a PNG, JPEG or SVG is always an error."""

from __future__ import annotations

import os.path
from collections.abc import Sequence
from pathlib import Path

from toolkit.errors import DataError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")


class PictureFinder:
    """Finds the pictures of one sheet; keeps the missing ones (`missing`: the path a card
    holds for each, by the name the cell gave) and a warning for each."""

    def __init__(self, sheet: Path, folders: Sequence[Path], *, strict: bool = False) -> None:
        self.sheet = sheet
        self.folders = tuple(dict.fromkeys(folders))
        self.strict = strict
        self.missing: dict[Path, str] = {}
        self.warnings: list[str] = []

    def find(self, value: str, row: int, column: str) -> Path:
        """The file the cell `value` names; a placeholder's path (in `missing`) if not found."""
        name = os.path.expanduser(value.strip())
        if Path(name).suffix.lower() not in IMAGE_SUFFIXES:
            raise DataError(
                self.sheet, f"{value!r} is not a PNG, JPEG or SVG image", row=row, field=column
            )
        candidates = [Path(name)] if os.path.isabs(name) else [f / name for f in self.folders]
        for candidate in candidates:
            if os.path.isfile(candidate):  # False, not an OSError, for a name too long
                return candidate
        looked = ", ".join(str(c.parent) for c in candidates)
        if self.strict:
            raise DataError(
                self.sheet, f"image {value!r} not found (looked in {looked})", row=row, field=column
            )
        self.missing[candidates[0]] = value
        self.warnings.append(
            f"{self.sheet.name}, row {row}, field '{column}': image {value!r} not found (looked "
            f"in {looked}); a placeholder is printed (--strict stops instead)"
        )
        return candidates[0]
