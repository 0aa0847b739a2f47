"""What a stranger may send the tracker: every request's fields checked once, at the door.

`check_request` walks a request's fields (a JSON body, form fields or a query string) before any
handler reads them: text is valid Unicode (no lone surrogates, which no database or page can
hold), holds no NUL character (which PostgreSQL's text refuses: refused on SQLite too, before
any write) and is of bounded length, numbers are finite and bounded, lists and objects are small
and shallow. `check_document` does the same for an imported match export, whose logs may be
long, and for a kit manifest. The games' parsers then read numbers through
`toolkit.parsing.whole_number`, the one bounded parser. Each refusal names the field
(`action.cards[2]`).

The fields the tracker itself reads (a version, a seq, a client action id, a name) are pydantic
types over the same parsers (`Version`, `Seq`, ...), gathered into each request's model by
`toolkit.tracker.requests`; `read_model` turns pydantic's refusal into the parser's own message.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ValidationError

from toolkit.errors import DomekitError
from toolkit.parsing import MAX_NAME, MAX_WHOLE, shown, whole_number

MAX_TEXT = 2_000  # characters in one field of a request (a note, a typed command)
MAX_ITEMS = 100  # items in one list, keys in one object
MAX_DEPTH = 6  # lists and objects inside each other
SEQ_DIGITS = 18  # a log sequence number fits in a SQLite INTEGER with room to spare
CLIENT_ID_LENGTH = 64


class BadField(DomekitError):
    """A request field no game could read: refused before anything looks at it (422)."""


def check_request(value: Any, path: str = "") -> None:
    """Every field of a request within the bounds above; BadField naming the first that is not."""
    _walk(value, path, depth=0, text=MAX_TEXT, items=MAX_ITEMS, depth_limit=MAX_DEPTH)


def check_document(value: Any, path: str = "") -> None:
    """An imported match export: the same checks, with room for a long log and deep states (the
    request body's size bounds the whole)."""
    _walk(value, path, depth=0, text=100_000, items=None, depth_limit=64)


def _walk(
    value: Any, path: str, *, depth: int, text: int, items: int | None, depth_limit: int
) -> None:
    if isinstance(value, str):
        _check_text(value, path, text)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        _check_number(value, path)
    elif isinstance(value, Mapping | list):
        if depth >= depth_limit:
            raise BadField(f"{_where(path)}: nested more than {depth_limit} deep")
        if items is not None and len(value) > items:
            raise BadField(f"{_where(path)}: {len(value)} items; at most {items}")
        if isinstance(value, Mapping):
            for key, item in value.items():
                _check_text(str(key), f"{path}.(a field name)" if path else "(a field name)", 200)
                _walk(item, f"{path}.{key}" if path else str(key), depth=depth + 1, text=text,
                      items=items, depth_limit=depth_limit)  # fmt: skip
        else:
            for index, item in enumerate(value):
                _walk(item, f"{path}[{index}]", depth=depth + 1, text=text, items=items,
                      depth_limit=depth_limit)  # fmt: skip
    else:  # form fields are text; JSON has nothing else
        raise BadField(f"{_where(path)}: not a value a form or JSON can hold")


def _where(path: str) -> str:
    return f"field {path!r}" if path else "the request"


def check_text(value: str, where: str) -> str:
    """Text from elsewhere than the fields (a cookie): held to the same rules as a field's;
    BadField naming `where` otherwise."""
    _check_text(value, where, MAX_TEXT, where)
    return value


def _check_text(value: str, path: str, limit: int, where: str | None = None) -> None:
    where = where or _where(path)
    if len(value) > limit:
        raise BadField(f"{where}: {len(value)} characters; at most {limit}")
    if "\x00" in value:
        raise BadField(f"{where}: holds a NUL character (\\0), which no text here may hold")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadField(f"{where}: not valid Unicode text (a lone surrogate)") from None


def _check_number(value: int | float, path: str) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise BadField(f"{_where(path)}: {value!r} is not a number the tracker can use")
    if abs(value) > MAX_WHOLE:
        raise BadField(f"{_where(path)}: numbers here are at most {MAX_WHOLE:,} in size")


def client_action_id(value: Any) -> str:
    """A client action id: text of 1 to 64 characters, not blank (never a list made text)."""
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > CLIENT_ID_LENGTH:
        raise BadField(
            f"every action needs a client action id: text of 1 to {CLIENT_ID_LENGTH} characters"
            f" (got {shown(value)})"
        )
    return value.strip()


def seq_param(value: str | None) -> int | None:
    """A log sequence number from a query string or a header (`done`, `after`, Last-Event-ID):
    ASCII digits that fit; None for anything else (no number we sent)."""
    if not value or len(value) > SEQ_DIGITS or not value.isascii() or not value.isdigit():
        return None
    return int(value)


# -- the tracker's own fields as pydantic types ------------------------------------------------


def _optional_whole(what: str, minimum: int) -> Callable[[Any], int | None]:
    def read(value: Any) -> int | None:
        return None if value in (None, "") else whole_number(value, what, minimum=minimum)

    return read


def _lenient_seq(value: Any) -> int | None:
    return seq_param(value) if isinstance(value, str) else None


def _strict_seq(what: str) -> Callable[[Any], int | None]:
    def read(value: Any) -> int | None:
        if value in (None, ""):
            return None
        seq = _lenient_seq(value)
        if seq is None or seq < 1:
            raise DomekitError(f"{what} takes a seq, a whole number from 1 (got {shown(value)})")
        return seq

    return read


def _text(limit: int) -> Callable[[Any], str]:
    def read(value: Any) -> str:
        return str(value if isinstance(value, str) else "").strip()[:limit]

    return read


Version = Annotated[int | None, BeforeValidator(_optional_whole("version", 0))]
"""The version a page showed (the log's seq it was made against): a whole number from 0."""
MatchId = Annotated[int | None, BeforeValidator(_optional_whole("match_id", 0))]
Replaces = Annotated[int | None, BeforeValidator(_optional_whole("replaces", 0))]
"""The match number an import may replace (its confirmation)."""
UndoTarget = Annotated[int | None, BeforeValidator(_optional_whole("the undo's target", 1))]
RedoTarget = Annotated[int | None, BeforeValidator(_optional_whole("the redo's seq", 1))]
Seq = Annotated[int | None, BeforeValidator(_lenient_seq)]
"""A seq we sent (`done`, `after`, Last-Event-ID): None for anything else, which is ignored."""
Before = Annotated[int | None, BeforeValidator(_strict_seq("?before="))]
"""The history page's `before`: a seq, or refused."""
ClientActionId = Annotated[str, BeforeValidator(client_action_id)]
Name = Annotated[str, BeforeValidator(_text(MAX_NAME))]
"""A name a person types (who is at this phone), cut to MAX_NAME characters."""
Actor = Annotated[str, BeforeValidator(_text(80))]
"""Who made an action, as the history shows it."""

M = TypeVar("M", bound=BaseModel)


def read_model(model: type[M], data: Mapping[str, Any]) -> M:
    """`data` as `model`; the first refusal as the DomekitError its field's parser raised (or a
    BadField naming the field)."""
    try:
        return model.model_validate(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        error = first.get("ctx", {}).get("error")
        if isinstance(error, DomekitError):
            raise error from None
        where = ".".join(str(part) for part in first["loc"])
        raise BadField(f"{_where(where)}: {first['msg']}") from None
