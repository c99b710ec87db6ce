#!/usr/bin/env python3
"""Runs a program on a new pty and logs every chunk of input the terminal sends it, with the
monotonic time it arrived, so `matrix.py` can show the real bytes behind each decoded key.

usage: tap.py LOG PROGRAM [ARG...]
Each LOG line is `<seconds> <hex bytes>`. The window size follows the outer terminal's.
"""
import fcntl
import os
import select
import signal
import struct
import sys
import termios
import time
import tty


def copy_size(source, target):
    try:
        size = fcntl.ioctl(source, termios.TIOCGWINSZ, b"\0" * 8)
        fcntl.ioctl(target, termios.TIOCSWINSZ, size)
    except OSError:
        pass


def main():
    log_path, argv = sys.argv[1], sys.argv[2:]
    pid, master = os.forkpty()
    if pid == 0:
        os.execvp(argv[0], argv)
    copy_size(0, master)
    os.kill(pid, signal.SIGWINCH)
    signal.signal(signal.SIGWINCH, lambda *_: (copy_size(0, master), os.kill(pid, signal.SIGWINCH)))
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    log = open(log_path, "a", buffering=1)
    try:
        while True:
            try:
                ready, _, _ = select.select([0, master], [], [])
            except InterruptedError:
                continue
            if 0 in ready:
                data = os.read(0, 4096)
                if not data:
                    break
                log.write(f"{time.monotonic():.6f} {data.hex()}\n")
                os.write(master, data)
            if master in ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                os.write(1, data)
    finally:
        termios.tcsetattr(0, termios.TCSAFLUSH, saved)
        try:
            os.kill(pid, signal.SIGHUP)
        except ProcessLookupError:
            pass


if __name__ == "__main__":
    main()
