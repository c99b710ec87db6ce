#!/usr/bin/env python3
"""`make terminals`: real terminal emulators under Xvfb, real X key and button events through
XTEST (xdotool), and what ResponderKit's parser decoded from the bytes each emulator sent.

For each emulator (xterm, urxvt, kitty alone and with tmux and screen inside; xfce4-terminal,
alacritty and st alone and with tmux; xterm also with tmux's extended-keys on), it starts the
KeyProbe fixture (Tests/Fixtures/KeyProbe) through tap.py, which logs the raw bytes; sends each
key of keys.py; matches the decoded inputs and bytes with the key by time; compares them with
the expectation (or with the documented limit of that terminal's encoding); takes a screenshot
of each sample's first screen and compares it with Tests/Terminals/Reference/*.png. The `pick`
step runs Pick inline from a shell in each emulator (alone and in tmux) below lines already
printed, types a query, presses Return, and checks the choice on its standard output, the
lines above kept (tmux: from capture-pane, the scrollback included) and takes a screenshot.
The `clipboard` step copies a TextField's selection in Notes (xterm, kitty; tmux with
`set-clipboard on` inside xterm) and reads the X clipboard back with xclip.

The `edit` step (xterm, urxvt and kitty, alone and in tmux) types into Edit's first file and saves it with
Control+S, closes its window, types into the second and quits with Don't Save, and checks both
files on disk and the exit status.

The `files` step (the same emulators and hosts) uses Files on a fixed folder: a header click,
trash with its confirmation, undo, a new folder, quit; judged on the folder on disk (and, in
tmux, capture-pane); one screenshot per emulator next to Checklists' in Reference/.

The `pointer` step (xterm and kitty, alone and in tmux) runs KeyProbe with a tracked view, right
clicks a known cell and sweeps the pointer across the view with no button held, and checks the
decoded right button and its cell, the any-motion reports and the view's entered/exited.

Writes .build/terminals/results.json, report.md (the README table) and index.html. Beside
another run on the same machine, give it another Xvfb display (TERMINALS_DISPLAY) and another
prefix for its tmux and screen sessions (TERMINALS_TAG).
usage: matrix.py BIN_DIR [--only xterm,urxvt,kitty,xfce4-terminal,alacritty,st]
                 [--hosts alone,tmux,tmux-extkeys,screen] [--no-pictures]
                 [--record-pictures] [--steps keys,pictures,pick,clipboard,pointer,edit,files]
"""
import argparse
import html
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import keys as keylist  # noqa: E402

DISPLAY = os.environ.get("TERMINALS_DISPLAY", ":77")  # another number when :77 is taken
TAG = os.environ.get("TERMINALS_TAG", "rk")  # tmux and screen session names: another when run beside another
SCREEN = "800x480x24"
OUT = os.path.join(ROOT, ".build", "terminals")
FONT = "DejaVu Sans Mono"
COLUMNS, ROWS = 80, 24


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def versions():
    def first(cmd):
        try:
            out = run(cmd)
            return (out.stdout or out.stderr).strip().splitlines()[0]
        except (OSError, IndexError):
            return "not installed"

    return {
        "xterm": first(["xterm", "-version"]),
        "urxvt": first(["dpkg-query", "-W", "-f", "rxvt-unicode ${Version}", "rxvt-unicode"]),
        "kitty": first(["kitty", "--version"]),
        "xfce4-terminal": first(["dpkg-query", "-W", "-f", "xfce4-terminal ${Version}", "xfce4-terminal"]),
        "VTE": first(["dpkg-query", "-W", "-f", "libvte-2.91-0 ${Version}", "libvte-2.91-0"]),
        "alacritty": first(["alacritty", "--version"]),
        "st": first(["dpkg-query", "-W", "-f", "stterm ${Version}", "stterm"]),
        "tmux": first(["tmux", "-V"]),
        "screen": first(["screen", "-v"]),
        "Xvfb": first(["dpkg-query", "-W", "-f", "xvfb ${Version}", "xvfb"]),
        "xdotool": first(["dpkg-query", "-W", "-f", "xdotool ${Version}", "xdotool"]),
    }


def emulator_command(name, inner):
    geometry = f"{COLUMNS}x{ROWS}+0+0"
    if name == "xterm":
        return ["xterm", "-geometry", geometry, "-fa", FONT, "-fs", "9", "-e"] + inner
    if name == "urxvt":
        return ["urxvt", "-geometry", geometry, "-fn", f"xft:{FONT}:size=9", "-e"] + inner
    if name == "kitty":
        return ["kitty", "--config", "NONE", "-o", "font_size=9", "-o", "remember_window_size=no",
                "-o", f"initial_window_width={COLUMNS}c", "-o", f"initial_window_height={ROWS}c",
                "-o", "linux_display_server=x11"] + inner
    if name == "xfce4-terminal":
        # No server (each window its own process, so killing it ends it), no bars, a settings
        # directory of its own; no accessibility bus (NO_AT_BRIDGE), so no D-Bus session is needed.
        return ["env", "NO_AT_BRIDGE=1", f"XDG_CONFIG_HOME={xfce4_terminal_settings()}",
                "xfce4-terminal", "--disable-server", f"--geometry={geometry}", f"--font={FONT} 9",
                "--hide-menubar", "--hide-toolbar", "--hide-scrollbar", "--hide-borders", "-x"] + inner
    if name == "alacritty":
        # Xvfb has no GPU, so Mesa's software rasterizer (llvmpipe) draws alacritty's OpenGL; it
        # starts without the variable too, which only makes that explicit.
        return ["env", "LIBGL_ALWAYS_SOFTWARE=1", "alacritty", "--config-file", "/dev/null",
                "-o", "font.size=9", "-o", f"font.normal.family={FONT}", "-o", f"window.dimensions.columns={COLUMNS}",
                "-o", f"window.dimensions.lines={ROWS}", "-e"] + inner
    if name == "st":
        return ["stterm", "-g", geometry, "-f", f"{FONT}:size=9", "-e"] + inner
    raise ValueError(name)


# xfce4-terminal keeps F1 (help), F10 (menu) and F11 (full screen) for itself by default; the help
# window takes the keyboard focus away. Its preferences turn the first two off (Shortcuts: "Disable
# help window shortcut key", "Disable menu shortcut key") and accels.scm unbinds the third, as a
# user who wants those keys in terminal apps does (xfce4-terminal(1), docs.xfce.org/apps/terminal).
XFCE4_TERMINALRC = "[Configuration]\nShortcutsNoHelpkey=TRUE\nShortcutsNoMenukey=TRUE\n"
XFCE4_ACCELS = '(gtk_accel_path "<Actions>/terminal-window/fullscreen" "")\n'


def xfce4_terminal_settings():
    """A settings directory (XDG_CONFIG_HOME) with the F1, F10 and F11 shortcuts off."""
    home = os.path.join(OUT, "xfce4-config")
    folder = os.path.join(home, "xfce4", "terminal")
    os.makedirs(folder, exist_ok=True)
    for name, text in (("terminalrc", XFCE4_TERMINALRC), ("accels.scm", XFCE4_ACCELS)):
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    return home


# The hosts each emulator runs in: screen only for the first three (screen behaves the same in
# each), and tmux with `extended-keys on` in xterm, the one emulator here with modifyOtherKeys.
TERMINAL_HOSTS = {"xterm": ("alone", "tmux", "tmux-extkeys", "screen"), "urxvt": ("alone", "tmux", "screen"),
                  "kitty": ("alone", "tmux", "screen"), "xfce4-terminal": ("alone", "tmux"),
                  "alacritty": ("alone", "tmux"), "st": ("alone", "tmux")}
TERMINALS = ",".join(TERMINAL_HOSTS)
# tmux as a user who wants exact keys has it: extended keys passed on to an app that asks
# (tmux(1), extended-keys). tmux 3.3a then asks the outer terminal for modifyOtherKeys itself.
TMUX_EXTENDED_KEYS = "set -s extended-keys on\n"


def host_command(host, inner, tag):
    if host == "alone":
        return inner
    if host in ("tmux", "tmux-extkeys"):
        conf = "/dev/null"
        if host == "tmux-extkeys":
            conf = os.path.join(OUT, "tmux-extkeys.conf")
            with open(conf, "w") as f:
                f.write(TMUX_EXTENDED_KEYS)
        return ["tmux", "-L", tag, "-f", conf, "new-session", " ".join(map(sh_quote, inner))]
    if host == "screen":
        return ["screen", "-q", "-S", tag] + inner
    raise ValueError(host)


def sh_quote(word):
    return "'" + word.replace("'", "'\\''") + "'"


def stop_host(host, tag):
    if host.startswith("tmux"):
        run(["tmux", "-L", tag, "kill-server"])
    elif host == "screen":
        run(["screen", "-S", tag, "-X", "quit"])


def wait_for(predicate, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def read_lines(path):
    try:
        with open(path) as f:
            return [line.rstrip("\n") for line in f]
    except FileNotFoundError:
        return []


def stamped(path):
    result = []
    for line in read_lines(path):
        stamp, _, rest = line.partition(" ")
        try:
            result.append((float(stamp), rest))
        except ValueError:
            pass
    return result


QUIET = 0.08  # no new decoded line for this long after the first: the key's inputs are all in


def settle(log, since, longest):
    """Waits until the key sent at `since` has been decoded and the log has been quiet for
    QUIET seconds, or `longest` seconds have passed (a key that decodes to nothing)."""
    end = since + longest
    last = None
    while time.monotonic() < end:
        stamps = [stamp for stamp, _ in stamped(log) if stamp >= since]
        if stamps:
            if stamps[-1] != last:
                last = stamps[-1]
            elif time.monotonic() - last >= QUIET:
                return
        time.sleep(0.02)


def logged_during(log, action, wait=0.6):
    """The log's lines stamped while `action` ran and `wait` seconds after it."""
    before = time.monotonic()
    action()
    time.sleep(wait)
    return [line for stamp, line in stamped(log) if before <= stamp < time.monotonic()]


def xdotool(*args):
    run(["xdotool", *args])


WINDOW_CLASSES = {"xterm": "XTerm", "urxvt": "URxvt", "kitty": "kitty", "xfce4-terminal": "Xfce4-terminal",
                  "alacritty": "Alacritty", "st": "^st-256color$"}


def emulator_window(terminal):
    """The emulator's top-level window, found by its class (no window manager names it)."""
    out = run(["xdotool", "search", "--onlyvisible", "--class", WINDOW_CLASSES[terminal]]).stdout.split()
    return out[0] if out else None


def focus(terminal):
    """Gives the emulator the keyboard focus (XSetInputFocus), as a window manager would: without
    one, GTK's xfce4-terminal takes no keys and alacritty (winit) sees no modifiers while the
    focus only follows the pointer."""
    window = emulator_window(terminal)
    if window:
        xdotool("windowfocus", window)


def window_geometry(terminal):
    """The emulator's window: (x, y, width, height) in pixels."""
    out = run(["xdotool", "getwindowgeometry", "--shell", emulator_window(terminal) or "0"]).stdout
    g = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(g.get("X", 0)), int(g.get("Y", 0)), int(g.get("WIDTH", 640)), int(g.get("HEIGHT", 400))


def start_probe(terminal, host, probe, tag, *probe_env):
    """KeyProbe through tap.py in the emulator (and host): its work directory, decoded and byte
    logs, the emulator's process, and whether the probe started."""
    workdir = os.path.join(OUT, tag)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    log, raw = os.path.join(workdir, "decoded.log"), os.path.join(workdir, "bytes.log")
    inner = ["env", f"KEYPROBE_LOG={log}", *probe_env, sys.executable, os.path.join(HERE, "tap.py"), raw, probe]
    # Dead keys need a UTF-8 locale: xterm and urxvt need one that exists (C.UTF-8 always does);
    # kitty looks its compose table up by the name, which must be in compose.dir.
    locale = "en_US.UTF-8" if terminal == "kitty" else "C.UTF-8"
    env = dict(os.environ, DISPLAY=DISPLAY, TERM="xterm-256color", LANG=locale, LC_ALL=locale)
    env.pop("TMUX", None)
    env.pop("STY", None)
    command = emulator_command(terminal, host_command(host, inner, tag))
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    started = wait_for(lambda: os.path.exists(raw) and os.path.getsize(raw) > 0, 30)
    time.sleep(1.5 if started else 0)
    return workdir, log, raw, process, started


def drive(terminal, host, probe, pictures):
    """One emulator with one host inside: every key, then the mouse; returns the key results."""
    tag = f"{TAG}-{terminal}-{host}"
    workdir, log, raw, process, started = start_probe(terminal, host, probe, tag)
    results = []
    try:
        focus(terminal)
        xdotool("mousemove", "200", "150")
        time.sleep(0.3)
        for key in keylist.KEYS:
            before = time.monotonic()
            xdotool("key", "--clearmodifiers", *key.xdotool.split())
            # tmux and screen hold a lone ESC (tmux's escape-time is 500 ms) to see whether a
            # sequence follows; the next key must not arrive before they let it go.
            lone_escape = key.xdotool in ("Escape", "ctrl+bracketleft") and host != "alone"
            if lone_escape:
                time.sleep(0.8)
            else:
                settle(log, before, 0.35 if terminal == "kitty" else 0.25)
            after = time.monotonic()
            decoded = [line for stamp, line in stamped(log) if before <= stamp < after]
            sent = "".join(data for stamp, data in stamped(raw) if before <= stamp < after)
            results.append(keylist.judge(key, terminal, host, decoded, sent))
        results += mouse(terminal, host, log)
        results += features(terminal, host, log, workdir)
        for layout, keys in keylist.LAYOUT_KEYS:
            run(["setxkbmap", "-display", DISPLAY, layout])
            time.sleep(1)
            for key in keys:
                before = time.monotonic()
                xdotool("key", "--clearmodifiers", *key.xdotool.split())
                settle(log, before, 0.5)
                after = time.monotonic()
                decoded = [line for stamp, line in stamped(log) if before <= stamp < after]
                sent = "".join(data for stamp, data in stamped(raw) if before <= stamp < after)
                results.append(keylist.judge(key, terminal, host, decoded, sent))
        run(["setxkbmap", "-display", DISPLAY, "us"])
        time.sleep(0.5)
        if pictures:
            run(["import", "-display", DISPLAY, "-window", "root", "-crop", "680x420+0+0",
                 os.path.join(workdir, "keyprobe.png")])
    finally:
        os.killpg(process.pid, 15)
        stop_host(host, tag)
        process.wait(timeout=10)
    return {"terminal": terminal, "host": host, "started": started, "keys": results}


def cell_locator(terminal):
    """A function from a cell (column, row) to the pixel at its middle, as xdotool's arguments."""
    x0, y0, width, height = window_geometry(terminal)
    cw, ch = width / COLUMNS, height / ROWS
    return lambda column, row: (str(int(x0 + (column + 0.5) * cw)), str(int(y0 + (row + 0.5) * ch)))


def mouse(terminal, host, log):
    """A click, a drag and the wheel at known cells; judged by event kind and cell."""
    at = cell_locator(terminal)

    actions = [
        ("click at 10,5", lambda: (xdotool("mousemove", *at(10, 5)), xdotool("click", "1")),
         ["touch 0 began 10 5", "touch 0 ended 10 5"]),
        ("drag 10,5 to 20,8", lambda: (xdotool("mousemove", *at(10, 5)), xdotool("mousedown", "1"),
                                       time.sleep(0.05), xdotool("mousemove", *at(15, 6)),
                                       time.sleep(0.05), xdotool("mousemove", *at(20, 8)),
                                       time.sleep(0.05), xdotool("mouseup", "1")),
         ["touch 0 began 10 5", "touch 0 moved 20 8", "touch 0 ended 20 8"]),
        ("wheel up at 30,10", lambda: (xdotool("mousemove", *at(30, 10)), xdotool("click", "4")),
         ["scroll 30 10 0 -1"]),
        ("wheel down at 30,10", lambda: (xdotool("mousemove", *at(30, 10)), xdotool("click", "5")),
         ["scroll 30 10 0 1"]),
    ]
    results = []
    for name, act, expected in actions:
        before = time.monotonic()
        act()
        time.sleep(0.4)
        decoded = [line for stamp, line in stamped(log) if before <= stamp < time.monotonic()]
        results.append(keylist.judge_mouse(name, terminal, host, decoded, expected))
    return results


POINTER_TERMINALS, POINTER_HOSTS = ("xterm", "kitty"), ("alone", "tmux")
HOVER_COLUMNS, HOVER_ROW = range(40, 50), 11  # KeyProbe.hoverFrame: columns 40-49, rows 10-12


def pointer(probe, terminal, host):
    """KeyProbe with its tracked view (KEYPROBE_HOVER): a right click at a known cell, judged on
    the decoded `mouse right down/up` and its cell; then the pointer moved with no button across
    the view, several points from left of it to right of it, judged on the motion the terminal
    reported (any-motion, mode 1003, which the host asks for only while a view tracks) and the
    view's `hover entered` inside its columns and `hover exited` after; a screenshot."""
    tag = f"{TAG}-pointer-{terminal}-{host}"
    _, log, _, process, started = start_probe(terminal, host, probe, tag, "KEYPROBE_HOVER=1")
    checks = []

    def check(name, expected, got, passed):
        checks.append({"check": name, "expected": expected, "decoded": got, "passed": bool(passed)})

    picture = os.path.join(OUT, "pictures", f"{terminal}-{host}-pointer.png")
    try:
        at = cell_locator(terminal)
        xdotool("mousemove", *at(10, 5))
        time.sleep(0.3)
        got = [line for line in logged_during(log, lambda: xdotool("click", "3")) if line.startswith("mouse")]
        expected = ["mouse right down 10 5", "mouse right up 10 5"]
        check("right click at 10,5", " | ".join(expected), got,
              started and all(any(keylist.near(line, e) for line in got) for e in expected))
        points = [(30, HOVER_ROW), (36, HOVER_ROW), (42, HOVER_ROW), (45, HOVER_ROW), (48, HOVER_ROW),
                  (54, HOVER_ROW), (62, HOVER_ROW)]

        def sweep():
            for point in points:
                xdotool("mousemove", *at(*point))
                time.sleep(0.12)

        got = logged_during(log, sweep)
        moves = [line for line in got if line.startswith("mouse none moved")]
        check("moves with no button reported (any-motion)", f"mouse none moved at ≥{len(points) - 1} points",
              moves, len(moves) >= len(points) - 1)
        hover = [line for line in got if line.startswith("hover")]

        def column(line):
            try:
                return int(line.split()[2])
            except (IndexError, ValueError):
                return -1

        entered = [i for i, line in enumerate(hover) if line.startswith("hover entered")]
        exited = [i for i, line in enumerate(hover) if line.startswith("hover exited")]
        check("hover entered, then exited, the view at columns 40-49",
              "hover entered 40..49 11 | hover exited ≥50 11", hover,
              len(entered) == 1 and len(exited) == 1 and entered[0] < exited[0]
              and column(hover[entered[0]]) in HOVER_COLUMNS and column(hover[exited[0]]) >= HOVER_COLUMNS.stop)
        os.makedirs(os.path.dirname(picture), exist_ok=True)
        run(["import", "-display", DISPLAY, "-window", "root", "-crop", "680x420+0+0", "-resize", "50%",
             picture])
    finally:
        os.killpg(process.pid, 15)
        stop_host(host, tag)
        process.wait(timeout=10)
    return {"terminal": terminal, "host": host, "checks": checks, "pictures": [picture],
            "passed": started and bool(checks) and all(c["passed"] for c in checks)}


SWATCH = (250, 100, 140)  # KeyProbe.swatchColor


def features(terminal, host, log, workdir):
    """Focus reports, a bracketed paste and the swatch's colour, each judged as one item."""
    x0, y0, width, height = window_geometry(terminal)
    cw, ch = width / COLUMNS, height / ROWS
    inside = (str(int(x0 + 40 * cw)), str(int(y0 + 12 * ch)))
    results = []


    # The keyboard focus moved to another window and back (XSetInputFocus), as a window manager
    # does; emulators ignore the pointer-root focus changes of merely moving the pointer, and
    # urxvt reports no focus out when the focus goes to the root window.
    helper = run(["xdotool", "search", "--onlyvisible", "--class", "FocusHelper"]).stdout.split()
    # Focus given explicitly first: a window focused only by the pointer's position (PointerRoot)
    # gets a focus-out urxvt ignores.
    xdotool("windowfocus", emulator_window(terminal) or "0")
    time.sleep(0.3)
    decoded = logged_during(log, lambda: (xdotool("windowfocus", helper[0] if helper else "0"), time.sleep(0.4),
                              xdotool("windowfocus", emulator_window(terminal) or "0")))
    got = [line for line in decoded if line.startswith("focus")]
    results.append(keylist.feature("focus events", terminal, host, ["focus out", "focus in"], got,
                                   "focus out" in got and got[-1:] == ["focus in"]))
    # The primary selection pasted with Shift+middle button (Shift bypasses mouse reporting).
    subprocess.run(["xclip", "-display", DISPLAY, "-selection", "primary"], input="paste-me", text=True)
    decoded = logged_during(log, lambda: (xdotool("keydown", "shift"), xdotool("click", "2"),
                                          xdotool("keyup", "shift")))
    got = [line for line in decoded if not line.startswith("key")]
    pasted = 'paste "paste-me"'
    results.append(keylist.feature("bracketed paste", terminal, host, [pasted], got, got == [pasted],
                                   degradable=pasted in got))
    # The swatch (columns 0-19, rows 1-3): one pixel from the middle of it.
    shot = os.path.join(workdir, "swatch.txt")
    px, py = int(x0 + 8 * cw), int(y0 + 2.5 * ch)
    out = run(["import", "-display", DISPLAY, "-window", "root", "-crop", f"1x1+{px}+{py}", "-depth", "8",
               "txt:-"]).stdout
    rgb = parse_pixel(out)
    with open(shot, "w") as f:
        f.write(out)
    exact = rgb is not None and all(abs(a - b) <= 3 for a, b in zip(rgb, SWATCH))
    results.append(keylist.feature("true colour", terminal, host, ["rgb%s" % (SWATCH,)], ["rgb%s" % (rgb,)], exact))
    return results


def parse_pixel(text):
    """(r, g, b) from ImageMagick's `txt:` output, e.g. `0,0: (250,100,140) #FA648C srgb(...)`."""
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        hashes = [word for word in line.split() if word.startswith("#") and len(word) >= 7]
        if hashes:
            h = hashes[0][1:7]
            return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))
    return None


def pictures(bin_dir, record, terminals):
    """Each sample's first screen in each emulator, compared with the committed references."""
    rows = []
    reference_dir = os.path.join(HERE, "Reference")
    for terminal in terminals:
        for sample in ("Checklists", "KeyViewer"):
            name = f"{terminal}-{sample}"
            actual = os.path.join(OUT, "pictures", name + ".png")
            os.makedirs(os.path.dirname(actual), exist_ok=True)
            env = dict(os.environ, DISPLAY=DISPLAY, TERM="xterm-256color", HOME=os.path.join(OUT, "home"))
            os.makedirs(env["HOME"], exist_ok=True)
            process = subprocess.Popen(emulator_command(terminal, [os.path.join(bin_dir, sample)]), env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       start_new_session=True)
            time.sleep(6 if terminal == "kitty" else 3)
            xdotool("mousemove", "790", "470")  # off the window, so nothing shows hover
            run(["import", "-display", DISPLAY, "-window", "root", "-crop", "660x400+0+0",
                 "-resize", "50%", actual])
            os.killpg(process.pid, 15)
            process.wait(timeout=10)
            expected = os.path.join(reference_dir, name + ".png")
            if record and not os.path.exists(expected):
                os.makedirs(reference_dir, exist_ok=True)
                shutil.copy(actual, expected)
            row = {"name": name, "actual": actual, "expected": expected, "pixels": None, "passed": False}
            if os.path.exists(expected):
                difference = os.path.join(OUT, "pictures", name + ".diff.png")
                row["pixels"] = differing_pixels(expected, actual, difference)
                row["difference"] = difference
                row["passed"] = 0 <= row["pixels"] <= PIXEL_TOLERANCE
            rows.append(row)
    return rows


def start_script(terminal, host, script, tag):
    """`sh -c script` in the emulator (and host), as a user's shell runs a sample."""
    env = dict(os.environ, DISPLAY=DISPLAY, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TMUX", None)
    return subprocess.Popen(emulator_command(terminal, host_command(host, ["sh", "-c", script], tag)),
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def step_result(terminal, host, checks, pictures):
    return {"terminal": terminal, "host": host, "checks": checks, "pictures": pictures,
            "passed": bool(checks) and all(c["passed"] for c in checks)}


def differing_pixels(expected, actual, difference):
    """How many pixels of two screenshots differ by more than 10% (-1 when they cannot be compared)."""
    out = run(["compare", "-metric", "AE", "-fuzz", "10%", expected, actual, difference])
    try:
        return int(float(out.stderr.split()[0]))
    except (ValueError, IndexError):
        return -1


PICK_ABOVE = 30  # lines the shell prints before Pick, some of them scrolled into the scrollback
PICK_QUERY = "999"  # one match among `seq 1000`


def pick_inline(bin_dir, terminal, host):
    """Pick inline in a shell, as a user runs it: `seq 1000 | Pick --height 8 > out` below
    lines already printed. Judged on the screen while the query shows (tmux: capture-pane, with
    the scrollback), the choice on standard output, the exit status, and the lines above
    afterwards; a screenshot of each state."""
    tag = f"{TAG}-pick-{terminal}-{host}"
    workdir = os.path.join(OUT, tag)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    out, status = os.path.join(workdir, "stdout.txt"), os.path.join(workdir, "status.txt")
    script = (f"for i in $(seq 1 {PICK_ABOVE}); do echo \"line $i above\"; done; "
              f"seq 1000 | {sh_quote(os.path.join(bin_dir, 'Pick'))} --height 8 > {sh_quote(out)}; "
              f"echo $? > {sh_quote(status)}; echo 'after Pick'; sleep 600")
    inner = ["sh", "-c", script]
    env = dict(os.environ, DISPLAY=DISPLAY, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TMUX", None)
    process = subprocess.Popen(emulator_command(terminal, host_command(host, inner, tag)), env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    checks = []

    def screen():
        if host != "tmux":
            return None
        return run(["tmux", "-L", tag, "capture-pane", "-p", "-S", "-100"]).stdout.splitlines()

    def check(name, passed, detail=""):
        checks.append({"check": name, "passed": bool(passed), "detail": detail})

    def shot(name):
        path = os.path.join(OUT, "pictures", f"{terminal}-{host}-Pick-{name}.png")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        run(["import", "-display", DISPLAY, "-window", "root", "-crop", "680x420+0+0", "-resize", "50%", path])
        return path

    above = [f"line {i} above" for i in range(1, PICK_ABOVE + 1)]
    pictures = []
    try:
        time.sleep(6 if terminal == "kitty" else 3)
        focus(terminal)
        xdotool("mousemove", "790", "470")
        xdotool("type", "--delay", "120", PICK_QUERY)
        time.sleep(1.5)
        pictures.append(shot("query"))
        lines = screen()
        if lines is not None:
            shown = [line for line in lines if line.strip()]
            check("lines above the region kept, scrollback included", all(a in lines for a in above),
                  f"{sum(a in lines for a in above)}/{PICK_ABOVE}")
            check("the region shows the query and its one match",
                  any(line.startswith("> " + PICK_QUERY) for line in shown)
                  and any("1/1000" in line for line in shown) and any(line.strip(" >*") == "999" for line in shown),
                  " | ".join(shown[-8:]))
        xdotool("key", "Return")
        wait_for(lambda: bool(read_lines(status)), 10)
        time.sleep(0.8)
        pictures.append(shot("after"))
        check("Return writes the choice to standard output", read_lines(out) == [PICK_QUERY], repr(read_lines(out)))
        check("exit status 0", read_lines(status) == ["0"], repr(read_lines(status)))
        lines = screen()
        if lines is not None:
            check("after Pick: the lines above kept, the shell's next line below",
                  all(a in lines for a in above) and "after Pick" in lines,
                  " | ".join(line for line in lines if line.strip())[-200:])
    finally:
        os.killpg(process.pid, 15)
        stop_host(host, tag)
        process.wait(timeout=10)
    return step_result(terminal, host, checks, pictures)


EDIT_TYPED = "typed in the emulator "
# The document flows do not depend on the emulator's key encoding beyond Control keys, Right and
# Return, which every emulator's keys step covers: three emulators keep the step's time down.
EDIT_TERMINALS = ("xterm", "urxvt", "kitty")


def edit_step(bin_dir, terminal, host):
    """Edit with two files, driven with real X keys: text typed into the first and saved with
    Control+S, its window closed with Control+W (saved: no question), text typed into the
    second, then Control+Q and Don't Save on its sheet (Right, Return). Judged on the files on
    disk and the exit status; a screenshot while the sheet shows."""
    tag = f"{TAG}-edit-{terminal}-{host}"
    workdir = os.path.join(OUT, tag)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    first, second = os.path.join(workdir, "first.txt"), os.path.join(workdir, "second.txt")
    for path, text in ((first, "first\n"), (second, "second\n")):
        with open(path, "w") as f:
            f.write(text)
    status = os.path.join(workdir, "status.txt")
    script = (f"{sh_quote(os.path.join(bin_dir, 'Edit'))} {sh_quote(first)} {sh_quote(second)}; "
              f"echo $? > {sh_quote(status)}; sleep 600")
    process = start_script(terminal, host, script, tag)
    checks, pictures = [], []

    def check(name, passed, detail=""):
        checks.append({"check": name, "passed": bool(passed), "detail": detail})

    def text(path):
        with open(path) as f:
            return f.read()

    try:
        time.sleep(6 if terminal == "kitty" else 3)
        window = emulator_window(terminal)
        if window:
            xdotool("windowfocus", window)
        xdotool("type", "--delay", "60", EDIT_TYPED)
        xdotool("key", "ctrl+s")
        wait_for(lambda: text(first) != "first\n", 5)
        check("Control+S saves what was typed", text(first) == EDIT_TYPED + "first\n", repr(text(first)))
        xdotool("key", "ctrl+w")
        time.sleep(0.8)
        xdotool("type", "--delay", "60", "discarded ")
        xdotool("key", "ctrl+q")
        time.sleep(1)
        path = os.path.join(OUT, "pictures", f"{terminal}-{host}-Edit-sheet.png")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        run(["import", "-display", DISPLAY, "-window", "root", "-crop", "680x420+0+0", "-resize", "50%", path])
        pictures.append(path)
        check("Control+Q asks first: still running with an edited document", not read_lines(status))
        xdotool("key", "Right")
        xdotool("key", "Return")
        wait_for(lambda: bool(read_lines(status)), 10)
        check("Don't Save leaves the file as it was", text(second) == "second\n",
              repr(text(second)))
        check("exit status 0", read_lines(status) == ["0"], repr(read_lines(status)))
        leftovers = sorted(set(os.listdir(workdir)) - {"first.txt", "second.txt", "status.txt"})
        check("no temporary file or autosaved copy left", not leftovers, repr(leftovers))
    finally:
        os.killpg(process.pid, 15)
        stop_host(host, tag)
        process.wait(timeout=10)
    return step_result(terminal, host, checks, pictures)


# Files runs on the emulators whose Checklists screenshots the pictures step keeps: its keys are
# Control keys, Delete, F2, arrows, End and Return (the keys step covers their encodings); what
# is new here is the app, so three emulators keep the step's time down.
FILES_TERMINALS = ("xterm", "urxvt", "kitty")
# The entry table's Size header at 80×24: the tree (16 columns) and its divider, then the Name
# column (8, what the others leave) and its divider; row 1 is the header under the menu bar.
FILES_SIZE_HEADER = (30, 1)
FILES_STAMP = 1700000000  # every entry's modification time: the screenshot's Modified column is fixed


def files_step(bin_dir, terminal, host, record):
    """Files on a fixed folder, used as a person would with real X keys and a click: a
    screenshot of the first screen (compared with Tests/Terminals/Reference/<emulator>-Files.png,
    next to Checklists'), a click on the Size header (End then selects the largest file),
    Delete and the confirmation's Move to Trash (Right, Return: Return alone cancels), Control+Z
    putting it back, Control+N making a folder, Control+Q. Judged on the
    folder on disk, the trash and the exit status; in tmux also on capture-pane's text."""
    tag = f"{TAG}-files-{terminal}-{host}"
    # A fixed path (not under the checkout): the status line shows paths, the screenshot must not vary.
    workdir = os.path.join("/tmp", tag)
    shutil.rmtree(workdir, ignore_errors=True)
    home, trash = os.path.join(workdir, "home"), os.path.join(workdir, "Trash")
    for folder in ("docs", "src"):
        os.makedirs(os.path.join(home, folder))
    for name, size in (("a.txt", 10), ("big.log", 5000), ("notes.txt", 300), ("readme.md", 40)):
        with open(os.path.join(home, "docs" if name == "a.txt" else "", name), "w") as f:
            f.write("x" * (size - 1) + "\n")
    for root, dirs, names in os.walk(home):
        for name in dirs + names:
            os.utime(os.path.join(root, name), (FILES_STAMP, FILES_STAMP))
    status = os.path.join(workdir, "status.txt")
    script = (f"cd {sh_quote(workdir)}; {sh_quote(os.path.join(bin_dir, 'Files'))} home --trash Trash; "
              f"echo $? > {sh_quote(status)}; sleep 600")
    process = start_script(terminal, host, script, tag)
    checks, pictures = [], []

    def check(name, passed, detail=""):
        checks.append({"check": name, "passed": bool(passed), "detail": detail})

    def there(*path):
        return os.path.exists(os.path.join(home, *path))

    def pane():
        return run(["tmux", "-L", tag, "capture-pane", "-p"]).stdout if host == "tmux" else None

    try:
        time.sleep(6 if terminal == "kitty" else 3)
        focus(terminal)
        xdotool("mousemove", "790", "470")
        time.sleep(0.3)
        if host == "alone":
            name = f"{terminal}-Files"
            path = os.path.join(OUT, "pictures", name + ".png")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            run(["import", "-display", DISPLAY, "-window", "root", "-crop", "660x400+0+0", "-resize", "50%", path])
            pictures.append(path)
            expected = os.path.join(HERE, "Reference", name + ".png")
            if record and not os.path.exists(expected):
                shutil.copy(path, expected)
            pixels = differing_pixels(expected, path, os.path.join(OUT, "pictures", name + ".diff.png"))
            check("first screen as Reference/" + name + ".png", 0 <= pixels <= PIXEL_TOLERANCE, f"{pixels} pixels")
        else:
            text = pane() or ""
            check("the tree, the column header and the status bar show",
                  "▾ home" in text and "Name" in text and "Modified" in text and "F1 keys" in text,
                  " | ".join(line for line in text.splitlines()[:3]))
        x, y = cell_locator(terminal)(*FILES_SIZE_HEADER)
        # kitty takes a click only once the pointer has moved inside its window after entering.
        xdotool("mousemove", str(int(x) - 2), y)
        time.sleep(0.2)
        xdotool("mousemove", x, y)
        time.sleep(0.2)
        xdotool("click", "1")
        time.sleep(0.3)
        xdotool("mousemove", "790", "470")
        xdotool("key", "End")
        xdotool("key", "Delete")
        time.sleep(0.3)
        xdotool("key", "Return")  # the default is Cancel: nothing goes
        time.sleep(0.3)
        check("Return in the confirmation cancels", there("big.log") and not os.path.exists(trash))
        xdotool("key", "Delete")
        time.sleep(0.3)
        xdotool("key", "Right", "Return")
        wait_for(lambda: not there("big.log"), 5)
        check("header click by size, End, Delete, Move to Trash: the largest file is in the trash",
              not there("big.log") and os.path.exists(os.path.join(trash, "files", "big.log")),
              repr(sorted(os.listdir(home))))
        xdotool("key", "ctrl+z")
        wait_for(lambda: there("big.log"), 5)
        check("Control+Z puts it back", there("big.log") and not os.path.exists(os.path.join(trash, "files", "big.log")))
        xdotool("key", "ctrl+n")
        time.sleep(0.3)
        xdotool("type", "--delay", "60", "made")  # replaces the proposed name, selected
        xdotool("key", "Return")
        wait_for(lambda: there("made"), 5)
        check("Control+N makes a folder", os.path.isdir(os.path.join(home, "made")), repr(sorted(os.listdir(home))))
        if host == "tmux":
            text = pane() or ""
            check("in tmux: the new folder shows in the tree and the table", "made/" in text and "▸ made" in text,
                  " | ".join(line for line in text.splitlines()[:6]))
        xdotool("key", "ctrl+q")
        wait_for(lambda: bool(read_lines(status)), 10)
        check("exit status 0", read_lines(status) == ["0"], repr(read_lines(status)))
    finally:
        os.killpg(process.pid, 15)
        stop_host(host, tag)
        process.wait(timeout=10)
    return step_result(terminal, host, checks, pictures)


CLIPBOARD_TEXT = "clip-check-42"
# xterm refuses OSC 52 writes unless told: SetSelection is in its default disallowedWindowOps.
# tmux passes a copy on with an empty selection parameter, which xterm puts in PRIMARY unless
# selectToClipboard is set (xterm(1), "Operating System Commands": Pc empty means "s 0").
XTERM_CLIPBOARD = ["-xrm", "XTerm*disallowedWindowOps: 20,21,SetXprop", "-xrm", "XTerm*selectToClipboard: true"]


def clipboard(bin_dir, terminal, host):
    """Copy in a real emulator reaches the X clipboard: Notes' New Note, the title typed,
    selected (Home, Shift+End) and copied (Control+C, OSC 52), then `xclip -o -selection
    clipboard` on the same display. tmux runs with `set-clipboard on`, passing the copy on."""
    tag = f"{TAG}-clip-{terminal}-{host}"
    workdir = os.path.join(OUT, tag)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    data = os.path.join(workdir, "notes.json")
    inner = [os.path.join(bin_dir, "Notes"), "--data", data]
    if host == "tmux":
        conf = os.path.join(workdir, "tmux.conf")
        with open(conf, "w") as f:
            f.write("set -g set-clipboard on\n")
        inner = ["tmux", "-L", tag, "-f", conf, "new-session", " ".join(map(sh_quote, inner))]
    command = emulator_command(terminal, inner)
    if terminal == "xterm":
        command = command[:1] + XTERM_CLIPBOARD + command[1:]
    env = dict(os.environ, DISPLAY=DISPLAY, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TMUX", None)
    # Start empty (xclip stays in the background owning the selection: no pipes to wait on).
    subprocess.run(["xclip", "-selection", "clipboard", "-i", "/dev/null"], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        time.sleep(6 if terminal == "kitty" else 3)
        focus(terminal)
        xdotool("key", "ctrl+n")
        time.sleep(1)
        xdotool("type", "--delay", "80", CLIPBOARD_TEXT)
        xdotool("key", "Home")
        xdotool("key", "shift+End")
        time.sleep(0.5)
        xdotool("key", "ctrl+c")
        wait_for(lambda: run(["xclip", "-o", "-selection", "clipboard"]).stdout == CLIPBOARD_TEXT, 5)
        got = run(["xclip", "-o", "-selection", "clipboard"]).stdout
    finally:
        os.killpg(process.pid, 15)
        stop_host(host, tag)
        process.wait(timeout=10)
    return {"terminal": terminal, "host": host, "clipboard": got, "passed": got == CLIPBOARD_TEXT}


PIXEL_TOLERANCE = 200  # of 330×200 pixels: a cursor blink or a clock, not a changed screen


def write_reports(runs, picture_rows, pick_rows, pointer_rows, found_versions, seconds, clipboard_rows=(),
                  edit_rows=(), files_rows=()):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump({"versions": found_versions, "seconds": seconds, "runs": runs, "pictures": picture_rows,
                   "pick": pick_rows, "pointer": pointer_rows, "clipboard": list(clipboard_rows),
                   "edit": list(edit_rows), "files": list(files_rows)}, f, indent=1)
    table = keylist.markdown_table(runs, found_versions, seconds)
    with open(os.path.join(OUT, "report.md"), "w") as f:
        f.write(table)
        if pointer_rows:
            f.write("\n| pointer | " + " | ".join(c["check"] for c in pointer_rows[0]["checks"]) + " |\n")
            f.write("|---" * (1 + len(pointer_rows[0]["checks"])) + "|\n")
            for row in pointer_rows:
                f.write(f"| {row['terminal']} ({row['host']}) | "
                        + " | ".join("✓" if c["passed"] else "✗" for c in row["checks"]) + " |\n")
    # README's table is the last full run's, between its two markers.
    readme = os.path.join(ROOT, "README.md")
    begin, end = "<!-- terminals-table:begin -->\n", "<!-- terminals-table:end -->"
    with open(readme) as f:
        text = f.read()
    if begin in text and end in text and len(runs) == sum(map(len, TERMINAL_HOSTS.values())):
        head, rest = text.split(begin, 1)
        with open(readme, "w") as f:
            f.write(head + begin + table + rest[rest.index(end):])
    page = ["<!doctype html><meta charset=utf-8><title>ResponderKit in real terminals</title>",
            "<style>body{font:14px sans-serif}td,th{border:1px solid #ccc;padding:2px 6px;vertical-align:top}"
            "table{border-collapse:collapse}.fail{background:#fdd}.limit{background:#ffd}.pass{background:#dfd}"
            "img{max-width:340px;image-rendering:pixelated}</style>",
            "<h1>ResponderKit in real terminals</h1>",
            f"<p>Run took {seconds:.0f} s. Versions: {html.escape(json.dumps(found_versions))}</p>"]
    if picture_rows:
        page.append("<h2>Pictures</h2><table><tr><th>screen</th><th>expected</th><th>actual</th>"
                    "<th>difference</th><th>pixels</th></tr>")
        for row in picture_rows:
            status = "pass" if row["passed"] else "fail"
            cells = [f"<img src='{os.path.relpath(p, OUT)}'>" if p and os.path.exists(p) else "(none)"
                     for p in (row["expected"], row["actual"], row.get("difference"))]
            page.append(f"<tr class={status}><td>{row['name']}</td><td>{cells[0]}</td><td>{cells[1]}</td>"
                        f"<td>{cells[2]}</td><td>{row['pixels']}</td></tr>")
        page.append("</table>")
    if pick_rows:
        page.append("<h2>Pick inline (seq 1000 | Pick --height 8, below lines printed before)</h2><table>"
                    "<tr><th>emulator</th><th>query typed</th><th>after Return</th><th>checks</th></tr>")
        for row in pick_rows:
            status = "pass" if row["passed"] else "fail"
            cells = [f"<img src='{os.path.relpath(p, OUT)}'>" if os.path.exists(p) else "(none)"
                     for p in row["pictures"]]
            cells += ["(none)"] * (2 - len(cells))
            checks = "<br>".join(f"{'✓' if c['passed'] else '✗'} {html.escape(c['check'])}: "
                                 f"<code>{html.escape(c['detail'])}</code>" for c in row["checks"])
            page.append(f"<tr class={status}><td>{row['terminal']} ({row['host']})</td><td>{cells[0]}</td>"
                        f"<td>{cells[1]}</td><td>{checks}</td></tr>")
        page.append("</table>")
    if pointer_rows:
        page.append("<h2>Pointer (KeyProbe with a tracked view at columns 40-49, rows 10-12)</h2><table>"
                    "<tr><th>emulator</th><th>screen</th><th>check</th><th>expected</th><th>decoded</th></tr>")
        for row in pointer_rows:
            shot = row["pictures"][0]
            cell = f"<img src='{os.path.relpath(shot, OUT)}'>" if os.path.exists(shot) else "(none)"
            for i, c in enumerate(row["checks"]):
                head = (f"<td rowspan={len(row['checks'])}>{row['terminal']} ({row['host']})</td>"
                        f"<td rowspan={len(row['checks'])}>{cell}</td>") if i == 0 else ""
                status = "pass" if c["passed"] else "fail"
                page.append(f"<tr class={status}>{head}<td>{html.escape(c['check'])}</td>"
                            f"<td>{html.escape(c['expected'])}</td>"
                            f"<td>{html.escape(' | '.join(c['decoded']))}</td></tr>")
        page.append("</table>")
    for r in runs:
        page.append(f"<h2>{r['terminal']} ({r['host']})</h2><table><tr><th>key</th><th>expected</th>"
                    "<th>decoded</th><th>bytes</th><th>verdict</th></tr>")
        for k in r["keys"]:
            page.append(f"<tr class={k['verdict']}><td>{html.escape(k['key'])}</td>"
                        f"<td>{html.escape(k['expected'])}</td><td>{html.escape(' | '.join(k['decoded']))}</td>"
                        f"<td><code>{html.escape(k['bytes'])}</code></td><td>{html.escape(k['note'])}</td></tr>")
        page.append("</table>")
    with open(os.path.join(OUT, "index.html"), "w") as f:
        f.write("\n".join(page))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bin_dir")
    parser.add_argument("--only", default=TERMINALS)
    parser.add_argument("--hosts", default="alone,tmux,tmux-extkeys,screen",
                        help="hosts to run in, of those each emulator has (TERMINAL_HOSTS)")
    parser.add_argument("--no-pictures", action="store_true")
    parser.add_argument("--record-pictures", action="store_true",
                        help="write missing reference PNGs from this run (then look at them)")
    parser.add_argument("--steps", default="keys,pictures,pick,clipboard,pointer,edit,files",
                        help="which steps to run: keys (KeyProbe in each host), pictures, pick, clipboard, "
                             "pointer (a right click and hover; xterm and kitty), edit (Edit's save and "
                             "quit review; xterm, urxvt and kitty, alone and in tmux), files (Files' "
                             "trash, undo, new folder and a header click; the same emulators and hosts)")
    args = parser.parse_args()
    steps = set(args.steps.split(","))
    start = time.monotonic()
    probe = os.path.join(os.path.abspath(args.bin_dir), "KeyProbe")
    os.makedirs(OUT, exist_ok=True)
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", SCREEN, "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    runs, picture_rows, pick_rows, clipboard_rows, pointer_rows, edit_rows, files_rows = [], [], [], [], [], [], []
    try:
        if not wait_for(lambda: os.path.exists("/tmp/.X11-unix/X" + DISPLAY[1:]), 15):
            sys.exit("Xvfb did not start")
        os.environ["DISPLAY"] = DISPLAY
        run(["setxkbmap", "-display", DISPLAY, "us"])
        # A small window in the corner to move the keyboard focus to (focus reports).
        helper = subprocess.Popen(["xterm", "-class", "FocusHelper", "-geometry", "8x2+730+440", "-e",
                                   "sleep", "3600"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for terminal in args.only.split(",") if "keys" in steps else []:
            for host in [h for h in args.hosts.split(",") if h in TERMINAL_HOSTS[terminal]]:
                print(f"== {terminal} ({host})", flush=True)
                result = drive(terminal, host, probe, pictures=not args.no_pictures)
                runs.append(result)
                passed = sum(k["verdict"] != "fail" for k in result["keys"])
                print(f"   {passed}/{len(result['keys'])} as expected or documented", flush=True)
        helper.terminate()
        helper.wait(timeout=10)
        if not args.no_pictures and "pictures" in steps:
            picture_rows = pictures(os.path.abspath(args.bin_dir), args.record_pictures, args.only.split(","))
        for terminal in args.only.split(",") if "pick" in steps else []:
            for host in [h for h in args.hosts.split(",") if h in ("alone", "tmux")]:
                print(f"== Pick inline: {terminal} ({host})", flush=True)
                row = pick_inline(os.path.abspath(args.bin_dir), terminal, host)
                pick_rows.append(row)
                for c in row["checks"]:
                    print(f"   {'ok' if c['passed'] else 'FAIL'} {c['check']}: {c['detail']}", flush=True)
        for terminal in [t for t in args.only.split(",") if t in ("xterm", "kitty")] if "clipboard" in steps else []:
            for host in [h for h in args.hosts.split(",") if h == "alone" or (h == "tmux" and terminal == "xterm")]:
                row = clipboard(os.path.abspath(args.bin_dir), terminal, host)
                clipboard_rows.append(row)
                print(f"== clipboard: {terminal} ({host}): {'ok' if row['passed'] else 'FAIL'} "
                      f"xclip read {row['clipboard']!r}", flush=True)
        for terminal in [t for t in args.only.split(",") if t in EDIT_TERMINALS] if "edit" in steps else []:
            for host in [h for h in args.hosts.split(",") if h in ("alone", "tmux")]:
                print(f"== Edit: {terminal} ({host})", flush=True)
                row = edit_step(os.path.abspath(args.bin_dir), terminal, host)
                edit_rows.append(row)
                for c in row["checks"]:
                    print(f"   {'ok' if c['passed'] else 'FAIL'} {c['check']}: {c['detail']}", flush=True)
        for terminal in [t for t in args.only.split(",") if t in FILES_TERMINALS] if "files" in steps else []:
            for host in [h for h in args.hosts.split(",") if h in ("alone", "tmux")]:
                print(f"== Files: {terminal} ({host})", flush=True)
                row = files_step(os.path.abspath(args.bin_dir), terminal, host, args.record_pictures)
                files_rows.append(row)
                for c in row["checks"]:
                    print(f"   {'ok' if c['passed'] else 'FAIL'} {c['check']}: {c['detail']}", flush=True)
        pointer_terminals = [t for t in args.only.split(",") if t in POINTER_TERMINALS]
        for terminal in pointer_terminals if "pointer" in steps else []:
            for host in [h for h in args.hosts.split(",") if h in POINTER_HOSTS]:
                print(f"== pointer: {terminal} ({host})", flush=True)
                row = pointer(probe, terminal, host)
                pointer_rows.append(row)
                for c in row["checks"]:
                    decoded = " | ".join(c["decoded"])
                    print(f"   {'ok' if c['passed'] else 'FAIL'} {c['check']}: {decoded}", flush=True)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    seconds = time.monotonic() - start
    write_reports(runs, picture_rows, pick_rows, pointer_rows, versions(), seconds, clipboard_rows, edit_rows,
                  files_rows)
    failures = sum(k["verdict"] == "fail" for r in runs for k in r["keys"])
    failures += sum(not r["passed"] for r in pick_rows + pointer_rows + clipboard_rows + edit_rows + files_rows)
    failures += sum(not r["started"] for r in runs) + sum(not p["passed"] for p in picture_rows)
    print(f"make terminals: {seconds:.0f} s, {failures} failures; report in {OUT}/index.html")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
