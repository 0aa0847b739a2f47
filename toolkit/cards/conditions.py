"""Conditions on a row's columns, for a layout box's `when`: `type == 'black'`, `cost >= 5`,
`'Trash' in text`, `faction in ['Fire', 'Ice'] and not rare`.

The syntax is a jinja2 expression (the language of templates), parsed by jinja2 and evaluated
here, never compiled to code: a condition is a stranger's text, and only these parts exist, so
none can loop, call or grow a value.

- a column by its header (`type`), its snake_case name (`card_type` for "Card type") or
  `row["Card type"]`; a number, a text in quotes, a list `['a', 'b']`, `true`, `false`;
- `==`, `!=`, `<`, `<=`, `>`, `>=`, `in`, `not in`; `and`, `or`, `not`; brackets;
- filters `lower`, `upper`, `trim`, `length`, `int`, `float`.

Cells are texts; a comparison of two things that both read as numbers compares the numbers
(`cost >= 5` with cost `10` holds, as a designer means, where texts would say `'10' < '5'`). A
column alone holds when its cell is not empty (`if = "rare"`). A name that is no column is an
error naming the columns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Cells = Mapping[str, str]
FILTERS = ("lower", "upper", "trim", "length", "int", "float")
_COMPARE = ("eq", "ne", "lt", "lteq", "gt", "gteq", "in", "notin")


class ConditionError(ValueError):
    """A condition that cannot be read, or that names no column of the row."""


def snake(name: str) -> str:
    """A header's snake_case name, as templates know it ("Card type" -> card_type)."""
    import re

    return re.sub(r"\W+", "_", name.strip().lower()).strip("_") or "_"


def compile_condition(source: str) -> Callable[[Cells], bool]:
    """The condition `source` as a test of a row's cells; a ConditionError if it is not one."""
    from jinja2 import Environment, TemplateSyntaxError, nodes
    from jinja2.parser import Parser

    if not isinstance(source, str) or not source.strip():
        raise ConditionError("expected a condition like type == 'black'")
    if len(source) > 500:
        raise ConditionError("a condition is at most 500 characters")
    try:
        parser = Parser(Environment(), source, state="variable")
        tree = parser.parse_expression()
        if not parser.stream.eos:
            raise ConditionError(f"unexpected {parser.stream.current.value!r} after the condition")
    except TemplateSyntaxError as exc:
        raise ConditionError(f"not a condition: {exc.message}") from None
    except RecursionError:
        raise ConditionError("nested too deeply") from None
    _check(tree, nodes, 0)

    def test(cells: Cells) -> bool:
        return bool(_value(tree, cells, nodes))

    return test


def _check(node: Any, nodes: Any, depth: int) -> None:
    """Only the parts the module docstring names."""
    if depth > 30:
        raise ConditionError("nested too deeply")
    allowed = (
        nodes.Name, nodes.Const, nodes.List, nodes.Tuple, nodes.Compare, nodes.Operand,
        nodes.And, nodes.Or, nodes.Not, nodes.Filter, nodes.Getitem,
    )  # fmt: skip
    if not isinstance(node, allowed):
        raise ConditionError(
            f"{type(node).__name__.lower()} is not part of a condition (columns, texts, numbers, "
            "==, !=, <, >, in, and, or, not, and the filters " + ", ".join(FILTERS) + ")"
        )
    if isinstance(node, nodes.Filter):
        if node.name not in FILTERS or node.args or node.kwargs or node.dyn_args:
            raise ConditionError(f"filter {node.name!r}: a condition has {', '.join(FILTERS)}")
    if isinstance(node, nodes.Getitem) and not (
        isinstance(node.node, nodes.Name) and node.node.name == "row"
    ):
        raise ConditionError("only row['Column name'] takes brackets")
    if isinstance(node, nodes.Operand) and node.op not in _COMPARE:
        raise ConditionError(f"the operator {node.op!r} is not part of a condition")
    if isinstance(node, nodes.Const) and not isinstance(node.value, str | int | float | bool):
        raise ConditionError(f"{node.value!r} is not a text or a number")
    for child in node.iter_child_nodes():
        _check(child, nodes, depth + 1)


def column_value(cells: Cells, name: str) -> str:
    """The cell of the column `name` (its header, any case, or its snake_case name)."""
    if name in cells:
        return cells[name]
    wanted = name.casefold()
    for header, value in cells.items():
        if header.casefold() == wanted or snake(header) == wanted:
            return value
    shown = ", ".join(header for header in cells if header) or "none"
    raise ConditionError(f"no column {name!r} (the columns are {shown})")


def _value(node: Any, cells: Cells, nodes: Any) -> Any:
    if isinstance(node, nodes.Name):
        if node.name in ("true", "false", "none"):
            return {"true": True, "false": False, "none": None}[node.name]
        if node.name == "row" and "row" not in cells:
            return cells
        return column_value(cells, node.name)
    if isinstance(node, nodes.Const):
        return node.value
    if isinstance(node, nodes.List | nodes.Tuple):
        return [_value(item, cells, nodes) for item in node.items]
    if isinstance(node, nodes.Getitem):
        key = _value(node.arg, cells, nodes)
        return column_value(cells, str(key))
    if isinstance(node, nodes.And):
        return _value(node.left, cells, nodes) and _value(node.right, cells, nodes)
    if isinstance(node, nodes.Or):
        return _value(node.left, cells, nodes) or _value(node.right, cells, nodes)
    if isinstance(node, nodes.Not):
        return not _value(node.node, cells, nodes)
    if isinstance(node, nodes.Filter):
        return _filter(node.name, _value(node.node, cells, nodes))
    if isinstance(node, nodes.Compare):
        left = _value(node.expr, cells, nodes)
        for operand in node.ops:
            right = _value(operand.expr, cells, nodes)
            if not _compare(operand.op, left, right):
                return False
            left = right
        return True
    raise ConditionError(f"{type(node).__name__.lower()} is not part of a condition")


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip().replace(",", ".")) if value.strip() else None
        except ValueError:
            return None
    return None


def _filter(name: str, value: Any) -> Any:
    if name == "length":
        return len(value) if isinstance(value, str | list) else 0
    if name in ("int", "float"):
        number = _number(value)
        number = 0.0 if number is None else number
        return int(number) if name == "int" else number
    text = "" if value is None else str(value)
    return {"lower": text.lower(), "upper": text.upper(), "trim": text.strip()}[name]


def _compare(op: str, left: Any, right: Any) -> bool:
    if op in ("in", "notin"):
        if isinstance(right, Sequence) and not isinstance(right, str):
            found = any(_compare("eq", left, item) for item in right)
        else:
            found = str(left) in str(right)
        return found if op == "in" else not found
    x, y = _number(left), _number(right)
    a: float | str
    b: float | str
    if x is None or y is None:
        a, b = str(left if left is not None else ""), str(right if right is not None else "")
    else:
        a, b = x, y
    if op == "eq":
        return a == b
    if op == "ne":
        return a != b
    if op == "lt":
        return a < b  # type: ignore[operator]
    if op == "lteq":
        return a <= b  # type: ignore[operator]
    if op == "gt":
        return a > b  # type: ignore[operator]
    return a >= b  # type: ignore[operator]
