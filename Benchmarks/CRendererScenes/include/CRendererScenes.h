#ifndef CRENDERERSCENES_H
#define CRENDERERSCENES_H
#include <stdint.h>

/// The renderer benchmark's scenes, defined once in C so the Swift renderer and ncurses draw
/// exactly the same cells. Every scene is a change from frame 0 to frame 1 on a 200x60 screen.
enum { RK_SCENE_COLUMNS = 200, RK_SCENE_ROWS = 60, RK_SCENE_COUNT = 5 };

/// Bits of `RKSceneCell.attributes`.
enum { RK_ATTRIBUTE_BOLD = 1, RK_ATTRIBUTE_REVERSE = 2 };

typedef struct {
  /// An ASCII character.
  uint8_t character;
  /// Palette index 0-7, or -1 for the terminal's default colour.
  int8_t foreground;
  int8_t background;
  uint8_t attributes;
} RKSceneCell;

/// The scene's name: "plain text", "colour screen", "one-line change", "one-cell change",
/// "scroll by one line".
const char *RKSceneName(int scene);

/// The cell at (x, y) of frame 0 (before) or 1 (after) of a scene.
RKSceneCell RKSceneCellAt(int scene, int frame, int x, int y);

#endif
