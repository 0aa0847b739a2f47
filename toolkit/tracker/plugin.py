"""What the tracker needs from a game: the whole of its knowledge of any game.

A game's `toolkit/games/<game>/tracker.py` exposes `plugin`, an object with the members below.
States and actions are plain JSON values (dicts), so they store, export and diff without help.
"""

from __future__ import annotations

import functools
import importlib
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from toolkit.errors import DomekitError

State = dict[str, Any]
Action = dict[str, Any]
Outcome = dict[str, Any]

EVERYTHING = "*"
DATA_DIR = "data_dir"
"""The state member where a game keeps its card-data folder. It comes from the kit's manifest
(`domekit kit --data`), never from an imported file: no stranger names a server folder."""


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


# What a game's code raises when a stranger's fields are not the shapes it reads (a list where it
# takes text, an object where it takes a list): a refused action, never a server error.
_MALFORMED = (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError)
_FACING = ("parse_action", "apply", "parse_text", "odds", "touches", "describe")
_log = logging.getLogger("domekit.tracker")


class Guarded:
    """A game's plugin as the tracker calls it with what phones send: the members that read a
    request's fields (`_FACING`) turn a Python error on malformed fields into a DomekitError (a
    4xx that changes nothing), logged with its traceback so a game's bug still shows."""

    def __init__(self, plugin: GamePlugin) -> None:
        self._plugin = plugin
        for name in _FACING:
            member = getattr(plugin, name, None)
            if callable(member):
                setattr(self, name, _guard(plugin.game, name, member))

    def __getattr__(self, name: str) -> Any:  # every other member as the game has it
        return getattr(self._plugin, name)


def _guard(game: str, name: str, call: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(call)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return call(*args, **kwargs)
        except DomekitError:
            raise
        except _MALFORMED as exc:
            _log.warning("%s.%s refused malformed fields", game, name, exc_info=True)
            raise DomekitError(
                f"the action's fields are not what a {game} action holds "
                f"({type(exc).__name__}): check each field's kind (text, number, list)"
            ) from None

    return guarded


def guarded(plugin: GamePlugin) -> GamePlugin:
    return cast(GamePlugin, plugin if isinstance(plugin, Guarded) else Guarded(plugin))


def load_plugin(game: str) -> GamePlugin:
    """The tracker plugin of a game, from `toolkit/games/<game>/tracker.py`."""
    if not game.isidentifier():
        raise PageNotFound(f"unknown game {game!r}")
    try:
        module = importlib.import_module(f"toolkit.games.{game}.tracker")
    except ModuleNotFoundError:
        raise PageNotFound(f"the tracker has no pages for {game!r} kits yet") from None
    return module.plugin
