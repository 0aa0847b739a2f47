"""Matches as action logs: one writer per match, idempotent actions, undo by replay, live events.

A match's state is the fold of its game's `apply` (through the referee's guards) over its
effective actions (every action that no later `undo` took back). The latest state of each match
is kept in memory, as the game's typed value, with the version it stands at: a cache of the log.
An action is applied to it at once and queued for the group commit (toolkit/tracker/storage.py),
whose compare-and-set on the match's version refuses it when the database moved on meanwhile
(another process wrote first). Every write is checked against the version it was made on, under
the match's lock, in the same step that applies it: an action's clash with what came since, an
undo's target (the latest action in effect), a redo's undo (the log's last entry); so two of
them sent at once can never both be applied, and the second of two identical ones is answered as
a duplicate of the first. When a commit is refused, memory goes back to the last state known
durable and catches up; where the database is shared by several processes (`Store.shared`),
every read and write also checks the cached version first (toolkit/tracker/listener.py) and
catches up the same way: from the actions the other processes announced (toolkit/tracker/
notices.py), else by reading the log's tail. A restarted server rebuilds each match from its
whole log. The database holds the JSON forms of states and actions (contract.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool

from toolkit.errors import DomekitError, RuleError
from toolkit.tracker.commits import Blocking, run_blocking, wait_quietly
from toolkit.tracker.contract import EVERYTHING, Json, TrackerGame, registered
from toolkit.tracker.fields import client_action_id as check_client_id
from toolkit.tracker.history import CHECKPOINT
from toolkit.tracker.imports import EXPORT_FORMAT, check_export, undo_entry
from toolkit.tracker.live import Event
from toolkit.tracker.memory import Effective, Live, Snapshot, depth, nodes
from toolkit.tracker.notices import Logged, event_data
from toolkit.tracker.referee import UNDO, Entry, Referee
from toolkit.tracker.storage import Append, KitRow, LogEntry, MatchRow, Replaced, Store

ATTEMPTS = 8  # an action is applied again this often when other processes keep writing first


class Stale(DomekitError):
    """The action was made against an older version and something it touches changed since."""

    def __init__(
        self, version: int, since: list[str], duplicate: dict[str, Any] | None = None
    ) -> None:
        self.version = version
        self.since = since
        self.duplicate = duplicate  # the action since, identical to this one: seq, text, actor
        if duplicate is not None:
            who = duplicate["actor"] or "someone"
            clock = time.strftime("%H:%M:%S", time.localtime(duplicate["created"]))
            message = (
                f"already recorded by {who} at {clock}: #{duplicate['seq']} {duplicate['text']}"
                " (not recorded again; if it happened again, send it with the current version)"
            )
        elif since:
            message = "the match changed since this page was loaded: " + "; ".join(since)
        else:
            message = "the match changed since this page was loaded"
        super().__init__(message)


class NotFound(DomekitError):
    """No kit, match or page by that name."""


class NeedsConfirmation(DomekitError):
    """An import would replace a match in progress and nobody confirmed it (409)."""


class Closed(DomekitError):
    """The match is being replaced (an import, the next match) or was: nothing is recorded on
    it any more (409)."""


class Unanswered(Exception):  # noqa: N818 - not an error: the rules' question comes first
    """A "record it now" the rules still have a question about (`TrackerGame.asks`): nothing was
    recorded; the check page asks the first question, with what the action would do."""

    def __init__(self, text: str, outcome: dict[str, Any], asks: list[Json]) -> None:
        super().__init__(text)
        self.text = text
        self.outcome = outcome
        self.asks = asks


@dataclass
class Submitted:
    """An action in the log: the reply to a submit (also to its retries)."""

    seq: int
    version: int
    text: str
    outcome: dict[str, Any]
    replayed: bool = False  # True when the client's action id was already in the log

    def as_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "version": self.version,
            "text": self.text,
            "outcome": self.outcome,
            "replayed": self.replayed,
        }


@dataclass(frozen=True)
class _Write:
    """One action on its way into a match's log, as a request sent it: an undo when `action` is
    None (of `target`, when named: it must still be the latest action in effect), a redo when
    `redo_of` names the action an undo took back (that undo must still be the log's last entry).
    """

    match_id: int
    referee: Referee[Any, Any]
    action: Any
    client_action_id: str
    base_version: int | None
    actor: str
    ask_first: bool = False  # "record it now": Unanswered while the rules have a question
    target: int | None = None
    redo_of: int | None = None


def new_client_action_id() -> str:
    """A fresh id for one form render or one API call: a retry sends the same one again."""
    return secrets.token_hex(12)


class MatchService:
    """Every read and write of kits and matches goes through here."""

    def __init__(
        self, store: Store, games: Callable[[str], TrackerGame[Any, Any]] = registered
    ) -> None:
        self.store = store
        self._games = games  # a game by name: the registry's (tests add their own)
        self._referees: dict[str, Referee[Any, Any]] = {}
        self._live: dict[int, Live] = {}
        self._locks: dict[int, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        # Matches no action may reach: why, by match id (being replaced, or replaced by match N).
        self._closed: dict[int, str] = {}
        # Called after each commit: (match id, seq, the live event it made; None when the match's
        # kit moved on to another match).
        self.listeners: list[Callable[[int, int, Event | None], None]] = []
        # On a shared database, the seq each match reached as other processes announced it
        # (`heard`, from toolkit/tracker/listener.py) and whether every commit is announced now
        # (`listening`): memory is then compared with these; otherwise, and for a match not read
        # since the listener last (re)connected, with the database's version.
        self._heads: dict[int, int] = {}
        # Takes in, on the event loop, what other processes announced that has arrived (the
        # listener's `poll`): before a write's next attempt on the loop (the request's start
        # read it for the first), so that one refused because another process wrote first
        # catches up from the announcement, not the log.
        self.hear: Callable[[], None] = lambda: None
        self._announced = False
        self._epoch = 0
        # Called with (match id, seq, state) for states a rebuild passes that the history keeps.
        self.on_checkpoint: Callable[[int, int, Any], None] | None = None

    # -- plumbing ---------------------------------------------------------------------------

    def referee(self, game: str) -> Referee[Any, Any]:
        """The game by name, behind the guards every game shares."""
        if game not in self._referees:
            self._referees[game] = Referee(self._games(game))
        return self._referees[game]

    def game_of(self, match: MatchRow) -> str:
        kit = self.store.kit(kit_id=match.kit_id)
        if kit is None:
            raise NotFound(f"match {match.id} belongs to no kit")
        return kit.game

    def _lock(self, match_id: int) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(match_id, threading.Lock())

    def _notify(self, match_id: int, seq: int, event: Event | None = None) -> None:
        for listener in list(self.listeners):
            listener(match_id, seq, event)

    def heard(self, match_id: int, seq: int, action: Logged | None = None) -> None:
        """A process (maybe this one) committed the match's log up to `seq`, with `action` at
        `seq` when the notification carried it: kept for the match's next use when memory
        holds the match and has not got it yet (on the listener's loop: nothing is applied
        here)."""
        if seq > self._heads.get(match_id, 0):
            self._heads[match_id] = seq
        live = self._live.get(match_id)
        if live is not None and action is not None:
            live.carry(action)

    def holds(self, match_id: int) -> bool:
        """Whether memory holds the match (what is announced of it is kept for it)."""
        return match_id in self._live

    def listening(self, announced: bool) -> None:
        """Every commit is announced from now on (True), or some may not be (False): either
        way, what memory holds is checked against the database once more before it is used."""
        self._epoch += 1
        self._announced = announced

    # -- kits -------------------------------------------------------------------------------

    def kit(self, kit_id: str) -> KitRow:
        row = self.store.kit(kit_id=kit_id) if _looks_like_token(kit_id) else None
        if row is None:
            raise NotFound(f"no kit {kit_id!r} is known to this tracker")
        return row

    def kit_by_view_token(self, token: str) -> KitRow:
        row = self.store.kit(view_token=token) if _looks_like_token(token) else None
        if row is None:
            raise NotFound("no kit has this view link")
        return row

    def current_match(self, kit: KitRow) -> MatchRow:
        """The kit's current match, starting match 1 when the kit has none yet."""
        if kit.current_match is not None and kit.current_match > 0:
            match = self.store.match(kit.current_match)
            if match is not None:
                return match
        referee = self.referee(kit.game)
        first = referee.state_json(referee.new_match(kit.manifest, None))
        self.store.create_match(kit.kit_id, 1, first, after=None)
        fresh = self.kit(kit.kit_id)
        match = self.store.match(fresh.current_match or 0)
        if match is None:
            raise NotFound(f"kit {kit.kit_id} has no match")
        return match

    def start_next_match(self, kit: KitRow, seen_match_id: int) -> MatchRow:
        """Move a kit's campaign on to its next match, carrying the last match's final state."""
        referee = self.referee(kit.game)
        game = referee.game
        current = self.current_match(kit)
        if current.id != seen_match_id:
            return current  # someone else moved the campaign on already: no double start

        def next_one(live: Live) -> tuple[Json, list[LogEntry]]:
            refusal = game.next_match_refusal(live.state)
            if refusal:
                raise RuleError("next match", refusal)
            if current.number >= game.matches_in_campaign(live.state):
                raise RuleError("campaign", f"the campaign is over after match {current.number}")
            return referee.state_json(referee.new_match(kit.manifest, live.state)), []

        return self._replace_current(kit, current, next_one, "a new match is starting")

    def _replace_current(
        self,
        kit: KitRow,
        current: MatchRow,
        build: Callable[[Live], tuple[Json, list[LogEntry]]],
        why: str,
    ) -> MatchRow:
        """A new match (its initial state and first actions from `build`, which sees the current
        match once its last actions are committed) becomes the kit's current match, in one
        transaction. Meanwhile actions on the current match are refused (Closed, 409): none
        lands on a match just replaced, and a refusal leaves the current match as it was."""
        with self._lock(current.id):
            if current.id in self._closed:
                raise Closed(f"this match cannot change now: {self._closed[current.id]}")
            self._closed[current.id] = f"{why}; reload the page in a moment"
            live = self._current(current.id)
        replaced = False
        try:
            for waiting in list(live.pending.values()):  # queued before the door closed
                wait_quietly(waiting)
            with self._lock(current.id):
                live = self._current(current.id)
            initial, log = build(live)
            number = max(m.number for m in self.store.kit_matches(kit.kit_id)) + 1
            new_id = self.store.create_match(
                kit.kit_id, number, initial, after=current.id, after_version=live.version, log=log
            )
            if new_id is None:
                raise Stale(live.version, ["the kit moved on to another match meanwhile"])
            replaced = True
        finally:
            with self._lock(current.id):
                if replaced:
                    self._closed[current.id] = (
                        f"the kit's current match is now match {number}; reload the page"
                    )
                else:
                    self._closed.pop(current.id, None)
        self._notify(current.id, live.version)  # its streams tell their pages to reload
        match = self.store.match(new_id)
        return match or self.current_match(self.kit(kit.kit_id))

    # -- state ------------------------------------------------------------------------------

    def state(self, match_id: int, *, at_least: int = 0) -> tuple[int, Any]:
        """(version, state) of a match, the state as its game's value (never to be changed);
        `at_least`: a seq the asker knows is committed (a page after its own action, which
        another process may have recorded)."""
        live = self._load(match_id, at_least)
        return live.version, live.state

    def state_json(self, match_id: int) -> tuple[int, Json]:
        """(version, the state's JSON form) of a match, as exports and the JSON API show it."""
        live = self._load(match_id)
        return live.version, self.referee(live.game).state_json(live.state)

    def last_effective_action(self, match_id: int) -> tuple[int, str, Any, str] | None:
        """(seq, text, action, who recorded it) of the action an undo would take back now, if
        any (as the last read of the match found it: a page reads its state first)."""
        live = self._live.get(match_id)
        if live is None or live.chain.broken:
            live = self._load(match_id)
        top = live.effective
        if top is None:
            return None
        return top.seq, live.texts[top.seq - 1], top.action, live.actors[top.seq - 1][0]

    def redoable(self, match_id: int) -> tuple[int, str] | None:
        """(seq, text) of the action the log's last entry, an undo, took back: what a redo
        records again. None when the last entry is not an undo."""
        live = self._load(match_id)
        target = live.undos.get(live.version)
        return None if target is None else (target, live.texts[target - 1])

    def redo(
        self,
        match_id: int,
        target: int,
        *,
        client_action_id: Any,
        base_version: int | None,
        actor: str = "",
    ) -> Submitted:
        """Record again the action at seq `target`, which an undo took back, against that
        undo's version: Stale when something else was recorded since (a duplicate when that
        was the same action: the redo of another phone), or no undo took it back."""
        client_action_id = check_client_id(client_action_id)
        live = self._load(match_id)
        known = self._known(live, client_action_id)
        if known is not None:
            return known
        if target not in live.undone:
            raise Stale(live.version, [f"#{target} is not an action an undo took back"])
        referee = self.referee(live.game)
        action = referee.decode(self.store.payloads(match_id, target, target)[target])
        write = _Write(
            match_id, referee, action, client_action_id, base_version, actor, redo_of=target
        )
        return run_blocking(self._attempts(write, Blocking))

    def last_effective(self, match_id: int) -> tuple[int, str] | None:
        """(seq, text) of the action an undo would take back now, if any."""
        found = self.last_effective_action(match_id)
        return None if found is None else (found[0], found[1])

    def _load(self, match_id: int, at_least: int = 0) -> Live:
        live = self._live.get(match_id)
        if live is not None and not live.chain.broken and not self._may_lag(live, at_least):
            return live
        with self._lock(match_id):
            return self._current(match_id, at_least)

    def _may_lag(self, live: Live, at_least: int = 0) -> bool:
        """Whether the database may hold actions of the match that memory does not: on a
        shared database, when another process's commit past memory's version was announced, or
        commits may have gone unannounced. Not while actions of it are being committed here:
        their compare-and-set finds out."""
        if not self.store.shared or live.pending:
            return False
        if not self._announced or live.checked != self._epoch:
            return True
        return max(at_least, self._heads.get(live.match.id, 0)) > live.version

    def _current(self, match_id: int, at_least: int = 0) -> Live:
        """The match in memory, as the database has it (call with the match's lock held): built
        from the log when missing; after a refused commit, back to its durable version and on
        from there; when it may lag (`_may_lag`), caught up the same way (`_catch_up`)."""
        live = self._live.get(match_id)
        if live is None:
            return self._rebuild(match_id)
        if live.chain.broken:  # another process wrote first
            behind = live.chain.behind or 0
            live.back_to_durable()
            return self._catch_up(live, behind)
        if not self._may_lag(live, at_least):
            return live
        if self._announced and live.checked == self._epoch:
            return self._catch_up(live, at_least)  # announced: the log is longer
        epoch = self._epoch
        version = self.store.version(match_id)
        if version is None or version < live.version:  # the database was restored
            return self._rebuild(match_id)
        if version > live.version:
            self._catch_up(live, version)
        if live.version >= version:
            live.checked = epoch
        return live

    def _needs_thread(self, match_id: int) -> bool:
        """Whether bringing the match's memory up to date may read the database or replay the
        match (an undo): not on the event loop, then. Announced actions are applied on it."""
        live = self._live.get(match_id)
        if live is None:
            return True
        if live.chain.broken:
            first, upto = live.durable.version + 1, live.chain.behind or 0
        elif not self._may_lag(live):
            return False
        elif self._announced and live.checked == self._epoch:
            first = live.version + 1
        else:
            return True  # the database is asked for the match's version
        upto = max(upto if live.chain.broken else 0, self._heads.get(match_id, 0))
        carried = live.carried
        wanted = [carried.get(seq) for seq in range(first, upto + 1)]
        return not wanted or any(a is None or a.kind == UNDO for a in wanted)

    def _rebuild(self, match_id: int) -> Live:
        """Read a match's whole log and fold it (start-up, or a database that went back)."""
        match = self.store.match(match_id)
        if match is None:
            raise NotFound(f"no match {match_id}")
        game = self.game_of(match)
        live = Live(
            match=match,
            game=game,
            version=0,
            state=self.referee(game).state_from_json(match.initial_state),
            effective=None,
            touched=[],
            texts=[],
            actors=[],
            ids=[],
        )
        live.checked = self._epoch
        self._fold(live, self.store.actions(match_id))
        self._live[match_id] = live
        return live

    def _catch_up(self, live: Live, upto: int = 0) -> Live:
        """Bring memory on to seq `upto` or the latest announced (lock held): from the actions
        other processes announced when every one is here, else by reading the log after the
        version memory holds (memory is then as the database is)."""
        upto = max(upto, self._heads.get(live.match.id, 0))
        carried = live.take_carried(upto) if upto > live.version else None
        if carried is not None:
            self._fold(live, carried)
            return live
        epoch = self._epoch
        rows = self.store.actions(live.match.id, after=live.version)
        if rows and rows[0].seq != live.version + 1:  # cannot be: a log has no gaps
            return self._rebuild(live.match.id)
        self._fold(live, rows)
        live.forget_carried()
        live.checked = epoch
        return live

    def _fold(self, live: Live, rows: Sequence[Logged]) -> None:
        """The log's next rows into memory: each action applied on top, or, when one of them
        is an undo, the whole undo stack replayed once from the initial state."""
        referee = self.referee(live.game)
        top = live.effective
        pushed: list[Effective] = []
        undone = False
        for row in rows:
            if row.kind == UNDO:
                if top is None:
                    raise DomekitError(f"match {live.match.id}: #{row.seq} undoes nothing")
                live.took_back(row.seq, top.seq)
                top, undone = top.below, True
                touches = frozenset({EVERYTHING})
            else:
                action = referee.decode(row.payload)
                top = Effective(row.seq, action, top, depth(top) + 1)
                pushed.append(top)
                touches = referee.touches(action)
            live.touched.append(touches)
            live.record(row.seq, row.text, row.actor, row.created, row.client_action_id)
        if undone:
            live.state = referee.state_from_json(live.match.initial_state)
            pushed = list(nodes(top))
        state = live.state
        for node in pushed:
            state, _outcome = referee.apply(state, node.action)
            if node.depth % CHECKPOINT == 0 and self.on_checkpoint is not None:
                self.on_checkpoint(live.match.id, node.seq, state)  # history pages start here
        live.state, live.effective = state, top
        live.durable = live.head()

    # -- writes -----------------------------------------------------------------------------

    def submit(
        self,
        match_id: int,
        data: Mapping[str, Any] | Entry[Any],
        *,
        client_action_id: Any,
        base_version: int | None,
        actor: str = "",
        ask_first: bool = False,
    ) -> Submitted:
        """Apply one action (`data`: a request's action fields, or the entry read from them) and
        commit it before answering.

        A client action id already in the log returns that action's original result (a retry
        is applied once). Raises Stale or Closed (409), RuleError or DomekitError (422), and
        with `ask_first`, Unanswered when the rules still have a question; nothing changes then.
        """
        client_action_id = check_client_id(client_action_id)
        live = self._load(match_id)
        referee = self.referee(live.game)
        known = self._known(live, client_action_id)
        if known is not None:
            return known
        entry = data if isinstance(data, Entry) else referee.entry(data)
        write = _Write(
            match_id, referee, entry.action, client_action_id, base_version, actor, ask_first,
            target=entry.target,
        )  # fmt: skip
        return run_blocking(self._attempts(write, Blocking))

    async def submit_async(
        self,
        match_id: int,
        data: Mapping[str, Any] | Entry[Any],
        *,
        client_action_id: Any,
        base_version: int | None,
        actor: str = "",
        ask_first: bool = False,
    ) -> Submitted:
        """`submit` for the event loop: the action is applied on the loop (it takes well under
        a millisecond once the match is in memory) and the loop waits for the group commit
        without holding a thread. Undo (a replay), and a match that memory must read from the
        database first (not yet read, or behind it by more than was announced), go to a worker
        thread."""
        client_action_id = check_client_id(client_action_id)
        live = self._live.get(match_id)
        if live is None:
            return await run_in_threadpool(
                lambda: self.submit(
                    match_id,
                    data,
                    client_action_id=client_action_id,
                    base_version=base_version,
                    actor=actor,
                    ask_first=ask_first,
                )
            )
        referee = self.referee(live.game)
        entry = data if isinstance(data, Entry) else referee.entry(data)
        write = _Write(
            match_id, referee, entry.action, client_action_id, base_version, actor, ask_first,
            target=entry.target,
        )  # fmt: skip
        if entry.action is None:
            return await run_in_threadpool(self._blocking, write)
        return await self._attempts(write, asyncio.wrap_future, on_loop=True)

    def _blocking(self, write: _Write) -> Submitted:
        return run_blocking(self._attempts(write, Blocking))

    async def _attempts(
        self,
        write: _Write,
        wait: Callable[[Future[int | None]], Awaitable[int | None]],
        *,
        on_loop: bool = False,
    ) -> Submitted:
        """The retry loop of `submit` and `submit_async`: the action applied in memory and
        queued for the group commit, again when another process wrote first. `wait` waits for a
        commit: on the event loop (`asyncio.wrap_future`, `on_loop`: the rest moves to a worker
        thread once memory must read the database), or blocking the thread (`Blocking`, with
        which this coroutine never suspends and `_blocking` runs it to its end)."""
        match_id = write.match_id
        for attempt in range(ATTEMPTS):
            if on_loop:
                if attempt:
                    self.hear()
                if self._needs_thread(match_id):
                    return await run_in_threadpool(self._blocking, write)
            step = self._step(write)
            if isinstance(step, Submitted):
                return step
            if isinstance(step, Future):  # a retry of an action still being committed
                with contextlib.suppress(Exception):
                    await wait(step)
                continue
            item, text, outcome = step
            try:
                seq = await wait(item.done)  # the reply waits until the action is durable
            except Replaced:
                raise self._replaced(match_id) from None
            if seq is None:  # another process wrote first: catch up, check again, retry
                continue
            self._notify(match_id, seq, (item.kind, item.event_data))
            return Submitted(seq=seq, version=seq, text=text, outcome=outcome)
        raise self._busy(match_id, write.base_version)

    def _step(self, write: _Write) -> Submitted | Future[int | None] | tuple[Append, str, Json]:
        """Under the match's lock: the known reply of a retry, the pending commit of the same
        action id, or the action checked against the version it was made on, applied in memory
        (once) and queued for the group commit; Unanswered instead when `ask_first` and the
        rules still have a question."""
        match_id, referee, action = write.match_id, write.referee, write.action
        with self._lock(match_id):
            live = self._current(match_id)
            waiting = live.pending.get(write.client_action_id)
            if waiting is not None:
                return waiting
            known = self._known(live, write.client_action_id)
            if known is not None:
                return known
            self._check_open(match_id)
            if action is None:
                return self._undo(live, write)
            touches = referee.touches(action)
            if write.redo_of is not None:
                self._check_redo(live, write.redo_of, write.base_version, action)
            else:
                self._check_fresh(live, write.base_version, touches, action)
            state, outcome = referee.apply(live.state, action)
            text = referee.text(action)
            if write.ask_first:
                asks = referee.asks(live.state, action, outcome)
                if asks:
                    raise Unanswered(text, outcome, asks)
            seq = live.version + 1
            after = Snapshot(
                seq, state, Effective(seq, action, live.effective, depth(live.effective) + 1)
            )
            item = self._append(
                live, write, referee.game.kind(action), referee.action_json(action), text,
                outcome, after, touches,
            )  # fmt: skip
            return item, text, outcome

    def _undo(self, live: Live, write: _Write) -> tuple[Append, str, Json]:
        """Take back the latest action still in effect (`write.target`, when named, must be it:
        Stale otherwise, a duplicate when an undo took it back already): the state is the log
        replayed without it (lock held)."""
        if live.effective is None:
            raise RuleError("undo", "there is nothing to undo in this match")
        last_seq, below = live.effective.seq, live.effective.below
        target = write.target
        if target is not None and target != last_seq:
            undo = live.undone.get(target)
            duplicate = self._entry(live, undo) if undo is not None else None
            raise Stale(live.version, self._since(live, min(target, live.version)), duplicate)
        if target is None:
            self._check_fresh(live, write.base_version, frozenset({EVERYTHING}))
        referee = write.referee
        state = referee.state_from_json(live.match.initial_state)
        for node in nodes(below):
            state, _outcome = referee.apply(state, node.action)
        text, outcome, payload = undo_entry(last_seq, live.texts[last_seq - 1])
        after = Snapshot(live.version + 1, state, below)
        item = self._append(
            live, write, UNDO, payload, text, outcome, after, frozenset({EVERYTHING}),
            undoes=last_seq,
        )  # fmt: skip
        return item, text, outcome

    def _append(
        self,
        live: Live,
        write: _Write,
        kind: str,
        payload: Json,
        text: str,
        outcome: dict[str, Any],
        after: Snapshot,
        touches: frozenset[str],
        undoes: int | None = None,
    ) -> Append:
        """Queue an action for the group commit and count it in memory, which stands at `after`
        from now on (lock held); once the commit succeeds, `after` is durable."""
        client_action_id, actor = write.client_action_id, write.actor
        item = Append(
            match_id=live.match.id,
            expected_version=live.version,
            client_action_id=client_action_id,
            actor=actor,
            kind=kind,
            payload=payload,
            base_version=write.base_version,
            text=text,
            outcome=outcome,
            event_data=event_data(text, actor),
            chain=live.chain,
        )

        def settled(done: Future[int | None]) -> None:  # in the writer thread
            if live.pending.get(client_action_id) is done:
                del live.pending[client_action_id]
            if done.exception() is None and done.result() is not None:
                if after.version > live.durable.version:
                    live.durable = after

        live.pending[client_action_id] = item.done
        item.done.add_done_callback(settled)
        live.touched.append(touches)
        if undoes is not None:
            live.took_back(after.version, undoes)
        live.record(after.version, text, actor, time.time(), client_action_id)
        live.state, live.effective = after.state, after.effective
        self.store.append_later(item)
        return item

    def _replaced(self, match_id: int) -> Closed:
        """Another process moved the match's kit on to another match: nothing lands on it."""
        why = "the kit moved on to another match; reload the page"
        with self._lock(match_id):
            self._closed.setdefault(match_id, why)
        self.store.forget_kits()
        return Closed(f"nothing was recorded: {why}")

    def _busy(self, match_id: int, base_version: int | None) -> Stale:
        """Every attempt was beaten by another process's write: the fresh version, to retry."""
        with self._lock(match_id):
            live = self._current(match_id)
        return Stale(live.version, self._since(live, base_version or live.version))

    def _check_open(self, match_id: int) -> None:
        """Closed when the match is being replaced or was (call with its lock held)."""
        why = self._closed.get(match_id)
        if why is not None:
            raise Closed(f"nothing was recorded: {why}")

    def _known(self, live: Live, client_action_id: str) -> Submitted | None:
        seq = live.client_ids.get(client_action_id)
        if seq is None:
            return None
        row = self.store.action_by_client_id(live.match.id, client_action_id)
        if row is None:
            return None
        return Submitted(
            seq=row.seq, version=live.version, text=row.text, outcome=row.outcome, replayed=True
        )

    def _check_redo(self, live: Live, target: int, base_version: int | None, action: Any) -> None:
        """A redo of `target` goes against the version of the undo that took it back, which
        must still be the log's last entry: else Stale, a duplicate when the action is in
        effect again since (another phone's redo of it)."""
        undo = live.undone.get(target)
        if undo is None:
            raise Stale(live.version, [f"#{target} is not an action an undo took back"])
        if base_version is not None and not undo <= base_version <= live.version:
            raise Stale(live.version, [f"this page claims version {base_version}"])
        self._check_fresh(live, undo, frozenset({EVERYTHING}), action)

    def _check_fresh(
        self,
        live: Live,
        base_version: int | None,
        touches: frozenset[str],
        action: Any = None,
    ) -> None:
        """Stale when an action made since the page's version clashes with this one; with
        `duplicate` set when one of them, still in effect, is this very action (two phones
        entered the same table event)."""
        if base_version is None or base_version == live.version:
            return
        if base_version > live.version or base_version < 0:
            raise Stale(live.version, [f"this page claims version {base_version}"])
        node = live.effective if action is not None else None
        while node is not None and node.seq > base_version:
            if node.action == action:
                duplicate = self._entry(live, node.seq)
                raise Stale(live.version, self._since(live, base_version), duplicate)
            node = node.below
        clash = [
            live.texts[index]
            for index in range(base_version, live.version)
            if _overlap(touches, live.touched[index])
        ]
        if clash:
            raise Stale(live.version, clash)

    def _entry(self, live: Live, seq: int) -> dict[str, Any]:
        """The action at `seq` as a duplicate's refusal names it: seq, text, who and when."""
        actor, created = live.actors[seq - 1]
        return {"seq": seq, "text": live.texts[seq - 1], "actor": actor, "created": created}

    def _since(self, live: Live, version: int) -> list[str]:
        return [live.texts[index] for index in range(max(version, 0), live.version)]

    # -- export and import ------------------------------------------------------------------

    def export(self, match: MatchRow) -> dict[str, Any]:
        return {
            "format": EXPORT_FORMAT,
            "game": self.game_of(match),
            "match_number": match.number,
            "initial_state": match.initial_state,
            "actions": [
                {
                    "seq": row.seq,
                    "client_action_id": row.client_action_id,
                    "actor": row.actor,
                    "created": row.created,
                    "payload": row.payload,
                    "text": row.text,
                }
                for row in self.store.actions(match.id)
            ],
        }

    def import_match(self, kit: KitRow, document: Any, *, replaces: int | None) -> MatchRow:
        """A match export becomes the kit's current match: the whole file is checked first
        (imports.check_export), then written in one transaction with the kit's move to it.

        A current match with actions is replaced only when `replaces` names it (the person
        importing confirmed it); it stays in the kit's history, read only."""
        checked = check_export(self.referee(kit.game), kit, document, new_client_action_id)
        current = self.current_match(kit)

        def imported(live: Live) -> tuple[Json, list[LogEntry]]:
            if live.version > 0 and replaces != current.number:
                raise NeedsConfirmation(
                    f"match {current.number} is in progress ({live.version} actions): importing "
                    f"makes it read only (it stays in the history) and the imported match "
                    f"becomes the kit's current match. Confirm that it replaces match "
                    f"{current.number} (replaces={current.number}); nothing was changed"
                )
            return checked.initial, checked.log

        return self._replace_current(kit, current, imported, "a match is being imported")


def _overlap(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    return EVERYTHING in mine or EVERYTHING in theirs or bool(mine & theirs)


def _looks_like_token(value: str) -> bool:
    return 8 <= len(value) <= 64 and all(
        c in "0123456789abcdefABCDEF-_" or c.isalnum() for c in value
    )
