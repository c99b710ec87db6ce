#ifndef CXKBCOMMONSHIMS_H
#define CXKBCOMMONSHIMS_H
#include <xkbcommon/xkbcommon.h>

/// Receives one formatted xkbcommon log line (no trailing newline) and the user data given
/// to CXKBCommonShims_installLogger.
typedef void (*CXKBCommonShims_LogLineHandler)(void *userData, int level, const char *line);

/// Routes the context's log output to `handler` instead of stderr. xkbcommon's log function
/// is printf-style with a va_list, which only C can format portably; the line is formatted
/// here with vsnprintf and handed over whole. `userData` is stored with
/// xkb_context_set_user_data and must outlive the context's last log call.
/// Returns 0 on success, -1 if the handler block could not be allocated.
int CXKBCommonShims_installLogger(struct xkb_context *context,
                                  CXKBCommonShims_LogLineHandler handler,
                                  void *userData);

/// Frees what CXKBCommonShims_installLogger allocated and detaches the handler; call
/// before xkb_context_unref.
void CXKBCommonShims_removeLogger(struct xkb_context *context);

#endif
