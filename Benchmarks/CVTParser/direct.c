#define _GNU_SOURCE
#include <string.h>

#include "CVTParser.h"

// A hand-written tokenizer of terminal input, as a C programmer would write it for speed:
// branches on the byte instead of a state table, numbers read in place, and the end of a
// bracketed paste found with memmem. It makes the key, mouse, paste, focus and text items the
// Swift parser makes and folds each one's signature into the checksum (CVTSignature), so the
// benchmark can check both saw the same items in the same order.

#define CARRY 256
static const char pasteEnd[] = "\x1b[201~";

typedef struct {
  uint8_t carry[CARRY + 4096];
  size_t carried;
  int inPaste;
  uint64_t pasteLength;
  CVTResult result;
} Tokenizer;

static inline void item(Tokenizer *t, CVTTokenClass kind, uint64_t signature) {
  t->result.counts[kind]++;
  t->result.checksum = t->result.checksum * 31 + signature;
}

// A key item: the typed character when it is printable, else the keysym.
static inline uint64_t keySignature(uint32_t symbolOrScalar, uint32_t flags, uint32_t phase) {
  return (1ull << 60) | (uint64_t)phase << 52 | (uint64_t)flags << 40 | symbolOrScalar;
}

// A C0 control byte or DEL, as the legacy keys that send it.
static uint64_t controlSignature(uint8_t byte, uint32_t flags) {
  switch (byte) {
  case 0x0d: return keySignature(0xff0d, flags, 0);
  case 0x09: return keySignature(0xff09, flags, 0);
  case 0x7f: return keySignature(0xff08, flags, 0);
  case 0x1b: return keySignature(0xff1b, flags, 0);
  case 0x00: return keySignature(0x20, flags | 4, 0);
  default: return keySignature(byte >= 0x1c ? byte + 0x40 : byte + 0x60, flags | 4, 0);
  }
}

// The keysym of a kitty functional key number, 0 when it is not one.
static uint32_t kittyFunctional(uint32_t code) {
  switch (code) {
  case 27: return 0xff1b;
  case 13: return 0xff0d;
  case 9: return 0xff09;
  case 127: case 8: return 0xff08;
  }
  if (code >= 57358 && code <= 57363) {
    static const uint32_t locks[] = {0xffe5, 0xff14, 0xff7f, 0xff61, 0xff13, 0xff67};
    return locks[code - 57358];
  }
  if (code >= 57376 && code <= 57398) return 0xffca + (code - 57376);  // F13…F35
  if (code >= 57399 && code <= 57408) return 0xffb0 + (code - 57399);  // KP_0…KP_9
  if (code >= 57409 && code <= 57427) {
    static const uint32_t keypad[] = {0xffae, 0xffaf, 0xffaa, 0xffad, 0xffab, 0xff8d, 0xffbd,
                                      0xffac, 0xff96, 0xff98, 0xff97, 0xff99, 0xff9a, 0xff9b,
                                      0xff95, 0xff9c, 0xff9e, 0xff9f, 0xff9d};
    return keypad[code - 57409];
  }
  if (code >= 57441 && code <= 57454) {
    static const uint32_t modifiers[] = {0xffe1, 0xffe3, 0xffe9, 0xffeb, 0xffed, 0xffe7, 0xffe2,
                                         0xffe4, 0xffea, 0xffec, 0xffee, 0xffe8, 0xfe03, 0xfe11};
    return modifiers[code - 57441];
  }
  return 0;
}

// The printable character a functional key types (the keypad's), else its keysym.
static uint32_t functionalSymbolOrScalar(uint32_t keysym) {
  if (keysym >= 0xffb0 && keysym <= 0xffb9) return '0' + (keysym - 0xffb0);
  switch (keysym) {
  case 0xffaa: return '*';
  case 0xffab: return '+';
  case 0xffac: return ',';
  case 0xffad: return '-';
  case 0xffae: return '.';
  case 0xffaf: return '/';
  case 0xffbd: return '=';
  default: return keysym;
  }
}

// Parameters of one control sequence: up to 3 sub-parameters in each of 4 fields.
typedef struct {
  int32_t value[4][3];  // -1: absent
  int fields;
  uint8_t marker;
} Parameters;

static inline int32_t parameter(const Parameters *p, int field, int sub, int32_t absent) {
  return field < p->fields && p->value[field][sub] >= 0 ? p->value[field][sub] : absent;
}

// Emits the item of a complete CSI sequence; returns 1 if it opened a paste.
static int dispatchCSI(Tokenizer *t, const Parameters *p, uint8_t final) {
  int32_t first = parameter(p, 0, 0, 1);
  uint32_t flags = (uint32_t)parameter(p, 1, 0, 1) - 1;
  int32_t event = parameter(p, 1, 1, 1);
  uint32_t phase = event == 3 ? 2 : event == 2 ? 1 : 0;
  if (p->marker == '<') {
    if (final == 'M' || final == 'm') {
      uint64_t code = (uint64_t)parameter(p, 0, 0, 0);
      uint64_t x = (uint64_t)parameter(p, 1, 0, 1) - 1, y = (uint64_t)parameter(p, 2, 0, 1) - 1;
      item(t, CVT_MOUSE, (2ull << 60) | (code >> 2 & 7) << 40 | x << 20 | y);
    } else {
      item(t, CVT_OTHER, 6ull << 60);
    }
    return 0;
  }
  if (p->marker != 0) {
    item(t, CVT_OTHER, 6ull << 60);
    return 0;
  }
  switch (final) {
  case 'u': {
    uint32_t code = (uint32_t)parameter(p, 0, 0, 0);
    int32_t text = parameter(p, 2, 0, -1);
    if (code == 0) {
      item(t, CVT_OTHER, (5ull << 60) | (uint32_t)text);
      return 0;
    }
    uint32_t keysym = kittyFunctional(code);
    uint32_t shown;
    if (keysym != 0) {
      shown = functionalSymbolOrScalar(keysym);
    } else {
      uint32_t typed = code;
      if (flags & 1) {
        int32_t shifted = parameter(p, 0, 1, -1);
        typed = shifted >= 0 ? (uint32_t)shifted : code >= 'a' && code <= 'z' ? code - 0x20 : code;
      }
      // Control turns an ASCII key's text into a control character: then the keysym shows.
      shown = typed;
    }
    if (text >= 0x20 && text != 0x7f) shown = (uint32_t)text;
    item(t, CVT_KITTY_KEY, keySignature(shown, flags, phase));
    return 0;
  }
  case '~': {
    uint32_t keysym;
    switch (first) {
    case 200: return 1;
    case 1: case 7: keysym = 0xff50; break;
    case 2: keysym = 0xff63; break;
    case 3: keysym = 0xffff; break;
    case 4: case 8: keysym = 0xff57; break;
    case 5: keysym = 0xff55; break;
    case 6: keysym = 0xff56; break;
    default:
      if (first >= 11 && first <= 15) keysym = 0xffbe + (uint32_t)(first - 11);
      else if (first >= 17 && first <= 21) keysym = 0xffc3 + (uint32_t)(first - 17);
      else if (first >= 23 && first <= 26) keysym = 0xffc8 + (uint32_t)(first - 23);
      else if (first == 28 || first == 29) keysym = 0xffcc + (uint32_t)(first - 28);
      else if (first >= 31 && first <= 34) keysym = 0xffce + (uint32_t)(first - 31);
      else {
        item(t, CVT_OTHER, 6ull << 60);
        return 0;
      }
    }
    item(t, CVT_KEY, keySignature(keysym, flags, phase));
    return 0;
  }
  case 'I': case 'O':
    item(t, CVT_OTHER, (4ull << 60) | (final == 'I'));
    return 0;
  case 'A': case 'B': case 'C': case 'D': case 'F': case 'H': case 'P': case 'Q': case 'S': case 'Z': {
    static const uint32_t keysyms[26] = {['A' - 'A'] = 0xff52, ['B' - 'A'] = 0xff54, ['C' - 'A'] = 0xff53,
                                         ['D' - 'A'] = 0xff51, ['F' - 'A'] = 0xff57, ['H' - 'A'] = 0xff50,
                                         ['P' - 'A'] = 0xffbe, ['Q' - 'A'] = 0xffbf, ['S' - 'A'] = 0xffc1,
                                         ['Z' - 'A'] = 0xff09};
    item(t, CVT_KEY, keySignature(keysyms[final - 'A'], final == 'Z' ? flags | 1 : flags, phase));
    return 0;
  }
  default:
    item(t, CVT_OTHER, 6ull << 60);
    return 0;
  }
}

// Tokenizes what it can of [bytes, end); returns how many bytes it used (the rest is an
// unfinished sequence or a possible start of the paste end marker).
static size_t scan(Tokenizer *t, const uint8_t *bytes, const uint8_t *end) {
  const uint8_t *p = bytes;
  for (;;) {
    if (t->inPaste) {
      const uint8_t *marker = memmem(p, (size_t)(end - p), pasteEnd, 6);
      if (marker == NULL) {
        // Keep back a tail that may begin the marker.
        size_t keep = 0;
        for (size_t k = 5; k > 0; k--) {
          if ((size_t)(end - p) >= k && memcmp(end - k, pasteEnd, k) == 0) {
            keep = k;
            break;
          }
        }
        t->pasteLength += (size_t)(end - p) - keep;
        return (size_t)(end - keep - bytes);
      }
      t->pasteLength += (size_t)(marker - p);
      item(t, CVT_PASTE, (3ull << 60) | t->pasteLength);
      t->inPaste = 0;
      p = marker + 6;
    }
    if (p >= end) return (size_t)(p - bytes);
    uint8_t byte = *p;
    if (byte >= 0x20 && byte < 0x7f) {
      item(t, CVT_TEXT, keySignature(byte, 0, 0));
      p++;
    } else if (byte >= 0x80) {
      int length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      if (end - p < length) return (size_t)(p - bytes);
      uint32_t scalar = length == 1 ? 0xfffd : byte & (0x7f >> length);
      int valid = length > 1;
      for (int k = 1; k < length; k++) {
        if ((p[k] & 0xc0) != 0x80) {
          valid = 0;
          length = k;
          break;
        }
        scalar = scalar << 6 | (p[k] & 0x3f);
      }
      item(t, CVT_TEXT, keySignature(valid ? scalar : 0xfffd, 0, 0));
      p += length;
    } else if (byte != 0x1b) {
      item(t, CVT_CONTROL, controlSignature(byte, 0));
      p++;
    } else {
      if (end - p < 2) return (size_t)(p - bytes);
      uint8_t next = p[1];
      if (next == '[') {
        Parameters parameters;
        memset(parameters.value, 0xff, sizeof parameters.value);
        parameters.fields = 1;
        parameters.marker = 0;
        int sub = 0;
        const uint8_t *q = p + 2;
        if (q < end && *q >= 0x3c && *q <= 0x3f) parameters.marker = *q++;
        while (q < end && *q >= 0x30 && *q <= 0x3b) {
          uint8_t c = *q++;
          if (c == ';') {
            if (parameters.fields < 4) parameters.fields++;
            sub = 0;
          } else if (c == ':') {
            if (sub < 2) sub++;
          } else {
            int32_t *slot = &parameters.value[parameters.fields - 1][sub];
            *slot = (*slot < 0 ? 0 : *slot * 10) + (c - '0');
          }
        }
        if (q >= end) return (size_t)(p - bytes);
        p = q + 1;
        if (*q < 0x40 || *q > 0x7e) {
          item(t, CVT_OTHER, 6ull << 60);  // intermediates: no key or report here has them
        } else if (dispatchCSI(t, &parameters, *q)) {
          t->inPaste = 1;
          t->pasteLength = 0;
        }
      } else if (next == 'O') {
        if (end - p < 3) return (size_t)(p - bytes);
        static const uint32_t ss3[26] = {['A' - 'A'] = 0xff52, ['B' - 'A'] = 0xff54, ['C' - 'A'] = 0xff53,
                                         ['D' - 'A'] = 0xff51, ['F' - 'A'] = 0xff57, ['H' - 'A'] = 0xff50,
                                         ['P' - 'A'] = 0xffbe, ['Q' - 'A'] = 0xffbf, ['R' - 'A'] = 0xffc0,
                                         ['S' - 'A'] = 0xffc1};
        uint8_t final = p[2];
        item(t, CVT_KEY, final >= 'A' && final <= 'Z' && ss3[final - 'A'] ? keySignature(ss3[final - 'A'], 0, 0)
                                                                           : 6ull << 60);
        p += 3;
      } else if (next >= 0x20 && next < 0x7f) {
        item(t, CVT_ALT, keySignature(next, 2, 0));
        p += 2;
      } else if (next < 0x20 || next == 0x7f) {
        item(t, CVT_ALT, controlSignature(next, 2));
        p += 2;
      } else {
        item(t, CVT_CONTROL, controlSignature(0x1b, 0));
        p++;
      }
    }
  }
}

CVTResult CVTTokenizeDirect(const uint8_t *bytes, size_t length, size_t readSize) {
  static Tokenizer t;
  memset(&t.result, 0, sizeof t.result);
  t.carried = 0;
  t.inPaste = 0;
  for (size_t start = 0; start < length; start += readSize) {
    size_t count = start + readSize < length ? readSize : length - start;
    const uint8_t *read = bytes + start;
    size_t offset = 0;
    if (t.carried >= CARRY) {
      item(&t, CVT_OTHER, 6ull << 60);  // over-long: one unknown item, as the parser bounds it
      t.carried = 0;
    }
    if (t.carried > 0) {
      // Finish the carried sequence with the start of this read.
      size_t take = count < CARRY ? count : CARRY;
      memcpy(t.carry + t.carried, read, take);
      size_t used = scan(&t, t.carry, t.carry + t.carried + take);
      if (used < t.carried) {
        memmove(t.carry, t.carry + used, t.carried + take - used);
        t.carried += take - used;
        continue;
      }
      offset = used - t.carried;
      t.carried = 0;
    }
    size_t used = offset + scan(&t, read + offset, read + count);
    memcpy(t.carry, read + used, count - used);
    t.carried = count - used;
  }
  return t.result;
}
