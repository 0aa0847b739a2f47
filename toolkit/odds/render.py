"""Print an odds result: chances and distributions as tables with bars, or exact JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from toolkit.dice import sort_key

if TYPE_CHECKING:  # rich loads when a table is printed
    from rich.table import Table

BAR_WIDTH = 30
SHOWN_AT_LEAST = Fraction(1, 20000)  # rarer values are folded into one row for people (not JSON)
_EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(probability: Fraction) -> str:
    """A horizontal bar BAR_WIDTH cells long at probability 1, in eighths of a cell."""
    eighths = round(float(probability) * BAR_WIDTH * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def percent(probability: Fraction) -> str:
    value = float(probability) * 100
    if value == 0:
        return "0%"
    if value < 0.001:
        return f"{value:.2e}%"
    return f"{value:.3f}%"


def exact(probability: Fraction) -> str:
    """The fraction itself when it is short enough to read; JSON always carries it."""
    text = f"{probability.numerator}/{probability.denominator}"
    return text if len(text) <= 15 else "(see --json)"


def emit_odds(result: Mapping[str, Any], *, as_json: bool, title: str) -> None:
    if as_json:
        from toolkit.output import to_jsonable

        print(json.dumps(to_jsonable(result), indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"[bold]{title}[/bold]")
    chances = {k: v for k, v in result.items() if k.startswith("p_")}
    if chances:
        table = Table(show_header=True, box=None, pad_edge=False)
        for column in ("chance", "exact", "%", ""):
            table.add_column(column, justify="right" if column in ("exact", "%") else "left")
        for name, value in chances.items():
            table.add_row(name[2:].replace("_", " "), exact(value), percent(value), bar(value))
        console.print(table)
    for name, value in result.items():
        if name.startswith("p_") or name == "steps":
            continue
        if name.endswith("_distribution") and isinstance(value, Mapping):
            console.print(_distribution_table(name, value))
        elif isinstance(value, Sequence) and not isinstance(value, str):
            if value:
                console.print(_rows_table(name, value))
        elif isinstance(value, Mapping) and all(isinstance(v, Mapping) for v in value.values()):
            console.print(_comparison_table(name, value))
        elif isinstance(value, Mapping):
            shown = ", ".join(f"{key}: {_text(item)}" for key, item in value.items())
            console.print(f"[bold]{name.replace('_', ' ')}[/bold]: {shown}")
        else:
            console.print(f"[bold]{name.replace('_', ' ')}[/bold]: {_text(value)}")
    steps = result.get("steps", ())
    if steps:
        console.print("[bold]steps[/bold]")
        for number, step in enumerate(steps, start=1):
            console.print(f"  {number}. {step}", highlight=False)


def _text(value: Any) -> str:
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    if isinstance(value, Fraction):
        shown = exact(value)
        return f"{float(value):.6g}" + (f" ({shown})" if shown != "(see --json)" else "")
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _distribution_table(name: str, values: Mapping[Any, Fraction]) -> Table:
    from rich.table import Table

    label = name.removesuffix("_distribution").replace("_", " ")
    table = Table(title=f"{label} distribution", title_justify="left", box=None, pad_edge=False)
    table.add_column(label, justify="right")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    table.add_column("")
    folded: list[Any] = []
    folded_p = Fraction(0)
    for outcome, probability in values.items():
        if probability < SHOWN_AT_LEAST:
            folded.append(outcome)
            folded_p += probability
            continue
        table.add_row(str(outcome), exact(probability), percent(probability), bar(probability))
    if folded:
        table.add_row(
            f"{len(folded)} rarer values", "", percent(folded_p), "(all listed in --json)"
        )
    return table


def _rows_table(name: str, rows: Sequence[Mapping[str, Any]]) -> Table:
    from rich.table import Table

    table = Table(title=name.replace("_", " "), title_justify="left", box=None, pad_edge=False)
    keys = [key for key in rows[0] if not key.endswith("_distribution")]  # those: --json
    for key in keys:
        table.add_column(key.replace("_", " "))
    for row in rows:
        table.add_row(*(_cell(key, row[key]) for key in keys))
    return table


def _comparison_table(name: str, columns: Mapping[str, Mapping[str, Any]]) -> Table:
    """Several alternatives side by side: their chances, then their distributions row by row."""
    from rich.table import Table

    table = Table(title=name.replace("_", " "), title_justify="left", box=None, pad_edge=False)
    table.add_column("")
    for column in columns:
        table.add_column(str(column), justify="right")
    first = next(iter(columns.values()))
    for key in first:
        if key.endswith("_distribution"):
            outcomes: dict[Any, None] = {}
            for sub in columns.values():
                outcomes.update(dict.fromkeys(sub[key]))
            label = key.removesuffix("_distribution").replace("_", " ")
            for outcome in sorted(outcomes, key=sort_key):
                shown = [sub[key].get(outcome, Fraction(0)) for sub in columns.values()]
                if max(shown) >= SHOWN_AT_LEAST:
                    table.add_row(f"{label} {outcome}", *(percent(p) for p in shown))
        else:
            table.add_row(
                key.replace("_", " "), *(_text(sub.get(key, "")) for sub in columns.values())
            )
    return table


def _cell(key: str, value: Any) -> str:
    if isinstance(value, Fraction):
        return percent(value) if key.startswith("p_") else f"{float(value):.6g}"
    return _text(value)
