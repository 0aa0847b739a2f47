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
            previous = referee.state_json(states.after(tree.top[first - 1]))
            for row in rows:
                state = referee.state_json(states.after(tree.top[row.seq]))
                entries.append(
                    {
                        "seq": row.seq,
                        "actor": row.actor,
                        "created": row.created,
                        "text": row.text,
                        "kind": row.kind,
                        "outcome": row.outcome,
                        "changes": diff_states(previous, state),
                    }
                )
                previous = state
        entries.reverse()
        return {
            "entries": entries,
            "total": total,
            "size": PAGE,
            "newer": None if last >= total else min(last + PAGE, total) + 1,
            "older": first if first > 1 else None,
        }

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
                    tree.stack.pop()
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
