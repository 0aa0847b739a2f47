"""Every bound on what Domekit reads from a stranger's file or template, in one place.

Sanity bounds, not rule numbers: each sits far above anything a real deck, board or rule file
needs, and far below what would make `domekit cards` or `domekit kit` run for hours, fill the
memory or print a traceback. Passing one is a DataError naming the file and the row or line.
"""

from __future__ import annotations

KIB = 1024
MIB = 1024 * KIB

# --- counts -----------------------------------------------------------------------------------
MAX_COPIES = 99  # copies of one card (a qty cell); the kits print a card per copy
MAX_CARDS = 10_000  # cards printed by one `domekit cards` deck, copies included (1,250 A4 pages)
MAX_ROWS = 10_000  # data rows of a CSV or spreadsheet, below the header
MAX_COLUMNS = 100  # named columns of a CSV or spreadsheet
MAX_CELL_CHARS = 2_000  # one cell; a poker card prints about 1,000 characters at 5 pt

# --- files ------------------------------------------------------------------------------------
MAX_TEXT_BYTES = 16 * MIB  # a CSV or other text data file
MAX_TOML_BYTES = 1 * MIB  # a TOML settings, rules or board file
MAX_TOML_DEPTH = 32  # tables and arrays inside each other (the shipped files use 4)
TOML_INT_BITS = 64  # TOML's integers are 64-bit signed
MAX_TEMPLATE_BYTES = 64 * KIB  # a jinja2 card template

# --- XLSX (a zip of XML) -----------------------------------------------------------------------
MAX_XLSX_BYTES = 32 * MIB  # the workbook file itself
MAX_XLSX_MEMBERS = 1_000  # files inside the zip
MAX_XLSX_EXPANDED = 64 * MIB  # all members unpacked
MAX_XLSX_RATIO = 200  # unpacked / packed size of one member over 1 MiB (zip bombs: 1000+)
XLSX_LAST_ROW = 1_048_576  # Excel's last row: no real sheet has a row number past it

# --- images -----------------------------------------------------------------------------------
MAX_IMAGE_BYTES = 64 * MIB  # a PNG, JPEG or SVG file
MAX_IMAGE_PIXELS = 40_000_000  # width x height of a bitmap (A4 at 600 dpi is 35 million)
MAX_SVG_ELEMENTS = 20_000  # elements of one SVG
MAX_SVG_SIDE = 14_400.0  # points (5 m): an SVG's width or height
MAX_SVG_NUMBER = 1e7  # points: any coordinate or size inside an SVG once read
MAX_ASPECT = 100.0  # a picture's long side / short side

# --- templates (jinja2, sandboxed) ---------------------------------------------------------------
MAX_TEMPLATE_OUTPUT = 10_000  # characters of markup one card's template may produce
MAX_TEMPLATE_VALUE = 100_000  # items or characters one template expression may make
MAX_TEMPLATE_INT_BITS = 256  # bits of a whole number a template may compute (77 digits)
TEMPLATE_SECONDS = 2.0  # wall-clock time for one card's render
TEMPLATE_MEMORY = 256 * MIB  # extra memory the renderer may take

# --- QR codes -----------------------------------------------------------------------------------
MIN_QR_MODULE_MM = 0.3  # a phone camera reads printed squares at least this big
MAX_BASE_URL = 120  # characters of `--base-url`: the kits' QR codes carry it and ~50 more


def size_text(count: int) -> str:
    """1048576 -> '1 MiB', 65536 -> '64 KiB', 100 -> '100 bytes'."""
    for unit, size in (("MiB", MIB), ("KiB", KIB)):
        if count >= size and count % size == 0:
            return f"{count // size} {unit}"
    return f"{count:,} bytes"
