#ifndef CXKBBENCHMARKLOOP_KEYMAP_H
#define CXKBBENCHMARKLOOP_KEYMAP_H
#include <xkbcommon/xkbcommon.h>

/// The benchmark's keymap (evdev rules, pc105, `layout`), with no environment names; NULL when
/// xkbcommon cannot build it. The keymap keeps its context alive; unref only the keymap.
struct xkb_keymap *CXKBBenchmarkLoop_newKeymap(const char *layout);

#endif
