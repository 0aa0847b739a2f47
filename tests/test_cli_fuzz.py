"""Every `domekit` command, fed junk flags by hypothesis: an answer (exit 0) or a clear refusal
(exit 2: a usage error or one `error: ` line), never a traceback.

The commands and their options are read from the typer app itself, so a new calculator is fuzzed
as soon as it exists. Each flag gets a hostile value (huge, negative, NaN, infinite, empty,
5,000 characters, not a number, a list gone wrong) or none; `serve` is left out (it would serve),
and so are the flags naming files (`--data`, `--db`, `--out`: tests/test_hostile_cli.py has
hostile names); `kit` writes into a temp folder.
"""

from __future__ import annotations

from typing import Any

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from toolkit.cli import app

HOSTILE = [
    "0", "-1", "1", "3", "12", "99999999999999999999", "-99999999999999999999", "9" * 5000,
    "1e400", "-1e400", "nan", "inf", "-inf", "1.5", "", " ", "abc", "é", "\u2028", "🙂",
    ",", "1,", ",1", "1,,2", "3,3,3", "6,6,6,6,6,6,6,6,6,6,6,6,6", "1," * 2000 + "1", "x" * 5000,
    "red", "red=99999999999999999999", "red=-1", "red=1,red=2", "a1", "K4", "Z999", "red.gunner",
    "1e30,1e30", "999999,999999", "nan,nan", "critical", "none", "fire", "../../etc/passwd",
]  # fmt: skip
VALUE = st.sampled_from(HOSTILE) | st.text(max_size=12) | st.integers(-(10**30), 10**30).map(str)


def commands() -> list[tuple[tuple[str, ...], Any]]:
    """(path, command) of every leaf command (typer carries its own copy of click: duck typing)."""
    found = []

    def walk(command: Any, path: tuple[str, ...]) -> None:
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                walk(sub, (*path, name))
        elif path[0] not in ("serve", "cards", "calibrate"):  # cards: tests/test_hostile_cli.py
            found.append((path, command))

    walk(typer.main.get_command(app), ())
    return found


COMMANDS = commands()


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(path) for path, _ in COMMANDS])
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_junk_flags_are_answered_or_refused_never_a_traceback(command, data, tmp_path):
    path, cmd = command
    args = list(path)
    for param in cmd.params:
        if param.param_type_name == "argument":
            args.append(data.draw(VALUE, label=param.name))
        elif param.is_flag:
            if data.draw(st.booleans(), label=param.opts[0]):
                args.append(param.opts[0])
        elif param.opts[0] not in ("--data", "--db", "--out") and (
            param.required or data.draw(st.booleans(), label=f"use {param.opts[0]}")
        ):
            args += [param.opts[0], data.draw(VALUE, label=param.opts[0])]
    if path[0] == "kit":
        args += ["--out", str(tmp_path / "kit.pdf"), "--db", f"sqlite:///{tmp_path / 'kit.db'}"]
    result = CliRunner().invoke(app, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code in (0, 2), (args, result.stderr)
    if result.exit_code == 2:
        assert result.stderr.startswith(("error: ", "Usage: ")), (args, result.stderr)
