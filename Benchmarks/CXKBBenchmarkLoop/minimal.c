#include <linux/input.h>
#include <string.h>
#include <xkbcommon/xkbcommon.h>

#include "CXKBBenchmarkLoop.h"
#include "keymap.h"

// The least a C program does to turn evdev records into a keysym and a text per key: the
// keysym from xkb_state_key_get_syms, its code point from xkb_keysym_to_utf32 on presses and
// repeats, then the state update. No modifier flags, no Caps Lock or Control transformation,
// no second state: everything EvdevDecoder adds to that is counted against it.
CXKBBenchmarkLoop_Result CXKBBenchmarkLoop_runMinimal(const char *layout, const uint8_t *records, size_t count) {
  CXKBBenchmarkLoop_Result result = {0, 0, 0, -1};
  struct xkb_keymap *keymap = CXKBBenchmarkLoop_newKeymap(layout);
  struct xkb_state *state = keymap ? xkb_state_new(keymap) : NULL;
  if (state != NULL) {
    uint64_t checksum = 0;
    uint64_t allocationsBefore = CXKBBenchmarkLoop_allocationCount();
    double start = CXKBBenchmarkLoop_now();
    for (size_t i = 0; i < count; i++) {
      struct input_event event;
      memcpy(&event, records + i * sizeof event, sizeof event);
      if (event.type != EV_KEY) continue;
      xkb_keycode_t key = (xkb_keycode_t)event.code + 8;
      if (event.value == 2 && !xkb_keymap_key_repeats(keymap, key)) continue;
      if (event.value < 0 || event.value > 2) continue;
      const xkb_keysym_t *syms;
      xkb_keysym_t sym = xkb_state_key_get_syms(state, key, &syms) == 1 ? syms[0] : XKB_KEY_NoSymbol;
      uint32_t text = event.value != 0 && sym != XKB_KEY_NoSymbol ? xkb_keysym_to_utf32(sym) : 0;
      checksum += sym + (uint64_t)text;
      if (event.value != 2) xkb_state_update_key(state, key, event.value ? XKB_KEY_DOWN : XKB_KEY_UP);
    }
    result.seconds = CXKBBenchmarkLoop_now() - start;
    result.allocations = CXKBBenchmarkLoop_allocationCount() - allocationsBefore;
    result.checksum = checksum;
    result.status = 0;
    xkb_state_unref(state);
  }
  xkb_keymap_unref(keymap);
  return result;
}
