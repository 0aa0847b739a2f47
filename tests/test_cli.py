import subprocess
import sys
import time

from toolkit.errors import DataError


def test_help_lists_every_game(cli):
    result = cli("--help")
    assert result.exit_code == 0
    for game in ("deathdome", "naturedome", "dominum", "domppa"):
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
