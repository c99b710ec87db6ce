"""Peer parsers on the same mixed stream as ParserBenchmarks (E1).

Runs Textual's XTermParser and prompt_toolkit's Vt100Parser over a slice of the file the
Swift benchmark wrote, fed in 4 KiB reads as a tty delivers them, and prints MB/s (10^6
bytes) and items/s. The bytes are decoded to str (UTF-8, invalid -> U+FFFD) before timing,
since both parsers take text; that favours them slightly.

    Benchmarks/.venv/bin/python Benchmarks/ParserBenchmarks/peers.py [FILE ...] [--megabytes N]
"""

import argparse
import json
import os
import statistics
import time

RESULTS = os.environ.get(
    "BENCH_RESULTS_DIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "results")
)
rows = []


def median_of(rounds, body):
    samples = []
    result = None
    for _ in range(rounds):
        start = time.perf_counter()
        result = body()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), result


def chunks(text, size=4096):
    return [text[i : i + size] for i in range(0, len(text), size)]


def run_textual(pieces):
    """Textual 8.2.8 raises ValueError on kitty sub-fields (`CSI 97:65;2u`); the parser is
    then replaced and the next read goes on, and the restarts are counted."""
    from textual._xterm_parser import XTermParser

    parser = XTermParser()
    count = 0
    restarts = 0
    for piece in pieces:
        try:
            for _ in parser.feed(piece):
                count += 1
        except ValueError:
            restarts += 1
            parser = XTermParser()
    for _ in parser.feed(""):  # Textual flushes held bytes on empty input
        count += 1
    return count, restarts


def run_prompt_toolkit(pieces):
    from prompt_toolkit.input.vt100_parser import Vt100Parser

    count = 0

    def on_key(_key_press):
        nonlocal count
        count += 1

    parser = Vt100Parser(on_key)
    for piece in pieces:
        parser.feed(piece)
    parser.flush()
    return count, 0


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument(
        "files",
        nargs="*",
        default=[".build/parser-bench/mixed.bin", ".build/parser-bench/mixed-nokitty.bin"],
    )
    arguments.add_argument("--megabytes", type=float, default=1.0)
    arguments.add_argument("--rounds", type=int, default=5)
    options = arguments.parse_args()

    for path in options.files:
        measure(path, options)


def measure(path, options):
    with open(path, "rb") as handle:
        data = handle.read(int(options.megabytes * 1_000_000))
    text = data.decode("utf-8", errors="replace")
    pieces = chunks(text)
    megabytes = len(data) / 1e6
    print(f"peers on the first {megabytes:.1f} MB of {path}")
    print(f"{'parser':<28} {'MB/s':>8} {'items/s (k)':>12} {'items':>9} {'restarts':>9}")
    for name, runner in (
        ("Textual XTermParser", run_textual),
        ("prompt_toolkit Vt100Parser", run_prompt_toolkit),
    ):
        seconds, (items, restarts) = median_of(options.rounds, lambda: runner(pieces))
        print(
            f"{name:<28} {megabytes / seconds:8.2f} {items / seconds / 1e3:12.1f}"
            f" {items:9d} {restarts:9d}"
        )
        rows.append({
            "name": f"input parser peer: {name} {version(name)}, {os.path.basename(path)}",
            "value": megabytes / seconds, "unit": "MB/s", "rounds": options.rounds,
            "note": "median; text decoded to str before timing",
        })
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "peers.json"), "w") as handle:
        json.dump(rows, handle, indent=2)


def version(name):
    from importlib.metadata import version as installed
    return installed("textual" if name.startswith("Textual") else "prompt_toolkit")


if __name__ == "__main__":
    main()
