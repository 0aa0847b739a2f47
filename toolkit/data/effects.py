"""Card effects as data: a game's vocabulary of effect words, the effects cell of a card row, and
the printed text made from them.

Each game keeps its vocabulary in `card_data/<game>/effects.toml`, one table a word, in the rule
book's own notation:

    [word.S]
    params = ["value"]                 # whole numbers written after the word: "S2", "S 2"
    text = "S{value}"                  # what the printed card says
    rule = "Card Abilities"            # the rule book's section
    quote = "S1, S2 , S3 , S4 = weapons, ..."   # optional: the rule book's own words
    reminder = "S1-S4: weapon power"   # optional: the kit's rules reference prints this line
    means = "adds {value} to each attack stack made with this weapon"

    [word."push back on"]
    params = ["kind"]
    text = "Push back on {kind} of a kind."

A card's effects are one cell: terms separated by `;`, each a word and its arguments
(`S2; push back on 2; splash; range 12`). A word is matched case-blind and with any run of
spaces; a word in the rule book's notation may have its number written on (`S2`, `+S1`, `-V2`).
An argument is a whole number, or a name (an id, written with letters, digits and hyphens) where
the word's parameter is marked `name:` (`combo:vacuum-fan`-style words declare
`params = ["name:item"]`).

A game may also hand the loader its rule numbers (`numbers`, from its rules.toml): a `text` or
`means` may then name them as placeholders too (`text = "+{formation_bonus} attack or defence"`),
so a printed card follows a house rule's number without a second copy of it.

The engines apply `Effect`s by their `word`; the printed text comes from the same terms, so the
card and the engine cannot disagree. A word the vocabulary does not have stops the load, naming
the file, the row, the field and the word (with the nearest known word). Which words a game's
engine applies is the game's code (`known`): a vocabulary that names any other word is refused
too, so a house rule edits numbers and combinations in a CSV, never the engine.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.errors import DataError

SEPARATOR = ";"
MAX_TERMS = 32
"""Terms in one effects cell at the most (a real card has a handful)."""
_NAME = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
_NUMBER = re.compile(r"[+-]?\d+\Z")
_WRITTEN_ON = re.compile(r"(?P<word>.*?[^\d+-])(?P<number>\d+)\Z")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Param:
    """One argument of a word: a whole number, or a name (`name:` in the vocabulary)."""

    name: str
    is_name: bool = False


@dataclass(frozen=True)
class Word:
    """An effect word of a game's vocabulary."""

    word: str
    """As the rule book writes it, e.g. `S`, `+V`, `push back on`, `Deadly`."""
    params: tuple[Param, ...]
    text: str
    """What the printed card says, with `{param}` placeholders."""
    rule: str
    """The rule book's section the word comes from."""
    means: str
    """What the engine does, in one sentence (the vocabulary's documentation)."""
    quote: str = ""
    """The rule book's own words for it (optional), for the vocabulary's documentation."""
    reminder: str = ""
    """The one line a kit's rules reference prints for it (optional; none: not listed there)."""
    numbers: Mapping[str, int | str] = field(default_factory=dict, compare=False, repr=False)
    """The game's rule numbers a text may name (`load_vocabulary`'s `numbers`)."""

    def render(self, args: tuple[int | str, ...]) -> str:
        """The printed text for these arguments."""
        return self._fill(self.text, args)

    def explain(self, args: tuple[int | str, ...]) -> str:
        """What the engine does with these arguments."""
        return self._fill(self.means, args)

    def reference(self) -> str:
        """The rules reference's line for it (its `reminder`: rule numbers, no parameters)."""
        return self._fill(self.reminder, ())

    def _fill(self, template: str, args: tuple[int | str, ...]) -> str:
        return template.format(
            **{
                **self.numbers,
                **{param.name: arg for param, arg in zip(self.params, args, strict=False)},
            }
        )


@dataclass(frozen=True)
class Effect:
    """One term of a card's effects cell: a word and its arguments."""

    word: str
    args: tuple[int | str, ...] = ()

    @property
    def arg(self) -> int:
        """The first argument as a whole number (the common case: `S2`, `range 12`)."""
        value = self.args[0]
        if not isinstance(value, int):
            raise TypeError(f"{self.word}'s argument is a name, not a number")
        return value

    def term(self) -> str:
        """The term as a cell writes it (`S 2`, `range 12`, `splash`)."""
        return " ".join([self.word, *(str(arg) for arg in self.args)])


@dataclass(frozen=True)
class Vocabulary:
    """A game's effect words, by their case-blind spelling."""

    path: Path
    words: Mapping[str, Word]

    def word(self, name: str) -> Word:
        return self.words[_key(name)]

    def parse(
        self, cell: str, *, path: Path | str, row: int | None = None, field: str = "effects"
    ) -> tuple[Effect, ...]:
        """A row's effects cell as its effects, in the order written; an empty cell is none."""
        terms = [term.strip() for term in cell.split(SEPARATOR)]
        if terms == [""]:
            return ()
        if len(terms) > MAX_TERMS:
            raise DataError(path, f"more than {MAX_TERMS} effects", row=row, field=field)
        effects = []
        for term in terms:
            if not term:
                raise DataError(
                    path, f"an empty effect between {SEPARATOR!r}s", row=row, field=field
                )
            effects.append(self._term(term, path=path, row=row, field=field))
        return tuple(effects)

    def _term(self, term: str, *, path: Path | str, row: int | None, field: str) -> Effect:
        tokens = _SPACES.split(term)
        for size in range(len(tokens), 0, -1):  # the longest word first ("push back on")
            found = self.words.get(_key(" ".join(tokens[:size])))
            if found is not None:
                return self._effect(found, tokens[size:], term, path=path, row=row, field=field)
        written_on = _WRITTEN_ON.match(tokens[0])
        if written_on is not None:
            found = self.words.get(_key(written_on["word"]))
            if found is not None:
                args = [written_on["number"], *tokens[1:]]
                return self._effect(found, args, term, path=path, row=row, field=field)
        raise DataError(path, self._unknown(tokens[0], term), row=row, field=field)

    def _effect(
        self,
        word: Word,
        tokens: list[str],
        term: str,
        *,
        path: Path | str,
        row: int | None,
        field: str,
    ) -> Effect:
        if len(tokens) != len(word.params):
            wanted = " ".join(f"<{param.name}>" for param in word.params)
            raise DataError(
                path,
                f"{term!r}: {word.word!r} is written {' '.join([word.word, wanted]).strip()!r}",
                row=row,
                field=field,
            )
        args: list[int | str] = []
        for param, token in zip(word.params, tokens, strict=True):
            if param.is_name:
                if not _NAME.match(token.lower()):
                    raise DataError(
                        path,
                        f"{term!r}: {param.name} {token!r} is not a name",
                        row=row,
                        field=field,
                    )
                args.append(token.lower())
            elif _NUMBER.match(token):
                args.append(int(token))
            else:
                raise DataError(
                    path,
                    f"{term!r}: {param.name} should be a whole number, got {token!r}",
                    row=row,
                    field=field,
                )
        return Effect(word.word, tuple(args))

    def _unknown(self, token: str, term: str = "") -> str:
        spellings = [word.word for word in self.words.values()]
        # The nearest word to the whole term without its numbers ("prevent pushback" is
        # "prevent push back"), else to its first token.
        written = " ".join(t for t in _SPACES.split(term) if not _NUMBER.match(t))
        close = difflib.get_close_matches(written, spellings, n=1, cutoff=0.6) if written else []
        close = close or difflib.get_close_matches(token, spellings, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"unknown effect word {token!r} (the words are in {self.path.name}){hint}"

    def text(self, effects: Iterable[Effect]) -> str:
        """The printed rules text of a card's effects: each term's text, in order."""
        return " ".join(self.word(effect.word).render(effect.args) for effect in effects)

    def describe(self, effect: Effect) -> str:
        """What an effect does, as the vocabulary's documentation says it."""
        return self.word(effect.word).explain(effect.args)


def _key(word: str) -> str:
    return _SPACES.sub(" ", word.strip()).casefold()


def load_vocabulary(
    path: Path, known: Collection[str], numbers: Mapping[str, int | str] | None = None
) -> Vocabulary:
    """A game's `effects.toml`, checked against the words its engine applies (`known`): a word the
    engine does not know, or one it knows that the file leaves out, is a DataError naming both.
    `numbers`: the game's rule numbers by name, which a word's `text` and `means` may name."""
    from toolkit.data import line_of, load_toml, read_text

    data = load_toml(path)
    table = data.get("word")
    if not isinstance(table, dict) or not table:
        raise DataError(path, "expected [word.<name>] tables, one a word", field="word")
    known_keys = {_key(word): word for word in known}
    text = read_text(path)
    words: dict[str, Word] = {}
    for name, value in table.items():
        line = line_of(text, f"[word.{name}]") or line_of(text, f'[word."{name}"]')
        if _key(name) not in known_keys:
            raise DataError(
                path,
                f"the engine applies no effect word {name!r}; it knows "
                + ", ".join(sorted(known_keys.values())),
                line=line,
                field=f"word.{name}",
            )
        words[_key(name)] = _word(path, name, value, line, numbers or {})
    missing = sorted(word for key, word in known_keys.items() if key not in words)
    if missing:
        raise DataError(path, f"no entry for the effect words {', '.join(missing)}", field="word")
    return Vocabulary(path, words)


def _word(
    path: Path, name: str, value: Any, line: int | None, numbers: Mapping[str, int | str]
) -> Word:
    where = f"word.{name}"
    if not isinstance(value, dict):
        raise DataError(path, "expected a table", line=line, field=where)
    unknown = set(value) - {"params", "text", "rule", "means", "quote", "reminder"}
    if unknown:
        raise DataError(
            path, f"unknown key {sorted(unknown)[0]!r}", line=line, field=f"{where}.params"
        )
    params_value = value.get("params", [])
    if not isinstance(params_value, list) or not all(isinstance(p, str) for p in params_value):
        raise DataError(path, "expected a list of names", line=line, field=f"{where}.params")
    params = tuple(
        Param(param.removeprefix("name:"), param.startswith("name:")) for param in params_value
    )
    fields: dict[str, str] = {}
    for key in ("text", "rule", "means"):
        text = value.get(key)
        if not isinstance(text, str) or not text.strip():
            raise DataError(path, "missing (a line of text)", line=line, field=f"{where}.{key}")
        fields[key] = text
    optional: dict[str, str] = {}
    for key in ("quote", "reminder"):
        optional[key] = value.get(key, "")
        if not isinstance(optional[key], str):
            raise DataError(path, "expected a line of text", line=line, field=f"{where}.{key}")
    word = Word(
        name, params, fields["text"], fields["rule"], fields["means"], numbers=numbers, **optional
    )
    sample = tuple("x" if param.is_name else 0 for param in params)
    for key, fill in (
        ("text", word.render),
        ("means", word.explain),
        ("reminder", lambda _: word.reference()),
    ):
        try:
            fill(sample)
        except (KeyError, IndexError, ValueError) as exc:
            raise DataError(
                path,
                f"a placeholder names no parameter or rule number ({exc})",
                line=line,
                field=f"{where}.{key}",
            ) from None
    return word


def effects_json(
    card: str, vocabulary: Vocabulary, effects: Iterable[Effect]
) -> list[dict[str, str]]:
    """Applied effects as the calculators' JSON lists them: `{"card", "effect", "text"}`."""
    return [
        {
            "card": card,
            "effect": effect.term(),
            "text": vocabulary.word(effect.word).render(effect.args),
        }
        for effect in effects
    ]
