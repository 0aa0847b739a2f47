"""What the tracker needs from a game: the whole of its knowledge of any game.

A game's `toolkit/games/<game>/tracker.py` exposes `plugin`, an object with the members below.
States and actions are plain JSON values (dicts), so they store, export and diff without help.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from toolkit.errors import DomekitError

State = dict[str, Any]
Action = dict[str, Any]
Outcome = dict[str, Any]

EVERYTHING = "*"


class PageNotFound(DomekitError):
    """A page of a game that does not exist (an unknown colour or unit in a URL)."""


@dataclass(frozen=True)
class Page:
    """What a game shows on one page: a template under templates/<game>/ and its context.

    `context` is also the page's JSON twin, so it holds plain JSON values only.
    """

    template: str
    title: str
    context: dict[str, Any]
    forms: list[str] = field(default_factory=list)


class GamePlugin(Protocol):
    game: str
    """The game's name, as in `domekit kit <game>` and the kit manifest."""

    def initial_state(self, manifest: Mapping[str, Any], previous: State | None) -> State:
        """A new match of a kit: `previous` is the kit's last match's final state (a campaign)."""
        ...

    def matches_in_campaign(self, state: State) -> int:
        """How many matches a campaign holds (the next match is refused after the last)."""
        ...

    def next_match_refusal(self, state: State) -> str | None:
        """None when the next match may start from this state, else why not."""
        ...

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        """A form's or JSON body's fields as a canonical action; DomekitError when malformed."""
        ...

    def apply(self, state: State, action: Action) -> tuple[State, Outcome]:
        """The only way a state changes. Pure: never mutates `state`; RuleError when illegal."""
        ...

    def describe(self, action: Action) -> str:
        """The action's text form for the history, e.g. `attack red.gunner -> blue.scout`."""
        ...

    # Optional: `parse_text(text) -> fields` reads an action typed as its text form (a form field
    # named `command`), the inverse of `describe`.
    # Optional: `odds(state, fields) -> chart | None`: the odds of an attack form as filled in, as
    # `toolkit.odds.tracker` charts them (plus `main` and `notes`); None for a form without odds.

    def touches(self, action: Action) -> frozenset[str]:
        """What an action reads and changes (e.g. "team:red"); EVERYTHING when unsure.

        An action made against an older version is refused (409) only when some action made
        since touches something it touches: a money transfer does not clash with an attack.
        """
        ...

    def page(self, state: State, name: str, args: tuple[str, ...]) -> Page:
        """The page `name` (table, team, unit, ...) for the path arguments; PageNotFound."""
        ...

    def exports(self) -> Mapping[str, Callable[[State], list[list[Any]]]]:
        """CSV downloads by name (e.g. "payout"): rows, header first."""
        ...


def parse_by_type(
    parsers: Mapping[str, Callable[[Mapping[str, Any]], dict[str, Any]]],
    data: Mapping[str, Any],
) -> Action:
    """A form's or JSON body's fields as an action: its `type` picks the game's parser."""
    kind = str(data.get("type") or "").strip()
    parser = parsers.get(kind)
    if parser is None:
        raise DomekitError(f"unknown action {kind!r}; the actions are {', '.join(sorted(parsers))}")
    return {"type": kind, **parser(data)}


def load_plugin(game: str) -> GamePlugin:
    """The tracker plugin of a game, from `toolkit/games/<game>/tracker.py`."""
    if not game.isidentifier():
        raise PageNotFound(f"unknown game {game!r}")
    try:
        module = importlib.import_module(f"toolkit.games.{game}.tracker")
    except ModuleNotFoundError:
        raise PageNotFound(f"the tracker has no pages for {game!r} kits yet") from None
    return module.plugin
