"""Comma lists typed on the command line: shared by the calculators and the odds commands.

Each parser names the flag in its error, so bad input reads `error: --hand: 'x' is not a whole
number ...` and exits 2 through the CLI root, never a traceback.
"""

from __future__ import annotations

from toolkit.errors import DomekitError


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
