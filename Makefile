# Every target installs what it needs into .venv, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
BENCHSTAMP := $(VENV)/.installed-bench

.PHONY: run test test-all lint bench install dev clean tables

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(STAMP)

$(BENCHSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev,bench]'
	touch $@ $(DEVSTAMP) $(STAMP)

install: $(STAMP)
dev: $(DEVSTAMP)

# `make run ARGS="--seed 3 --seat 2"` passes arguments to `sparrows play`.
ARGS ?=
run: $(STAMP)
	$(BIN)/sparrows play $(ARGS)

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools
	$(BIN)/mypy

# The default suite runs in parallel (pytest-xdist) with the big differential runs sized
# for CI; `make test-all` runs them at full size and adds the tests marked slow.
test: lint
	$(BIN)/pytest -n 2 -m "not slow"

test-all: lint
	SPARROWS_FULL=1 $(BIN)/pytest -n 2

bench: $(BENCHSTAMP)
	$(BIN)/python benchmarks/bench_analysis.py
	$(BIN)/python benchmarks/bench_suzume.py
	$(BIN)/python benchmarks/bench_riichi_score.py
	$(BIN)/python benchmarks/bench_riichi_game.py
	$(BIN)/python benchmarks/bench_chinese.py

# Regenerates the per-suit shanten tables (needs numpy; the result is committed).
tables: $(DEVSTAMP)
	$(BIN)/pip install -q numpy
	$(BIN)/python tools/gen_tables.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
