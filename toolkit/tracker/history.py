"""A match's history, a page at a time, with what each action changed: no full replay per view.

The state after an action depends only on the actions beneath it on the undo stack when it was
made (its ancestors: an undo takes back the latest action still in effect, so the stack is a
tree of actions and every state is a path from the root, the initial state). The history keeps
that tree per match (one cheap pass over the log's seqs and kinds, extended as the log grows)
and the states after the actions at every `CHECKPOINT`-th depth once it has worked them out; a
page's states then cost at most `CHECKPOINT` applies from the nearest saved one, not the whole
log. An 18k-action history page: see docs/reliability.md.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolkit.errors import DomekitError
from toolkit.tracker.referee import UNDO, Referee
from toolkit.tracker.storage import MatchRow, Store

PAGE = 50  # entries on one history page (and in its JSON twin)
CHECKPOINT = 128  # a state is kept for every action this many deep on the undo stack
MATCHES_KEPT = 32  # matches whose tree stays in memory


@dataclass
class _Tree:
    parent: dict[int, int] = field(default_factory=dict)  # seq -> the action beneath (0: none)
    depth: dict[int, int] = field(default_factory=dict)
    top: list[int] = field(default_factory=lambda: [0])  # top[seq]: whose state is in effect
    stack: list[int] = field(default_factory=list)  # the undo stack after the last row read
    saved: dict[int, Any] = field(default_factory=dict)  # states after some actions
    undone: set[int] = field(default_factory=set)  # the seqs an undo took back
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def version(self) -> int:
        return len(self.top) - 1


class History:
    """History pages of any match, over the store and the games (behind their referees)."""

    def __init__(self, store: Store, referee_of: Callable[[MatchRow], Referee[Any, Any]]) -> None:
        self.store = store
        self.referee_of = referee_of
        self._trees: OrderedDict[int, _Tree] = OrderedDict()
        self._guard = threading.Lock()

    def page(self, match: MatchRow, before: int | None = None) -> dict[str, Any]:
        """The `PAGE` entries older than seq `before` (the newest when None), newest first, each
        with its `changes`; `newer`/`older`: the `before` of the neighbouring pages, or None."""
        tree = self._tree(match.id)
        with tree.lock:
            self._extend(tree, match.id)
            total = tree.version
            last = total if before is None else max(0, min(before - 1, total))
            first = max(1, last - PAGE + 1)
            rows = self.store.actions(match.id, after=first - 1, upto=last)
            referee = self.referee_of(match)
            states = _States(self, tree, match, referee)
            states.payloads.update((row.seq, row.payload) for row in rows)
            entries = []
            before = states.after(tree.top[first - 1])
            previous = referee.state_json(before)
            for row in rows:
                after = states.after(tree.top[row.seq])
                state = referee.state_json(after)
                sentence, heading = _told(referee, row, before)
                entries.append(
                    {
                        "seq": row.seq,
                        "actor": row.actor,
                        "created": row.created,
                        "text": row.text,
                        "sentence": sentence,
                        "round": heading,
                        "undone": row.seq in tree.undone,
                        "kind": row.kind,
                        "outcome": row.outcome,
                        "changes": diff_states(previous, state),
                    }
                )
                previous, before = state, after
        entries.reverse()
        return {
            "entries": entries,
            "total": total,
            "size": PAGE,
            "newer": None if last >= total else min(last + PAGE, total) + 1,
            "older": first if first > 1 else None,
        }

    def recent(self, match: MatchRow, count: int) -> list[dict[str, Any]]:
        """The last `count` entries as sentences, newest first, undone ones marked (the big
        screen's list): no states worked out."""
        tree = self._tree(match.id)
        with tree.lock:
            self._extend(tree, match.id)
            undone = set(tree.undone)
            rows = self.store.actions(match.id, after=max(0, tree.version - count))
        referee = self.referee_of(match)
        told = []
        for row in reversed(rows):
            sentence = row.text if row.kind == UNDO else _sentence(referee, row)
            told.append({"seq": row.seq, "sentence": sentence, "undone": row.seq in undone})
        return told

    def remember(self, match_id: int, seq: int, state: Any) -> None:
        """A state after action `seq` worked out elsewhere (a rebuild of the match), kept."""
        self._tree(match_id).saved[seq] = state

    def _tree(self, match_id: int) -> _Tree:
        with self._guard:
            tree = self._trees.pop(match_id, None) or _Tree()
            self._trees[match_id] = tree  # the most recent last
            while len(self._trees) > MATCHES_KEPT:
                self._trees.popitem(last=False)
            return tree

    def _extend(self, tree: _Tree, match_id: int) -> None:
        """Read the seqs and kinds written since the tree was last extended (lock held)."""
        for seq, kind in self.store.action_kinds(match_id, after=tree.version):
            if kind == UNDO:
                if tree.stack:
                    tree.undone.add(tree.stack.pop())
            else:
                tree.parent[seq] = tree.stack[-1] if tree.stack else 0
                tree.depth[seq] = len(tree.stack) + 1
                tree.stack.append(seq)
            tree.top.append(tree.stack[-1] if tree.stack else 0)


class _States:
    """The states after actions for one page: walk down to a saved state, apply back up."""

    def __init__(
        self, history: History, tree: _Tree, match: MatchRow, referee: Referee[Any, Any]
    ) -> None:
        self.history = history
        self.tree = tree
        self.match = match
        self.referee = referee
        self.known: dict[int, Any] = {0: referee.state_from_json(match.initial_state)}
        self.payloads: dict[int, dict[str, Any]] = {}

    def after(self, seq: int) -> Any:
        tree = self.tree
        chain: list[int] = []
        while seq not in self.known and seq not in tree.saved:
            chain.append(seq)
            seq = tree.parent[seq]
        state = self.known.get(seq, tree.saved.get(seq))
        if not chain:
            return state
        missing = [step for step in chain if step not in self.payloads]
        if missing:
            found = self.history.store.payloads(self.match.id, min(missing), max(missing))
            self.payloads.update(found)
        for step in reversed(chain):
            action = self.referee.decode(self.payloads[step])
            state, _outcome = self.referee.apply(state, action)
            self.known[step] = state
            if tree.depth[step] % CHECKPOINT == 0:
                tree.saved[step] = state
        return state


def _sentence(referee: Referee[Any, Any], row: Any) -> str:
    try:
        return referee.sentence(referee.decode(row.payload))
    except DomekitError:
        return str(row.text)


def _told(referee: Referee[Any, Any], row: Any, before: Any) -> tuple[str, str | None]:
    """An entry as a sentence and the round heading it goes under (the state it was made in)."""
    if row.kind == UNDO:
        target = row.payload.get("target")
        told = f"Took back #{target}" if isinstance(target, int) else "Took back the last action"
        return told, _round(referee, before, None)
    try:
        action = referee.decode(row.payload)
        return referee.sentence(action), _round(referee, before, action)
    except DomekitError:
        return str(row.text), None


def _round(referee: Referee[Any, Any], before: Any, action: Any) -> str | None:
    try:
        return referee.round_of(before, action)
    except DomekitError:
        return None


def diff_states(before: Any, after: Any, path: str = "") -> list[str]:
    """What changed between two JSON states, one `path: old -> new` line per leaf."""
    if isinstance(before, dict) and isinstance(after, dict):
        lines: list[str] = []
        for key in list(before) + [k for k in after if k not in before]:
            sub = f"{path}.{key}" if path else str(key)
            lines += diff_states(before.get(key), after.get(key), sub)
        return lines
    if before == after:
        return []
    return [f"{path}: {_short(before)} -> {_short(after)}"]


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."
