#ifndef CXKBCOMMONSHIMS_H
#define CXKBCOMMONSHIMS_H
#include <stddef.h>
#include <xkbcommon/xkbcommon.h>

/// Collects the context's log lines in a buffer this shim owns, instead of writing them to
/// stderr. xkbcommon's log function is printf-style with a va_list, which only C can format
/// portably; each line is formatted here with vsnprintf and kept until taken, so no pointer to
/// a Swift object is handed to C. Returns 0 on success, -1 if the buffer could not be made.
int CXKBCommonShims_installLogger(struct xkb_context *context);

/// The lines logged since the last call, each its level as one byte ('0' + XKB_LOG_LEVEL_*
/// divided by 10) then its text (no trailing newline) then a NUL; `*length` is their total
/// size. The bytes stay valid until the context logs again or the logger is removed; the
/// shim's buffer is empty afterwards. NULL with `*length` 0 when nothing was logged.
/// Between two takes at most 1000 lines of each level are kept, besides every line about
/// the caller's own text ("(input string)"); `*dropped` is how many others were not.
const char *CXKBCommonShims_takeLog(struct xkb_context *context, size_t *length, size_t *dropped);

/// Frees what CXKBCommonShims_installLogger allocated and detaches the logger; call before
/// xkb_context_unref.
void CXKBCommonShims_removeLogger(struct xkb_context *context);

#endif
