/* A small test harness: CHECK records a failure and goes on; TEST_MAIN_END
 * prints "N passed, N failed" and sets the exit status. */
#ifndef CUZK_TEST_H
#define CUZK_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_passed, test_failed;

#define CHECK(cond) do { \
        if (cond) { test_passed++; } \
        else { test_failed++; fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); fflush(stderr); } \
    } while (0)

#define CHECK_MSG(cond, ...) do { \
        if (cond) { test_passed++; } \
        else { test_failed++; fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond); \
               fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); fflush(stderr); } \
    } while (0)

#define CHECK_MEM(a, b, n) CHECK(memcmp((a), (b), (n)) == 0)

static inline int test_finish(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, test_passed, test_failed);
    fflush(stdout);
    return test_failed == 0 && test_passed > 0 ? 0 : 1;
}

/* hex helpers */
static inline int test_hex_nibble(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes hex (optional 0x) into out; returns the byte count or -1. */
static inline long test_unhex(unsigned char *out, size_t cap, const char *hex)
{
    if (hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X')) hex += 2;
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = test_hex_nibble(hex[2 * i]), lo = test_hex_nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

static inline void test_hex(char *out, const unsigned char *in, size_t n)
{
    static const char d[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) { out[2 * i] = d[in[i] >> 4]; out[2 * i + 1] = d[in[i] & 15]; }
    out[2 * n] = 0;
}

#endif
