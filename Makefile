# Two commands do everything on a fresh machine: `make play` and `make test`.
PYTHON  ?= python3
VENV    := .venv
PY      := $(VENV)/bin/python
DOMEKIT := $(VENV)/bin/domekit
PORT    ?= 8000
# Empty: `domekit kit` points the QR codes at this machine's LAN address on PORT
# (toolkit/network.py). Set it when the tracker runs elsewhere (behind a proxy, another host).
BASE_URL ?=
KIT_FLAGS = --port $(PORT) $(if $(BASE_URL),--base-url $(BASE_URL))
# setuptools' notice on every editable install of this layout (card_data/ and templates/ mapped
# into the package), which says nothing a player can act on.
PIP_INSTALL := PYTHONWARNINGS='ignore:Editable installation' $(PY) -m pip install -q
# In a checkout, kits and the tracker's database stay in output/ (installed, Domekit uses the
# user's data folder).
export DOMEKIT_HOME ?= $(CURDIR)/output

.PHONY: play test setup system-deps kits serve lint typecheck clean pictures docs docs-check

# `make play` installs what running needs; `make test` adds the test and docs extras to the
# same venv.
$(VENV)/bin/pip:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.runtime: pyproject.toml setup.py | $(VENV)/bin/pip
	$(PIP_INSTALL) -e .
	touch $@

$(VENV)/.installed: pyproject.toml setup.py | $(VENV)/bin/pip
	$(PIP_INSTALL) -e '.[test,docs]'
	touch $@ $(VENV)/.runtime

setup: $(VENV)/.installed

# Debian packages the tests use: zbar (QR decoding), poppler (PDF to PNG), chromium (browser tests).
system-deps:
	@bash scripts/system-deps.sh

kits: $(VENV)/.runtime
	$(DOMEKIT) kit all $(KIT_FLAGS)

# The kits, then the tracker on PORT in the same command: the QR codes and the server share PORT.
play: $(VENV)/.runtime
	$(DOMEKIT) kit all $(KIT_FLAGS) --serve

# README's three pictures (docs/img/readme-*.png), made from the real kit, phone page and screen.
pictures: setup
	$(PY) scripts/pictures.py

lint: setup
	$(VENV)/bin/ruff check toolkit tests benchmarks scripts

typecheck: setup
	$(VENV)/bin/mypy

# The docs site on http://127.0.0.1:8001, rebuilt on every save (mkdocs.yml).
docs: setup
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve -a 127.0.0.1:8001

# The docs site built with every warning an error: a broken link or page fails the build.
docs-check: setup
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir $(CURDIR)/build/site

# DOMEKIT_NEED_POSTGRES: the PostgreSQL tests fail, not skip, when its cluster cannot start.
test: setup system-deps lint typecheck docs-check
	DOMEKIT_NEED_POSTGRES=1 $(PY) -m pytest -q

clean:
	rm -rf $(VENV) build/site output/*.pdf output/*.kit.json output/domekit.sqlite3* .pytest_cache .ruff_cache
