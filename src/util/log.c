/* Line-flushed logging and the monotonic clock. */
#include "cuzk/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

uint64_t cuzk_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void cuzk_log(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    double t = (double)cuzk_now_ns() / 1e9;
    /* one fprintf per line so concurrent loggers do not interleave within a line */
    fprintf(stderr, "[%12.6f] %s\n", t, line);
    fflush(stderr);
}
