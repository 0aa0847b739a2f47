"""The odds, worked out in worker processes under a time limit that really stops them.

An odds query can hold the interpreter for seconds: an exact chain over two characters' HP
multiplies big integers in single C calls that let no other thread run, so in the server's own
process one fight's odds asked on a view link (805 HP against 805, 100 exchanges) stalled every
request for six minutes. The games cap the work a query may ask for (a fight's exchanges times
both sides' HP, in that game's package); this pool holds whatever a cap does not foresee:

- Each query runs in one of `size` worker processes (spawned: no lock held by the server's
  threads is inherited), while the server's event loop serves every other request.
- A query that has taken `seconds` of CPU time without an answer is refused (`OddsTooSlow`, a
  422), and its worker is killed and replaced (CPU time: a machine busy with other work does not
  shorten the limit; where it cannot be read, wall-clock time); a worker's address space is
  capped at `memory` above its start (the template sandbox's cap), and one that dies is
  replaced too.
- At most `waiting` queries wait for a free worker; one more is refused at once (`OddsBusy`, a
  503): strangers asking costly queries can keep the odds busy, never the pages or the actions.

A worker finds a game in the registry by name (the environment's games too: a spawned process
inherits it) and reads the state from its JSON form, kept for the
last few states it was sent (the text is the key: one form filled in asks the same state again
and again, and the odds engines' caches, keyed by the rules' identity, keep hitting).
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from toolkit.data.limits import size_text
from toolkit.errors import DomekitError, RuleError
from toolkit.parsing import Json
from toolkit.tracker.referee import Referee

ODDS_SECONDS = 5.0
"""The most CPU time one query may take; the heaviest the games' caps allow take about 1.5 s."""
WALL_FACTOR = 10
"""However busy the machine, a query is stopped after this many times ODDS_SECONDS."""
POLL_SECONDS = 0.05
ODDS_MEMORY = 512 * 2**20
"""A worker's address space above what it starts with (the odds cache holds 32 MiB)."""
MAX_WAITING = 8
"""Queries waiting for a free worker at once, beyond those running."""
STATES_KEPT = 16
"""States a worker keeps read (and the server keeps as text) for the next query."""

_log = logging.getLogger("domekit.tracker")


class OddsTooSlow(DomekitError):
    """The query ran past the time limit (or its worker died) and was stopped."""


class OddsBusy(DomekitError):
    """Every worker is busy and enough queries already wait."""


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, context: Any, memory: int) -> None:
        self.connection, child = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_serve, args=(child, memory), name="domekit-odds", daemon=True
        )
        self.process.start()
        child.close()
        self.ready = False

    def wait_ready(self, seconds: float) -> bool:
        """Until the worker has loaded the games (its first message)."""
        if not self.ready and self.connection.poll(seconds):
            try:
                self.ready = self.connection.recv() == ("ready",)
            except (EOFError, OSError):
                return False
        return self.ready

    def answers_within(self, seconds: float) -> bool:
        """Whether the query sent answers before the worker has spent `seconds` of CPU on it
        (where /proc tells, so a busy machine does not shorten it; else of wall-clock time), and
        within WALL_FACTOR times that in any case."""
        started, spent = time.monotonic(), _cpu_seconds(self.process.pid)
        while not self.connection.poll(POLL_SECONDS):
            now = _cpu_seconds(self.process.pid)
            if spent is None or now is None:
                used = time.monotonic() - started
            else:
                used = now - spent
            if used > seconds or time.monotonic() - started > WALL_FACTOR * seconds:
                return False
        return True

    def stop(self) -> None:
        self.connection.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)


class OddsPool:
    """`size` worker processes answering odds queries one at a time each."""

    def __init__(
        self,
        size: int = 1,
        *,
        seconds: float = ODDS_SECONDS,
        memory: int = ODDS_MEMORY,
        waiting: int = MAX_WAITING,
    ) -> None:
        self.size = size
        self.seconds = seconds
        self.memory = memory
        self.waiting = waiting
        self._context = multiprocessing.get_context("spawn")
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._lock = threading.Lock()
        self._started = False
        self._asking = 0  # queries running or waiting
        self._texts: OrderedDict[int, tuple[Any, str]] = OrderedDict()  # id(state): (state, text)

    def start(self) -> OddsPool:
        """Start the workers (they load the games meanwhile); at the first query otherwise."""
        with self._lock:
            if not self._started:
                self._started = True
                for _ in range(self.size):
                    self._idle.put(_Worker(self._context, self.memory))
        return self

    def chart(
        self, referee: Referee[Any, Any], state: Any, fields: Mapping[str, Any]
    ) -> Json | None:
        """The game's odds chart of a form, as `referee.odds` gives it (blocking: call it from a
        worker thread). A refusal of the game's is raised as it was (DomekitError or
        RuleError); OddsTooSlow when the query was stopped, OddsBusy when too many wait."""
        if referee.game.odds is None:
            return None
        self.start()
        with self._lock:
            if self._asking >= self.size + self.waiting:
                raise OddsBusy(
                    f"the odds are busy ({self._asking} forms' odds being worked out): try again "
                    "in a moment"
                )
            self._asking += 1
        try:
            return self._ask(referee.name, self._text(referee, state), dict(fields))
        finally:
            with self._lock:
                self._asking -= 1

    def _text(self, referee: Referee[Any, Any], state: Any) -> str:
        """The state's JSON text, made once per state object (a match's states are not
        changed once made; the entry keeps the object alive, so its id is not reused)."""
        with self._lock:
            found = self._texts.get(id(state))
            if found is not None and found[0] is state:
                self._texts.move_to_end(id(state))
                return found[1]
        text = json.dumps(referee.state_json(state), separators=(",", ":"))
        with self._lock:
            self._texts[id(state)] = (state, text)
            while len(self._texts) > STATES_KEPT:
                self._texts.popitem(last=False)
        return text

    def _ask(self, game: str, text: str, fields: dict[str, Any]) -> Json | None:
        worker = self._idle.get()
        healthy = False
        try:
            if not worker.process.is_alive():  # stopped while idle (or its replacement failed)
                worker.stop()
                worker = _Worker(self._context, self.memory)
            # A fresh worker loads the games first: that time is not the query's.
            if not worker.wait_ready(60.0):
                raise OddsTooSlow("the odds could not be worked out: their worker did not start")
            try:
                worker.connection.send((game, text, fields))
                if not worker.answers_within(self.seconds):
                    raise OddsTooSlow(
                        f"the odds of this form take more than {self.seconds:g} s of work to "
                        "work out, and were stopped: ask for less (fewer cards, exchanges or HP)"
                    )
                reply = worker.connection.recv()
            except (EOFError, OSError):  # the worker died (its memory cap, the OOM killer)
                raise OddsTooSlow(
                    "the odds of this form were stopped: working them out needs more than "
                    f"{size_text(self.memory)} of memory"
                ) from None
            healthy = True
        finally:
            if not healthy:
                worker.stop()
                try:
                    worker = _Worker(self._context, self.memory)
                except OSError:
                    _log.exception("an odds worker could not be started")  # tried again next
            self._idle.put(worker)
        return _answer(reply)

    def close(self) -> None:
        """Stop the workers (idle ones; a busy one is stopped when the process ends)."""
        while True:
            try:
                self._idle.get_nowait().stop()
            except queue.Empty:
                break
        with self._lock:
            self._started = False


def _cpu_seconds(pid: int | None) -> float | None:
    """The CPU time a process has used (Linux /proc); None where it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _answer(reply: tuple[Any, ...]) -> Json | None:
    kind = reply[0]
    if kind == "ok":
        chart: Json | None = reply[1]
        return chart
    if kind == "rule":
        raise RuleError(reply[1], reply[2], position=reply[3])
    if kind == "refused":
        raise DomekitError(reply[1])
    raise RuntimeError(f"the odds worker failed: {reply[1]}")


def _serve(connection: Connection, memory: int) -> None:
    """A worker: load the games, then answer (game, state text, fields) queries until the pipe
    closes (the server stopped, or was killed)."""
    from toolkit.games import NAMES
    from toolkit.sandbox import cap_memory
    from toolkit.tracker.contract import registered

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops this
    referees = {name: Referee(registered(name)) for name in NAMES}  # the shipped ones, loaded now
    cap_memory(memory)
    states: OrderedDict[tuple[str, str], Any] = OrderedDict()
    try:
        connection.send(("ready",))
    except OSError:  # the server stopped while this worker was loading the games
        return
    while True:
        try:
            game, text, fields = connection.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            referee = referees.get(game)
            if referee is None:  # a game registered from outside the package (PageNotFound if none)
                referee = referees[game] = Referee(registered(game))
            key = (game, text)
            state = states.get(key)
            if state is None:
                state = referee.state_from_json(json.loads(text))
                states[key] = state
                while len(states) > STATES_KEPT:
                    states.popitem(last=False)
            else:
                states.move_to_end(key)
            reply: tuple[Any, ...] = ("ok", referee.odds(state, fields))
        except RuleError as exc:
            reply = ("rule", exc.rule, exc.reason, exc.position)
        except DomekitError as exc:
            reply = ("refused", str(exc))
        except MemoryError:
            states.clear()
            reply = ("refused", f"working out these odds needs more than {size_text(memory)}")
        except Exception as exc:  # noqa: BLE001 - a game's bug: the server answers 500
            _log.exception("the odds of %s failed", game)
            reply = ("error", f"{type(exc).__name__}: {exc}")
        connection.send(reply)


_POOL: OddsPool | None = None
_POOL_LOCK = threading.Lock()


def odds_pool() -> OddsPool:
    """This process's pool (made at the first call): one worker for every two cores, 1 to 4."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = OddsPool(size=max(1, min(4, (os.cpu_count() or 2) // 2)))
        return _POOL
