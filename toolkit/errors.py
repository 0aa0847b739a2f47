"""The one error type the command line turns into a clear message and exit code 2."""

from __future__ import annotations

from pathlib import Path


class DomekitError(ValueError):
    """Bad input from a user: a data file, a flag or a request. Never a bug."""


class DataError(DomekitError):
    """A problem in a data file, located by file, row or line, and field."""

    def __init__(
        self,
        path: str | Path,
        message: str,
        *,
        row: int | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.path = str(path)
        self.row = row
        self.line = line
        self.field = field
        self.detail = message
        where = self.path
        if row is not None:
            where += f", row {row}"
        if line is not None:
            where += f", line {line}"
        if field is not None:
            where += f", field '{field}'"
        super().__init__(f"{where}: {message}")


class RuleError(DomekitError):
    """An action or calculation the rules forbid; names the rule, and once a match's door refused
    it (toolkit/games/door.py), the position it was refused in."""

    def __init__(self, rule: str, message: str, *, position: str | None = None) -> None:
        self.rule = rule
        self.reason = message
        self.position = position
        super().__init__(f"{message} (rule: {rule})")

    def in_position(self) -> str:
        """The refusal naming its position, as python-chess names the FEN of an illegal move:
        `it is red's turn, not blue's [match 1, round 2, red's turn] (rule: On Your Turn)`."""
        if self.position is None:
            return str(self)
        return f"{self.reason} [{self.position}] (rule: {self.rule})"
