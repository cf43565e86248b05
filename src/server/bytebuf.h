/* A growing byte buffer for the daemon's encoders (the journal's records,
 * reflection replies). Appends never fail loudly: on exhaustion oom is set
 * and later appends do nothing, so the caller checks once at the end. */
#ifndef CUZK_SERVER_BYTEBUF_H
#define CUZK_SERVER_BYTEBUF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *p;
    size_t n, cap;
    bool oom;
} cuzk_bytebuf;

static inline void cuzk_bytebuf_put(cuzk_bytebuf *b, const void *d, size_t n) {
    if (b->oom) return;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->n + n) cap *= 2;
        uint8_t *q = realloc(b->p, cap);
        if (!q) {
            b->oom = true;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, d, n);
    b->n += n;
}

#endif
