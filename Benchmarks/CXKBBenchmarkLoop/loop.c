#define _GNU_SOURCE
#include "CXKBBenchmarkLoop.h"
#include <errno.h>
#include <malloc.h>
#include <time.h>
#include <xkbcommon/xkbcommon.h>

#include "keymap.h"

// Allocation counting: glibc lets an executable interpose malloc and friends; the originals
// stay reachable as __libc_*. Counting calls (not bytes) catches an allocation that is freed
// again inside the loop, which mallinfo2's totals alone would miss.
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
static uint64_t allocationCount;

void *malloc(size_t size) {
  __atomic_fetch_add(&allocationCount, 1, __ATOMIC_RELAXED);
  return __libc_malloc(size);
}
void *calloc(size_t count, size_t size) {
  __atomic_fetch_add(&allocationCount, 1, __ATOMIC_RELAXED);
  return __libc_calloc(count, size);
}
void *realloc(void *pointer, size_t size) {
  __atomic_fetch_add(&allocationCount, 1, __ATOMIC_RELAXED);
  return __libc_realloc(pointer, size);
}
int posix_memalign(void **out, size_t alignment, size_t size) {
  __atomic_fetch_add(&allocationCount, 1, __ATOMIC_RELAXED);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *out = pointer;
  return 0;
}
void *aligned_alloc(size_t alignment, size_t size) {
  __atomic_fetch_add(&allocationCount, 1, __ATOMIC_RELAXED);
  return __libc_memalign(alignment, size);
}

uint64_t CXKBBenchmarkLoop_allocationCount(void) {
  return __atomic_load_n(&allocationCount, __ATOMIC_RELAXED);
}

size_t CXKBBenchmarkLoop_heapInUse(void) { return mallinfo2().uordblks; }

double CXKBBenchmarkLoop_now(void) {
  struct timespec now;
  // The thread's CPU time, as the Swift paths measure theirs (threadNanoseconds): time
  // descheduled on a shared machine counts against neither side.
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/// Xlib's and xkbcommon's Control transformation of an ASCII character.
static char toControl(char c) {
  if ((c >= '@' && c < '\177') || c == ' ') return (char)(c & 0x1F);
  if (c == '2') return '\0';
  if (c >= '3' && c <= '7') return (char)(c - ('3' - '\033'));
  if (c == '8') return '\177';
  if (c == '/') return '_' & 0x1F;
  return c;
}

struct xkb_keymap *CXKBBenchmarkLoop_newKeymap(const char *layout) {
  struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
  if (context == NULL) return NULL;
  struct xkb_rule_names names = {"evdev", "pc105", layout, NULL, NULL};
  struct xkb_keymap *keymap = xkb_keymap_new_from_names(context, &names, 0);
  xkb_context_unref(context);
  return keymap;
}

CXKBBenchmarkLoop_Result CXKBBenchmarkLoop_runLean(const char *layout, const uint16_t *codes,
                                                   const uint8_t *downs, size_t count) {
  CXKBBenchmarkLoop_Result result = {0, 0, 0, -1};
  struct xkb_keymap *keymap = CXKBBenchmarkLoop_newKeymap(layout);
  struct xkb_state *state = keymap ? xkb_state_new(keymap) : NULL;
  struct xkb_state *scratch = keymap ? xkb_state_new(keymap) : NULL;
  if (state != NULL && scratch != NULL) {
    // Looked up once: each modifier's mask and the KeyEvent flag it sets.
    static const char *const modifierNames[6] = {XKB_MOD_NAME_SHIFT, XKB_MOD_NAME_CTRL, XKB_MOD_NAME_ALT,
                                                  XKB_MOD_NAME_LOGO,  XKB_MOD_NAME_CAPS, XKB_MOD_NAME_NUM};
    static const uint16_t flagBits[6] = {1, 4, 2, 8, 64, 128};
    xkb_mod_mask_t masks[6];
    for (int m = 0; m < 6; m++) {
      xkb_mod_index_t index = xkb_keymap_mod_get_index(keymap, modifierNames[m]);
      masks[m] = index == XKB_MOD_INVALID ? 0 : (xkb_mod_mask_t)1 << index;
    }
    const xkb_mod_mask_t shift = masks[0], control = masks[1], lock = masks[4];
    char text[64];
    char plain[64];
    uint64_t checksum = 0;
    uint64_t allocationsBefore = CXKBBenchmarkLoop_allocationCount();
    double start = CXKBBenchmarkLoop_now();
    for (size_t i = 0; i < count; i++) {
      xkb_keycode_t key = (xkb_keycode_t)codes[i] + 8;
      xkb_mod_mask_t mods = xkb_state_serialize_mods(state, XKB_STATE_MODS_EFFECTIVE);
      uint16_t flags = 0;
      for (int m = 0; m < 6; m++)
        if (mods & masks[m]) flags |= flagBits[m];
      int caps = 0, ctrl = 0;
      if (mods & (lock | control)) {
        xkb_mod_mask_t consumed = xkb_state_key_get_consumed_mods2(state, key, XKB_CONSUMED_MODE_XKB);
        caps = (mods & lock & ~consumed) != 0;
        ctrl = (mods & control & ~consumed) != 0;
      }
      const xkb_keysym_t *syms;
      int nsyms = xkb_state_key_get_syms(state, key, &syms);
      xkb_keysym_t sym = nsyms == 1 ? (caps ? xkb_keysym_to_upper(syms[0]) : syms[0]) : XKB_KEY_NoSymbol;
      int length = 0;
      int plainLength = 0;
      if (downs[i]) {
        xkb_keysym_t one = nsyms == 1 ? syms[0] : XKB_KEY_NoSymbol;
        if (one != XKB_KEY_NoSymbol && ctrl && one > 127) {
          xkb_layout_index_t layouts = xkb_keymap_num_layouts_for_key(keymap, key);
          for (xkb_layout_index_t l = 0; l < layouts; l++) {
            xkb_level_index_t level = xkb_state_key_get_level(state, key, l);
            const xkb_keysym_t *other;
            if (level != XKB_LEVEL_INVALID &&
                xkb_keymap_key_get_syms_by_level(keymap, key, l, level, &other) == 1 && other[0] <= 127) {
              one = other[0];
              break;
            }
          }
        }
        if (one != XKB_KEY_NoSymbol && caps) one = xkb_keysym_to_upper(one);
        int symbols = one != XKB_KEY_NoSymbol ? 1 : nsyms;
        for (int k = 0; k < symbols && length + 7 <= (int)sizeof text; k++) {
          int written = xkb_keysym_to_utf8(one != XKB_KEY_NoSymbol ? one : syms[k], text + length, 7);
          if (written <= 0) {
            length = 0;
            break;
          }
          length += written - 1;
        }
        if (length == 1 && (unsigned char)text[0] <= 127 && ctrl) text[0] = toControl(text[0]);
        // The text without Control, Alt and Super, for shortcut matching: Shift and Caps Lock only.
        if (flags & (4 | 2 | 8)) {
          xkb_state_update_mask(scratch, mods & shift, 0, mods & lock, 0, 0,
                                xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE));
          plainLength = xkb_state_key_get_utf8(scratch, key, plain, sizeof plain);
        } else {
          plainLength = length;
        }
      }
      checksum += sym + (uint64_t)length + (length > 0 ? (unsigned char)text[0] : 0) + (uint64_t)plainLength + flags;
      xkb_state_update_key(state, key, downs[i] ? XKB_KEY_DOWN : XKB_KEY_UP);
    }
    result.seconds = CXKBBenchmarkLoop_now() - start;
    result.allocations = CXKBBenchmarkLoop_allocationCount() - allocationsBefore;
    result.checksum = checksum;
    result.status = 0;
  }
  if (scratch) xkb_state_unref(scratch);
  xkb_state_unref(state);
  xkb_keymap_unref(keymap);
  return result;
}
