"""print.toml pieces any kit's settings can share: a card's size, a standee's size and the colour
table's check. Sizes are millimetres; colours are #rrggbb."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from toolkit.data import check_colours

if TYPE_CHECKING:
    from toolkit.pdf.cards import CardSize


class Section(BaseModel):
    """A [table] of print.toml: every key known, none left out."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class CardSettings(Section):
    width: float = Field(gt=10, le=300)
    height: float = Field(gt=10, le=300)
    bleed: float = Field(ge=0, le=10)
    safe: float = Field(ge=0, le=20)

    def size(self) -> CardSize:
        from toolkit.pdf.cards import CardSize  # reportlab loads with the kit, not with the data

        return CardSize(self.width, self.height, self.bleed, self.safe)


class StandeeSettings(Section):
    """[standee]: a fold-over paper figure, its two panels and base tabs (its QR code is every
    kit's one size, `toolkit.pdf.qr.QR_SIZE`)."""

    width: float = Field(default=24.0, ge=15, le=60)  # fits a 25 mm square
    height: float = Field(default=36.0, ge=20, le=100)  # one panel
    base: float = Field(default=10.0, ge=5, le=30)  # each base tab


def check_colour_table(value: dict[str, str], wanted: tuple[str, ...]) -> dict[str, str]:
    """A pydantic validator's body for [colours]: each #rrggbb, and every name the kit prints."""
    check_colours(value)
    missing = [name for name in wanted if name not in value]
    if missing:
        raise ValueError(f"no colour for {', '.join(missing)}")
    return value
