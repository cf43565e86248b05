/* The SHA-256 compression as bellperson's gadget arranges it (gadgets/sha256.rs):
 * the message schedule, 64 rounds with the additions of a and e deferred into
 * one addmany each, and the final additions, in that order. The order fixes
 * which variables exist and where, so the gadget (sha256_gadget.c, over the
 * constraint system) and its value mirror (mirror.c, values only) share this
 * one text. Also the padded message blocks of sha256().
 *
 * The includer defines, before including:
 *   SR_WORD, SR_BOOL         the 32-bit word and the Boolean types
 *   SR_CTX                   the context pointer type handed to every operation
 *   SR_NAME(x)               the prefix of the static names made here
 *   SR_XOR(ctx, out, a, b), SR_CH(ctx, out, a, b, c), SR_MAJ(ctx, out, a, b, c),
 *   SR_ADDMANY(ctx, out, ops, n)            operations returning 0 or an error
 *   SR_ROTR(x, by), SR_SHR(x, by), SR_CONST(v), SR_FROM_BITS_BE(bits),
 *   SR_BCONST(b)                            pure word / bit constructors
 *   SR_DEFERRED, SR_STATE    (optional) the includer's own state types */
#include <stddef.h>
#include <stdint.h>

#include "sha256_consts.h"

/* x.rotr(r1) ^ x.rotr(r2) ^ (x.rotr(r3) or x.shr(r3)), xored in that order */
static inline int SR_NAME(sigma)(SR_CTX ctx, SR_WORD *out, const SR_WORD *x, unsigned r1, unsigned r2, unsigned r3,
                                 bool shift)
{
    SR_WORD a = SR_ROTR(x, r1), b = SR_ROTR(x, r2);
    SR_WORD c = shift ? SR_SHR(x, r3) : SR_ROTR(x, r3);
    int rc = SR_XOR(ctx, &a, &a, &b);
    return rc ? rc : SR_XOR(ctx, out, &a, &c);
}

/* a and e between rounds: a concrete word, or operands whose sum is not yet
 * materialised (bellperson's Maybe::Deferred); and the working state (large
 * for the gadget's words: the caller keeps it off the stack). An includer may
 * name its own types of these shapes as SR_DEFERRED and SR_STATE. */
#ifndef SR_STATE
typedef struct {
    SR_WORD ops[8];
    size_t n; /* 0: concrete, held in ops[0] */
} SR_NAME(deferred);
typedef struct {
    SR_WORD w[64];
    SR_NAME(deferred) a, e;
    SR_WORD b, c, d, f, g, h;
} SR_NAME(state);
#define SR_DEFERRED SR_NAME(deferred)
#define SR_STATE SR_NAME(state)
#endif

static inline int SR_NAME(materialise)(SR_CTX ctx, SR_WORD *out, SR_DEFERRED *d, const SR_WORD *extra)
{
    if (d->n == 0) {
        *out = d->ops[0]; /* a concrete value ignores extra, as bellperson's does */
        return 0;
    }
    if (extra)
        d->ops[d->n++] = *extra;
    return SR_ADDMANY(ctx, out, d->ops, d->n);
}

/* One compression of block from cur into out (out may alias cur). */
static inline int SR_NAME(rounds)(SR_CTX ctx, SR_WORD out[8], const SR_BOOL block[512], const SR_WORD cur[8],
                                  SR_STATE *s)
{
    int rc = 0;
    for (int t = 0; t < 16; t++)
        s->w[t] = SR_FROM_BITS_BE(block + 32 * t);
    for (int t = 16; t < 64 && rc == 0; t++) {
        SR_WORD ops[4];
        ops[0] = s->w[t - 16];
        ops[2] = s->w[t - 7];
        rc = SR_NAME(sigma)(ctx, &ops[1], &s->w[t - 15], 7, 18, 3, true);
        if (!rc) rc = SR_NAME(sigma)(ctx, &ops[3], &s->w[t - 2], 17, 19, 10, true);
        if (!rc) rc = SR_ADDMANY(ctx, &s->w[t], ops, 4);
    }

    s->a.n = 0, s->a.ops[0] = cur[0];
    s->b = cur[1], s->c = cur[2], s->d = cur[3];
    s->e.n = 0, s->e.ops[0] = cur[4];
    s->f = cur[5], s->g = cur[6], s->h = cur[7];
    for (int i = 0; i < 64 && rc == 0; i++) {
        SR_WORD new_e, new_a, s1, ch, s0, maj;
        rc = SR_NAME(materialise)(ctx, &new_e, &s->e, NULL);
        if (!rc) rc = SR_NAME(sigma)(ctx, &s1, &new_e, 6, 11, 25, false);
        if (!rc) rc = SR_CH(ctx, &ch, &new_e, &s->f, &s->g);
        if (!rc) rc = SR_NAME(materialise)(ctx, &new_a, &s->a, NULL);
        if (!rc) rc = SR_NAME(sigma)(ctx, &s0, &new_a, 2, 13, 22, false);
        if (!rc) rc = SR_MAJ(ctx, &maj, &new_a, &s->b, &s->c);
        if (rc)
            break;
        /* temp1 = h + S1 + ch + K[i] + W[i]; e = d + temp1; a = temp1 + S0 + maj */
        const SR_WORD k = SR_CONST(cuzk_sha256_k[i]);
        const SR_WORD *temp1[5] = { &s->h, &s1, &ch, &k, &s->w[i] };
        for (int q = 0; q < 5; q++)
            s->e.ops[q] = *temp1[q], s->a.ops[q] = *temp1[q];
        s->h = s->g;
        s->g = s->f;
        s->f = new_e;
        s->e.ops[5] = s->d;
        s->e.n = 6;
        s->d = s->c;
        s->c = s->b;
        s->b = new_a;
        s->a.ops[5] = s0;
        s->a.ops[6] = maj;
        s->a.n = 7;
    }
    if (rc)
        return rc;

    /* H_k += working variable, in the order h0 .. h7 */
    SR_WORD res[8], pair[2];
    const SR_WORD *rest[8] = { NULL, &s->b, &s->c, &s->d, NULL, &s->f, &s->g, &s->h };
    for (int k = 0; k < 8 && rc == 0; k++) {
        if (k == 0) {
            rc = SR_NAME(materialise)(ctx, &res[0], &s->a, &cur[0]);
        } else if (k == 4) {
            rc = SR_NAME(materialise)(ctx, &res[4], &s->e, &cur[4]);
        } else {
            pair[0] = cur[k];
            pair[1] = *rest[k];
            rc = SR_ADDMANY(ctx, &res[k], pair, 2);
        }
    }
    if (rc == 0)
        for (int k = 0; k < 8; k++)
            out[k] = res[k];
    return rc;
}

/* Block `at` (a multiple of 512) of the padded message of n bits: the message,
 * a one, zeros to 448 mod 512, the 64-bit big-endian bit length. The padding
 * is constant, so it adds no variables. total = SR_PADDED_BITS(n). */
#define SR_PADDED_BITS(n) (((size_t)(n) + 1 + 64 + 511) / 512 * 512)
static inline void SR_NAME(block)(SR_BOOL block[512], const SR_BOOL *in, size_t n, size_t at)
{
    const size_t total = SR_PADDED_BITS(n);
    for (size_t j = 0; j < 512; j++) {
        const size_t i = at + j;
        if (i < n)
            block[j] = in[i];
        else if (i == n)
            block[j] = SR_BCONST(true);
        else if (i < total - 64)
            block[j] = SR_BCONST(false);
        else
            block[j] = SR_BCONST(((uint64_t)n >> (total - 1 - i)) & 1);
    }
}
