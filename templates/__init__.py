"""The tracker's page templates (jinja2): shared layouts here, one folder per game.

Installed, this folder is the package `toolkit.templates`; the tracker finds it through
`toolkit.resources.templates_dir()`.
"""
