// A small driver over libvterm (the emulator neovim embeds): the independent terminal the
// renderer's differential test feeds its bytes to. Plain structs only, so Swift reads them
// without libvterm's bit-fields and unions.
#ifndef VTERM_ORACLE_H
#define VTERM_ORACLE_H

#include <stddef.h>
#include <stdint.h>

typedef struct OracleTerminal OracleTerminal;

/// A colour as libvterm keeps it: kind 0 the default, 1 a palette index, 2 RGB.
typedef struct {
  uint8_t kind, index, red, green, blue;
} OracleColor;

/// One screen cell. `count` scalars (at most 6, libvterm's limit); `continuation` is 1 for the
/// right half of a wide character, `width` 2 for its left half.
typedef struct {
  uint32_t chars[6];
  int count;
  int width;
  int continuation;
  OracleColor foreground, background;
  uint8_t bold, underline, italic, blink, reverse, strike;
} OracleCell;

OracleTerminal *oracle_new(int rows, int columns);
void oracle_free(OracleTerminal *terminal);
/// Resizes the screen (libvterm keeps what fits, as a terminal does before the app repaints).
void oracle_resize(OracleTerminal *terminal, int rows, int columns);
void oracle_write(OracleTerminal *terminal, const uint8_t *bytes, size_t count);
void oracle_cell(const OracleTerminal *terminal, int row, int column, OracleCell *cell);
/// The cursor, 0-based, and whether it is shown (DECTCEM).
void oracle_cursor(const OracleTerminal *terminal, int *row, int *column, int *visible);
/// How many control sequences libvterm passed on as unrecognised (OSC 8 links aside); the last one's first bytes
/// (NUL-terminated, at most 63) in `last`.
int oracle_unrecognised(const OracleTerminal *terminal, char last[64]);

/// The bytes libvterm sent back to the application since the last call (its replies: a cursor
/// position report for `CSI 6 n`), at most `length` of them; how many.
size_t oracle_read_output(OracleTerminal *terminal, uint8_t *buffer, size_t length);
#endif
