// The renderer benchmark's baseline: ncurses drawing the same scenes (CRendererScenes) on a
// 200x60 xterm-256color screen with the same output settings as the Swift renderer: no
// cursor (curs_set 0, leaveok), default colours, idlok on so ncurses may scroll with a scroll
// region and line operations, no typeahead interruption. Output goes to a temporary file,
// which both sides write their bytes to.
//
// Built and run by `make bench` (cc -O2, -lncursesw from libncurses-dev). Prints one line per
// scene: index, bytes of the frame 0 -> 1 update, then the nanoseconds of each timed round
// (wnoutrefresh + doupdate, including ncurses' write of the bytes).
#define _GNU_SOURCE
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "CRendererScenes.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/// Colour pairs for every foreground and background in -1...7.
static short pairFor(int foreground, int background) {
  return (short)(1 + (foreground + 1) * 9 + (background + 1));
}

static void draw(int scene, int frame) {
  for (int y = 0; y < RK_SCENE_ROWS; y++) {
    for (int x = 0; x < RK_SCENE_COLUMNS; x++) {
      RKSceneCell c = RKSceneCellAt(scene, frame, x, y);
      chtype ch = c.character | COLOR_PAIR(pairFor(c.foreground, c.background));
      if (c.attributes & RK_ATTRIBUTE_BOLD) ch |= A_BOLD;
      if (c.attributes & RK_ATTRIBUTE_REVERSE) ch |= A_REVERSE;
      mvaddch(y, x, ch);  // ERR in the bottom-right cell (the cursor cannot advance); it is set
    }
  }
}

static long position(FILE *out) {
  fflush(out);
  return (long)lseek(fileno(out), 0, SEEK_CUR);
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 21;
  setenv("LINES", "60", 1);
  setenv("COLUMNS", "200", 1);
  FILE *out = tmpfile();
  FILE *in = fopen("/dev/null", "r");
  if (out == NULL || in == NULL || newterm("xterm-256color", out, in) == NULL) {
    fprintf(stderr, "ncurses_baseline: cannot open an xterm-256color screen\n");
    return 1;
  }
  if (LINES != RK_SCENE_ROWS || COLS != RK_SCENE_COLUMNS) {
    fprintf(stderr, "ncurses_baseline: screen is %dx%d\n", COLS, LINES);
    return 1;
  }
  start_color();
  use_default_colors();
  for (int f = -1; f < 8; f++)
    for (int b = -1; b < 8; b++) init_pair(pairFor(f, b), (short)f, (short)b);
  curs_set(0);
  leaveok(stdscr, TRUE);
  idlok(stdscr, TRUE);
  scrollok(stdscr, FALSE);
  typeahead(-1);
  refresh();
  for (int scene = 0; scene < RK_SCENE_COUNT; scene++) {
    printf("%d", scene);
    long bytes = -1;
    for (int round = 0; round < rounds; round++) {
      draw(scene, 0);
      refresh();
      draw(scene, 1);
      long before = position(out);
      double start = now();
      wnoutrefresh(stdscr);
      doupdate();
      double elapsed = now() - start;
      long written = position(out) - before;
      if (bytes < 0) bytes = written;
      if (round == 0) printf(" %ld", bytes);
      printf(" %.0f", elapsed);
    }
    printf("\n");
  }
  endwin();
  return 0;
}
