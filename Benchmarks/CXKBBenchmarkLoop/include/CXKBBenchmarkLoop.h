#ifndef CXKBBENCHMARKLOOP_H
#define CXKBBENCHMARKLOOP_H
#include <stddef.h>
#include <stdint.h>

/// What one run of the C baseline measured.
typedef struct {
  /// Wall time of the loop alone, in seconds (CLOCK_MONOTONIC).
  double seconds;
  /// Sum of keysyms and UTF-8 bytes, so the work cannot be optimised away.
  uint64_t checksum;
  /// Allocator calls made during the loop (xkbcommon's own, such as its state's filter
  /// array growing on the first key press).
  uint64_t allocations;
  /// 0 on success, -1 if the keymap or state could not be created.
  int status;
} CXKBBenchmarkLoop_Result;

/// Decodes `count` evdev events (key code, 1 = down / 0 = up) on the layout with the same
/// xkbcommon calls KeyboardState makes per event: one keysym, UTF-8 into a stack buffer,
/// then the state update.
CXKBBenchmarkLoop_Result CXKBBenchmarkLoop_run(const char *layout, const uint16_t *codes,
                                               const uint8_t *downs, size_t count);

/// Number of malloc/calloc/realloc/posix_memalign/aligned_alloc calls in this process so far;
/// the benchmark interposes glibc's allocator to count them.
uint64_t CXKBBenchmarkLoop_allocationCount(void);

/// Bytes of heap in use (glibc mallinfo2().uordblks).
size_t CXKBBenchmarkLoop_heapInUse(void);

/// Monotonic time in seconds.
double CXKBBenchmarkLoop_now(void);

#endif
