# Every target installs what it needs first, so a fresh Debian machine needs only `make`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libxkbcommon-dev xkb-data libx11-data pkg-config
DEMO ?= Checklists
TEST_PACKAGES := tmux

.PHONY: deps test-deps bench-deps build test demo bench fuzz format lint docs sanitize clean

# libxkbcommon and its data; apt only when something is missing.
deps:
	@if ! pkg-config --exists xkbcommon 2>/dev/null || [ ! -d /usr/share/X11/xkb/symbols ] \
	    || [ ! -f /usr/share/X11/locale/compose.dir ]; then \
	  echo "Installing $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

test-deps: deps
	@command -v tmux >/dev/null 2>&1 || { \
	  echo "Installing $(TEST_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TEST_PACKAGES); }

build: deps
	$(SWIFT) build

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: deps
	$(SWIFT) build --product $(DEMO)
	$$($(SWIFT) build --show-bin-path)/$(DEMO)

# Python peers for the parser comparison, in a private virtualenv; ncurses (the renderer's
# baseline, built from C) and valgrind (instruction counts) from Debian.
BENCH_VENV := Benchmarks/.venv
BENCH_PEERS := textual==8.2.8 prompt_toolkit==3.0.53
BENCH_APT := libncurses-dev valgrind gcc
bench-deps: deps
	@{ [ -f /usr/include/curses.h ] && command -v valgrind >/dev/null && command -v cc >/dev/null; } || { \
	  echo "Installing $(BENCH_APT)"; $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(BENCH_APT); }
	@[ -x $(BENCH_VENV)/bin/python ] || { \
	  command -v python3 >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv; }; \
	  python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install -q $(BENCH_PEERS); }

# Release builds; every figure is printed beside a baseline measured in the same run, written
# to Benchmarks/results/*.json, then merged into Benchmarks/results.json and printed as
# README's performance table.
NCURSES_BASELINE := .build/ncurses-baseline
bench: bench-deps
	$(SWIFT) build -c release --product ResponderBenchmarks
	$(SWIFT) build -c release --product XKBBenchmarks
	$(SWIFT) build -c release --product RendererBenchmarks
	$(SWIFT) build -c release --product ParserBenchmarks
	$(SWIFT) build -c release --product Checklists
	cc -O2 -o $(NCURSES_BASELINE) Benchmarks/NcursesBaseline/ncurses_baseline.c \
	  Benchmarks/CRendererScenes/scenes.c -IBenchmarks/CRendererScenes/include -lncursesw
	@bin=$$($(SWIFT) build -c release --show-bin-path); \
	echo "== Responder chain =="; $$bin/ResponderBenchmarks && \
	echo "== Keyboard decoding ==" && $$bin/XKBBenchmarks && \
	echo "== Renderer ==" && $$bin/RendererBenchmarks $(NCURSES_BASELINE) $$bin/Checklists && \
	echo "== Input parser ==" && $$bin/ParserBenchmarks && \
	echo "== Peer parsers ==" && $(BENCH_VENV)/bin/python Benchmarks/ParserBenchmarks/peers.py && \
	echo "== Table (Benchmarks/results.json) ==" && python3 Benchmarks/report.py

# libFuzzer on the input parser for 60 s (reliability B1). New finds go to a scratch corpus;
# crashes (and hangs, as timeout-*) are written here: minimise them and add them to the
# corpus. Its own build directory, so the sanitizer flags do not force a normal rebuild.
# FUZZ_CONFIG=release runs about 7x more inputs per second.
FUZZ_SCRATCH ?= .build/fuzz-corpus
FUZZ_CONFIG ?= debug
fuzz: deps
	$(SWIFT) build -c $(FUZZ_CONFIG) --scratch-path .build/fuzz --product InputParserFuzzer \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	mkdir -p $(FUZZ_SCRATCH)
	SWIFT_BACKTRACE=enable=no .build/fuzz/$(FUZZ_CONFIG)/InputParserFuzzer -max_total_time=60 \
	  -rss_limit_mb=512 -timeout=10 \
	  $(FUZZ_SCRATCH) Tests/Fuzzers/InputParser/Corpus

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Samples Benchmarks

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Samples Benchmarks

# DocC archives for each library module, from the toolchain's docc (no plugin needed).
DOC_MODULES := ResponderKit XKBKeyboard TerminalHost EventReplay
docs: deps
	mkdir -p .build/symbol-graphs .build/docs
	$(SWIFT) build -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbol-graphs
	@for m in $(DOC_MODULES); do \
	  mkdir -p .build/symbol-graphs/$$m && cp .build/symbol-graphs/$$m.symbols.json .build/symbol-graphs/$$m@*.symbols.json .build/symbol-graphs/$$m/ 2>/dev/null; \
	  docc convert Sources/$$m/$$m.docc --additional-symbol-graph-dir .build/symbol-graphs/$$m \
	    --fallback-display-name $$m --fallback-bundle-identifier org.responderkit.$$m \
	    --output-path .build/docs/$$m.doccarchive || exit 1; \
	done
	@echo "Archives in .build/docs"

# The test suite under AddressSanitizer; the only suppressed leak is XCTest's own runner.
# The pty, tmux and crash tests are skipped: ASan installs its own SIGSEGV handler and reports
# leaks at the exit of the sample apps they start, which changes the exit statuses they check.
sanitize: test-deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp $(SWIFT) test --sanitize=address \
	  --skip 'EndToEndTests|TerminalCrashTests'

clean:
	rm -rf .build
