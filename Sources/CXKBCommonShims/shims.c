#include "CXKBCommonShims.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CXKBCommonShims_Logger {
  char *bytes;
  size_t length;
  size_t capacity;
  size_t kept[8];  // lines kept since the last take, by level / 10
  size_t dropped;  // lines over the limit since the last take
};

// Lines about the caller's own text ("(input string)") grow only with that text; lines about
// included files do not: a 4 KB compose text including the locale's table 300 times logs 1.7
// million duplicate-sequence warnings (190 MB). Past this many of one level they are counted.
enum { CXKBCommonShims_keptPerLevel = 1000 };

static void CXKBCommonShims_logTrampoline(struct xkb_context *context,
                                          enum xkb_log_level level,
                                          const char *format, va_list args) {
  struct CXKBCommonShims_Logger *logger = xkb_context_get_user_data(context);
  if (logger == NULL) {
    return; // Never fall back to stderr: the caller asked for captured output.
  }
  char line[1024];
  int written = vsnprintf(line, sizeof line, format, args);
  if (written < 0) {
    return;
  }
  size_t bucket = (size_t)level / 10 < 8 ? (size_t)level / 10 : 7;
  if (logger->kept[bucket] >= CXKBCommonShims_keptPerLevel && strstr(line, "(input string)") == NULL) {
    logger->dropped += 1;
    return;
  }
  logger->kept[bucket] += 1;
  size_t length = strlen(line);
  while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) {
    line[--length] = '\0';
  }
  size_t needed = logger->length + length + 2;
  if (needed > logger->capacity) {
    size_t capacity = logger->capacity * 2 > needed ? logger->capacity * 2 : needed;
    char *bytes = realloc(logger->bytes, capacity);
    if (bytes == NULL) {
      return; // Out of memory: the line is lost, as a log line xkbcommon could not print.
    }
    logger->bytes = bytes;
    logger->capacity = capacity;
  }
  logger->bytes[logger->length] = (char)('0' + (int)level / 10);
  memcpy(logger->bytes + logger->length + 1, line, length + 1);
  logger->length += length + 2;
}

int CXKBCommonShims_installLogger(struct xkb_context *context) {
  struct CXKBCommonShims_Logger *logger = calloc(1, sizeof *logger);
  if (logger == NULL) {
    return -1;
  }
  xkb_context_set_user_data(context, logger);
  xkb_context_set_log_fn(context, CXKBCommonShims_logTrampoline);
  return 0;
}

const char *CXKBCommonShims_takeLog(struct xkb_context *context, size_t *length, size_t *dropped) {
  struct CXKBCommonShims_Logger *logger = xkb_context_get_user_data(context);
  *length = 0;
  *dropped = 0;
  if (logger == NULL) {
    return NULL;
  }
  *dropped = logger->dropped;
  logger->dropped = 0;
  memset(logger->kept, 0, sizeof logger->kept);
  if (logger->length == 0) {
    return NULL;
  }
  *length = logger->length;
  logger->length = 0;
  return logger->bytes;
}

void CXKBCommonShims_removeLogger(struct xkb_context *context) {
  struct CXKBCommonShims_Logger *logger = xkb_context_get_user_data(context);
  xkb_context_set_user_data(context, NULL);
  if (logger != NULL) {
    free(logger->bytes);
  }
  free(logger);
}
