/* The daemon's log (log.h). */
#include "server/log.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static int g_level = CUZK_LOG_INFO;
static bool g_json = false;
static char g_file[512];

static const char *const NAMES[] = {"error", "warn", "info", "debug"};

int cuzk_dlog_setup(const char *level, bool json, const char *file) {
    for (int i = 0; i < 4; i++)
        if (level && strcmp(level, NAMES[i]) == 0) g_level = i;
    g_json = json;
    snprintf(g_file, sizeof g_file, "%s", file ? file : "");
    return cuzk_dlog_reopen();
}

int cuzk_dlog_reopen(void) {
    if (!g_file[0]) return 0;
    pthread_mutex_lock(&g_mu);
    FILE *f = freopen(g_file, "a", stderr);
    pthread_mutex_unlock(&g_mu);
    return f ? 0 : -1;
}

void cuzk_dlog(int level, const char *fmt, ...) {
    if (level > g_level) return;
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    gmtime_r(&ts.tv_sec, &tm);
    char when[96];
    snprintf(when, sizeof when, "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
             tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000);
    pthread_mutex_lock(&g_mu);
    if (g_json) {
        fprintf(stderr, "{\"time\":\"%s\",\"level\":\"%s\",\"msg\":\"", when, NAMES[level]);
        for (const unsigned char *p = (const unsigned char *)msg; *p; p++) {
            if (*p == '"' || *p == '\\') fprintf(stderr, "\\%c", *p);
            else if (*p < 0x20) fprintf(stderr, "\\u%04x", *p);
            else fputc(*p, stderr);
        }
        fputs("\"}\n", stderr);
    } else {
        fprintf(stderr, "%s %-5s %s\n", when, NAMES[level], msg);
    }
    fflush(stderr);
    pthread_mutex_unlock(&g_mu);
}
