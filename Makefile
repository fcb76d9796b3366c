# Every target installs what it needs into .venv, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
BENCHSTAMP := $(VENV)/.installed-bench

.PHONY: run test lint bench install dev clean tables

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

run: $(STAMP)
	$(BIN)/sparrows play --rules suzume

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

bench: $(BENCHSTAMP)
	$(BIN)/python benchmarks/bench_analysis.py
	$(BIN)/python benchmarks/bench_suzume.py
	$(BIN)/python benchmarks/bench_riichi_score.py

# Regenerates the per-suit shanten tables (needs numpy; the result is committed).
tables: $(DEVSTAMP)
	$(BIN)/pip install -q numpy
	$(BIN)/python tools/gen_tables.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
