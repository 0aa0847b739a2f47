"""A match as a server process holds it in memory: its state at a version, its undo stack and
what its log says so far; a cache of the log (toolkit/tracker/matches.py keeps it true).

The undo stack is a persistent list (a push or a pop makes a new top and leaves the old one
whole), so a snapshot of a match costs nothing. Actions other processes committed and announced
(toolkit/tracker/notices.py) wait in `carried` until the match is next used, when they are folded
in without reading the log.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from toolkit.tracker.notices import Logged
from toolkit.tracker.storage import Chain, MatchRow

CARRIED = 512  # announced actions kept for one match before it is used; past that, the log


@dataclass(frozen=True)
class Effective:
    """The undo stack (every action not undone, in order) as a persistent list."""

    seq: int
    action: Any
    below: Effective | None
    depth: int  # how many actions this one's stack holds, itself included


def depth(top: Effective | None) -> int:
    return 0 if top is None else top.depth


def nodes(top: Effective | None) -> list[Effective]:
    """The stack from the bottom up."""
    found = []
    while top is not None:
        found.append(top)
        top = top.below
    found.reverse()
    return found


@dataclass(frozen=True)
class Snapshot:
    """A match at one version: its state and its undo stack."""

    version: int
    state: Any
    effective: Effective | None


@dataclass
class Live:
    """A match as memory holds it: the state at `version` and what the log says so far."""

    match: MatchRow
    game: str
    version: int
    state: Any  # the game's state type
    effective: Effective | None  # the top of the undo stack: (seq, action) not undone
    touched: list[frozenset[str]]  # what the action at seq i+1 touched
    texts: list[str]  # the text form of the action at seq i+1
    actors: list[tuple[str, float]]  # who recorded the action at seq i+1, and when
    ids: list[str]  # the client action id of the action at seq i+1
    client_ids: dict[str, int] = field(default_factory=dict)
    # The undos of the log: the seq each one took back, by the undo's seq, and the other way.
    undos: dict[int, int] = field(default_factory=dict)
    undone: dict[int, int] = field(default_factory=dict)
    # Actions applied here whose commit is still under way, by client action id. The state above
    # already includes them (later actions build on them); each reply waits for its commit.
    pending: dict[str, Future[int | None]] = field(default_factory=dict)
    chain: Chain = field(default_factory=Chain)
    # The latest version known to be in the database, as memory had it then: where memory goes
    # back to when a commit is refused (its pending actions are then refused too).
    durable: Snapshot = field(default_factory=lambda: Snapshot(0, None, None))
    # On a shared database: the listening epoch in which memory was last read from, or checked
    # against, the database (MatchService.listening).
    checked: int = -1
    # Actions other processes committed past `version`, by seq, as their notifications carried
    # them (written by the listener, taken under the match's lock).
    carried: dict[int, Logged] = field(default_factory=dict)

    def head(self) -> Snapshot:
        return Snapshot(self.version, self.state, self.effective)

    def record(self, seq: int, text: str, actor: str, created: float, client_id: str) -> None:
        """Count the action at `seq` (the next one) in the log as memory holds it."""
        self.version = seq
        self.texts.append(text)
        self.actors.append((actor, created))
        self.ids.append(client_id)
        self.client_ids[client_id] = seq

    def took_back(self, undo: int, target: int) -> None:
        """The undo at seq `undo` took back the action at seq `target`."""
        self.undos[undo] = target
        self.undone[target] = undo

    def back_to_durable(self) -> None:
        """Forget every action after the durable version (their commits were refused)."""
        durable = self.durable
        for client_id in self.ids[durable.version :]:
            self.client_ids.pop(client_id, None)
        for column in (self.touched, self.texts, self.actors, self.ids):
            del column[durable.version :]
        for undo in [seq for seq in self.undos if seq > durable.version]:
            self.undone.pop(self.undos.pop(undo), None)
        self.version, self.state, self.effective = (
            durable.version,
            durable.state,
            durable.effective,
        )
        self.chain = Chain()

    def carry(self, action: Logged) -> None:
        """Keep an action another process committed, for the match's next use (called on the
        listener's loop). Kept when past the durable version: actions of this process whose
        commit was refused in favour of it (memory goes back to the durable version) still
        count meanwhile in `version`."""
        if action.seq <= self.durable.version:
            return
        if len(self.carried) >= CARRIED:
            self.forget_carried(self.durable.version)
            if len(self.carried) >= CARRIED:  # not used for long: the log is read instead
                self.carried = {}
        self.carried[action.seq] = action

    def take_carried(self, upto: int) -> list[Logged] | None:
        """The carried actions after `version` up to seq `upto`, when every one of them is
        here (lock held); None when one is missing (it was too big to carry, or lost)."""
        carried = self.carried
        wanted = range(self.version + 1, upto + 1)
        if not wanted or any(seq not in carried for seq in wanted):
            return None
        taken = [carried[seq] for seq in wanted]
        self.forget_carried(upto)
        return taken

    def forget_carried(self, upto: int | None = None) -> None:
        """Drop the carried actions up to seq `upto` (by default, `version`): memory has them."""
        upto = self.version if upto is None else upto
        carried = self.carried
        for seq in [seq for seq in list(carried) if seq <= upto]:  # list(): one step, atomic
            carried.pop(seq, None)
