#ifndef CXKBBENCHMARKLOOP_H
#define CXKBBENCHMARKLOOP_H
#include <stddef.h>
#include <stdint.h>

/// What one run of the C baseline measured.
typedef struct {
  /// CPU time of the loop alone, in seconds (CLOCK_THREAD_CPUTIME_ID).
  double seconds;
  /// Sum of keysyms and UTF-8 bytes, so the work cannot be optimised away.
  uint64_t checksum;
  /// Allocator calls made during the loop (xkbcommon's own, such as its state's filter
  /// array growing on the first key press).
  uint64_t allocations;
  /// 0 on success, -1 if the keymap or state could not be created.
  int status;
} CXKBBenchmarkLoop_Result;

/// The lean C path an app would write for the same work as `KeyEventTranslator`: modifier
/// masks looked up once, the effective modifiers read once per key, `xkb_state_key_get_syms`
/// with the Caps Lock and Control transformations, `xkb_keysym_to_utf8`, the KeyEvent flags,
/// and for Control/Alt/Super keys the text with Shift and Caps Lock only; then the update.
/// Events are presses (1) and releases (0); releases have no text.
CXKBBenchmarkLoop_Result CXKBBenchmarkLoop_runLean(const char *layout, const uint16_t *codes,
                                                   const uint8_t *downs, size_t count);

/// The minimal C path (issue 25's honest baseline): `count` kernel `struct input_event`
/// records in, per key record the one keysym (`xkb_state_key_get_syms`), on presses and
/// repeats its code point (`xkb_keysym_to_utf32`), then `xkb_state_update_key`. The checksum
/// sums keysyms and code points.
CXKBBenchmarkLoop_Result CXKBBenchmarkLoop_runMinimal(const char *layout, const uint8_t *records, size_t count);

/// Number of malloc/calloc/realloc/posix_memalign/aligned_alloc calls in this process so far;
/// the benchmark interposes glibc's allocator to count them.
uint64_t CXKBBenchmarkLoop_allocationCount(void);

/// Bytes of heap in use (glibc mallinfo2().uordblks).
size_t CXKBBenchmarkLoop_heapInUse(void);

/// This thread's CPU time in seconds (CLOCK_THREAD_CPUTIME_ID), so that time descheduled on a
/// shared machine does not count.
double CXKBBenchmarkLoop_now(void);

#endif
