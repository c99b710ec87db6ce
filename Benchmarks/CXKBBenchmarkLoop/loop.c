#define _GNU_SOURCE
#include "CXKBBenchmarkLoop.h"
#include <errno.h>
#include <malloc.h>
#include <time.h>
#include <xkbcommon/xkbcommon.h>

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
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

CXKBBenchmarkLoop_Result CXKBBenchmarkLoop_run(const char *layout, const uint16_t *codes,
                                               const uint8_t *downs, size_t count) {
  CXKBBenchmarkLoop_Result result = {0, 0, 0, -1};
  struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
  if (context == NULL) return result;
  struct xkb_rule_names names = {"evdev", "pc105", layout, NULL, NULL};
  struct xkb_keymap *keymap = xkb_keymap_new_from_names(context, &names, 0);
  struct xkb_state *state = keymap ? xkb_state_new(keymap) : NULL;
  if (state != NULL) {
    char buffer[64];
    uint64_t checksum = 0;
    uint64_t allocationsBefore = CXKBBenchmarkLoop_allocationCount();
    double start = CXKBBenchmarkLoop_now();
    for (size_t i = 0; i < count; i++) {
      xkb_keycode_t key = (xkb_keycode_t)codes[i] + 8;
      xkb_keysym_t sym = xkb_state_key_get_one_sym(state, key);
      int length = xkb_state_key_get_utf8(state, key, buffer, sizeof buffer);
      checksum += sym + (uint64_t)length + (length > 0 ? (unsigned char)buffer[0] : 0);
      xkb_state_update_key(state, key, downs[i] ? XKB_KEY_DOWN : XKB_KEY_UP);
    }
    result.seconds = CXKBBenchmarkLoop_now() - start;
    result.allocations = CXKBBenchmarkLoop_allocationCount() - allocationsBefore;
    result.checksum = checksum;
    result.status = 0;
  }
  xkb_state_unref(state);
  xkb_keymap_unref(keymap);
  xkb_context_unref(context);
  return result;
}
