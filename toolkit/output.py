"""How calculators print: a table and numbered steps for people, `--json` for machines.

JSON names are the flags' names in snake_case; `steps` is the breakdown as a list of strings.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any


def counted(count: int, word: str, plural: str | None = None) -> str:
    """A count and its noun, agreeing: 1 sheet, 2 sheets, 0 sheets (`plural` when not word+s)."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def to_jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return {"fraction": f"{value.numerator}/{value.denominator}", "float": float(value)}
    if isinstance(value, Mapping):
        return {str(key): to_jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(item) for item in value]
    if hasattr(value, "value") and hasattr(value, "name"):  # enums
        return value.value
    return value


def emit(result: Mapping[str, Any], *, as_json: bool, title: str = "") -> None:
    """Print a calculator's result: every field, then its steps."""
    if as_json:
        print(json.dumps(to_jsonable(result), indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=title or None, show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for name, value in result.items():
        if name == "steps":
            continue
        table.add_row(name.replace("_", " "), _human(value))
    console.print(table)
    steps: Sequence[str] = result.get("steps", ())
    if steps:
        console.print("[bold]steps[/bold]")
        for number, step in enumerate(steps, start=1):
            console.print(f"  {number}. {step}", highlight=False)


def _human(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{key}={_human(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_human(item) for item in value)
    if isinstance(value, Fraction):
        return f"{value} ({float(value):.6f})"
    return str(value)
