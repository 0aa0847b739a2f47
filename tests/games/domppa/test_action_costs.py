"""The actions table (the rule book's Actions chapter): AP costs, all-remaining actions, bodyguard,
required abilities."""

import pytest

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa.rules import action_cost


@pytest.mark.parametrize(
    ("action", "remaining", "kwargs", "cost"),
    [
        ("move", 12, {"squares": 2}, 4),  # 2 AP per square
        ("move", 12, {"diagonal_squares": 2}, 6),  # 3 AP diagonally
        ("move", 12, {"squares": 2, "difficult_squares": 1}, 5),  # difficult terrain +1
        ("disengage", 12, {}, 3),
        ("disengage", 12, {"bodyguard": 2}, 5),  # Bodyguard X: X AP more
        ("move_while_engaged", 12, {"squares": 2}, 6),  # one point dearer than moving
        ("move_while_engaged", 12, {"squares": 1, "bodyguard": 1}, 4),
        ("attack", 7, {}, 7),  # all remaining AP, at least one
        ("attack", 1, {}, 1),
        ("cast", 5, {}, 5),
        ("cast_engaged", 5, {}, 5),  # at least three
        ("heal", 4, {}, 4),
        ("formation_fighter", 12, {}, 2),
        ("berserk", 12, {}, 2),
        ("heat_aura", 12, {}, 2),
        ("standard", 12, {}, 2),
        ("inspirational", 12, {}, 1),
        ("sheathe", 12, {}, 2),
        ("draw", 12, {}, 1),
        ("drop", 0, {}, 0),
        ("rest", 3, {}, 3),
        ("leave_rest", 6, {}, 6),  # all AP
        ("leave_rest", 0, {}, 0),
        ("rally", 2, {}, 2),
        ("attack", 12, {"bodyguard": 3}, 12),  # bodyguard only taxes moving away
    ],
)
def test_action_costs(rules, action, remaining, kwargs, cost):
    outcome = action_cost(rules, action, remaining_ap=remaining, **kwargs)
    assert (outcome.ap, outcome.remaining) == (cost, remaining - cost)


@pytest.mark.parametrize(
    ("action", "remaining", "kwargs"),
    [
        ("attack", 0, {}),  # at least one
        ("cast_engaged", 2, {}),  # at least three
        ("move", 3, {"squares": 2}),
        ("disengage", 4, {"bodyguard": 2}),
    ],
)
def test_not_enough_ap_is_refused(rules, action, remaining, kwargs):
    with pytest.raises(RuleError, match="only"):
        action_cost(rules, action, remaining_ap=remaining, **kwargs)


def test_actions_that_need_an_ability(rules):
    with pytest.raises(RuleError, match="needs the Healer ability"):
        action_cost(rules, "heal", remaining_ap=5, abilities=frozenset())
    assert action_cost(rules, "heal", remaining_ap=5, abilities=frozenset({"healer"})).ap == 5


def test_unknown_action(rules):
    with pytest.raises(DomekitError, match="unknown action 'fly'"):
        action_cost(rules, "fly", remaining_ap=5)
