"""The cards tests' deck fixture."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cards.helpers import ROWS, STAR_SVG, write_png


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    """deck.csv (UTF-8 with BOM, semicolons), icons/fire.png, icons/star.svg, art.png."""
    (tmp_path / "icons").mkdir()
    write_png(tmp_path / "icons" / "fire.png", (220, 60, 0))
    (tmp_path / "icons" / "star.svg").write_text(STAR_SVG)
    write_png(tmp_path / "art.png", (40, 120, 200), (30, 20))
    text = "\n".join(";".join(row) for row in ROWS) + "\n"
    path = tmp_path / "deck.csv"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    return path
