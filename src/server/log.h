/* The daemon's log: one line per event, "time level message key=value ..."
 * (or one JSON object per line), flushed as written; SIGHUP reopens the file. */
#ifndef CUZK_SERVER_LOG_H
#define CUZK_SERVER_LOG_H

#include <stdbool.h>

enum { CUZK_LOG_ERROR = 0, CUZK_LOG_WARN, CUZK_LOG_INFO, CUZK_LOG_DEBUG };

/* level: "error" | "warn" | "info" | "debug"; json: one object per line;
 * file: NULL or "" for stderr. Returns 0 or -1 (file not writable). */
int cuzk_dlog_setup(const char *level, bool json, const char *file);
/* Reopens the log file (after rotation); a no-op for stderr. */
int cuzk_dlog_reopen(void);
void cuzk_dlog(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define dlog_error(...) cuzk_dlog(CUZK_LOG_ERROR, __VA_ARGS__)
#define dlog_warn(...) cuzk_dlog(CUZK_LOG_WARN, __VA_ARGS__)
#define dlog_info(...) cuzk_dlog(CUZK_LOG_INFO, __VA_ARGS__)
#define dlog_debug(...) cuzk_dlog(CUZK_LOG_DEBUG, __VA_ARGS__)

#endif
