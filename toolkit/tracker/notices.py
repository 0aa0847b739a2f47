"""What a commit tells the other server processes: PostgreSQL notifications on one channel.

Each action a batch commits is announced in the batch's own transaction (PostgreSQL delivers it to
every listening connection once the transaction commits: toolkit/tracker/listener.py), in one of
three forms:

- `<match id> <seq> {json}`: the action itself as the log holds it (`Logged`): a process that
  holds the match in memory applies it there without reading the log;
- `<match id> <seq>`: a pointer, when the action does not fit in a notification (PostgreSQL's
  payload is shorter than 8000 bytes): the process reads the log from the database;
- `<match id> <seq> moved`: the match's kit moved on to another match (the next one, an import).

A notification lost (the listening connection dropped) costs time, never correctness: a process
that may have missed one checks its memory against the database before it uses it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

CHANNEL = "domekit"
PAYLOAD_BYTES = 8000  # PostgreSQL refuses a notification payload this long or longer


def event_data(text: str, actor: str) -> dict[str, Any]:
    """The data of an action's live event (the events table's `data`, what a stream sends)."""
    return {"text": text, "actor": actor}


@dataclass(frozen=True)
class Logged:
    """One action as a match's log holds it: what a process needs to apply it in memory."""

    seq: int
    client_action_id: str
    actor: str
    created: float
    kind: str
    payload: dict[str, Any]
    text: str

    def event(self) -> tuple[str, dict[str, Any]]:
        """Its live event: kind and data."""
        return self.kind, event_data(self.text, self.actor)


@dataclass(frozen=True)
class Notice:
    """A notification read back: the match's log reached `seq` (with that action, when it fit),
    or the match's kit moved on."""

    match_id: int
    seq: int
    moved: bool = False
    body: str = ""  # the action's JSON, decoded only when a process needs it

    def action(self) -> Logged | None:
        """The announced action, or None for a pointer (or a body that is not one of ours)."""
        if not self.body:
            return None
        try:
            fields = json.loads(self.body)
            return Logged(
                seq=self.seq,
                client_action_id=str(fields["c"]),
                actor=str(fields["a"]),
                created=float(fields["t"]),
                kind=str(fields["k"]),
                payload=dict(fields["p"]),
                text=str(fields["x"]),
            )
        except (ValueError, TypeError, KeyError):
            return None


def announce(match_id: int, action: Logged) -> str:
    """The notification of a committed action: the action itself, or a pointer to it when it
    would not fit."""
    fields = {
        "c": action.client_action_id,
        "a": action.actor,
        "t": action.created,
        "k": action.kind,
        "p": action.payload,
        "x": action.text,
    }
    body = json.dumps(fields, separators=(",", ":"), ensure_ascii=False)
    message = f"{match_id} {action.seq} {body}"
    if len(message.encode("utf-8")) < PAYLOAD_BYTES:
        return message
    return f"{match_id} {action.seq}"


def moved(match_id: int, seq: int) -> str:
    """The notification that a match's kit moved on to another match."""
    return f"{match_id} {seq} moved"


def read(payload: str) -> Notice | None:
    """A notification on the channel as a Notice; None for anything else."""
    parts = payload.split(" ", 2)
    if len(parts) < 2 or not all(p.isascii() and p.isdigit() for p in parts[:2]):
        return None
    match_id, seq = int(parts[0]), int(parts[1])
    if len(parts) == 2:
        return Notice(match_id, seq)
    if parts[2] == "moved":
        return Notice(match_id, seq, moved=True)
    if parts[2].startswith("{"):
        return Notice(match_id, seq, body=parts[2])
    return None
