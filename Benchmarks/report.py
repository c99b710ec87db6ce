"""Merges Benchmarks/results/*.json (one file per benchmark executable) into
Benchmarks/results.json and prints README's performance table from it.

Run by `make bench` after the benchmarks; the table is pasted into README unchanged.
"""
import json
import os
import platform

here = os.path.dirname(os.path.abspath(__file__))
directory = os.environ.get("BENCH_RESULTS_DIR", os.path.join(here, "results"))
groups = {}
for name in sorted(os.listdir(directory)):
    if name.endswith(".json"):
        with open(os.path.join(directory, name)) as f:
            groups[name[:-5]] = json.load(f)

machine = {
    "cpu": next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), platform.machine()),
    "cores": os.cpu_count(),
    "kernel": platform.release(),
}
with open(os.path.join(here, "results.json"), "w") as f:
    json.dump({"machine": machine, "groups": groups}, f, indent=2, sort_keys=True)
    f.write("\n")


def figure(value, unit):
    if unit in ("bytes", "instructions"):
        return f"{value:,.0f} {unit}"
    if value < 10:
        return f"{value:,.2f} {unit}"
    return f"{value:,.1f} {unit}" if value < 1000 else f"{value:,.0f} {unit}"


print(f"Machine: {machine['cpu']}, {machine['cores']} cores, Linux {machine['kernel']}; medians of the rounds shown.")
print()
print("| what | figure | baseline in the same run | ratio | target |")
print("|---|---|---|---|---|")
for group, rows in groups.items():
    for row in rows:
        baseline = ""
        if row.get("baseline") is not None:
            value = row.get("baselineValue")
            baseline = row["baseline"] + (": " + figure(value, row["unit"]) if value is not None else " (not measured)")
        ratio = f"{row['ratio']:.2f}×" if row.get("ratio") is not None else ""
        target = row.get("target") or ""
        if row.get("met") is not None:
            target += " ✓" if row["met"] else " ✗"
        name = row["name"] + (f" — {row['note']}" if row.get("note") else "")
        print(f"| {name} | {figure(row['value'], row['unit'])} | {baseline} | {ratio} | {target} |")
