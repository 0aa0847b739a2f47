"""The package list, which pyproject.toml cannot both find and extend: toolkit's own packages, and
the checkout's card_data/, templates/ and examples/ as toolkit.card_data, toolkit.templates and
toolkit.examples (mapped by package-dir in pyproject.toml); every data folder (each game's, the
tracker's static files) is a package of its own so the wheel carries it. Everything else about
the build is in pyproject.toml."""

from setuptools import find_namespace_packages, find_packages, setup


def data_packages(folder: str, package: str) -> list[str]:
    return [package, *(f"{package}.{name}" for name in find_namespace_packages(folder))]


setup(
    packages=[
        *find_packages(include=["toolkit", "toolkit.*"]),
        *data_packages("card_data", "toolkit.card_data"),
        *data_packages("templates", "toolkit.templates"),
        *data_packages("examples", "toolkit.examples"),
        *data_packages("toolkit/tracker/static", "toolkit.tracker.static"),
    ]
)
