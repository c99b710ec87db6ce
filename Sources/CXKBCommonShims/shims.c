#include "CXKBCommonShims.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CXKBCommonShims_Logger {
  CXKBCommonShims_LogLineHandler handler;
  void *userData;
};

static void CXKBCommonShims_logTrampoline(struct xkb_context *context,
                                          enum xkb_log_level level,
                                          const char *format, va_list args) {
  struct CXKBCommonShims_Logger *logger = xkb_context_get_user_data(context);
  if (logger == NULL || logger->handler == NULL) {
    return; // Never fall back to stderr: the caller asked for captured output.
  }
  char line[1024];
  int written = vsnprintf(line, sizeof line, format, args);
  if (written < 0) {
    return;
  }
  size_t length = strlen(line);
  while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) {
    line[--length] = '\0';
  }
  logger->handler(logger->userData, (int)level, line);
}

int CXKBCommonShims_installLogger(struct xkb_context *context,
                                  CXKBCommonShims_LogLineHandler handler,
                                  void *userData) {
  struct CXKBCommonShims_Logger *logger = malloc(sizeof *logger);
  if (logger == NULL) {
    return -1;
  }
  logger->handler = handler;
  logger->userData = userData;
  xkb_context_set_user_data(context, logger);
  xkb_context_set_log_fn(context, CXKBCommonShims_logTrampoline);
  return 0;
}

void CXKBCommonShims_removeLogger(struct xkb_context *context) {
  struct CXKBCommonShims_Logger *logger = xkb_context_get_user_data(context);
  xkb_context_set_user_data(context, NULL);
  free(logger);
}
