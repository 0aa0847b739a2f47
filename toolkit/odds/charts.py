"""The odds as small JSON-ready charts for the tracker's forms: the shape every game's charts share.

A game's odds.py has one `<form>_chart` function per tracker form: it takes what the form holds
(plain ints, card lists, ids), runs the game's odds and returns `chart(result, title)`, a dict of
plain JSON values:

    {"title": str,
     "chances": [{"name": "wound", "fraction": "7/9", "float": 0.777...}, ...],
     "distributions": [{"name": "damage", "rows": [{"value": "3", "fraction": "1/6",
                                                    "float": 0.1666...}, ...]}],
     "figures": {"expected_damage": {"fraction": ..., "float": ...}, "play": "3,3,3", ...},
     "steps": [str, ...]}

Rows rarer than 1 in 20,000 are folded into one "rarer" row so a phone can draw the chart; the
exact full result is what the `toolkit.games.<game>.odds` functions return. Bad input raises
`DomekitError` with a clear message, as everywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from toolkit.odds.render import SHOWN_AT_LEAST


def _number(value: Fraction) -> dict[str, Any]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "float": float(value)}


def chart(result: Mapping[str, Any], title: str) -> dict[str, Any]:
    """Any odds result as the chart shape above."""
    from toolkit.output import to_jsonable

    chances = [
        {"name": name[2:], **_number(value)}
        for name, value in result.items()
        if name.startswith("p_") and isinstance(value, Fraction)
    ]
    distributions = []
    figures: dict[str, Any] = {}
    for name, value in result.items():
        if name.startswith("p_") or name == "steps":
            continue
        if name.endswith("_distribution") and isinstance(value, Mapping):
            rows, rare = [], Fraction(0)
            for outcome, probability in value.items():
                if probability < SHOWN_AT_LEAST:
                    rare += probability
                else:
                    rows.append({"value": str(outcome), **_number(probability)})
            if rare:
                rows.append({"value": "rarer", **_number(rare)})
            distributions.append({"name": name.removesuffix("_distribution"), "rows": rows})
        else:
            figures[name] = to_jsonable(value)
    return {
        "title": title,
        "chances": chances,
        "distributions": distributions,
        "figures": figures,
        "steps": list(result.get("steps", [])),
    }
