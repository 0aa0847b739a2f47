"""Sample decks for `domekit cards`, one folder each (cards/: a sheet, a layout, a template and
its icons).

Installed, this folder is the package `toolkit.examples`; `domekit cards --example NAME`
(toolkit/cards/examples.py) writes a folder of it into the working folder.
"""
