import os
import shlex
import subprocess
import sys
import time

import pytest

from toolkit.errors import DataError
from toolkit.games import names


def test_help_lists_every_game(cli):
    result = cli("--help")
    assert result.exit_code == 0
    for game in names():  # the registry's, the test suite's own duel among them
        assert game in result.stdout


def test_python_dash_m_works_and_help_is_fast():
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "toolkit", "--help"], capture_output=True, text=True, check=False
    )
    elapsed = time.perf_counter() - start
    assert done.returncode == 0
    assert "domekit" in done.stdout
    # --help must not drag in reportlab, FastAPI or SQLAlchemy.
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, toolkit.cli; "
            "print(sorted(m for m in ('reportlab','fastapi','sqlalchemy','qrcode') "
            "if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.strip() == "[]"
    assert elapsed < 5  # generous bound for a loaded CI machine; figures live in benchmarks/


def test_data_error_names_file_row_and_field():
    error = DataError("card_data/x/items.csv", "expected a whole number", row=4, field="price")
    assert str(error) == "card_data/x/items.csv, row 4, field 'price': expected a whole number"


def _command_paths() -> list[tuple[str, ...]]:
    """Every command and subcommand of `domekit`, as the words a user types."""
    import typer

    from toolkit.cli import app

    root = typer.main.get_command(app)
    found: list[tuple[str, ...]] = []

    def walk(group, path: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
        ctx = group.make_context("domekit", [], resilient_parsing=True)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            found.append((*path, name))
            if hasattr(command, "list_commands"):
                walk(command, (*path, name))

    walk(root, ())
    return found


COMMAND_PATHS = _command_paths()


def test_every_command_is_found():
    assert ("kit",) in COMMAND_PATHS and ("serve",) in COMMAND_PATHS
    assert ("deathdome", "attack") in COMMAND_PATHS and (
        "odds",
        "dominum",
        "attack",
    ) in COMMAND_PATHS
    assert len(COMMAND_PATHS) > 40


@pytest.mark.parametrize("path", COMMAND_PATHS, ids=" ".join)
def test_dash_h_and_dash_dash_help_on_every_command(cli, path):
    short, long = cli(*path, "-h"), cli(*path, "--help")
    assert short.exit_code == 0, short.stderr
    assert short.stdout.startswith(f"Usage: domekit {' '.join(path)} ")
    assert short.stdout == long.stdout


def test_version_is_the_packages(cli):
    from importlib.metadata import version

    import toolkit

    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout == f"domekit {toolkit.__version__}\n"
    assert version("domekit") == toolkit.__version__


def test_shell_completion_completes_lazily_loaded_groups():
    env = {**os.environ, "_DOMEKIT_COMPLETE": "complete_bash"}
    for words, cword, expected in (
        ("domekit dea", "1", "deathdome"),
        ("domekit dominum as", "2", "assault"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "toolkit"],
            env={**env, "COMP_WORDS": words, "COMP_CWORD": cword},
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == [expected]
    # typer detects the shell from the parent processes: run it from bash, as a user would (under
    # `make`, pytest's parent is sh, which typer has no completion for).
    shown = subprocess.run(
        ["bash", "-c", f"{shlex.quote(sys.executable)} -m toolkit --show-completion; exit $?"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert shown.returncode == 0 and "_DOMEKIT_COMPLETE=complete_bash" in shown.stdout


def test_help_imports_no_command_group():
    """`domekit --help` lists the game and odds groups without importing their modules: only the
    registry and the games' descriptors (`toolkit/games/<game>/__init__.py`) load."""
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.argv = ['domekit', '--help']\n"
            "from toolkit.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "from toolkit.games import NAMES\n"
            "registry = {'toolkit.games', 'toolkit.games.base'}\n"
            "registry |= {f'toolkit.games.{name}' for name in NAMES}\n"
            "print(sorted(m for m in sys.modules if m.startswith(('toolkit.games', 'toolkit.odds'))"
            " and m not in registry or m in ('pydantic', 'reportlab', 'rich')))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.splitlines()[-1] == "[]"
    assert "deathdome" in probe.stdout and "Exact odds" in probe.stdout
    assert all(f"  {name} " in probe.stdout for name in names())  # DOMEKIT_EXTRA_GAMES's too


def test_cards_and_calibrate_print_json(cli, tmp_path):
    sheet = tmp_path / "s.csv"
    sheet.write_text("name,text\nImp,Burns\nOrc,Smashes\n")
    cards = cli("cards", str(sheet), "--out", str(tmp_path / "s.pdf"), "--json")
    assert cards.exit_code == 0, cards.stderr
    assert cards.json() == {
        "pdf": str(tmp_path / "s.pdf"),
        "cards": 2,
        "sheets": 1,
        "pages": 1,
        "per_page": 8,
        "orientation": "landscape",
        "warnings": [],
    }
    calibrate = cli("calibrate", "--paper", "letter", "--out", str(tmp_path / "c.pdf"), "--json")
    assert calibrate.exit_code == 0, calibrate.stderr
    assert calibrate.json()["pdf"] == str(tmp_path / "c.pdf") and (tmp_path / "c.pdf").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("cards", "x.csv", "--marks", "dots"),
            "error: --marks 'dots': expected corners, edges, lines or none",
        ),
        (("cards", "x.csv", "--duplex", "up"), "error: --duplex 'up': expected long or short"),
        (
            ("calibrate", "--orientation", "round"),
            "error: --orientation 'round': expected both, portrait or landscape",
        ),
    ],
)
def test_bad_choices_are_one_line_and_exit_2(cli, args, message):
    result = cli(*args)
    assert result.exit_code == 2
    assert result.stderr.strip() == message


@pytest.mark.parametrize(
    ("args", "suggestion"),
    [
        (("deathdom",), "'deathdome'"),
        (("servee",), "'serve'"),
        (("dominum", "asault"), "'assault'"),
    ],
)
def test_a_mistyped_command_gets_a_suggestion_loaded_or_not(cli, args, suggestion):
    result = cli(*args)
    assert result.exit_code == 2
    assert f"Did you mean {suggestion}?" in result.stderr


def test_odds_is_listed(cli):
    result = cli("odds", "--help")
    assert result.exit_code == 0
    for game in names():
        assert game in result.stdout
