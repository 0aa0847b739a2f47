"""Death Dome tests (a package, so test_cli.py here and tests/test_cli.py do not collide)."""
