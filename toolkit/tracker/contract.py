"""What the tracker needs from a game: all it knows of any game, as one typed contract.

A game's `toolkit/games/<game>/tracker.py` makes one `TrackerGame[S, A]`, where `S` is the game's
match state and `A` its action type, and the game's registry entry returns it
(`toolkit.games.game(name).tracker()`). Everything a game may leave out is part of the contract
too: `odds` is None for a game without odds charts, `parse_text` refuses for a game whose actions
cannot be typed as text, `whose_turn` is None for a game without turns.

The tracker keeps `S` and `A` in memory as the game makes them, and stores, exports, imports and
diffs their JSON forms (`state_json`, `action_json` and their inverses), so a game whose state is
a typed frozen value and one whose state is still a JSON object look the same from here.

The guards common to every game (an unknown action, a match that is over, an action made out of
turn) are the game's own door's (toolkit/games/door.py): a game's `apply` goes through it, as the
command line and the tests do. A typed game (toolkit/tracker/typed.py: `GameTracker`) forwards
the reading, the forms and the applying of its actions to its `Reader` and its `Door` once.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from toolkit.errors import DomekitError
from toolkit.games.door import EVERYTHING as EVERYTHING
from toolkit.games.door import ActionKind as ActionKind
from toolkit.parsing import Json as Json

S = TypeVar("S")
A = TypeVar("A")

Outcome = Json
"""What an action did, as the history and the confirm page show it: `steps` (a list of lines),
optionally `summary`; plain JSON, stored in the log beside the action."""
Rows = list[list[Any]]
"""A CSV download's rows, header first."""

DATA_DIR = "data_dir"
"""The member of a state's JSON form where a game keeps its card-data folder. It comes from the
kit's manifest (`domekit kit --data`), never from an imported file: no stranger names a folder
of the server."""


TABLE = "table"
"""Every game's overview page (the one a kit's table sheet prints)."""
SCREEN = "screen"
"""The big screen's page (/screen): a game's own, else its table page."""


LIGHT = "light"
"""The lightest tracking a game offers: nothing the table shows is entered (the default a phone's
set-up offers first)."""
FULL = "full"
"""Every move entered and checked (good for learning): a match begun through the JSON API, and
every old export, tracks this way."""
MODE = "mode"
"""The member of the mapping `new_match` gets (the kit's manifest and, at set-up, the chosen
mode) that names the mode: LIGHT or FULL; absent means FULL."""


@dataclass(frozen=True)
class Mode:
    """A way of tracking a game's match, as the set-up page offers it: its name, what the phone
    keeps (one or two sentences), and what it does not check (said once, on the table page)."""

    label: str
    keeps: str
    unchecked: str = ""


class PageNotFound(DomekitError):
    """A page a match does not have: a name its game does not declare, arguments it does not
    take or does not know (a URL naming nothing in the match)."""


@dataclass(frozen=True)
class Page:
    """What a game shows on one page: its title and its context, which is also the page's JSON
    twin, so it holds plain JSON values only.

    `view` is the declared page that showed it (`TrackerGame.page` sets it): the page is drawn
    by its `template` under templates/<game>/, else by the generic templates/page.html, which
    shows the context itself (as Datasette falls back from `table-<db>-<table>.html` to
    `table.html`).
    """

    title: str
    context: Json
    view: str = ""

    @property
    def template(self) -> str:
        """The game's own template of the page: `<view>.html`."""
        return f"{self.view}.html"


class View(Generic[S]):
    """One page a game declares: the function that shows it and the names of the URL's
    arguments it takes, in order (`View(unit_page, "colour", "unit_type")` serves
    /unit/<colour>/<unit_type> as `unit_page(state, colour, unit_type)`). The function raises
    PageNotFound for arguments the match does not have."""

    def __init__(self, show: Callable[..., Page], *args: str) -> None:
        try:
            inspect.signature(show).bind(None, *args)
        except TypeError:
            raise TypeError(f"{show.__qualname__} does not take the arguments {args}") from None
        self.show = show
        self.args = args


class NoOdds(DomekitError):
    """A form with no open decision to give odds for (yet, or any more): no target tapped yet,
    or its result is already known (the defence played, a capture's certain payout). The page
    shows it as a quiet note in place of a chart, never as an error: odds show only while a
    decision is open (issue 27)."""


Export = Callable[[S], Rows]
"""A CSV download of a game's state."""
OddsHook = Callable[[S, Mapping[str, Any]], Json | None]
"""The odds chart of a form as filled in (its fields, as the form would post them), as
`toolkit.odds.render` draws it plus `main` and `notes`; None (or NoOdds, saying why) for a form
with no open decision: nothing chosen yet, or the result already known; DomekitError when the
form cannot be read."""


class TrackerGame(ABC, Generic[S, A]):
    """A game as the tracker drives it. Subclasses set the class attributes and implement the
    abstract methods; the rest have the defaults of a game without that part."""

    name: str
    """As in `domekit kit <name>`, the kit manifest and templates/<name>/."""
    odds: OddsHook[S] | None = None
    """The odds charts of the game's forms; None for a game without odds."""
    pages: Mapping[str, View[S]]
    """The pages by name, each served at /k/<kit>/<name>/<argument>/... and its `.json` twin
    (toolkit/pages.py: a name is a lower-case word). `table` is every game's overview;
    `screen`, when declared, is the big screen's (else the table page shows there)."""
    exports: Mapping[str, Export[S]] = {}
    """CSV downloads by name (/export/<name>.csv)."""
    modes: Mapping[str, Mode] = {}
    """The ways a match may be tracked, the lightest first (LIGHT, FULL): a phone opening a kit
    with no match yet chooses one on the set-up page, and `new_match` gets it as `mode`. None
    (the default): one way, no set-up page."""

    @property
    @abstractmethod
    def actions(self) -> Collection[str]:
        """Every kind of action a phone may send (the `type` field of a form or a JSON body)."""

    # -- matches ----------------------------------------------------------------------------

    @abstractmethod
    def new_match(self, manifest: Mapping[str, Any], previous: S | None) -> S:
        """A new match of a kit (its manifest, with the chosen `mode` when the game has
        `modes`: LIGHT or FULL, absent meaning FULL); `previous` is the kit's last match's
        final state (a campaign)."""

    def mode(self, state: S) -> str:
        """How this match is tracked (one of `modes`); FULL for a game with one way."""
        return FULL

    @abstractmethod
    def matches_in_campaign(self, state: S) -> int:
        """How many matches a campaign holds (the next match is refused after the last)."""

    @abstractmethod
    def next_match_refusal(self, state: S) -> str | None:
        """None when the next match may start from this state, else why not."""

    def over(self, state: S) -> str | None:
        """Why the match is over, None while it goes on (the tracker backs its SQLite file up
        when a match ends: toolkit/tracker/backups.py). Default: never over."""
        return None

    # -- seats at the table (the phones) -------------------------------------------------------

    def seats(self, state: S) -> list[tuple[str, str]]:
        """The seats a phone may claim, as (seat, label) pairs: a team, a player. The seats are
        the strings the game's door names (whose turn it is, who moves) and `acting_seat`
        names; none (the default) shows no seat picker and asks no phone to confirm."""
        return []

    def seat_name(self, state: S, seat: str) -> str:
        """A seat as the game names it ("Player 1", a character's name)."""
        return seat

    def acting_seat(self, state: S, action: A) -> str | None:
        """The seat an action is made for: a phone that claimed another seat confirms first,
        and undo names it. None: anyone's to make (the default)."""
        return None

    # -- actions ----------------------------------------------------------------------------

    @abstractmethod
    def kind(self, action: A) -> str:
        """An action's type, one of `actions`."""

    @abstractmethod
    def parse_action(self, fields: Mapping[str, Any]) -> A:
        """A form's or JSON body's fields as an action, validated; DomekitError naming the field
        when malformed, or the actions when their `type` is not one of `actions`."""

    def parse_text(self, text: str) -> A:
        """An action typed as its text form (the inverse of `text`); DomekitError if unreadable."""
        raise DomekitError("this game's actions cannot be typed as text")

    @abstractmethod
    def text(self, action: A) -> str:
        """The action's text form for the history, e.g. `attack red.gunner -> blue.scout`."""

    def sentence(self, action: A) -> str:
        """The action as the history and the big screen say it to the table. Default: the
        action's own `line()` when it has one, else its `text`."""
        line = getattr(action, "line", None)
        return str(line()) if callable(line) else self.text(action)

    def round_of(self, before: S, action: A) -> str | None:
        """The history's heading for an action made in state `before` ("Round 3"); None: no
        rounds. Default: "Round N" from an integer member `round` above 0 of the state's JSON
        form (a game without one has no headings unless it says)."""
        number = self.state_json(before).get("round")
        if isinstance(number, int) and not isinstance(number, bool) and number > 0:
            return f"Round {number}"
        return None

    @abstractmethod
    def apply(self, state: S, action: A) -> tuple[S, Outcome]:
        """The only way a state changes, through the game's door (its guards, then its rules).
        Pure: never changes `state`; RuleError naming the rule when it refuses the action."""

    def asks(self, state: S, action: A, outcome: Outcome) -> list[Json]:
        """Questions the check page asks before the action is recorded, only when they arise
        (made in `state`, with `apply`'s `outcome`): `{"field", "question", "options": [{"value",
        "label", "preview"?: True}]}`; the page asks the first, one button an answer (the answer
        is the action's field `field`; `preview` checks it again). Default: none."""
        return []

    def touches(self, action: A) -> frozenset[str]:
        """What an action reads and changes (e.g. "team:red"); EVERYTHING when unsure.

        An action made against an older version is refused (409) only when some action made
        since touches something it touches: a money transfer does not clash with an attack.
        """
        return frozenset({EVERYTHING})

    # -- JSON forms -------------------------------------------------------------------------

    @abstractmethod
    def state_json(self, state: S) -> Json:
        """The state's JSON form: what the log stores as a match's start, exports and diffs."""

    @abstractmethod
    def state_from_json(self, value: Json) -> S:
        """A state back from its JSON form (a stored match, an import); DomekitError when it is
        not this game's."""

    @abstractmethod
    def action_json(self, action: A) -> Json:
        """The action's JSON form, with its `type`: what the log stores and exports."""

    @abstractmethod
    def action_from_json(self, value: Json) -> A:
        """An action back from its JSON form (the log, an import), validated as `parse_action`
        validates fields (its `type` one of `actions`)."""

    # -- pages ------------------------------------------------------------------------------

    def page(self, state: S, name: str, args: tuple[str, ...]) -> Page:
        """The page `name` for the URL's arguments; PageNotFound for any other."""
        view = self.pages.get(name)
        if view is None and name == SCREEN:
            name, view = TABLE, self.pages.get(TABLE)
        if view is None or len(args) != len(view.args):
            raise PageNotFound(f"this match has no {name} page {'/'.join(args)}".strip())
        return replace(view.show(state, *args), view=name)

    def screen(self, state: S) -> Page:
        """The big-screen view of the table (/screen, 1920 x 1080, read across the table): the
        game's `screen` page, else its table page (shown read only, in big type, beside the
        last actions)."""
        return self.page(state, SCREEN, ())


def registered(name: str) -> TrackerGame[Any, Any]:
    """The tracker's side of a game in the registry; PageNotFound for a name it does not list."""
    from toolkit.games import UnknownGame, game

    try:
        found = game(name).tracker()
    except UnknownGame:
        raise PageNotFound(f"the tracker has no pages for {name!r} kits") from None
    if not isinstance(found, TrackerGame):
        raise TypeError(f"{name}'s tracker part is not a TrackerGame: {found!r}")
    return found
