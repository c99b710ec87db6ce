#include "vterm_oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vterm.h>

struct OracleTerminal {
  VTerm *vt;
  VTermScreen *screen;
  int visible;
  int unrecognised;
  char last[64];
  // Replies, kept here: libvterm's own output buffer holds a few dozen bytes and drops the rest.
  uint8_t replies[8192];
  size_t replies_length;
};

static void on_output(const char *bytes, size_t length, void *user) {
  OracleTerminal *terminal = user;
  size_t room = sizeof terminal->replies - terminal->replies_length;
  if (length > room) length = room;
  memcpy(terminal->replies + terminal->replies_length, bytes, length);
  terminal->replies_length += length;
}

static int on_settermprop(VTermProp prop, VTermValue *value, void *user) {
  OracleTerminal *terminal = user;
  if (prop == VTERM_PROP_CURSORVISIBLE) terminal->visible = value->boolean;
  return 1;
}

static void note(OracleTerminal *terminal, const char *kind, const char *text, size_t length) {
  // OSC 8 hyperlinks are not ECMA-48's: libvterm 0.1.4 has no hyperlinks and ignores them, as
  // their specification ("Hyperlinks in terminal emulators") asks of terminals without them.
  if (strcmp(kind, "OSC") == 0 && length >= 2 && text[0] == '8' && text[1] == ';') return;
  terminal->unrecognised += 1;
  snprintf(terminal->last, sizeof terminal->last, "%s %.*s", kind, (int)(length > 40 ? 40 : length), text);
}

static int on_csi(const char *leader, const long args[], int count, const char *intermediate, char command,
                  void *user) {
  (void)args;
  (void)count;
  char text[16];
  snprintf(text, sizeof text, "%s%s%c", leader ? leader : "", intermediate ? intermediate : "", command);
  note(user, "CSI", text, strlen(text));
  return 1;
}

static int on_osc(const char *command, size_t length, void *user) {
  note(user, "OSC", command, length);
  return 1;
}

static int on_dcs(const char *command, size_t length, void *user) {
  note(user, "DCS", command, length);
  return 1;
}

static int on_control(unsigned char control, void *user) {
  char text[8];
  snprintf(text, sizeof text, "0x%02x", control);
  note(user, "control", text, strlen(text));
  return 1;
}

static const VTermScreenCallbacks screen_callbacks = {
  .settermprop = on_settermprop,
};

static const VTermParserCallbacks fallbacks = {
  .control = on_control,
  .csi = on_csi,
  .osc = on_osc,
  .dcs = on_dcs,
};

OracleTerminal *oracle_new(int rows, int columns) {
  OracleTerminal *terminal = calloc(1, sizeof *terminal);
  if (!terminal) return NULL;
  terminal->vt = vterm_new(rows, columns);
  vterm_set_utf8(terminal->vt, 1);
  vterm_output_set_callback(terminal->vt, on_output, terminal);
  terminal->screen = vterm_obtain_screen(terminal->vt);
  vterm_screen_set_callbacks(terminal->screen, &screen_callbacks, terminal);
  vterm_screen_set_unrecognised_fallbacks(terminal->screen, &fallbacks, terminal);
  vterm_screen_reset(terminal->screen, 1);
  terminal->visible = 1;
  return terminal;
}

void oracle_free(OracleTerminal *terminal) {
  if (!terminal) return;
  vterm_free(terminal->vt);
  free(terminal);
}

void oracle_resize(OracleTerminal *terminal, int rows, int columns) {
  vterm_set_size(terminal->vt, rows, columns);
}

void oracle_write(OracleTerminal *terminal, const uint8_t *bytes, size_t count) {
  vterm_input_write(terminal->vt, (const char *)bytes, count);
  vterm_screen_flush_damage(terminal->screen);
}

static void convert(const VTermColor *color, int background, OracleColor *out) {
  memset(out, 0, sizeof *out);
  if (background ? VTERM_COLOR_IS_DEFAULT_BG(color) : VTERM_COLOR_IS_DEFAULT_FG(color)) return;
  if (VTERM_COLOR_IS_INDEXED(color)) {
    out->kind = 1;
    out->index = color->indexed.idx;
  } else {
    out->kind = 2;
    out->red = color->rgb.red;
    out->green = color->rgb.green;
    out->blue = color->rgb.blue;
  }
}

void oracle_cell(const OracleTerminal *terminal, int row, int column, OracleCell *out) {
  VTermScreenCell cell;
  memset(out, 0, sizeof *out);
  VTermPos pos = {.row = row, .col = column};
  if (!vterm_screen_get_cell(terminal->screen, pos, &cell)) return;
  if (cell.chars[0] == (uint32_t)-1) {
    out->continuation = 1;
  } else {
    for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell.chars[i]; i++) out->chars[out->count++] = cell.chars[i];
  }
  out->width = cell.width;
  convert(&cell.fg, 0, &out->foreground);
  convert(&cell.bg, 1, &out->background);
  out->bold = cell.attrs.bold;
  out->underline = cell.attrs.underline;
  out->italic = cell.attrs.italic;
  out->blink = cell.attrs.blink;
  out->reverse = cell.attrs.reverse;
  out->strike = cell.attrs.strike;
}

void oracle_cursor(const OracleTerminal *terminal, int *row, int *column, int *visible) {
  VTermPos pos;
  vterm_state_get_cursorpos(vterm_obtain_state(terminal->vt), &pos);
  *row = pos.row;
  *column = pos.col;
  *visible = terminal->visible;
}

int oracle_unrecognised(const OracleTerminal *terminal, char last[64]) {
  memcpy(last, terminal->last, 64);
  return terminal->unrecognised;
}

size_t oracle_read_output(OracleTerminal *terminal, uint8_t *buffer, size_t length) {
  if (length > terminal->replies_length) length = terminal->replies_length;
  memcpy(buffer, terminal->replies, length);
  memmove(terminal->replies, terminal->replies + length, terminal->replies_length - length);
  terminal->replies_length -= length;
  return length;
}
