"""The games' shipped content (card lists as CSV, settings and rules as TOML), one folder per game.

Installed, this folder is the package `toolkit.card_data`; code finds it through
`toolkit.resources.card_data_dir()`. Copy a game's folder and pass `--data` to play your own.
"""
