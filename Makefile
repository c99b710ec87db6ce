# Every target installs what it needs first, so a fresh Debian machine needs only `make`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# libvterm: the independent emulator the renderer's differential test and fuzz target check
# frames in (Tests/VTermOracle); the library itself links only libxkbcommon.
APT_PACKAGES := libxkbcommon-dev xkb-data libx11-data pkg-config libvterm-dev
DEMO ?= Checklists
TEST_PACKAGES := tmux

.PHONY: deps test-deps bench-deps terminals-deps build test demo bench terminals fuzz format lint docs sanitize tsan clean

# libxkbcommon and its data; apt only when something is missing.
deps:
	@if ! pkg-config --exists xkbcommon 2>/dev/null || [ ! -d /usr/share/X11/xkb/symbols ] \
	    || [ ! -f /usr/share/X11/locale/compose.dir ] || [ ! -f /usr/include/vterm.h ]; then \
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

# Every test is Swift Testing: XCTest's runner would only print "Executed 0 tests" (twice).
# The suite runs with TMPDIR a fresh folder of its own (short: tests show paths in 100-column
# tmux panes), so what other programs on the machine put in /tmp meanwhile does not count; a
# run that leaves anything in it fails, naming what, and the folder is kept to look at. The
# test bundle is run directly, as `swift test --skip-build --disable-xctest` runs it: SwiftPM
# itself leaves lock files and TemporaryDirectory.* (its manifest compiles) in TMPDIR. (tmux
# keeps its sockets in /tmp/tmux-UID whatever TMPDIR says.) TEST_ARGS="--filter X" runs a part.
# A failing snapshot adds itself to the HTML report $(SNAPSHOT_REPORT)/index.html (expected,
# actual, difference), which CI keeps with the build directory.
SNAPSHOT_REPORT ?= $(CURDIR)/.build/snapshot-report
TEST_ARGS ?=
test: test-deps
	$(SWIFT) build --build-tests
	@bundle=$$($(SWIFT) build --show-bin-path)/ResponderKitPackageTests.xctest; \
	scratch=$$(mktemp -d /tmp/rk.XXXX) || exit 1; \
	echo "TMPDIR=$$scratch $$bundle --testing-library swift-testing $(TEST_ARGS)"; \
	TMPDIR=$$scratch SNAPSHOT_ARTIFACTS=$(SNAPSHOT_REPORT) $$bundle --testing-library swift-testing $(TEST_ARGS); status=$$?; \
	left=$$(ls -A $$scratch); \
	if [ -n "$$left" ]; then \
	  echo "make test: the run left in its temporary directory $$scratch:"; echo "$$left" | sed 's/^/  /'; \
	  exit 1; \
	fi; rmdir $$scratch; exit $$status

demo: deps
	$(SWIFT) build --product $(DEMO)
	$$($(SWIFT) build --show-bin-path)/$(DEMO)

# Python peers for the parser comparison and the latency benchmark (Textual), in a private
# virtualenv; ncurses (the renderer's and the latency benchmark's baseline, built from C) and
# valgrind (instruction counts) from Debian.
BENCH_VENV := Benchmarks/.venv
BENCH_PEERS := textual==8.2.8 prompt_toolkit==3.0.53
BENCH_APT := libncurses-dev valgrind gcc fzf
bench-deps: deps
	@{ [ -f /usr/include/curses.h ] && command -v valgrind >/dev/null && command -v cc >/dev/null \
	    && command -v fzf >/dev/null; } || { \
	  echo "Installing $(BENCH_APT)"; $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(BENCH_APT); }
	@[ -x $(BENCH_VENV)/bin/python ] || { \
	  command -v python3 >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv; }; \
	  python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install -q $(BENCH_PEERS); }

# Release builds; every figure is printed beside a baseline measured in the same run, written
# to Benchmarks/results/*.json, then merged into Benchmarks/results.json and printed as
# README's performance table.
NCURSES_BASELINE := .build/ncurses-baseline
LATENCY_PEERS := .build/latency-peers
bench: bench-deps
	$(SWIFT) build -c release --product ResponderBenchmarks
	$(SWIFT) build -c release --product XKBBenchmarks
	$(SWIFT) build -c release --product RendererBenchmarks
	$(SWIFT) build -c release --product ParserBenchmarks
	$(SWIFT) build -c release --product BindingBenchmarks
	$(SWIFT) build -c release --product TextBenchmarks
	$(SWIFT) build -c release --product DocumentBenchmarks
	$(SWIFT) build -c release --product HoverBenchmarks
	$(SWIFT) build -c release --product SpinnerBenchmarks
	$(SWIFT) build -c release --product Checklists
	$(SWIFT) build -c release --product Pick
	$(SWIFT) build -c release --product PickBenchmarks
	$(SWIFT) build -c release --product LatencyBenchmarks
	cc -O2 -o $(NCURSES_BASELINE) Benchmarks/NcursesBaseline/ncurses_baseline.c \
	  Benchmarks/CRendererScenes/scenes.c -IBenchmarks/CRendererScenes/include -lncursesw
	cc -O2 -o $(LATENCY_PEERS) Benchmarks/LatencyPeers/latency_peers.c -lncursesw
	@bin=$$($(SWIFT) build -c release --show-bin-path); \
	echo "== Responder chain =="; $$bin/ResponderBenchmarks && \
	echo "== Keyboard decoding ==" && $$bin/XKBBenchmarks && \
	echo "== Renderer ==" && $$bin/RendererBenchmarks $(NCURSES_BASELINE) $$bin/Checklists && \
	echo "== Input parser ==" && $$bin/ParserBenchmarks && \
	echo "== Peer parsers ==" && $(BENCH_VENV)/bin/python Benchmarks/ParserBenchmarks/peers.py && \
	echo "== Bindings ==" && $$bin/BindingBenchmarks && \
	echo "== Text editing ==" && $$bin/TextBenchmarks && \
	echo "== Documents ==" && $$bin/DocumentBenchmarks && \
	echo "== Pick against fzf ==" && $$bin/PickBenchmarks $$bin/Pick $$(command -v fzf) && \
	echo "== Hover flood ==" && $$bin/HoverBenchmarks && \
	echo "== Key to frame through a pty ==" && \
	  $$bin/LatencyBenchmarks $(LATENCY_PEERS) $$bin/Checklists $(BENCH_VENV)/bin/python && \
	echo "== Spinner ==" && $$bin/SpinnerBenchmarks && \
	echo "== Table (Benchmarks/results.json) ==" && python3 Benchmarks/report.py

# Real emulators (xterm, urxvt, kitty: each alone, in tmux, in screen; xfce4-terminal (VTE),
# alacritty (on Mesa's software OpenGL) and st: alone and in tmux; xterm also in tmux with
# extended-keys on) under Xvfb, driven with
# real X key and button events (xdotool/XTEST); Tests/Terminals/matrix.py compares what the
# KeyProbe fixture decoded with each key and with a right click and hover (xterm, kitty; alone
# and in tmux), takes the samples' first screens and writes
# .build/terminals/index.html (expected/actual/difference) and report.md (README's table).
TERMINAL_APT := xvfb xterm rxvt-unicode kitty xfce4-terminal alacritty stterm screen tmux xdotool \
  imagemagick x11-xkb-utils fonts-dejavu-core python3 xclip
TERMINAL_COMMANDS := Xvfb xterm urxvt kitty xfce4-terminal alacritty stterm screen tmux xdotool import \
  compare setxkbmap python3 xclip
terminals-deps: deps
	@for c in $(TERMINAL_COMMANDS); do command -v $$c >/dev/null 2>&1 || missing=1; done; \
	if [ -n "$$missing" ]; then echo "Installing $(TERMINAL_APT)"; $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TERMINAL_APT); fi

# Then Tests/Terminals/widths.py: clusters terminals measure differently, drawn confined in
# xterm and kitty; every row after one must be intact, pixel for pixel (.build/terminals/widths);
# and drawn by the real host (ClusterWidths) by the widths it probed in xterm, kitty,
# xfce4-terminal, alacritty and st, which must be each emulator's own.
terminals: terminals-deps
	$(SWIFT) build
	python3 Tests/Terminals/matrix.py $$($(SWIFT) build --show-bin-path)
	python3 Tests/Terminals/widths.py $$($(SWIFT) build --show-bin-path)

# libFuzzer on every parser of untrusted input, FUZZ_SECONDS each: the terminal input parser
# (InputParserFuzzer) and the targets of InputFuzzers (recording, key-bindings, keymap,
# compose, evdev, geometry, sample-stores, census: the numeric API census with random
# values and events, and renderer: frames chosen by the fuzzer's bytes drawn by the Renderer
# and compared cell by cell in libvterm). Each run first replays the committed corpus
# (Tests/Fuzzers/InputParser/Corpus, Tests/Fuzzers/Corpora/<target>); new finds go to a
# scratch corpus, and a crash or hang is written to .build/fuzz-artifacts/<target>-crash-*
# (or timeout-*): minimise it (`-minimize_crash=1`), add it to the corpus and name a test
# after it. Each target's output goes to .build/fuzz-logs/<target>.log; a failure prints its
# error, stack and input (base64) last, where a CI log's tail shows them. Its own build
# directory, so the sanitizer flags do not force a normal rebuild. FUZZ_CONFIG=release runs
# about 7x more inputs per second. Fails if any target fails.
FUZZ_SECONDS ?= 60
FUZZ_SCRATCH ?= .build/fuzz-corpus
FUZZ_CONFIG ?= debug
FUZZ_TARGETS := recording key-bindings keymap compose evdev geometry sample-stores census renderer
FUZZ_FLAGS = -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=1024 -timeout=10 -print_final_stats=1
# libxkbcommon 1.5 leaks after some parse errors (fixed upstream in 1.7): see Tests/lsan.supp.
FUZZ_ENV := SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp
fuzz: deps
	$(SWIFT) build -c $(FUZZ_CONFIG) --scratch-path .build/fuzz --product InputParserFuzzer \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	$(SWIFT) build -c $(FUZZ_CONFIG) --scratch-path .build/fuzz --product InputFuzzers \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
	@mkdir -p .build/fuzz-artifacts .build/fuzz-logs; rm -f .build/fuzz-logs/*.result
	@$(MAKE) --no-print-directory -k -j$(FUZZ_JOBS) $(addprefix fuzz-target-,input-parser $(FUZZ_TARGETS)) || true
	@failed=; for target in input-parser $(FUZZ_TARGETS); do \
	  [ "$$(cat .build/fuzz-logs/$$target.result 2>/dev/null)" = passed ] || failed="$$failed $$target"; done; \
	for target in $$failed; do \
	  echo "== fuzz $$target failed (whole log: .build/fuzz-logs/$$target.log):"; \
	  grep -m 12 -E 'ERROR|SUMMARY|^ +#[0-9] ' .build/fuzz-logs/$$target.log || tail -n 5 .build/fuzz-logs/$$target.log; \
	  for input in .build/fuzz-artifacts/$$target-*; do \
	    [ -f "$$input" ] && echo "$$input, in base64: $$(head -c 3000 "$$input" | base64 -w 0)"; done; \
	done; \
	[ -z "$$failed" ] || { echo "fuzz: failed:$$failed"; exit 1; }

# One fuzz target (make fuzz runs FUZZ_JOBS at a time: libFuzzer uses one core each, so two
# on a 2-core machine halve the wall time and give each target the same inputs); its result
# goes to .build/fuzz-logs/<target>.result.
FUZZ_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
fuzz-target-%:
	@target=$*; \
	if [ $$target = input-parser ]; then \
	  run=.build/fuzz/$(FUZZ_CONFIG)/InputParserFuzzer; corpus=Tests/Fuzzers/InputParser/Corpus; \
	else run=".build/fuzz/$(FUZZ_CONFIG)/InputFuzzers $$target"; corpus=Tests/Fuzzers/Corpora/$$target; fi; \
	log=.build/fuzz-logs/$$target.log; mkdir -p $(FUZZ_SCRATCH)/$$target; \
	$(FUZZ_ENV) $$run $(FUZZ_FLAGS) -artifact_prefix=.build/fuzz-artifacts/$$target- \
	  $(FUZZ_SCRATCH)/$$target $$corpus >$$log 2>&1 && result=passed || result=FAILED; \
	echo $$result >.build/fuzz-logs/$$target.result; \
	echo "== fuzz $$target ($(FUZZ_SECONDS) s): $$result; $$(grep -h '^stat::number_of_executed_units' $$log)"

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Samples Benchmarks

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Samples Benchmarks

# DocC archives for each library module, from the toolchain's docc (no plugin needed); a
# warning (a link that resolves to nothing, or to two symbols) fails it, and CI runs it.
DOC_MODULES := ResponderKit XKBKeyboard TerminalHost EventReplay
docs: deps
	mkdir -p .build/symbol-graphs .build/docs
	$(SWIFT) build -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbol-graphs
	@for m in $(DOC_MODULES); do \
	  mkdir -p .build/symbol-graphs/$$m && cp .build/symbol-graphs/$$m.symbols.json .build/symbol-graphs/$$m@*.symbols.json .build/symbol-graphs/$$m/ 2>/dev/null; \
	  docc convert Sources/$$m/$$m.docc --additional-symbol-graph-dir .build/symbol-graphs/$$m \
	    --fallback-display-name $$m --fallback-bundle-identifier org.responderkit.$$m \
	    --output-path .build/docs/$$m.doccarchive --warnings-as-errors || exit 1; \
	done
	@echo "Archives in .build/docs"

# The test suite under AddressSanitizer and LeakSanitizer; Tests/lsan.supp suppresses only
# leaks in XCTest's runner, Foundation and libxkbcommon 1.5. The pty, tmux (samples' command
# lines and action-trace files included), crash and running-host (`aRunningHost…`) exit tests
# are skipped: ASan installs its own SIGSEGV handler, and LeakSanitizer reports the
# weak-reference side tables of objects still alive when an app calls exit() (it cannot read
# the pointer Swift keeps to them), which changes the exit statuses they check. ADDRESS_SANITIZER leaves out UnretainedReference's debug
# shadow (ASan checks those reads itself). Own build directory.
SANITIZER_SKIP := --skip 'EndToEndTests|SamplesCommandLineTests|TerminalCrashTests|ActionTraceFileTests|aRunningHost'
sanitize: test-deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp $(SWIFT) test --disable-xctest --scratch-path .build/asan \
	  --sanitize=address -Xswiftc -DADDRESS_SANITIZER $(SANITIZER_SKIP)

# The test suite under ThreadSanitizer, skipping the same exit-status tests as `sanitize`.
tsan: test-deps
	$(SWIFT) test --disable-xctest --scratch-path .build/tsan --sanitize=thread $(SANITIZER_SKIP)

clean:
	rm -rf .build
