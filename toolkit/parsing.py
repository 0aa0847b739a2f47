"""What every part reads from a stranger's text: numbers and lists, each refusal naming its field.

Neutral ground: the games' engines, the tracker and the command line import it, and it imports
none of them (a game's engine knows no web).

- `whole_number` is the one bounded parser of a number typed into a form, sent in JSON or stored
  in a log; `Json` is the type of a JSON object (a stored state or action, an outcome).
- The comma lists typed on the command line (`split_list`, `parse_numbers`, `parse_counts`),
  shared by the calculators and the odds commands: each names the flag in its error, so bad
  input reads `error: --hand: 'x' is not a whole number ...` and exits 2 through the CLI root,
  never a traceback.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from toolkit.errors import DomekitError

Json = dict[str, Any]
"""A JSON object: a stored state or action, an outcome, a page's context."""

MAX_NAME = 40  # characters in a name a person types (a character, who is at this phone)
MAX_WHOLE = 10**12  # any number's size: credits run to millions; nothing counts past this
MAX_DIGITS = 15  # digits in a number typed as text (after separators are taken out)


def is_web_address(text: str) -> bool:
    """True for a URL such as https://example.com/deck.csv (a scheme, then //)."""
    import re

    return re.match(r"[a-z][a-z0-9+.-]*://", text.strip(), re.IGNORECASE) is not None


def local_file(text: str, what: str) -> Path:
    """A file named on the command line, as a Path; a web address is refused as typed (a Path
    would fold its // into /)."""
    if is_web_address(text):
        raise DomekitError(
            f"{what} {text}: a web address; Domekit reads files on this computer, "
            "so download it first"
        )
    return Path(text)


def split_list(text: str | None, flag: str) -> list[str]:
    """'a, b,c' -> ['a', 'b', 'c']; blank or None -> []; an empty item between commas names the
    flag."""
    if text is None or not text.strip():
        return []
    parts = [part.strip() for part in text.split(",")]
    if any(not part for part in parts):
        raise DomekitError(f"{flag}: expected values separated by commas, got {text!r}")
    return parts


def parse_numbers(text: str | None, flag: str) -> tuple[int, ...]:
    """'3,3,3' -> (3, 3, 3); blank -> (); anything else names the flag."""
    values: list[int] = []
    for part in (text or "").replace(" ", "").split(","):
        if part == "":
            continue
        try:
            values.append(int(part))
        except ValueError:
            raise DomekitError(
                f"{flag}: {part!r} is not a whole number (expected a list like 3,3,1)"
            ) from None
    return tuple(values)


def parse_counts(text: str | None, flag: str) -> dict[str, int]:
    """'red=3,blue=5' -> {'red': 3, 'blue': 5} (names lower-cased); blank -> {}."""
    counts: dict[str, int] = {}
    for part in (text or "").replace(" ", "").split(","):
        if part == "":
            continue
        team, sep, number = part.partition("=")
        if not sep or not team:
            raise DomekitError(f"{flag}: {part!r} should look like red=3")
        try:
            count = int(number)
        except ValueError:
            raise DomekitError(f"{flag}: {number!r} for {team} is not a whole number") from None
        if count < 0:
            raise DomekitError(f"{flag}: {team}={count} cannot be negative")
        if team.lower() in counts:
            raise DomekitError(f"{flag}: {team} is named twice")
        counts[team.lower()] = count
    return counts


def whole_number(
    value: Any, what: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """A whole number from a form or JSON field: 12, "12", " 1,000 ", 12.0; bounded by
    `minimum` and `maximum` (and by MAX_WHOLE always). DomekitError naming `what` otherwise."""
    number = _whole(value, what)
    if number is None:
        raise DomekitError(f"{what} must be a whole number (got {shown(value)})")
    if minimum is not None and number < minimum:
        raise DomekitError(f"{what} must be at least {minimum} (got {number})")
    top = MAX_WHOLE if maximum is None else min(maximum, MAX_WHOLE)
    if number > top or number < -MAX_WHOLE:
        raise DomekitError(f"{what} must be at most {top:,} (got {shown(value)})")
    return number


def _whole(value: Any, what: str) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if not isinstance(value, str):
        return None
    text = value.strip().replace(",", "").replace("_", "").replace(" ", "")
    digits = text[1:] if text[:1] in "+-" else text
    if not digits or not digits.isascii() or not digits.isdigit():
        return None
    if len(digits) > MAX_DIGITS:
        raise DomekitError(f"{what}: a number of {len(digits)} digits; at most {MAX_DIGITS}")
    return int(text)


def shown(value: Any) -> str:
    """A value as a refusal quotes it: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def title_of(identifier: str) -> str:
    """An id from the card data as a sentence names it: "heavy-rifle" -> "Heavy Rifle"."""
    return " ".join(part.capitalize() for part in identifier.replace("_", "-").split("-"))
