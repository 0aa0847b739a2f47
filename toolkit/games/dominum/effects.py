"""Dominum's card effects as data (card_data/dominum/effects.toml, read by toolkit/data/effects.py).

A Domain card's or a Stronghold's `effects` cell is a list of the vocabulary's words in the rule
book's terms ("Abilities": keyword, triggered and activated abilities); its printed text is the
words' texts, joined, so the card and the engine cannot disagree. Here the words get their *role*
(what each is to the engine) and a cell's terms are grouped into `Ability`s:

- a **keyword** stands alone (`Deadly`, `Alt Attack move`);
- a **condition** (`Protector`, `Infiltrate`) is followed by what holds while it does;
- a **trigger** (`1st wound`, `On Discard`, `On Deploy`, ...) by what then happens;
- a **timing** (`during attack`, `in your turn`) makes an activated ability;
- a **cost** (`pay 1`, `sacrifice an adjacent ally warrior`) comes before what it pays for;
- an **effect** says what happens or holds.

A cell that cannot be applied (an effect with nothing to say when, a condition with a cost, a
word a Stronghold cannot have) is a DataError naming the file, row, field and word. `ENGINE`
names the function that applies each word (docs/effects/dominum.md lists them).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Literal

from toolkit.data.effects import Effect, Vocabulary, load_vocabulary
from toolkit.errors import DataError

VOCABULARY_FILE = "effects.toml"


class Role(StrEnum):
    KEYWORD = "keyword"
    CONDITION = "condition"
    TRIGGER = "trigger"
    TIMING = "timing"
    COST = "cost"
    EFFECT = "effect"


Owner = Literal["card", "stronghold"]

# What each word is to the engine. The words are effects.toml's, matched case-blind.
ROLES: dict[str, Role] = {
    # Keyword Abilities (and the Shadowblade's, which stands alone as they do)
    "Alt Attack": Role.KEYWORD,
    "Barrage": Role.KEYWORD,
    "Deadly": Role.KEYWORD,
    "Evasive": Role.KEYWORD,
    "Free Strike": Role.KEYWORD,
    "Knockback": Role.KEYWORD,
    "Lunge": Role.KEYWORD,
    "Outflank": Role.KEYWORD,
    "Submerge": Role.KEYWORD,
    "deployed into the neutral line": Role.KEYWORD,
    # Triggered Abilities
    "Infiltrate": Role.CONDITION,
    "Protector": Role.CONDITION,
    "1st wound": Role.TRIGGER,
    "On Discard": Role.TRIGGER,
    "On Deploy": Role.TRIGGER,
    "when an enemy enters your assault zone": Role.TRIGGER,
    "when an ally is defeated": Role.TRIGGER,
    # Activated Abilities and Phase Activation
    "during": Role.TIMING,
    "in your turn": Role.TIMING,
    "pay": Role.COST,
    "sacrifice an adjacent ally warrior": Role.COST,
    # what they do
    "attack total": Role.EFFECT,
    "adjacent allies defense total": Role.EFFECT,
    "fortified allies defense total": Role.EFFECT,
    "cannot be knocked back": Role.EFFECT,
    "adjacent ally warriors cannot be knocked back": Role.EFFECT,
    "stronghold uses": Role.EFFECT,
    "add charge": Role.EFFECT,
    "weaken the wounder": Role.EFFECT,
    "weaken every adjacent enemy": Role.EFFECT,
    "weaken an adjacent enemy": Role.EFFECT,
    "weaken an enemy in range": Role.EFFECT,
    "weaken an enemy in your assault zone": Role.EFFECT,
    "weaken it": Role.EFFECT,
    "shift an ally": Role.EFFECT,
    "shift an ally with submerge": Role.EFFECT,
    "move an ally warrior": Role.EFFECT,
    "move a flying ally further": Role.EFFECT,
    "deploy a card into the neutral line": Role.EFFECT,
    "make a free strike": Role.EFFECT,
    "make a free strike with lunge": Role.EFFECT,
    "instead of adding charge": Role.EFFECT,
    "remove wounds from an adjacent ally": Role.EFFECT,
    "add charge and remove a weaken": Role.EFFECT,
}

ENGINE: dict[str, str] = {
    "Alt Attack": "combat.attack (an attack of the kind alt attack, in the phase named)",
    "Barrage": "phases.assault_counts",
    "Deadly": "rules.resolve_attack",
    "Evasive": "combat.attack / combat.counterattack (evasive_to, asked)",
    "Free Strike": "rules.resolve_attack (free_strike)",
    "Knockback": "combat.attack / combat.counterattack (knockback_to, asked); "
    "triggers.knockback_guard",
    "Lunge": "combat.attack (lunge_to, lunge_power asked); rules.resolve_attack",
    "Outflank": "rules.resolve_attack",
    "Submerge": "rules.resolve_attack; combat.submerge",
    "deployed into the neutral line": "turns.place / phases.deploy (triggers.neutral_line_cost)",
    "Infiltrate": "triggers.condition_holds",
    "Protector": "triggers.condition_holds",
    "1st wound": "triggers.wounded",
    "On Discard": "triggers.wounded",
    "On Deploy": "triggers.deployed; abilities.use / combat.attack",
    "when an enemy enters your assault zone": "triggers.entered; abilities.use",
    "when an ally is defeated": "triggers.wounded",
    "during": "abilities.use (abilities.usable)",
    "in your turn": "abilities.use (abilities.usable)",
    "pay": "abilities.use; triggers.neutral_line_cost",
    "sacrifice an adjacent ally warrior": "abilities.use",
    "attack total": "triggers.attack_bonuses",
    "adjacent allies defense total": "triggers.defense_bonuses",
    "fortified allies defense total": "triggers.defense_bonuses",
    "cannot be knocked back": "triggers.knockback_guard",
    "adjacent ally warriors cannot be knocked back": "triggers.knockback_guard",
    "stronghold uses": "triggers.stronghold_limit",
    "add charge": "triggers.wounded / abilities.use",
    "weaken the wounder": "triggers.wounded",
    "weaken every adjacent enemy": "triggers.wounded / abilities.use",
    "weaken an adjacent enemy": "triggers.wounded (on_discard, asked) / abilities.use",
    "weaken an enemy in range": "abilities.use",
    "weaken an enemy in your assault zone": "abilities.use",
    "weaken it": "abilities.use (after triggers.entered)",
    "shift an ally": "abilities.use",
    "shift an ally with submerge": "abilities.use",
    "move an ally warrior": "abilities.use",
    "move a flying ally further": "abilities.use",
    "deploy a card into the neutral line": "phases.deploy (triggers.neutral_line_cost)",
    "make a free strike": "triggers.deployed / abilities.use, then combat.attack",
    "make a free strike with lunge": "triggers.deployed / abilities.use, then combat.attack",
    "instead of adding charge": "abilities.use (the charge phase ends)",
    "remove wounds from an adjacent ally": "abilities.use",
    "add charge and remove a weaken": "phases.charge",
}
"""Which engine function applies each word (toolkit/games/dominum/...)."""

STATIC = frozenset({
    "attack total", "adjacent allies defense total", "fortified allies defense total",
    "cannot be knocked back", "adjacent ally warriors cannot be knocked back", "stronghold uses",
})  # fmt: skip
"""Effects that hold while their condition does (or always): never used, never triggered."""
TARGETED = frozenset({
    "weaken an adjacent enemy", "weaken an enemy in range", "weaken an enemy in your assault zone",
    "weaken it", "shift an ally", "shift an ally with submerge", "move an ally warrior",
    "move a flying ally further", "remove wounds from an adjacent ally",
})  # fmt: skip
"""Effects that name a card on the battlefield (an ability's `target`)."""
ONLY_AFTER: dict[str, frozenset[str]] = {
    "weaken the wounder": frozenset({"1st wound"}),
    "weaken it": frozenset({"when an enemy enters your assault zone"}),
    "instead of adding charge": frozenset({"during charge"}),
    "add charge and remove a weaken": frozenset({"during charge"}),
    "deploy a card into the neutral line": frozenset({"during deploy"}),
    "move a flying ally further": frozenset({"during move"}),
}
"""Effects that make sense after one head only (`during charge`: the `during` word on the charge
phase)."""
CARD_ONLY = frozenset({
    "Alt Attack", "Barrage", "Deadly", "Evasive", "Free Strike", "Knockback", "Lunge", "Outflank",
    "Submerge", "deployed into the neutral line", "Infiltrate", "Protector", "1st wound",
    "On Discard", "On Deploy", "sacrifice an adjacent ally warrior", "attack total",
    "adjacent allies defense total", "cannot be knocked back",
    "adjacent ally warriors cannot be knocked back", "stronghold uses", "weaken the wounder",
    "weaken every adjacent enemy", "weaken an adjacent enemy", "weaken an enemy in range",
    "make a free strike", "make a free strike with lunge", "remove wounds from an adjacent ally",
})  # fmt: skip
"""Words about a card's own place, wounds or attacks: a Stronghold tile cannot have them."""


@dataclass(frozen=True)
class Ability:
    """One ability of a card or Stronghold: its head (a keyword, condition, trigger or timing;
    None: it always holds), its costs and its effects, in the order the cell writes them."""

    head: Effect | None
    costs: tuple[Effect, ...] = ()
    effects: tuple[Effect, ...] = ()

    @property
    def terms(self) -> tuple[Effect, ...]:
        return (*([self.head] if self.head else []), *self.costs, *self.effects)

    @property
    def role(self) -> Role | None:
        return None if self.head is None else ROLES[self.head.word]

    @property
    def keyword(self) -> str | None:
        """The keyword's word, for a keyword ability."""
        return self.head.word if self.head is not None and self.role == Role.KEYWORD else None

    def heads(self, word: str) -> bool:
        return self.head is not None and self.head.word == word

    @property
    def phase(self) -> str | None:
        """The phase a `during` (or `Alt Attack`) head names."""
        if self.head is not None and self.head.word in ("during", "Alt Attack"):
            return str(self.head.args[0])
        return None

    @property
    def static(self) -> bool:
        """It holds while its condition does (no cost, no trigger, no timing)."""
        return self.role in (None, Role.CONDITION) and not self.costs

    @property
    def activated(self) -> bool:
        """The player uses it (Activated Abilities): a timing, or a cost with no trigger."""
        return self.role == Role.TIMING or (self.role is None and bool(self.costs))

    @property
    def charge(self) -> int:
        """Its cost in Charge tokens."""
        return sum(cost.arg for cost in self.costs if cost.word == "pay")

    def has(self, word: str) -> Effect | None:
        return next((effect for effect in self.effects if effect.word == word), None)

    @property
    def target(self) -> str | None:
        """The effect that names a card on the battlefield, if any."""
        return next((e.word for e in self.effects if e.word in TARGETED), None)


def _context(ability: Ability) -> str:
    head = ability.head
    if head is None:
        return ""
    return f"during {head.args[0]}" if head.word == "during" else head.word


def group(
    effects: Sequence[Effect],
    *,
    owner: Owner,
    phases: Collection[str],
    path: Path | str,
    row: int | None,
    field: str = "effects",
) -> tuple[Ability, ...]:
    """A cell's terms as abilities, checked: DataError naming what cannot be applied."""

    def refuse(message: str) -> DataError:
        return DataError(path, message, row=row, field=field)

    found: list[Ability] = []
    head: Effect | None = None
    costs: list[Effect] = []
    done: list[Effect] = []
    started = False

    def close() -> None:
        nonlocal head, costs, done, started
        if started:
            found.append(_checked(Ability(head, tuple(costs), tuple(done)), refuse))
        head, costs, done, started = None, [], [], False

    for effect in effects:
        role = ROLES[effect.word]
        if owner == "stronghold" and effect.word in CARD_ONLY:
            raise refuse(f"{effect.term()!r} is about a card on the battlefield, not a Stronghold")
        if effect.word in ("during", "Alt Attack") and str(effect.args[0]) not in phases:
            raise refuse(
                f"{effect.term()!r}: no phase {effect.args[0]!r}; rules.toml's phases are "
                + ", ".join(phases)
            )
        if role == Role.KEYWORD:
            close()
            found.append(Ability(effect))
        elif role in (Role.CONDITION, Role.TRIGGER, Role.TIMING):
            close()
            head, started = effect, True
        elif role == Role.COST:
            if done:
                close()
            costs.append(effect)
            started = True
        else:
            done.append(effect)
            started = True
    close()
    return tuple(found)


def _checked(ability: Ability, refuse: Callable[[str], DataError]) -> Ability:
    what = " ".join(term.term() for term in ability.terms)
    if not ability.effects:
        raise refuse(f"{what!r} says what triggers or costs it but not what it does")
    if ability.role == Role.CONDITION and ability.costs:
        raise refuse(f"{what!r}: a condition holds by itself; it has no cost")
    context = _context(ability)
    for effect in ability.effects:
        static = effect.word in STATIC
        if static and not ability.static:
            raise refuse(f"{effect.term()!r} holds by itself: it has no trigger, timing or cost")
        if not static and ability.static:
            raise refuse(
                f"{effect.term()!r} happens at a time: put a trigger (On Deploy, 1st wound, ...) "
                "or a timing (during <phase>, in your turn) before it"
            )
        wanted = ONLY_AFTER.get(effect.word)
        if wanted is not None and context not in wanted:
            raise refuse(f"{effect.term()!r} comes after {' or '.join(sorted(wanted))} only")
    targets = [effect.word for effect in ability.effects if effect.word in TARGETED]
    sacrifice = any(cost.word == "sacrifice an adjacent ally warrior" for cost in ability.costs)
    if len(targets) + sacrifice > 1:
        raise refuse(f"{what!r} names more than one card to choose; make it two abilities")
    for cost in ability.costs:
        if cost.word == "pay" and cost.arg < 1:
            raise refuse(f"{cost.term()!r}: a cost is 1 Charge or more")
    for effect in ability.effects:
        if effect.args and isinstance(effect.args[0], int) and effect.arg < 1:
            raise refuse(f"{effect.term()!r}: the number is 1 or more")
    return ability


def load_effects(folder: Path) -> Vocabulary:
    """The folder's effects.toml, checked against the words this engine applies."""
    return load_vocabulary(folder / VOCABULARY_FILE, ROLES)


def text(vocabulary: Vocabulary, abilities: Iterable[Ability]) -> str:
    """The printed rules text of a card's or Stronghold's abilities."""
    return vocabulary.text(term for ability in abilities for term in ability.terms)


def term_text(abilities: Iterable[Ability]) -> str:
    """The abilities as an effects cell writes them."""
    return "; ".join(term.term() for ability in abilities for term in ability.terms)


_SECTIONS = (
    (Role.KEYWORD, "Keyword abilities", "stand alone: `Deadly`, `Alt Attack move`."),
    (Role.CONDITION, "Conditions", "what follows holds while the card stands there."),
    (Role.TRIGGER, "Triggers", "what follows happens (or may be used) when it happens."),
    (Role.TIMING, "Timings", "what follows is an activated ability, used by the player."),
    (Role.COST, "Costs", "paid before what follows."),
    (Role.EFFECT, "Effects", "what an ability does, or what holds."),
)


def markdown(vocabulary: Vocabulary) -> str:
    """docs/effects/dominum.md: every word of the vocabulary with its rule-book quote, its
    printed text, what the engine does and which function applies it (a test checks the file is
    this; `python -m toolkit.games.dominum.effects > docs/effects/dominum.md` writes it)."""
    lines = [
        "# Dominum's effect words",
        "",
        "<!-- Made from card_data/dominum/effects.toml by "
        "`python -m toolkit.games.dominum.effects`; a test checks it. -->",
        "",
        "A Domain card's or a Stronghold's `effects` cell (domains.csv, strongholds.csv) is a list "
        "of these words, separated by `;`, in the order its text box prints them; its printed "
        "text is each word's text, joined, so the card and the engine cannot disagree. A number "
        "or a phase follows its word (`attack total +1`, `during attack`, `pay 1`). A word the "
        "vocabulary does not have stops the kit and the tracker, naming the file, the row, the "
        "field and the nearest word.",
        "",
        "An ability is a keyword alone; or a condition, trigger or timing, maybe a cost, then its "
        'effects: `Protector; adjacent allies defense total +1` prints "Protector: ally cards '
        'adjacent to this card add 1 to their defense total." A house rule is an edit to the '
        "CSV (or to a word's printed text in effects.toml), never to the engine.",
        "",
    ]
    for role, title, what in _SECTIONS:
        lines += [f"## {title}", "", f"Words that {what}", ""]
        for word in vocabulary.words.values():
            if ROLES[word.word] != role:
                continue
            params = " ".join(f"<{p.name}>" for p in word.params)
            shown = tuple(f"<{p.name}>" for p in word.params)
            lines += [
                f"### `{' '.join([word.word, params]).strip()}`",
                "",
                f"- Rule book: {word.rule}",
                f"- Printed: {word.render(shown)}",
                f"- The engine: {word.explain(shown)} ({ENGINE[word.word]}).",
                "",
            ]
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":  # pragma: no cover - the docs' writer (tests check its output)
    from toolkit.resources import card_data_dir

    print(markdown(load_effects(card_data_dir() / "dominum")), end="")
