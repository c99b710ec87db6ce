#ifndef CVTPARSER_H
#define CVTPARSER_H
#include <stddef.h>
#include <stdint.h>

/// The input parser benchmark's baseline: a table-driven tokenizer of the DEC VT500-series
/// parser state machine (Paul Williams' model, which xterm and libvterm follow), extended as
/// terminal input needs: UTF-8 text, SS3 keys, bracketed paste. It emits the token classes the
/// Swift parser's items fall into.
typedef enum {
  CVT_TEXT = 0,     ///< One character (a UTF-8 scalar or a printable byte).
  CVT_CONTROL,      ///< A C0 control (Return, Tab, Control+letter, Backspace 0x7F).
  CVT_KEY,          ///< A legacy key: CSI … ~ / A–D / H / F / Z, or SS3 x.
  CVT_KITTY_KEY,    ///< A kitty keyboard protocol key: CSI … u.
  CVT_MOUSE,        ///< An SGR mouse report: CSI < b ; x ; y M/m.
  CVT_PASTE,        ///< A whole bracketed paste: CSI 200 ~ … CSI 201 ~.
  CVT_ALT,          ///< ESC followed by a character: Alt+key.
  CVT_OTHER,        ///< Any other sequence (OSC, DCS, unrecognised CSI).
  CVT_CLASS_COUNT
} CVTTokenClass;

/// What a run produced: tokens per class and a checksum of their parameters.
typedef struct {
  uint64_t counts[CVT_CLASS_COUNT];
  uint64_t checksum;
} CVTResult;

/// Tokenizes `length` bytes delivered in reads of `readSize` bytes; state carries across reads.
CVTResult CVTTokenize(const uint8_t *bytes, size_t length, size_t readSize);

/// Issue 25's honest baseline: a hand-written tokenizer (branches on the byte, numbers read in
/// place, the paste end found with `memmem`) that makes the Swift parser's items over the same
/// reads. Its checksum folds every item's signature in order: a key is
/// `1<<60 | phase<<52 | flags<<40 | (printable character, else keysym)` (phase 0 press,
/// 1 repeat, 2 release), a mouse report `2<<60 | modifiers<<40 | column<<20 | row` (0-based),
/// a paste `3<<60 | UTF-8 length`, focus `4<<60 | in`, kitty text with no key `5<<60 | scalar`,
/// anything else `6<<60`; `checksum = checksum * 31 + signature`.
CVTResult CVTTokenizeDirect(const uint8_t *bytes, size_t length, size_t readSize);

#endif
