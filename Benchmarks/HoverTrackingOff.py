"""Hover tracking off costs a key and a touch nothing (issue 38): callgrind counts the
instructions per bound key (press + release, 100 windows) and per touch (began + ended through
a 32-deep view tree) of ResponderBenchmarks built from this tree and from a baseline tree (the
commit before the pointer work), in the same run. No view tracks the pointer in either.

Usage: python3 Benchmarks/HoverTrackingOff.py BASELINE_BIN NEW_BIN
(each the path of a release ResponderBenchmarks). Writes hover-off.json into
BENCH_RESULTS_DIR (default Benchmarks/results) for report.py.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
baseline, new = sys.argv[1], sys.argv[2]
modes = [("scaling-keys-100", "bound key press + release, 100 windows, per key", (2_000, 12_000)),
         ("touch", "touch began + ended through a 32-deep view tree, per touch", (200, 1_200))]


def collected(binary, mode, count):
    # Valgrind 3.19 cannot read the toolchain's DWARF: a copy without it, as Callgrind.swift does.
    with tempfile.NamedTemporaryFile(delete=False) as copy:
        pass
    subprocess.run(["objcopy", "--strip-debug", binary, copy.name], check=True)
    os.chmod(copy.name, 0o755)
    try:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              "--toggle-collect=*timed*", copy.name, "--only", mode, str(count)],
                             capture_output=True, text=True).stderr
    finally:
        os.unlink(copy.name)
    return float(re.search(r"Collected : (\d+)", out).group(1))


def per_operation(binary, mode, counts):
    return (collected(binary, mode, counts[1]) - collected(binary, mode, counts[0])) / (counts[1] - counts[0])


rows = []
for mode, name, counts in modes:
    before = per_operation(baseline, mode, counts)
    after = per_operation(new, mode, counts)
    print(f"{name}: {after:,.1f} instructions, before the pointer work {before:,.1f} ({after / before:.3f}x)")
    rows.append({"name": f"hover tracking off: {name}", "value": after, "unit": "instructions",
                 "baseline": "the same before issue 38's pointer work", "baselineValue": before,
                 "ratio": after / before, "target": "zero cost: ≤ 1.01×", "met": after <= before * 1.01,
                 "rounds": 1, "note": "callgrind, only the timed loop; no view tracks the pointer"})
directory = os.environ.get("BENCH_RESULTS_DIR", os.path.join(here, "results"))
os.makedirs(directory, exist_ok=True)
with open(os.path.join(directory, "hover-off.json"), "w") as f:
    json.dump(rows, f, indent=2, sort_keys=True)
