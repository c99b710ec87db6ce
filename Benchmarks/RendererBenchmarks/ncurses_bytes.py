"""Draws the renderer benchmark's scene with ncurses and marks the phases in its output.

Run by RendererBenchmarks in a 200x60 pty with TERM=xterm-256color. Between the markers
(OSC 999;A/B/C, which the parent strips) are: the full repaint onto a cleared screen, then the
update that changes one cell. The scene must match `scene()` in main.swift.
"""
import curses
import os


def mark(tag):
    os.write(1, b"\x1b]999;" + tag + b"\x07")


def main(stdscr):
    curses.start_color()
    curses.use_default_colors()
    for i in range(1, 7):
        curses.init_pair(i, i, -1)
    curses.curs_set(0)
    stdscr.refresh()
    mark(b"A")
    letters = "abcdefghijklmnopqrstuvwxyz"
    for y in range(60):
        kind = y % 4
        attr = [0, curses.A_BOLD, curses.color_pair(1 + y % 6), curses.A_REVERSE][kind]
        row = "".join(letters[(x * 7 + y * 13) % 26] for x in range(200))
        try:
            stdscr.addstr(y, 0, row, attr)
        except curses.error:
            pass  # writing the bottom-right cell cannot advance the cursor
    stdscr.refresh()
    mark(b"B")
    stdscr.addstr(30, 100, "X", curses.color_pair(1 + 30 % 6))
    stdscr.refresh()
    mark(b"C")


curses.wrapper(main)
