"""What the rules make impossible, as data: each limit a rule text states, with its sentence.

A game's rules.toml holds a `[limits.<name>]` table per limit:

    [limits.items_per_unit]
    rule = "Item Cards"                        # the rule book's section, named in a refusal
    quote = "Each one of your units may carry up to three items maximum."
    most_from = "match.max_items_per_unit"    # or `most = 3`; `least` / `least_from` alike

A bound is either a number here or the dotted name of a number elsewhere in the same file (so
one number stays in one place); the game's rules model resolves the names when the file is
loaded (`resolve_limits`). The calculators, the odds and the match engines check a value with
`limits.check(name, value, what)`: outside the bounds it is a RuleError naming the rule and
quoting its sentence, which the command line turns into exit 2 and the tracker into a 422. A
house rule changes the number, not the code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from toolkit.errors import RuleError


class RuleLimit(BaseModel):
    """One limit: the rule that states it, its sentence, and its bounds (either may be open)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rule: str = Field(min_length=1, max_length=80)
    quote: str = Field(min_length=1, max_length=400)
    least: int | None = None
    most: int | None = None
    least_from: str | None = Field(default=None, max_length=80)
    most_from: str | None = Field(default=None, max_length=80)

    @model_validator(mode="after")
    def _one_way_each(self) -> RuleLimit:
        for bound in ("least", "most"):
            if getattr(self, bound) is not None and getattr(self, f"{bound}_from") is not None:
                raise ValueError(f"give {bound} or {bound}_from, not both")
        if self.least is None and self.most is None and not (self.least_from or self.most_from):
            raise ValueError("a limit needs least or most (or least_from / most_from)")
        return self

    def bounds(self) -> str:
        """ "1 to 4", "at most 3", "at least 1"."""
        if self.least is not None and self.most is not None:
            return f"{self.least} to {self.most}" if self.least != self.most else f"{self.least}"
        return f"at most {self.most}" if self.most is not None else f"at least {self.least}"

    def allows(self, value: int) -> bool:
        return (self.least is None or value >= self.least) and (
            self.most is None or value <= self.most
        )

    def check(self, value: int, what: str) -> int:
        """`value` if the rule allows it; else a RuleError naming the rule, quoting it."""
        if not self.allows(value):
            raise RuleError(
                self.rule, f'{what}: {value} is not {self.bounds()} ("{self.quote.strip()}")'
            )
        return value


class RuleLimits(BaseModel):
    """A game's limits by name (rules.toml's `[limits]`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    items: dict[str, RuleLimit] = Field(default_factory=dict)

    @classmethod
    def of(cls, raw: Mapping[str, Any]) -> RuleLimits:
        return cls(items={name: RuleLimit.model_validate(value) for name, value in raw.items()})

    def __getitem__(self, name: str) -> RuleLimit:
        return self.items[name]

    def __contains__(self, name: object) -> bool:
        return name in self.items

    def __iter__(self) -> Any:  # the names
        return iter(self.items)

    def check(self, name: str, value: int, what: str) -> int:
        return self.items[name].check(value, what)

    def check_count(self, name: str, things: Iterable[Any], what: str) -> None:
        """How many of `things` there are, checked."""
        self.check(name, len(list(things)), what)


def resolve_limits(config: BaseModel, raw: Mapping[str, Any]) -> RuleLimits:
    """The limits with every `*_from` replaced by the number it names in `config` (a dotted
    path such as "match.max_items_per_unit"). A name that leads nowhere, or to something that is
    not a whole number, is a ValueError naming the limit (pydantic reports it with the file)."""
    limits = RuleLimits.of(raw)
    resolved: dict[str, RuleLimit] = {}
    for name, limit in limits.items.items():
        values = limit.model_dump()
        for bound in ("least", "most"):
            path = values.pop(f"{bound}_from")
            if path is None:
                continue
            found: Any = config
            for part in path.split("."):
                found = getattr(found, part, None)
            if not isinstance(found, int) or isinstance(found, bool):
                raise ValueError(f"limits.{name}.{bound}_from: {path!r} is not a number here")
            values[bound] = found
        resolved[name] = RuleLimit(**values)
    return RuleLimits(items=resolved)


class WithLimits(BaseModel):
    """A game's rules model with a `limits` table (mixed in after the game's sections)."""

    limits: RuleLimits = Field(default_factory=RuleLimits)

    @model_validator(mode="before")
    @classmethod
    def _raw_limits(cls, data: Any) -> Any:
        if isinstance(data, Mapping) and isinstance(data.get("limits"), Mapping):
            raw = data["limits"]
            if "items" not in raw:
                data = {**data, "limits": {"items": dict(raw)}}
        return data

    @model_validator(mode="after")
    def _resolve(self) -> WithLimits:
        raw = {name: limit.model_dump() for name, limit in self.limits.items.items()}
        object.__setattr__(self, "limits", resolve_limits(self, raw))
        return self
