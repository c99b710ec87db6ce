#include "CRendererScenes.h"

static const char *const names[RK_SCENE_COUNT] = {
    "plain text", "colour screen", "one-line change", "one-cell change", "scroll by one line",
};

const char *RKSceneName(int scene) {
  return scene >= 0 && scene < RK_SCENE_COUNT ? names[scene] : "";
}

static RKSceneCell cell(char character, int foreground, int background, int attributes) {
  RKSceneCell c = {(uint8_t)character, (int8_t)foreground, (int8_t)background, (uint8_t)attributes};
  return c;
}

static RKSceneCell blank(void) { return cell(' ', -1, -1, 0); }

/// Text with words: letters, a space about every sixth character.
static RKSceneCell text(int x, int y) {
  int n = (x * 7 + y * 13 + x * y) % 31;
  return cell(n < 26 ? (char)('a' + n) : ' ', -1, -1, 0);
}

/// Runs of eight cells in one of 8 foregrounds on one of 8 backgrounds, bold every third row.
static RKSceneCell coloured(int x, int y) {
  RKSceneCell c = text(x, y);
  c.foreground = (int8_t)((x / 8 + y) % 8);
  c.background = (int8_t)((x / 16 + y / 2 + 3) % 8);
  if (c.foreground == c.background) c.foreground = (int8_t)((c.foreground + 4) % 8);
  c.attributes = y % 3 == 0 ? RK_ATTRIBUTE_BOLD : 0;
  return c;
}

/// Line `n` of a log: a title-less line of words whose letters and length depend on n.
static RKSceneCell logLine(int n, int x) {
  int length = 40 + (n * 37) % 150;
  if (x >= length) return blank();
  int k = (n * 11 + x * 7 + n * x) % 29;
  return cell(k < 26 ? (char)('a' + k) : ' ', -1, -1, 0);
}

/// A log under a reverse-video title bar, first line `first`.
static RKSceneCell logScreen(int first, int x, int y) {
  if (y == 0) {
    static const char title[] = " Log viewer ";
    RKSceneCell c = cell(x < (int)sizeof title - 1 ? title[x] : ' ', -1, -1, RK_ATTRIBUTE_REVERSE);
    return c;
  }
  return logLine(first + y - 1, x);
}

RKSceneCell RKSceneCellAt(int scene, int frame, int x, int y) {
  switch (scene) {
  case 0: return frame == 0 ? blank() : text(x, y);
  case 1: return frame == 0 ? blank() : coloured(x, y);
  case 2:
    if (frame == 1 && y == 30) return cell((char)('A' + (x * 3) % 26), 2, -1, 0);
    return text(x, y);
  case 3:
    if (frame == 1 && y == 30 && x == 100) return cell('X', 1, -1, 0);
    return text(x, y);
  case 4: return logScreen(frame == 0 ? 100 : 101, x, y);
  default: return blank();
  }
}
