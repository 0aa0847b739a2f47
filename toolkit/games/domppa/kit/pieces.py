"""The Domppa pieces, all on card stock and packed by `toolkit.pdf.packing`: a fold-over standee
for every character (its key numbers on the front, its QR code on the back, so a player scans
the piece on the map) and every rider's mount (mounts.csv), the condition and Blow tokens, the
square markers of the HP and fatigue trackers and of the counters, the trackers and the counters
themselves (sheets.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import CONDITIONS, Character, DomppaKitData, MountRow, card_text
from toolkit.games.domppa.kit.sheets import counter_panel, counter_texts, tracker_panel
from toolkit.pdf import glyphs
from toolkit.pdf.geometry import Colour, Rect, pt, text_colour_on
from toolkit.pdf.glyphs import Glyph
from toolkit.pdf.packing import Block
from toolkit.pdf.pieces import Piece, Standee, piece_grid, qr_back, standee_grid
from toolkit.pdf.qr import QR_SIZE
from toolkit.pdf.style import BOLD, INK, REGULAR, Look, deep, line, text

STANDEES = "Standees"  # the cover's sections
TOKENS = "Tokens"
MARKERS = "Tracker markers"


def riders(data: DomppaKitData) -> list[tuple[Character, MountRow]]:
    """Each character with a mount among its cards (mounts.csv: a horse or a chariot), and the
    mount."""
    return [
        (ch, mount) for ch in data.characters if (mount := data.gear[ch.row.name].mount) is not None
    ]


def mounts_caption(data: DomppaKitData) -> str:
    """', 1 horse', ', 2 horses, 1 chariot': the mounts' standees by kind ('' for none)."""
    kinds = Counter(mount.kind for _, mount in riders(data))
    return "".join(f", {n} {kind}{'s' if n != 1 else ''}" for kind, n in kinds.items())


def _panel_top(
    c: Canvas, panel: Rect, title: str, colour: Colour, glyph: Glyph, look: Look
) -> Rect:
    """A standee front's band with `title` and the glyph under it; returns the rest."""
    band, rest = panel.split_top(9)
    fill = look.band(colour)
    c.setFillColorRGB(*fill)
    c.rect(pt(band.x), pt(band.y), pt(band.w), pt(band.h), stroke=0, fill=1)
    c.setFillColorRGB(*(text_colour_on(fill) if look.full else deep(colour, 0.3)))
    text(c, title, band.inset(0.8, 0.5), font=BOLD, max_size=8, align="centre", valign="middle")
    box, rest = rest.split_top(8)
    c.setFillColorRGB(*deep(colour, 0.35))
    glyph(c, box.centre[0], box.centre[1], 3.2)
    return rest


def _front(ch: Character, data: DomppaKitData, look: Look) -> Callable[[Canvas, Rect], None]:
    colour = data.print.colour("character")

    def draw(c: Canvas, panel: Rect) -> None:
        rest = _panel_top(c, panel, ch.row.name, colour, glyphs.draw_person, look)
        stats = [
            ("HP", ch.hp),
            ("Attack", ch.row.attack),
            ("Defence", ch.row.defence),
            ("Prot.", ch.protection_body),
            ("AP", ch.ap),
            ("Size", ch.size),
        ]
        step = (rest.h - 1) / len(stats)
        c.setFillColorRGB(*INK)
        for index, (label, value) in enumerate(stats):
            row = Rect(rest.x + 1.2, rest.top - (index + 1) * step, rest.w - 2.4, step)
            line(c, label, row, font=REGULAR, max_size=7)
            line(c, str(value), row, max_size=7.5, align="right")

    return draw


def mount_text(rules: DomppaRules, mount: MountRow) -> str:
    """The mount's name and its card text (its words)."""
    return f"{mount.name}. {card_text(rules, mount)}"


def _mount_side(
    rider: Character, mount: MountRow, data: DomppaKitData, look: Look
) -> Callable[[Canvas, Rect], None]:
    colour = data.print.colour("character")
    title = f"{rider.row.name}'s {mount.kind}"

    def draw(c: Canvas, panel: Rect) -> None:
        rest = _panel_top(c, panel, title, colour, glyphs.draw_horse, look)
        c.setFillColorRGB(*INK)
        text(c, mount_text(data.rules, mount), rest.inset(1, 1), max_size=7.5, align="centre")

    return draw


def standees(data: DomppaKitData, urls: dict[str, str], look: Look) -> list[Standee]:
    """One standee per character, in file order, then one for every rider's mount."""
    settings = data.print.standee
    figures = [
        Standee(
            _front(ch, data, look),
            qr_back(urls[ch.id], ch.row.name, QR_SIZE),
            settings.width,
            settings.height,
            settings.base,
            tab="Lay condition tokens beside it.",
        )
        for ch in data.characters
    ]
    return figures + [
        Standee(
            _mount_side(rider, mount, data, look),
            _mount_side(rider, mount, data, look),
            settings.width,
            settings.height,
            settings.base,
            tab="A mount: no tracker page.",
        )
        for rider, mount in riders(data)
    ]


# ---------------------------------------------------------------------------------------------
# Tokens and markers


def condition_texts(rules: DomppaRules) -> dict[str, str]:
    """The reminder printed on each condition token, with the rules' numbers."""
    return {
        "burning": f"d{rules.fire.burn_die_sides} damage every turn",
        "freezing": "2d6 fatigue (stun) every turn",
        "poisoned": f"{rules.poison.percent_per_turn}% of the poison left each turn (counter)",
        "paralysed": "cannot act; defence 0 (counter)",
        "fleeing": f"-{rules.morale.fleeing_penalty} attack and defence",
        "berserk": f"+X attack, strength, prot.; -X defence; morale {rules.morale.berserk_morale}",
        "stunned": f"fatigue {rules.fatigue.incapacitated_at}+: cannot act; defence 0",
    }


def condition_tokens(data: DomppaKitData) -> list[Piece]:
    texts = condition_texts(data.rules)
    settings = data.print.tokens
    return [
        Piece("circle", settings.diameter, data.print.colour(name), name.title(), text=texts[name])
        for name in CONDITIONS
        for _ in range(settings.copies)
    ]


def blow_tokens(data: DomppaKitData) -> list[Piece]:
    """A token per blow received this round: "Defence drops by one for each blow received; it
    resets at the start of the round"."""
    settings = data.print.tokens
    return [
        Piece(
            "circle",
            settings.diameter,
            data.print.colour("blow"),
            "Blow",
            text="-1 defence; all back at the start of the round",
        )  # fmt: skip
        for _ in range(settings.blows)
    ]


def tracker_markers(data: DomppaKitData) -> list[Piece]:
    """The square markers: HP, fatigue tens and ones for every character; tens and ones for
    every counter."""
    size = data.print.trackers.marker
    hp, fatigue = data.print.colour("hp"), data.print.colour("fatigue")
    markers: list[Piece] = []
    for _ in data.characters:
        markers += [
            Piece("square", size, hp, "HP"),
            Piece("square", size, fatigue, "x10", note="fatigue"),
            Piece("square", size, fatigue, "x1", note="fatigue"),
        ]
    for kind, word in (("poisoned", "poison"), ("paralysed", "rounds")):
        colour = data.print.colour(kind)
        for _ in range(data.print.counters.copies):
            markers += [
                Piece("square", size, colour, "x10", note=word),
                Piece("square", size, colour, "x1", note=word),
            ]
    return markers


def piece_blocks(
    data: DomppaKitData, urls: dict[str, str], look: Look, width: float
) -> list[Block]:
    """Every piece, tracker and counter of the kit as blocks for the card stock sheets (`width`:
    the sheets' width inside their margins)."""
    figures = standees(data, urls, look)
    caption = f"Standees ({len(data.characters)} characters{mounts_caption(data)})"
    blocks: list[Block] = [
        standee_grid(f"{caption}: cut round, fold, glue front to back", figures, STANDEES),
        piece_grid(
            f"Condition tokens ({data.print.tokens.copies} of each) and Blow tokens "
            f"({data.print.tokens.blows}): punch out",
            condition_tokens(data) + blow_tokens(data),
            look,
            TOKENS,
        ),
        piece_grid(
            "Square markers: HP, fatigue tens (x10) and ones (x1) for each character; tens and "
            "ones for each counter",
            tracker_markers(data),
            look,
            MARKERS,
        ),
    ]
    blocks += [tracker_panel(ch, data, look, width) for ch in data.characters]
    blocks += [
        counter_panel(kind, data)
        for kind in counter_texts(data.rules)
        for _ in range(data.print.counters.copies)
    ]
    return blocks


def card_stock_note(data: DomppaKitData) -> str:
    return (
        "Print on card stock (160-250 g/m²). Cut the long solid lines across first, then the "
        "short ones; standees: fold on the dashed lines, glue front to back, tabs out. Punch "
        f"the tokens with a {data.print.tokens.diameter:g} mm circle punch. A marker on each "
        "tracker; move it as the character changes."
    )
