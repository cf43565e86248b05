/* Test helpers for the Poseidon / Merkle tests: reading the known-answer files
 * under CUZK_GOLDEN_DIR without a JSON library (the files are regular: each
 * vector's fields follow its "name"). */
#ifndef CUZK_TESTS_POSEIDON_GOLDEN_H
#define CUZK_TESTS_POSEIDON_GOLDEN_H

#include "test.h"
#include "cuzk/ff.h"
#include "cuzk/r1cs.h"

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

/* constraint_counts.json: num_constraints (and num_inputs_including_ONE, or -1
 * when absent) of the entry whose "test" is exactly name; -1 if missing. */
static inline long golden_count(const char *doc, const char *name, long *inputs)
{
    const char *p = golden_find_named(doc, "test", name);
    const char *end = p ? strstr(p, "}") : NULL;
    if (inputs)
        *inputs = -1;
    if (!p || !end)
        return -1;
    const char *q = strstr(p, "\"num_constraints\": ");
    if (!q || q > end)
        return -1;
    long n = strtol(q + strlen("\"num_constraints\": "), NULL, 10);
    q = strstr(p, "\"num_inputs_including_ONE\": ");
    if (inputs && q && q < end)
        *inputs = strtol(q + strlen("\"num_inputs_including_ONE\": "), NULL, 10);
    return n;
}

/* A recorder with values must be satisfied, and must stop being satisfied once
 * the value of v is changed (then v is restored). */
static inline void check_witness(cuzk_cs *cs, cuzk_var v, const char *what)
{
    int64_t first = cuzk_cs_recorder_first_unsatisfied(cs);
    CHECK_MSG(first == -1, "%s: witness does not satisfy constraint %lld", what, (long long)first);
    const cuzk_fr *cur = cuzk_cs_value(cs, v);
    if (!cur) {
        CHECK_MSG(false, "%s: no value for the variable to flip", what);
        return;
    }
    cuzk_fr old = *cur, bumped;
    cuzk_fr_add(&bumped, &old, &CUZK_FR_ONE);
    CHECK(cuzk_cs_set_value(cs, v, &bumped) == 0);
    CHECK_MSG(cuzk_cs_recorder_first_unsatisfied(cs) >= 0, "%s: a changed witness value still satisfies", what);
    CHECK(cuzk_cs_set_value(cs, v, &old) == 0);
    CHECK(cuzk_cs_recorder_first_unsatisfied(cs) == -1);
}

#endif
