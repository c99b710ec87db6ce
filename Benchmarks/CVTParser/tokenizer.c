#include "CVTParser.h"

#include <string.h>

// States of the VT500-series parser (vt100.net/emu/dec_ansi_parser), plus UTF-8 continuation
// and bracketed-paste body states that input needs.
enum {
  GROUND, ESCAPE, ESCAPE_INTERMEDIATE, CSI_ENTRY, CSI_PARAM, CSI_INTERMEDIATE, CSI_IGNORE,
  SS3, OSC_STRING, DCS_PASSTHROUGH, UTF8_TAIL, PASTE, STATE_COUNT
};

// Actions on a byte.
enum {
  NONE, PRINT, EXECUTE, CLEAR, COLLECT, PARAM, ESC_DISPATCH, CSI_DISPATCH, SS3_DISPATCH,
  UTF8_START, UTF8_CONTINUE, STRING_PUT, STRING_END, PASTE_BYTE
};

typedef struct {
  uint8_t action;
  uint8_t next;
} Transition;

static Transition table[STATE_COUNT][256];
static int tableReady;

static void set(int state, int from, int to, int action, int next) {
  for (int byte = from; byte <= to; byte++) table[state][byte] = (Transition){(uint8_t)action, (uint8_t)next};
}

// Built once: the transitions of the DEC diagram, "anywhere" transitions included.
static void buildTable(void) {
  for (int state = 0; state < STATE_COUNT; state++) {
    if (state == PASTE || state == UTF8_TAIL) continue;
    set(state, 0x00, 0x17, EXECUTE, state);
    set(state, 0x19, 0x19, EXECUTE, state);
    set(state, 0x1C, 0x1F, EXECUTE, state);
    set(state, 0x18, 0x18, EXECUTE, GROUND);
    set(state, 0x1A, 0x1A, EXECUTE, GROUND);
    set(state, 0x1B, 0x1B, CLEAR, ESCAPE);
  }
  set(GROUND, 0x20, 0x7E, PRINT, GROUND);
  set(GROUND, 0x7F, 0x7F, EXECUTE, GROUND);
  set(GROUND, 0x80, 0xBF, PRINT, GROUND);  // a stray continuation byte: one (invalid) character
  set(GROUND, 0xC0, 0xFF, UTF8_START, UTF8_TAIL);
  set(UTF8_TAIL, 0x00, 0xFF, UTF8_CONTINUE, UTF8_TAIL);

  set(ESCAPE, 0x20, 0x2F, COLLECT, ESCAPE_INTERMEDIATE);
  set(ESCAPE, 0x30, 0x7E, ESC_DISPATCH, GROUND);
  set(ESCAPE, 0x5B, 0x5B, CLEAR, CSI_ENTRY);
  set(ESCAPE, 0x5D, 0x5D, NONE, OSC_STRING);
  set(ESCAPE, 0x50, 0x50, NONE, DCS_PASSTHROUGH);
  set(ESCAPE, 0x4F, 0x4F, NONE, SS3);
  set(ESCAPE, 0x7F, 0x7F, ESC_DISPATCH, GROUND);
  set(ESCAPE_INTERMEDIATE, 0x20, 0x2F, COLLECT, ESCAPE_INTERMEDIATE);
  set(ESCAPE_INTERMEDIATE, 0x30, 0x7E, ESC_DISPATCH, GROUND);

  set(CSI_ENTRY, 0x20, 0x2F, COLLECT, CSI_INTERMEDIATE);
  set(CSI_ENTRY, 0x30, 0x39, PARAM, CSI_PARAM);
  set(CSI_ENTRY, 0x3A, 0x3B, PARAM, CSI_PARAM);
  set(CSI_ENTRY, 0x3C, 0x3F, COLLECT, CSI_PARAM);
  set(CSI_ENTRY, 0x40, 0x7E, CSI_DISPATCH, GROUND);
  set(CSI_PARAM, 0x30, 0x3B, PARAM, CSI_PARAM);  // digits, ':' sub-parameters, ';'
  set(CSI_PARAM, 0x3C, 0x3F, NONE, CSI_IGNORE);
  set(CSI_PARAM, 0x20, 0x2F, COLLECT, CSI_INTERMEDIATE);
  set(CSI_PARAM, 0x40, 0x7E, CSI_DISPATCH, GROUND);
  set(CSI_INTERMEDIATE, 0x20, 0x2F, COLLECT, CSI_INTERMEDIATE);
  set(CSI_INTERMEDIATE, 0x30, 0x3F, NONE, CSI_IGNORE);
  set(CSI_INTERMEDIATE, 0x40, 0x7E, CSI_DISPATCH, GROUND);
  set(CSI_IGNORE, 0x20, 0x3F, NONE, CSI_IGNORE);
  set(CSI_IGNORE, 0x40, 0x7E, NONE, GROUND);
  set(SS3, 0x20, 0x7E, SS3_DISPATCH, GROUND);

  set(OSC_STRING, 0x20, 0xFF, STRING_PUT, OSC_STRING);
  set(OSC_STRING, 0x07, 0x07, STRING_END, GROUND);
  set(DCS_PASSTHROUGH, 0x20, 0xFF, STRING_PUT, DCS_PASSTHROUGH);
  set(PASTE, 0x00, 0xFF, PASTE_BYTE, PASTE);
  tableReady = 1;
}

typedef struct {
  int state;
  uint32_t params[16];
  int paramCount;
  uint8_t privateMarker;
  int utf8Remaining;
  uint32_t scalar;
  // Bracketed paste: how much of the closing ESC [ 2 0 1 ~ has been seen.
  int pasteMatch;
  uint64_t pasteLength;
} Parser;

static const uint8_t pasteEnd[6] = {0x1B, '[', '2', '0', '1', '~'};

static void emit(CVTResult *result, CVTTokenClass kind, uint64_t value) {
  result->counts[kind]++;
  result->checksum = result->checksum * 31 + value + (uint64_t)kind;
}

static void dispatchCSI(Parser *p, uint8_t final, CVTResult *result) {
  int count = p->paramCount;
  uint32_t first = count > 0 ? p->params[0] : 0;
  if (p->privateMarker == '<' && (final == 'M' || final == 'm')) {
    emit(result, CVT_MOUSE, first + (count > 2 ? p->params[1] * 256 + p->params[2] : 0));
  } else if (p->privateMarker == 0 && final == 'u') {
    emit(result, CVT_KITTY_KEY, first);
  } else if (p->privateMarker == 0 && final == '~' && first == 200) {
    p->state = PASTE;
    p->pasteMatch = 0;
    p->pasteLength = 0;
  } else if (p->privateMarker == 0 && (final == '~' || (final >= 'A' && final <= 'D') || final == 'H' ||
                                       final == 'F' || final == 'Z' || (final >= 'P' && final <= 'S'))) {
    emit(result, CVT_KEY, (uint64_t)final * 1000 + first);
  } else {
    emit(result, CVT_OTHER, final);
  }
}

CVTResult CVTTokenize(const uint8_t *bytes, size_t length, size_t readSize) {
  if (!tableReady) buildTable();
  CVTResult result;
  memset(&result, 0, sizeof result);
  Parser p;
  memset(&p, 0, sizeof p);
  for (size_t start = 0; start < length; start += readSize) {
    size_t end = start + readSize < length ? start + readSize : length;
    for (size_t i = start; i < end; i++) {
      uint8_t byte = bytes[i];
      Transition t = table[p.state][byte];
      switch (t.action) {
      case PRINT: emit(&result, CVT_TEXT, byte); break;
      case EXECUTE: emit(&result, CVT_CONTROL, byte); break;
      case CLEAR:
        p.paramCount = 0;
        p.privateMarker = 0;
        break;
      case COLLECT:
        if (byte >= 0x3C) p.privateMarker = byte;
        break;
      case PARAM:
        if (p.paramCount == 0) p.params[p.paramCount++] = 0;
        if (byte == ';' || byte == ':') {
          if (p.paramCount < 16) p.params[p.paramCount++] = 0;
        } else {
          p.params[p.paramCount - 1] = p.params[p.paramCount - 1] * 10 + (byte - '0');
        }
        break;
      case ESC_DISPATCH: emit(&result, CVT_ALT, byte); break;
      case CSI_DISPATCH:
        dispatchCSI(&p, byte, &result);
        if (p.state == PASTE) continue;  // dispatch entered the paste body
        break;
      case SS3_DISPATCH: emit(&result, CVT_KEY, 'O' * 1000 + byte); break;
      case UTF8_START:
        p.utf8Remaining = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1;
        p.scalar = byte & (0x3F >> p.utf8Remaining);
        break;
      case UTF8_CONTINUE:
        if ((byte & 0xC0) != 0x80) {
          // Not a continuation: the broken sequence is one character, then the byte anew.
          emit(&result, CVT_TEXT, 0xFFFD);
          p.state = GROUND;
          i--;
          continue;
        }
        p.scalar = p.scalar << 6 | (byte & 0x3F);
        if (--p.utf8Remaining == 0) {
          emit(&result, CVT_TEXT, p.scalar);
          p.state = GROUND;
          continue;
        }
        break;
      case STRING_PUT: break;
      case STRING_END: emit(&result, CVT_OTHER, ']'); break;
      case PASTE_BYTE:
        p.pasteLength++;
        if (byte == pasteEnd[p.pasteMatch]) {
          if (++p.pasteMatch == 6) {
            emit(&result, CVT_PASTE, p.pasteLength - 6);
            p.state = GROUND;
            continue;
          }
        } else {
          p.pasteMatch = byte == 0x1B ? 1 : 0;
        }
        break;
      default: break;
      }
      p.state = t.next;
    }
  }
  return result;
}
