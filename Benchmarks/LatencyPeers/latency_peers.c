// The latency benchmark's C peers (Benchmarks/LatencyBenchmarks), run in its pty:
//
//   latency_peers echo     the floor: raw mode, every byte read written straight back
//   latency_peers ncurses  a four-row list with ncurses: "Item 1"..."Item 4", the selected
//                          row reversed across the screen's width; Down and Up move it
//                          (clamped), q quits
//
// Built by `make bench` (cc -O2, -lncursesw from libncurses-dev).
#define _GNU_SOURCE
#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static int echoFloor(void) {
  struct termios saved, raw;
  if (tcgetattr(0, &saved) != 0) return 1;
  raw = saved;
  cfmakeraw(&raw);
  tcsetattr(0, TCSANOW, &raw);
  char buffer[256];
  for (;;) {
    ssize_t n = read(0, buffer, sizeof buffer);
    if (n <= 0 || memchr(buffer, 'q', (size_t)n) != NULL) break;
    if (write(1, buffer, (size_t)n) != n) break;
  }
  tcsetattr(0, TCSANOW, &saved);
  return 0;
}

static void drawRow(int row, int selected) {
  if (row == selected) attron(A_REVERSE);
  mvprintw(row, 0, "%-*s", COLS, "");
  mvprintw(row, 0, "Item %d", row + 1);
  if (row == selected) attroff(A_REVERSE);
}

static int list(void) {
  initscr();
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  leaveok(stdscr, TRUE);
  int selected = 0;
  for (int row = 0; row < 4; row++) drawRow(row, selected);
  refresh();
  for (;;) {
    int key = getch();
    if (key == 'q' || key == ERR) break;
    int next = selected;
    if (key == KEY_DOWN && selected < 3) next = selected + 1;
    if (key == KEY_UP && selected > 0) next = selected - 1;
    if (next == selected) continue;
    int previous = selected;
    selected = next;
    drawRow(previous, selected);
    drawRow(selected, selected);
    refresh();
  }
  endwin();
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "echo") == 0) return echoFloor();
  if (argc > 1 && strcmp(argv[1], "ncurses") == 0) return list();
  fprintf(stderr, "usage: latency_peers echo|ncurses\n");
  return 2;
}
