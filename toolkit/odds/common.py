"""Shared shapes of the odds results: distributions as {value: Fraction}, JSON-ready dicts."""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from toolkit.dice import Dist

T = TypeVar("T")


def distribution(dist: Dist[Any], key: Callable[[Any], Any] | None = None) -> dict[Any, Fraction]:
    """{outcome: probability}, optionally with the outcomes renamed by `key` (merging equals)."""
    if key is not None:
        dist = dist.map(key)
    return dist.probabilities()


def json_ready(result: Mapping[str, Any]) -> dict[str, Any]:
    """Fractions become {"fraction": "a/b", "float": x}; keys become strings (for the tracker)."""
    from toolkit.output import to_jsonable

    ready: dict[str, Any] = to_jsonable(result)
    return ready


def expected(dist: Dist[Any]) -> Fraction:
    return dist.mean()


QUERY_CACHE_BYTES = 32 * 2**20  # the whole cache, as sys.getsizeof counts its answers
_QUERIES: OrderedDict[tuple[Any, ...], tuple[Any, dict[str, Any], int]] = OrderedDict()
_cached_bytes = 0
_queries_lock = threading.Lock()


def remembered(
    name: str, rules: Any, key: tuple[Any, ...], compute: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """A query's result, worked out once per distinct inputs: the tracker asks the same query
    again and again while a form is filled in. `rules` is keyed by identity (hashing a pydantic
    model costs more than the lookup saves) and kept alive with the entry, so an identity is
    never mistaken for another's. Each caller gets its own top-level dict and steps list; an
    error is raised again on every call, never remembered. The cache holds at most
    QUERY_CACHE_BYTES of answers (the least recently asked go first); an answer bigger than an
    eighth of that is not kept."""
    global _cached_bytes
    full = (name, id(rules), *key)
    with _queries_lock:
        found = _QUERIES.get(full)
        if found is not None and found[0] is rules:
            _QUERIES.move_to_end(full)
    if found is None or found[0] is not rules:
        result = compute()
        size = size_of(result)
        found = (rules, result, size)
        if size <= QUERY_CACHE_BYTES // 8:
            with _queries_lock:
                old = _QUERIES.pop(full, None)
                _cached_bytes -= old[2] if old else 0
                _QUERIES[full] = found
                _cached_bytes += size
                while _cached_bytes > QUERY_CACHE_BYTES:
                    _cached_bytes -= _QUERIES.popitem(last=False)[1][2]
    result = dict(found[1])
    if "steps" in result:
        result["steps"] = list(result["steps"])
    return result


def forget() -> None:
    """Empty the cache (benchmarks time the work, not the lookup)."""
    global _cached_bytes
    with _queries_lock:
        _QUERIES.clear()
        _cached_bytes = 0


def cached_bytes() -> int:
    """What the cached answers take now (for tests and benchmarks)."""
    return _cached_bytes


def size_of(value: Any) -> int:
    """The bytes of a result as sys.getsizeof counts them, its parts included (shared small
    ints and strings counted again: an upper bound)."""
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        total += sys.getsizeof(item)
        kind = type(item)
        if kind is int or kind is str or kind is float or kind is bool:
            continue  # the usual leaves, without the slower checks below
        if kind is Fraction:
            stack += [item.numerator, item.denominator]
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif isinstance(item, Fraction):
            stack += [item.numerator, item.denominator]
    return total
