"""Domppa tests share the shipped rule numbers (card_data/domppa/rules.toml)."""

from __future__ import annotations

import pytest

from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.data import load_rules


@pytest.fixture
def rules() -> DomppaRules:
    return load_rules()
