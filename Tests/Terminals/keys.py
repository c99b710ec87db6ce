"""The fixed key list of `make terminals`, what each key should decode to, and what each
terminal's legacy encoding documents it cannot tell apart."""
from collections import namedtuple

Key = namedtuple("Key", "xdotool expected group")

# (xdotool key name, the recording token an exact decoder gives: modifiers+keysym, group)
KEYS = [Key(*k) for k in [
    ("a", "a", "letters"), ("z", "z", "letters"), ("shift+a", "Shift+A", "letters"),
    ("1", "1", "digits"), ("0", "0", "digits"),
    ("shift+1", "Shift+!", "shifted symbols"), ("shift+slash", "Shift+?", "shifted symbols"),
    ("shift+bracketleft", "Shift+{", "shifted symbols"), ("shift+apostrophe", "Shift+0x22",
                                                          "shifted symbols"),
    ("ctrl+a", "Control+a", "control"), ("ctrl+z", "Control+z", "control"),
    ("ctrl+i", "Control+i", "control"), ("ctrl+m", "Control+m", "control"),
    ("ctrl+bracketleft", "Control+[", "control"), ("ctrl+space", "Control+Space", "control"),
    ("ctrl+shift+a", "Control+Shift+A", "control"), ("ctrl+1", "Control+1", "control"),
    ("alt+x", "Alt+x", "alt"), ("alt+shift+x", "Alt+Shift+X", "alt"), ("ctrl+alt+x", "Control+Alt+x", "alt"),
    ("alt+Return", "Alt+Return", "alt"),
    *[(f"F{n}", f"F{n}", "function keys") for n in range(1, 13)],
    ("shift+F5", "Shift+F5", "function keys"), ("ctrl+F5", "Control+F5", "function keys"),
    ("Up", "Up", "arrows"), ("Down", "Down", "arrows"), ("Left", "Left", "arrows"), ("Right", "Right", "arrows"),
    ("shift+Up", "Shift+Up", "arrows"), ("ctrl+Left", "Control+Left", "arrows"),
    ("alt+Right", "Alt+Right", "arrows"), ("ctrl+shift+Down", "Control+Shift+Down", "arrows"),
    ("Home", "Home", "navigation"), ("End", "End", "navigation"), ("Prior", "PageUp", "navigation"),
    ("Next", "PageDown", "navigation"), ("Insert", "Insert", "navigation"), ("Delete", "Delete", "navigation"),
    ("ctrl+Home", "Control+Home", "navigation"), ("shift+End", "Shift+End", "navigation"),
    ("KP_Enter", "0xff8d", "keypad"), ("KP_Add", "0xffab", "keypad"), ("KP_Multiply", "0xffaa", "keypad"),
    ("KP_Divide", "0xffaf", "keypad"), ("KP_Up", "0xff97", "keypad"),
    ("Escape", "Escape", "escape, tab, backspace"), ("Tab", "Tab", "escape, tab, backspace"),
    ("shift+Tab", "Shift+Tab", "escape, tab, backspace"),
    ("BackSpace", "BackSpace", "escape, tab, backspace"), ("ctrl+BackSpace", "Control+BackSpace",
                                                           "escape, tab, backspace"),
    ("alt+BackSpace", "Alt+BackSpace", "escape, tab, backspace"), ("Return", "Return", "escape, tab, backspace"),
]]

CTLSEQS = "xterm ctlseqs (invisible-island.net/xterm/ctlseqs/ctlseqs.html)"
XTERM_MAN = "xterm(1) (invisible-island.net/xterm/manpage/xterm.html)"
RXVT_MAN = "rxvt(7), urxvt(1) (pod.tst.eu/http://cvs.schmorp.de/rxvt-unicode/doc/rxvt.7.pod)"
KITTY_CONF = "kitty.conf shortcuts (sw.kovidgoyal.net/kitty/conf/#keyboard-shortcuts)"
LEGACY = "xterm,urxvt,xfce4-terminal,alacritty,st"  # alone; inside tmux and screen every emulator is
# legacy ("*"). The limits of the legacy encoding cite xterm's documents, which define it; for the
# emulators added in issue 41 each such note also names the emulator's own table of what it sends.
LEGACY_TABLES = {
    "xfce4-terminal": "VTE 0.70's key table (src/keymap.cc, gitlab.gnome.org/GNOME/vte)",
    "alacritty": "alacritty 0.11's default bindings (alacritty/src/config/bindings.rs)",
    "st": "st 0.9's key table (config.def.h, key[])",
}
VTE_DOCS = "docs.xfce.org/apps/terminal"
ALACRITTY_BINDINGS = LEGACY_TABLES["alacritty"]
ST_KEYS = LEGACY_TABLES["st"]

# Typed on other X layouts (setxkbmap): (layout, keys). Dead keys and AltGr on `de`; on `ru`,
# Control with the key in C's place, whose base-layout key (kitty's) is c.
LAYOUT_KEYS = [
    ("de", [Key(*k) for k in [
        ("dead_circumflex e", "ê", "dead keys, AltGr (de)"), ("dead_acute a", "á", "dead keys, AltGr (de)"),
        ("ISO_Level3_Shift+q", "@", "dead keys, AltGr (de)"), ("ISO_Level3_Shift+7", "{", "dead keys, AltGr (de)"),
        ("ISO_Level3_Shift+e", "0x20ac", "dead keys, AltGr (de)"), ("odiaeresis", "ö", "dead keys, AltGr (de)"),
    ]]),
    ("ru", [Key("ctrl+Cyrillic_es", "Control+0x6d3", "base-layout key (ru)")]),
]
ALL_KEYS = KEYS + [key for _, keys in LAYOUT_KEYS for key in keys]


# What a terminal sends for a key its encoding cannot tell from another:
# (terminals, hosts, exact token) -> [(token decoded instead, why, with the document)].
LIMITS = {}


def limit(terminals, hosts, exact, decoded, why):
    LIMITS.setdefault((terminals, hosts, exact), []).append((decoded, why))


for exact, folded in [("Shift+A", "A"), ("Shift+!", "!"), ("Shift+?", "?"), ("Shift+{", "{"),
                      ("Shift+0x22", "0x22")]:
    for terminals, hosts in [(LEGACY, "*"), ("*", "tmux,screen")]:
        limit(terminals, hosts, exact, folded,
              "legacy keys send the shifted character with no modifier bit; modifiers are encoded "
              "only for function and cursor keys (" + CTLSEQS + ", PC-Style Function Keys)")
C0 = "a C0 control: Control+I is HT, Control+M is CR, Control+[ is ESC, Control+Space NUL (" + CTLSEQS + ")"
for exact, alias in [("Control+i", "Tab"), ("Control+m", "Return"), ("Control+[", "Escape"),
                     ("Control+Shift+A", "Control+a")]:
    for terminals, hosts in [(LEGACY, "*"), ("*", "tmux,screen")]:
        limit(terminals, hosts, exact, alias, C0 + "; Shift does not change a C0 control")
for terminals, hosts in [(LEGACY, "*"), ("*", "tmux,screen")]:
    limit(terminals, hosts, "Control+1", "1", "no C0 control exists for a digit, so the digit is sent "
          "(xterm's modifyOtherKeys, off by default, would encode it: " + XTERM_MAN + ")")
    limit(terminals, hosts, "Control+BackSpace", "Control+h", "Control+Backspace sends BS (0x08), "
          "which is Control+H (" + XTERM_MAN + ", backarrowKey)")
    limit(terminals, hosts, "0xff97", "Up", "with Num Lock off the keypad's 8 is KP_Up, which the terminal "
          "sends as the Up cursor key, SS3 A in the application cursor mode of the terminfo entry's smkx (" + CTLSEQS
          + ", PC-Style Function Keys: 8 (UpArrow))")
    limit(terminals, hosts, "Alt+Shift+X", "Alt+X", "ESC prefix then the shifted character: Shift "
          "is folded into it (" + CTLSEQS + ")")
TMUX_KEYS = "tmux 3.3a's key table (input-keys.c)"
SCREEN_MAN = "screen(1) (www.gnu.org/software/screen/manual/screen.html#Default-Key-Bindings)"
KITTY_LEGACY = "sw.kovidgoyal.net/kitty/keyboard-protocol/#legacy-key-event-encoding"
META8 = ("xterm's defaults (metaSendsEscape false, eightBitInput true) send Alt+key as the key "
         "with its 8th bit set, encoded as UTF-8: Alt+x is ø (" + XTERM_MAN + ", eightBitInput)")
HELD = ("screen delivers a lone ESC only with the next key, not after its maptimeout (" + SCREEN_MAN
        + ", maptimeout; seen in the bytes: nothing for 0.8 s, then ESC with the next key)")
SCREEN_COMMAND = "Control+A is screen's command character and the key after it a command (" + SCREEN_MAN + ")"
URXVT_KEYPAD = "urxvt sends the keypad's application codes by position, whatever Num Lock says"
# The keypad's characters where the application keypad (the host asks for it with TERM's smkx)
# does not change them: (terminals, hosts, why).
KEYPAD_CHARACTERS = [
    ("st", "*", "st sends the keypad's characters while its own numlock mode is on, its default: the appkey "
     "2 rows (SS3 M, SS3 k...) apply only with it off (" + ST_KEYS + "; x.c, kmap, MODE_NUMLOCK)"),
    ("alacritty", "*", "alacritty 0.11's default bindings have no keypad entries besides NumpadEnter, so its "
     "keypad types its characters whatever DECKPAM says (" + ALACRITTY_BINDINGS + ")"),
    ("kitty", "tmux,screen", "kitty has no application keypad: its entry's smkx (xterm-kitty) is \\E[?1h alone, "
     "and it ignores DECKPAM (kitty/screen.c, screen_alternate_keypad_mode: \"Not implemented\"), so its "
     "legacy encoding sends the keypad's characters (" + KITTY_LEGACY + ")"),
]
for terminals, hosts, why in KEYPAD_CHARACTERS:
    for exact, alias in [("0xff8d", "Return"), ("0xffab", "0x2b"), ("0xffaa", "*"), ("0xffaf", "/")]:
        limit(terminals, hosts, exact, alias, why)
for terminals, hosts in [(LEGACY, "*"), ("*", "tmux,screen")]:
    limit(terminals, hosts, "Control+0x6d3", "0x6d3", "no C0 control exists for a Cyrillic letter, so "
          "the letter is sent without Control, and no base-layout key (" + XTERM_MAN + ", modifyOtherKeys)")
# (terminals, hosts, exact token, token decoded instead, why)
for row in [
    ("xterm", "*", "Alt+x", "ø", META8),
    ("xterm", "*", "Alt+Shift+X", "Ø", META8),
    ("xterm", "*", "Alt+BackSpace", "ÿ", META8),
    ("xterm", "*", "Alt+Return", "(nothing)",
     "xterm binds Alt+Return to its fullscreen action by default (" + XTERM_MAN + ", fullscreen)"),
    ("urxvt", "*", "Control+Shift+A", "Control+j", "Control+Shift starts urxvt's ISO 14755 hex entry, "
     "so Control+Shift+A types U+000A (" + RXVT_MAN + ", iso14755)"),
    ("urxvt", "*", "Shift+F5", "F15", "rxvt sends Shift+F1–F10 as the codes of F11–F20 (" + RXVT_MAN
     + ", Key Codes)"),
    ("urxvt", "*", "Control+Shift+Down", "Shift+Down", "rxvt's cursor keys encode Shift or Control, not "
     "both (" + RXVT_MAN + ", Key Codes)"),
    ("kitty", "*", "Control+Shift+A", "(nothing)", "kitty keeps kitty_mod+a (background opacity) for "
     "itself (" + KITTY_CONF + ")"),
    ("kitty", "*", "Control+Shift+Down", "(nothing)", "kitty keeps kitty_mod+down (scroll line down) for "
     "itself (" + KITTY_CONF + ")"),
    ("kitty", "*", "Control+1", "(nothing)", "kitty 0.26.5 sent only Control's own press and release, "
     "no report for the 1 (seen in the bytes)"),
    ("kitty", "tmux,screen", "Control+0x6d3", "Control+c", "kitty's legacy encoding sends Control with a "
     "non-ASCII key as the C0 byte of its base-layout key, here ^C (" + KITTY_LEGACY + ")"),
    ("*", "tmux", "0xff8d", "Control+j", "tmux sends keypad Enter as LF (" + TMUX_KEYS + ")"),
    ("xterm", "tmux", "Control+Alt+x", "(nothing)", "tmux drops the C1 control (U+0098) xterm's "
     "eightBitInput makes of Control+Alt+x (" + XTERM_MAN + ", eightBitInput)"),
    ("urxvt", "tmux", "Shift+F5", "Shift+F3", "tmux re-encodes urxvt's F15 as xterm's Shift+F3, "
     "CSI 1;2R (" + CTLSEQS + ", PC-Style Function Keys); no cursor report was asked for, so it is the key"),
    ("urxvt", "*", "0xff97", "0xffb8", URXVT_KEYPAD + ": ESC O x is KP 8 (" + RXVT_MAN + ")"),
    ("*", "screen", "Control+a", "(nothing)", SCREEN_COMMAND),
    ("*", "screen", "Control+z", "(nothing)", SCREEN_COMMAND),
    ("*", "screen", "Control+Shift+A", "(nothing)", SCREEN_COMMAND),
    ("*", "screen", "Control+1", "(nothing)", SCREEN_COMMAND),
    ("*", "screen", "Control+[", "(nothing)", HELD),
    ("*", "screen", "Escape", "(nothing)", HELD),
    ("*", "screen", "Control+Space", "Control+Alt+Space", HELD + ": ESC NUL reads as Alt+Control+Space"),
    ("*", "screen", "Tab", "Alt+Tab", HELD + ": ESC HT reads as Alt+Tab"),
]:
    limit(*row)

for row in [
    ("xfce4-terminal", "*", "Control+Shift+A", "(nothing)", "xfce4-terminal binds Control+Shift+A to Select All "
     "(its Edit menu's accelerator, " + VTE_DOCS + ")"),
    ("alacritty", "alone", "0xff8d", "Control+j", "alacritty sends keypad Enter as LF (" + ALACRITTY_BINDINGS
     + ": NumpadEnter, Esc(\"\\n\"))"),
    ("st", "*", "Control+Home", "Home", "st's table has no Control+Home: Home with any modifiers sends "
     "Home (" + ST_KEYS + ", XK_Home XK_ANY_MOD)"),
    ("st", "*", "0xff97", "0xffb8", "with the application keypad on, st sends KP_Up as ESC O x, keypad 8 ("
     + ST_KEYS + ", XK_KP_Up appkey +1)"),
]:
    limit(*row)

# Each legacy note once more for each emulator of issue 41, naming its own table, in place.
_legacy = LIMITS
LIMITS = {}
for (terms, hosts, exact), alternatives in _legacy.items():
    if terms != LEGACY:
        LIMITS[(terms, hosts, exact)] = alternatives
        continue
    LIMITS[("xterm,urxvt", hosts, exact)] = alternatives
    for name, table in LEGACY_TABLES.items():
        LIMITS[(name, hosts, exact)] = [(decoded, f"{why}; {name}: {table}") for decoded, why in alternatives]

# xterm answers XTQMODKEYS, so the host asks it for modifyOtherKeys level 2 (CSI > 4 ; 2 m).
XTERM_INPUT = "xterm's input.c, ModifyOtherKeys (github.com/ThomasDickey/xterm-snapshots)"
MOK2_SHIFT = ("at modifyOtherKeys level 2 xterm reports Shift alone only with a key Control also changes "
              "(0x40-0x7F: letters, {, ...); for others the shifted character says it (" + XTERM_INPUT
              + "; invisible-island.net/xterm/modified-keys.html)")
for exact, folded in [("Shift+!", "!"), ("Shift+?", "?"), ("Shift+0x22", "0x22")]:
    limit("xterm", "alone", exact, folded, MOK2_SHIFT)
# tmux 3.3a with extended-keys on asks the outer terminal for level 1 only (its extkeys feature,
# Eneks=\E[>4;1m in tty-features.c), at which xterm still sends the common Control keys as C0
# controls and Alt as an 8-bit character; only keys with no legacy form (Control+1) come exact.
TMUX_LEVEL1 = ("tmux 3.3a asks the outer terminal for modifyOtherKeys level 1 (tty-features.c, extkeys: "
               "Eneks=\\E[>4;1m), at which xterm keeps this key's legacy bytes (" + XTERM_MAN + ", modifyOtherKeys)")
for exact, folded in [("Shift+A", "A"), ("Shift+!", "!"), ("Shift+?", "?"), ("Shift+{", "{"),
                      ("Shift+0x22", "0x22"), ("Control+i", "Tab"), ("Control+m", "Return"),
                      ("Control+[", "Escape"), ("Control+Shift+A", "Control+a"), ("Alt+Shift+X", "Alt+X"),
                      ("Control+BackSpace", "Control+h"), ("Control+0x6d3", "0x6d3")]:
    limit("xterm", "tmux-extkeys", exact, folded, TMUX_LEVEL1)
limit("xterm", "alone,tmux-extkeys", "Control+0x6d3", "(nothing)", "xterm 379 with modifyOtherKeys on sends "
      "nothing for Control (or Alt) with a Cyrillic letter, which it sends as the bare letter with it off "
      "(seen in the bytes; its ModifyOtherKeys reports only a key XLookupString gives a character for: "
      + XTERM_INPUT + ")")


def token(line):
    """`Control+a` from `key down Control+a text=...`."""
    parts = line.split()
    return parts[2] if len(parts) > 2 else ""


MODIFIER_KEYS = ("Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Super_L", "Super_R",
                 "Meta_L", "Meta_R", "ISO_Level3_Shift", "0xffe1", "0xffe2", "0xffe3", "0xffe4", "0xffe9",
                 "0xffea", "0xffeb", "0xffec", "0xfe03")


def is_modifier_key(tok):
    """A modifier's own press or release (kitty reports them with all keys as escape codes)."""
    return tok.split("+")[-1] in MODIFIER_KEYS


def judge(key, terminal, host, decoded, sent):
    decoded = [line for line in decoded if not (line.startswith("key") and is_modifier_key(token(line)))]
    downs = [token(line) for line in decoded if line.startswith("key down")]
    ups = [token(line) for line in decoded if line.startswith("key up")]
    texts = [line for line in decoded if line.startswith("text")]
    got = downs[0] if downs else (texts[0] if texts else "(nothing)")
    verdict, note = "fail", ""
    if got == key.expected:
        verdict = "pass"
    else:
        for (terms, hosts, expected_token), alternatives in LIMITS.items():
            for alternative, why in alternatives:
                if expected_token == key.expected and alternative == got and matches(terms, terminal) \
                        and matches(hosts, host):
                    verdict, note = "limit", why
    if terminal == "kitty" and host == "alone" and verdict == "pass" and not ups:
        verdict, note = "fail", "no release event from the kitty protocol"
    if terminal == "kitty" and host == "alone" and verdict == "pass" and key.group.startswith("base") \
            and not any("base=c" in line for line in decoded):
        verdict, note = "fail", "no base-layout key from the kitty protocol"
    if len(downs) + len(texts) > 1 and verdict == "pass":
        verdict, note = "fail", "more than one input for one key"
    return {"key": key.xdotool, "group": key.group, "expected": key.expected, "decoded": decoded,
            "bytes": sent, "verdict": verdict, "note": note, "released": bool(ups)}


def matches(pattern, value):
    """`*`, or a name in the comma list; tmux with extended keys on is also tmux."""
    names = pattern.split(",")
    return pattern == "*" or value in names or (value == "tmux-extkeys" and "tmux" in names)


def near(line, want):
    """Same kind and phase, and the cell within a column or row: the driver places the pointer
    from the window's pixel size, which includes each emulator's border."""
    a, b = line.split(), want.split()
    if len(a) < len(b) or a[:len(b) - 2] != b[:-2] and not want.startswith("scroll"):
        return False
    if want.startswith("scroll"):
        return a[0] == "scroll" and a[3:5] == b[3:5] and abs(float(a[1]) - float(b[1])) <= 3 \
            and abs(float(a[2]) - float(b[2])) <= 1
    return abs(float(a[3]) - float(b[3])) <= 3 and abs(float(a[4]) - float(b[4])) <= 1


def judge_mouse(name, terminal, host, decoded, expected):
    verdict = "pass" if all(any(near(line, e) for line in decoded) for e in expected) else "fail"
    return {"key": name, "group": "mouse", "expected": " | ".join(expected), "decoded": decoded,
            "bytes": "", "verdict": verdict, "note": "", "released": False}


FEATURES = ["focus events", "bracketed paste", "true colour"]
# Documented ways a feature degrades: (feature, terminals, hosts) -> why.
DEGRADED = {
    ("true colour", "*", "*"): "the host draws 24-bit colour only where COLORTERM or the terminfo entry "
                               "says the terminal has it (ColorDepth.detect); elsewhere the nearest "
                               "palette colour",
    ("focus events", "*", "tmux"): "tmux passes focus reports on only with `focus-events on`, off by "
                                   "default (tmux(1), focus-events)",
    ("focus events", "*", "screen"): "screen 4.9 does not pass focus reporting (mode 1004) on "
                                     "(screen(1) lists no such mode)",
    ("bracketed paste", "xfce4-terminal", "alone"): "the paste arrives whole, but VTE 0.70 also reports the "
                                                    "release of the Shift+middle button whose press it kept "
                                                    "for the paste (seen in the bytes: CSI < 5 ; x ; y m, the "
                                                    "middle button with Shift, before it)",
}


def feature(name, terminal, host, expected, got, exact, degradable=True):
    """One feature's verdict: exact, documented (`degradable` and a DEGRADED reason), or failed."""
    why = next((why for (feature_name, terminals, hosts), why in DEGRADED.items()
                if feature_name == name and matches(terminals, terminal) and matches(hosts, host)), None)
    verdict, note = ("pass", "") if exact else ("limit", why) if why and degradable else ("fail", "")
    return {"key": name, "group": name, "expected": " | ".join(expected), "decoded": got, "bytes": "",
            "verdict": verdict, "note": note, "released": False}


def markdown_table(runs, versions, seconds):
    groups = []
    for k in ALL_KEYS:
        if k.group not in groups:
            groups.append(k.group)
    groups += ["mouse"] + FEATURES
    header = "| terminal | " + " | ".join(groups) + " | total |"
    lines = [header, "|" + "---|" * (len(groups) + 2)]
    for r in runs:
        cells = []
        for g in groups:
            ks = [k for k in r["keys"] if k["group"] == g]
            exact = sum(k["verdict"] == "pass" for k in ks)
            limited = sum(k["verdict"] == "limit" for k in ks)
            cells.append(f"{exact}/{len(ks)}" + (f" (+{limited} documented)" if limited else ""))
        exact = sum(k["verdict"] == "pass" for k in r["keys"])
        limited = sum(k["verdict"] == "limit" for k in r["keys"])
        name = r["terminal"] + ("" if r["host"] == "alone" else f" in {r['host']}")
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {exact}+{limited}/{len(r['keys'])} |")
    lines.append("")
    lines.append("Versions: " + ", ".join(f"{k} ({v})" for k, v in versions.items()) +
                 f". Run time {seconds:.0f} s.")
    return "\n".join(lines) + "\n"
