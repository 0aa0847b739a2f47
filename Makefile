# Two commands do everything on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 0.0.0.0
PORT   ?= 8000

.PHONY: play test setup system-deps kits serve lint clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

setup: $(VENV)/.installed

# Debian packages the tests use: zbar (QR decoding), poppler (PDF to PNG), chromium (browser tests).
system-deps:
	@bash scripts/system-deps.sh

# The kits' QR codes point at this machine's LAN address, where `make play` serves the tracker.
LAN_IP   ?= $(shell hostname -I 2>/dev/null | tr ' ' '\n' | grep -m1 -E '^[0-9]+\.' || echo 127.0.0.1)
BASE_URL ?= http://$(LAN_IP):$(PORT)

kits: setup
	$(VENV)/bin/domekit kit all --base-url $(BASE_URL)

play: kits
	$(VENV)/bin/domekit serve --lan --port $(PORT)

lint: setup
	$(VENV)/bin/ruff check toolkit tests benchmarks

test: setup system-deps lint
	$(PY) -m pytest -q

clean:
	rm -rf $(VENV) output/*.pdf .pytest_cache .ruff_cache
