"""Lengths as designers write them: `63.5`, `63.5mm`, `2.5in`, `8pt`, `300px` (pixels at a stated
dpi, 300 unless a layout says), and in layouts `50%` and sums like `100% - 8mm`. Everything comes
out in millimetres, the print engine's unit."""

from __future__ import annotations

import math
import re

from toolkit.errors import DomekitError

UNITS = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
PX = "px"  # a pixel: 25.4 / dpi mm, at the dpi a layout states (DPI when it states none)
DPI = 300.0  # Squib's and the print services' resolution
_TERM = re.compile(r"\s*([+-]?)\s*(\d+(?:\.\d*)?|\.\d+)\s*(mm|cm|in|pt|px|%)?\s*", re.IGNORECASE)
MAX_LENGTH_CHARS = 40


def unit_mm(unit: str, dpi: float = DPI) -> float:
    """How many mm one `unit` is (`px` at `dpi`)."""
    return 25.4 / dpi if unit == PX else UNITS[unit]


def length(
    value: str | float, *, unit: str = "mm", whole: float | None = None, dpi: float = DPI
) -> float:
    """`value` in mm: a number is in `unit`; a text carries its own units (`2.5in`, `8pt`,
    `75px` at `dpi`); with `whole` (mm), `%` is a share of it and terms add up (`100% - 8mm`).
    A ValueError (saying what was expected) for anything else."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length, got {value!r}")
    if isinstance(value, int | float):
        result = float(value) * unit_mm(unit, dpi)
    else:
        text = value.strip()
        if not text or len(text) > MAX_LENGTH_CHARS:
            raise ValueError(f"expected a length like 3mm, 0.125in or 9pt, got {value[:40]!r}")
        result, pos = 0.0, 0
        first = True
        while pos < len(text):
            match = _TERM.match(text, pos)
            if match is None or match.end() == pos or (not first and not match.group(1)):
                raise ValueError(_expected(value, whole))
            sign = -1.0 if match.group(1) == "-" else 1.0
            number = float(match.group(2))
            suffix = (match.group(3) or unit).lower()
            if suffix == "%":
                if whole is None:
                    raise ValueError(_expected(value, whole))
                result += sign * number / 100 * whole
            else:
                result += sign * number * unit_mm(suffix, dpi)
            pos, first = match.end(), False
    if not math.isfinite(result):
        raise ValueError(_expected(str(value), whole))
    return result


def _expected(value: str, whole: float | None) -> str:
    shapes = "3mm, 0.125in, 9pt" + (", 50% or 100% - 8mm" if whole is not None else "")
    return f"expected a length like {shapes}, got {value[:40]!r}"


def flag_length(flag: str, value: str, *, unit: str = "mm") -> float:
    """A flag's length in mm; a DomekitError naming the flag otherwise."""
    try:
        return length(value, unit=unit)
    except ValueError as exc:
        raise DomekitError(f"{flag} {value!r}: {exc}") from None


def parse_pair(text: str, *, unit: str = "mm") -> tuple[float, float] | None:
    """`WIDTHxHEIGHT` with one unit for both (`2.5x3.5in`) or each its own (`63mmx3.5in`);
    None when `text` is not of that shape."""
    match = re.fullmatch(
        r"\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*",
        text,
        re.IGNORECASE,
    )
    if match is None:
        return None
    first_unit = (match.group(2) or match.group(4) or unit).lower()
    second_unit = (match.group(4) or first_unit).lower()
    return (
        float(match.group(1)) * UNITS[first_unit],
        float(match.group(3)) * UNITS[second_unit],
    )
