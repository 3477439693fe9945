# Two entry points on a fresh machine:
#   make demo   -> creates .venv, installs sayso, runs it on the built-in example articles
#   make test   -> creates .venv, installs sayso with dev tools, runs ruff, mypy and the tests
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.sayso-installed

.PHONY: setup demo test lint typecheck unit eval bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(BIN)/sayso extract examples/articles --format table
	$(BIN)/sayso compare examples/story --format table

lint: setup
	$(BIN)/ruff check sayso tests bench scripts
	$(BIN)/ruff format --check sayso tests bench scripts

typecheck: setup
	$(BIN)/mypy sayso

unit: setup
	$(BIN)/pytest -q

test: lint typecheck unit

eval: setup
	$(BIN)/sayso evaluate ../shared/polnear/dev

bench: setup
	$(BIN)/python bench/speed.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
