from __future__ import annotations

import pytest

from toolkit.games.dominum.config import DominumRules, default_rules


@pytest.fixture
def rules() -> DominumRules:
    return default_rules()
