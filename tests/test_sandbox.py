"""toolkit/sandbox.py: a safe template renders exactly as plain jinja2 would; the size checks
refuse exactly what would pass the bounds; a failure names its row and template line."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.data.limits import MAX_TEMPLATE_INT_BITS, MAX_TEMPLATE_VALUE
from toolkit.sandbox import TemplateFailure, _binop_problem, check_syntax, render_each

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "cards" / "card.j2"


def plain(source: str, values: dict[str, str]) -> str:
    environment = jinja2.Environment(
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True
    )
    return environment.from_string(source).render(values)


def test_the_example_template_renders_as_plain_jinja2_would():
    source = EXAMPLE.read_text()
    rows = [
        {"name": "Fire Imp", "deck": "Fire", "strength": "5", "cost": "2", "ability": "Burn <b>"},
        {"name": "Sprite", "deck": "Water", "strength": "1", "cost": "1", "ability": "Heal 1."},
    ]
    assert render_each(source, rows) == [plain(source, row) for row in rows]


def test_a_failure_names_the_row_and_the_template_line():
    source = "{{ name }}\n{% if name == 'b' %}{{ 1 // 0 }}{% endif %}"
    with pytest.raises(TemplateFailure) as failure:
        render_each(source, [{"name": "a"}, {"name": "b"}, {"name": "c"}])
    assert (failure.value.index, failure.value.line) == (1, 2)
    assert failure.value.message == "ZeroDivisionError: integer division or modulo by zero"
    with pytest.raises(TemplateFailure) as failure:
        check_syntax("one\n{% for %}")
    assert failure.value.line == 2


texts = st.text(max_size=3) | st.lists(st.integers(), max_size=3)
counts = st.integers(-5, 3 * MAX_TEMPLATE_VALUE)


@given(items=texts, count=counts)
def test_repetition_is_refused_exactly_when_it_would_pass_the_bound(items, count):
    problem = _binop_problem("*", items, count)
    assert (problem is None) == (len(items) * max(count, 0) <= MAX_TEMPLATE_VALUE)


@given(left=st.integers(-(2**300), 2**300), right=st.integers(-(2**300), 2**300))
def test_numbers_allowed_by_the_checks_stay_within_the_bits(left, right):
    for operator, result in (("*", left * right), ("+", left + right)):
        if _binop_problem(operator, left, right) is None:
            assert result.bit_length() <= MAX_TEMPLATE_INT_BITS


@given(base=st.integers(-1000, 1000), exponent=st.integers(0, 400))
def test_powers_allowed_stay_within_the_bits_and_small_ones_are_allowed(base, exponent):
    result_bits = (base**exponent).bit_length()
    if _binop_problem("**", base, exponent) is None:
        assert result_bits <= MAX_TEMPLATE_INT_BITS
    if result_bits <= MAX_TEMPLATE_INT_BITS - 2:
        assert _binop_problem("**", base, exponent) is None
