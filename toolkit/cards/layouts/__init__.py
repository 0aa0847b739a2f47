"""The built-in card layouts (TOML files; toolkit/cards/layout.py reads them)."""
