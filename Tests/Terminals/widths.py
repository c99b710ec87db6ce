#!/usr/bin/env python3
"""`make terminals`, the widths step: clusters terminals measure differently (✈️, ❤️, 👩‍💻, 🇩🇪,
👍🏽, 🫠, and 👩‍💻 in the last two columns), drawn by the Renderer over a screen full of `X` in
xterm and kitty under Xvfb. The bytes are Tests/Terminals/Widths/*.bytes, which
VaryingWidthTmuxTests keeps equal to what the Renderer writes.

Row y holds `B`s with a cluster at column 2 + y; row 6 the cluster in its last two columns;
row 7 is all `B` (the reference). Each row is intact when its cells after the cluster look, pixel
for pixel, as the same cells of the reference row (a shifted row shows its `B`s off the grid
or keeps an `X`; a row spilled over or a scroll changes the reference row too). The confined
bytes must leave every row intact; the bytes drawn by the frame's widths (as for a terminal that
reports mode 2027) are shown for comparison: the rows they damage are reported, not judged.

usage: widths.py [--only xterm,kitty]; writes .build/terminals/widths.json and its screenshots.
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import matrix  # noqa: E402

CLUSTER_ROWS = 6
COLUMNS = matrix.COLUMNS


def shot(terminal, name):
    """Shows a bytes file in the emulator; a screenshot of its window, and the cell size."""
    path = os.path.join(HERE, "Widths", name + ".bytes")
    env = dict(os.environ, DISPLAY=matrix.DISPLAY, TERM="xterm-256color",
               HOME=os.path.join(matrix.OUT, "home"))
    os.makedirs(env["HOME"], exist_ok=True)
    command = matrix.emulator_command(terminal, ["sh", "-c", f"cat '{path}'; sleep 30"])
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    time.sleep(6 if terminal == "kitty" else 3)
    x0, y0, width, height = matrix.window_geometry(terminal)
    picture = os.path.join(matrix.OUT, "widths", f"{terminal}-{name}.png")
    os.makedirs(os.path.dirname(picture), exist_ok=True)
    matrix.run(["import", "-display", matrix.DISPLAY, "-window", "root", "-crop",
                f"{width}x{height}+{x0}+{y0}", "+repage", picture])
    os.killpg(process.pid, 15)
    process.wait(timeout=10)
    # xterm draws inside an internal border of 2 pixels (its default); kitty has no padding.
    border = 2 if terminal == "xterm" else 0
    return picture, border, (width - 2 * border) / COLUMNS, (height - 2 * border) / matrix.ROWS


def differing_pixels(picture, border, cw, ch, row, columns, reference_row):
    """Pixels that differ between `columns` (a range) of `row` and the same cells of the
    reference row."""
    x, w = border + round(columns.start * cw), round(len(columns) * cw)
    crops = []
    for y in (row, reference_row):
        crop = picture + f".{row}-{y}.png"
        top = border + round(y * ch)
        matrix.run(["convert", picture, "-crop", f"{w}x{int(ch)}+{x}+{top}", "+repage", crop])
        crops.append(crop)
    out = matrix.run(["compare", "-metric", "AE", crops[0], crops[1], "null:"])
    for crop in crops:
        os.remove(crop)
    try:
        return int(float(out.stderr.split()[0]))
    except (ValueError, IndexError):
        return -1


def damaged_rows(picture, border, cw, ch):
    """The rows whose `B`s (after the cluster; before it in the last row with one) differ from
    the reference row's."""
    reference = CLUSTER_ROWS + 1
    spans = [(row, range(4 + row, COLUMNS)) for row in range(CLUSTER_ROWS)]
    spans.append((CLUSTER_ROWS, range(0, COLUMNS - 2)))
    damaged = []
    for row, columns in spans:
        pixels = differing_pixels(picture, border, cw, ch, row, columns, reference)
        if pixels != 0:
            damaged.append({"row": row, "pixels": pixels})
    return damaged


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="xterm,kitty")
    args = parser.parse_args()
    os.makedirs(matrix.OUT, exist_ok=True)
    xvfb = subprocess.Popen(["Xvfb", matrix.DISPLAY, "-screen", "0", matrix.SCREEN, "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results, failures = [], 0
    try:
        if not matrix.wait_for(lambda: os.path.exists("/tmp/.X11-unix/X" + matrix.DISPLAY[1:]), 15):
            sys.exit("Xvfb did not start")
        os.environ["DISPLAY"] = matrix.DISPLAY
        for terminal in args.only.split(","):
            for name in ("confined", "trusted"):
                picture, border, cw, ch = shot(terminal, name)
                damaged = damaged_rows(picture, border, cw, ch)
                passed = name == "trusted" or not damaged
                failures += 0 if passed else 1
                results.append({"terminal": terminal, "bytes": name, "damaged": damaged, "picture": picture,
                                "passed": passed})
                rows = ", ".join(str(d["row"]) for d in damaged) or "none"
                print(f"widths {terminal} {name}: rows damaged: {rows}" + ("" if passed else "  FAILED"))
    finally:
        xvfb.terminate()
    with open(os.path.join(matrix.OUT, "widths.json"), "w") as out:
        json.dump(results, out, indent=2)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
