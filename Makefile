# Every target installs what it needs into .venv, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
BENCHSTAMP := $(VENV)/.installed-bench
RLLIBSTAMP := $(VENV)/.installed-rllib
# The optional compiled build (mypyc) lives in its own environment, beside the editable one.
FAST := .venv-fast
FASTBIN := $(FAST)/bin
FASTSTAMP := $(FAST)/.installed
SOURCES := $(shell find src -name '*.py') setup.py pyproject.toml

.PHONY: run test test-pure test-all test-fast lint bench install dev fast clean tables browser \
	screenshots wheel

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[web]'
	touch $@

$(DEVSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(STAMP)

$(BENCHSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev,bench]'
	touch $@ $(DEVSTAMP) $(STAMP)

# RLlib and PyTorch (CPU) for the RLlib example, tested in `make test-all` only (1.7 GB).
$(RLLIBSTAMP): pyproject.toml | $(DEVSTAMP)
	$(BIN)/pip install -q -e '.[dev,rllib]'
	touch $@

install: $(STAMP)
dev: $(DEVSTAMP)

# `make fast`: the hot modules (src/sparrows/compiled.py) compiled with mypyc into
# .venv-fast (`.venv-fast/bin/sparrows`); rebuilt when a source changes.
# build/lib.* goes first: setuptools would copy any extension left there by an earlier
# module list (a stale compiled module, another native library) into the wheel.
$(FASTSTAMP): $(SOURCES) | $(DEVSTAMP)
	rm -rf build/lib.* build/wheel
	MYPY_CACHE_DIR=build/mypy-cache SPARROWS_COMPILE=1 \
		$(BIN)/pip wheel -q --no-build-isolation --no-deps -w build/wheel .
	test -x $(FASTBIN)/python || $(BIN)/python -m venv $(FAST)
	$(FASTBIN)/pip install -q --force-reinstall --no-deps build/wheel/sparrows-*.whl
	$(FASTBIN)/pip install -q "$$(ls build/wheel/sparrows-*.whl)[test]"
	touch $@

fast: $(FASTSTAMP)
	@$(FASTBIN)/sparrows --version

# `make wheel`: two wheels in dist/, the compiled one (mypyc; for this platform and
# Python: sparrows-*-cp311-*.whl) and the pure-Python one (sparrows-*-py3-none-any.whl).
# The compiled wheel is then installed into a fresh environment (build/wheel-test) and the
# research environments' tests and the build check run there, against the installed wheel.
WHEELTEST := build/wheel-test
wheel: $(DEVSTAMP)
	rm -rf dist $(WHEELTEST) build/lib.* build/bdist.*
	$(BIN)/pip wheel -q --no-build-isolation --no-deps -w dist .
	rm -rf build/lib.* build/bdist.*
	MYPY_CACHE_DIR=build/mypy-cache SPARROWS_COMPILE=1 \
		$(BIN)/pip wheel -q --no-build-isolation --no-deps -w dist .
	$(PYTHON) -m venv $(WHEELTEST)
	$(WHEELTEST)/bin/pip install -q "$$(ls dist/sparrows-*-cp*.whl)[test]"
	cd $(WHEELTEST) && SPARROWS_EXPECT=compiled SPARROWS_PURE_PYTHON=$(abspath $(BIN)/python) \
		bin/python -m pytest -n 2 \
		-p no:cacheprovider --rootdir=. $(abspath tests/engine/test_builds.py) \
		$(abspath tests/envs/test_environments.py) $(abspath tests/envs/test_encoding.py)
	@ls -l dist

# `make run` serves the web table on http://localhost:8000/ (tables kept in
# sparrows-tables.db here); `make run ARGS="--port 8080"` passes arguments to `sparrows
# serve`. Terminal play: `sparrows play`.
ARGS ?=
# `make run HOST=0.0.0.0` lets friends on your network in (the links use this machine's
# network address); `ARGS="--public-url https://..."` for an address behind a proxy.
HOST ?= 127.0.0.1
run: $(STAMP)
	$(BIN)/sparrows serve --open --host $(HOST) --db sparrows-tables.db $(ARGS)

# Debian's chromium for the browser tests (Playwright drives it; nothing is downloaded
# from Playwright's own hosts).
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
browser: $(CHROMIUM)

# Japanese and Chinese glyphs for the screenshots in those languages (the tests read the
# page's text, not its pixels, and do without them).
CJKFONTS := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
$(CJKFONTS):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null

# valgrind for benchmarks/bench_instructions.py (instructions per decision: callgrind)
VALGRIND := /usr/bin/valgrind
$(VALGRIND):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null

lint: $(DEVSTAMP)
	$(BIN)/ruff check src tests benchmarks tools examples setup.py
	$(BIN)/ruff format --check src tests benchmarks tools examples setup.py
	$(BIN)/mypy

# The default suite runs in parallel (pytest-xdist) with the big differential runs sized
# for CI; `make test-all` runs them at full size and adds the tests marked slow.
# Lint, the pure-Python suite and the compiled build's compilation run side by side (mypy
# and the C compiler are one process each beside pytest's two; the build keeps its own mypy
# cache), then the suite runs again on the compiled build.
test: $(DEVSTAMP) $(CHROMIUM)
	$(MAKE) --no-print-directory -j3 lint test-pure $(FASTSTAMP)
	$(MAKE) --no-print-directory test-fast

test-pure: $(DEVSTAMP)
	SPARROWS_EXPECT=pure $(BIN)/pytest -n 2 --dist worksteal -m "not slow"

# The suite again on the compiled build, with a check that it plays every ruleset exactly
# as the pure-Python build does (tests/engine/test_builds.py). Left out here, run on the pure
# build only: tests of interpreted code over engine paths the library tests cover: the
# docs walk-through, the CLI tests, the browser tests, the server's tests
# (sparrows.server), the Ray and report tests (sparrows.sim's backends), the examples,
# the terminal table, the export and record-format tests (sparrows.records), the dataset
# writer's and the mjai bot adapter's (records and processes), and the client
# contract's view round trips and stream rebuilds (views, JSON schema and stream), and
# riichi's array tables' checks against the engine (numpy in both builds; Suzume's
# array tables still play against the compiled engine). The compiled engine still plays
# every configuration there through the contract's other tests and test_builds.
FAST_SKIP := tests/docs tests/cli tests/web tests/sim tests/records/test_export.py \
	tests/records/test_export_limits.py tests/records/test_replay_check.py \
	tests/records/test_edges.py tests/records/test_mjlog.py tests/envs/test_dataset.py \
	tests/bots/test_mjai.py tests/envs/test_riichi_arrays.py \
	tests/envs/test_riichi_arrays_edges.py
FAST_DESELECT := tests/client/test_contract.py::test_views_round_trip_and_meet_the_schema \
	tests/client/test_contract.py::test_the_stream_rebuilds_every_view[
test-fast: $(FASTSTAMP)
	SPARROWS_PURE_PYTHON=$(abspath $(BIN)/python) SPARROWS_EXPECT=compiled \
		$(FASTBIN)/pytest -n 2 --dist worksteal -m "not slow" -p no:cacheprovider \
		$(foreach t,$(FAST_SKIP),--ignore=$(t)) \
		$(foreach t,$(FAST_DESELECT),--deselect '$(t)')

test-all: lint $(RLLIBSTAMP)
	SPARROWS_FULL=1 SPARROWS_EXPECT=pure $(BIN)/pytest -n 2
	$(MAKE) --no-print-directory test-fast
	$(MAKE) --no-print-directory wheel

# Not here: benchmarks/bench_before_after.py (simulate speed of two commits) builds another
# commit in /tmp; run it by hand (its docstring says how).
bench: $(BENCHSTAMP) $(FASTSTAMP) $(VALGRIND) $(CHROMIUM)
	$(BIN)/python benchmarks/bench_analysis.py
	$(BIN)/python benchmarks/bench_suzume.py
	$(BIN)/python benchmarks/bench_riichi_score.py
	$(BIN)/python benchmarks/bench_riichi_game.py
	$(BIN)/python benchmarks/bench_chinese.py
	$(BIN)/python benchmarks/bench_contract.py
	$(BIN)/python benchmarks/bench_envs.py
	$(BIN)/python benchmarks/bench_instructions.py
	$(BIN)/python benchmarks/bench_simulate.py
	$(BIN)/python benchmarks/bench_web.py
	$(BIN)/python benchmarks/bench_web.py --sparrows $(FASTBIN)/sparrows
	$(BIN)/python benchmarks/bench_web.py --think 0.5
	$(BIN)/python benchmarks/bench_web.py --think 0.5 --sparrows $(FASTBIN)/sparrows
	$(BIN)/python benchmarks/bench_web.py --tables 200 --humans 20 --think 0.5 --seconds 120 --restart
	$(BIN)/python benchmarks/bench_web.py --tables 200 --humans 20 --think 0.5 --seconds 120 \
		--restart --sparrows $(FASTBIN)/sparrows
	$(BIN)/python benchmarks/bench_kill.py --kills 30
	$(BIN)/python benchmarks/bench_bots.py

# The web table's pictures (README, docs/playing.md): the browser tests of every ruleset,
# writing their screenshots into docs/screenshots/.
screenshots: $(DEVSTAMP) $(CHROMIUM) $(CJKFONTS)
	SPARROWS_SCREENSHOTS=docs/screenshots $(BIN)/pytest -q tests/web/test_browser.py \
		tests/web/test_table.py -k "every_ruleset or phone or call_outs" -m "slow or not slow"

# Regenerates the per-suit shanten tables (needs numpy; the result is committed).
tables: $(DEVSTAMP)
	$(BIN)/pip install -q numpy
	$(BIN)/python tools/gen_tables.py

clean:
	rm -rf $(VENV) $(FAST) build .pytest_cache .mypy_cache .ruff_cache
