/* Test helpers for the Poseidon / Merkle tests: reading the known-answer files
 * under CUZK_GOLDEN_DIR without a JSON library (the files are regular: each
 * vector's fields follow its "name"). */
#ifndef CUZK_TESTS_POSEIDON_GOLDEN_H
#define CUZK_TESTS_POSEIDON_GOLDEN_H

#include "test.h"
#include "cuzk/ff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whole file, NUL terminated; NULL if unreadable. */
static inline char *golden_read(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", CUZK_GOLDEN_DIR, rel);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = 0;
    fclose(f);
    return buf;
}

/* The position just after `"key": "value"` where value == name, or NULL. */
static inline const char *golden_find_named(const char *doc, const char *key, const char *name)
{
    char pat[256];
    snprintf(pat, sizeof pat, "\"%s\": \"%s\"", key, name);
    const char *p = strstr(doc, pat);
    return p ? p + strlen(pat) : NULL;
}

/* Reads the first `"field": "<hex>"` at or after from into out (LE Fr repr). */
static inline bool golden_fr_after(const char *from, const char *field, cuzk_fr *out)
{
    char pat[128];
    snprintf(pat, sizeof pat, "\"%s\": \"", field);
    const char *p = from ? strstr(from, pat) : NULL;
    if (!p)
        return false;
    p += strlen(pat);
    char hex[65];
    memcpy(hex, p, 64);
    hex[64] = 0;
    unsigned char b[32];
    if (test_unhex(b, sizeof b, hex) != 32)
        return false;
    return cuzk_fr_from_bytes_le(out, b, NULL) == 0;
}

static inline void fr_from_hex_le(cuzk_fr *out, const char *hex)
{
    unsigned char b[32];
    if (test_unhex(b, sizeof b, hex) != 32 || cuzk_fr_from_bytes_le(out, b, NULL) != 0)
        *out = CUZK_FR_ZERO;
}

#endif
