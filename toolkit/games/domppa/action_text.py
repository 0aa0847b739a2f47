"""The words of Domppa's action text forms (toolkit/games/domppa/actions.py owns each form).

A line is read as words: bare ones, split at whitespace, and JSON strings (`"the  Crown"`),
which are never keywords. A name, a side or a weapon is written bare when it reads back
unchanged (single spaces, no quote at its start, none of the form's own words in it), else as a
JSON string; `-` stands for a blank value, so a value that is `-` is quoted too.
"""

from __future__ import annotations

import json
from collections.abc import Collection

from toolkit.errors import DomekitError

BLANK = "-"


def is_plain(value: str, words: Collection[str] = ()) -> bool:
    """Whether `value` reads back unchanged as bare words, none of them one of `words` (in any
    case) or `-`."""
    parts = value.split(" ")
    return (
        bool(value)
        and value.isprintable()
        and not value.startswith('"')
        and all(part and part.split() == [part] for part in parts)
        and not any(part.lower() in words or part == BLANK for part in parts)
    )


def quoted(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def phrase(value: str, words: Collection[str] = (), *, bracket: bool = False) -> str:
    """Words as typed, or quoted when they would not read back; `bracket`: a word starting with
    "(" would end them (as the side of `add NAME (SIDE)` does)."""
    opens = bracket and any(part.startswith("(") for part in value.split(" "))
    return value if is_plain(value, words) and not opens else quoted(value)


def word(value: str, words: Collection[str] = ()) -> str:
    """One word (a character's id, an action's name, dice), quoted unless it is one bare word."""
    return value if is_plain(value, words) and " " not in value else quoted(value)


class Words:
    """A typed line as words, read from the front."""

    def __init__(self, text: str) -> None:
        self.text = text.strip()
        self.words: list[tuple[str, bool]] = []  # (the word, whether it was quoted)
        index = 0
        decoder = json.JSONDecoder()
        while index < len(self.text):
            if self.text[index].isspace():
                index += 1
            elif self.text[index] == '"':
                try:
                    value, index = decoder.raw_decode(self.text, index)
                except json.JSONDecodeError:
                    raise DomekitError(f"an unclosed quote in {self.text!r}") from None
                self.words.append((str(value), True))
            else:
                end = index
                while end < len(self.text) and not self.text[end].isspace():
                    end += 1
                self.words.append((self.text[index:end], False))
                index = end
        self.at = 0

    def more(self) -> bool:
        return self.at < len(self.words)

    def peek(self) -> str | None:
        """The next bare word in lower case; None at the end or before a quoted one."""
        if not self.more() or self.words[self.at][1]:
            return None
        return self.words[self.at][0].lower()

    def keyword(self, *expected: str) -> str:
        """The next bare word, which must be one of `expected` (any word when none is given)."""
        found = self.peek()
        if found is None or (expected and found not in expected):
            wanted = " or ".join(repr(e) for e in expected) or "a word"
            raise DomekitError(f"{self.text!r}: expected {wanted} at word {self.at + 1}")
        self.at += 1
        return found

    def accept(self, keyword: str) -> bool:
        """Whether the next word is `keyword` (then it is read)."""
        if self.peek() == keyword:
            self.at += 1
            return True
        return False

    def word(self, what: str) -> str:
        """The next word as it is (`-`: blank)."""
        if not self.more():
            raise DomekitError(f"{self.text!r}: expected {what} at the end")
        value, was_quoted = self.words[self.at]
        self.at += 1
        return "" if value == BLANK and not was_quoted else value

    def phrase(self, what: str, stops: Collection[str] = (), *, bracket: bool = False) -> str:
        """One quoted string, or bare words up to one of `stops` (or a word starting with "("
        when `bracket`) or the end, joined by single spaces (`-`: blank)."""
        if self.more() and self.words[self.at][1]:
            return self.word(what)
        start = self.at
        while self.more() and not self._stops(stops, bracket):
            self.at += 1
        if self.at == start:
            raise DomekitError(f"{self.text!r}: expected {what} at word {start + 1}")
        value = " ".join(text for text, _was_quoted in self.words[start : self.at])
        return "" if value == BLANK else value

    def bracketed(self) -> str | None:
        """The words of a `(...)` group, when one comes next."""
        if not self.more() or self.words[self.at][1] or not self.words[self.at][0][:1] == "(":
            return None
        start = self.at
        while not self.words[self.at][0].endswith(")"):
            self.at += 1
            if not self.more() or self.words[self.at][1]:
                raise DomekitError(f"{self.text!r}: a '(' without its ')'")
        self.at += 1
        return " ".join(text for text, _was_quoted in self.words[start : self.at])[1:-1]

    def end(self) -> None:
        if self.more():
            raise DomekitError(f"{self.text!r}: cannot read {self.words[self.at][0]!r}")

    def _stops(self, stops: Collection[str], bracket: bool) -> bool:
        text, was_quoted = self.words[self.at]
        return not was_quoted and (text.lower() in stops or (bracket and text.startswith("(")))
