/* The SHA-256 gadget (bellperson gadgets/sha256.rs shape): message schedule,
 * 64 rounds with the additions of a and e deferred into one addmany each, and
 * the final additions, all through one MultiEq per compression. */
#include "gadgets_impl.h"

#include <stdlib.h>

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static const uint32_t IV[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* x.rotr(r1) ^ x.rotr(r2) ^ (x.rotr(r3) or x.shr(r3)), xored in that order */
static int sigma(cuzk_cs *cs, cuzk_uint32 *out, const cuzk_uint32 *x, unsigned r1, unsigned r2, unsigned r3,
                 bool shift)
{
    cuzk_uint32 a = cuzk_uint32_rotr(x, r1), b = cuzk_uint32_rotr(x, r2);
    cuzk_uint32 c = shift ? cuzk_uint32_shr(x, r3) : cuzk_uint32_rotr(x, r3);
    int rc = cuzk_uint32_xor(cs, &a, &a, &b);
    GADGET_TRY(rc, cuzk_uint32_xor(cs, out, &a, &c));
    return rc;
}

/* a and e between rounds: a concrete word, or operands whose sum is not yet
 * materialised (bellperson's Maybe::Deferred). */
typedef struct {
    cuzk_uint32 ops[8];
    size_t n; /* 0: concrete, held in ops[0] */
} deferred;

static int materialise(cuzk_multieq *m, cuzk_uint32 *out, deferred *d, const cuzk_uint32 *extra)
{
    if (d->n == 0) {
        *out = d->ops[0]; /* a concrete value ignores extra, as bellperson's does */
        return 0;
    }
    if (extra)
        d->ops[d->n++] = *extra;
    return cuzk_uint32_addmany(m, out, d->ops, d->n);
}

/* The working state is large (a UInt32 is 32 Booleans): keep it off the stack. */
typedef struct {
    cuzk_uint32 w[64];
    deferred a, e;
    cuzk_uint32 b, c, d, f, g, h;
} compress_state;

static int compress_rounds(cuzk_multieq *m, cuzk_uint32 out[8], const cuzk_boolean block[512],
                           const cuzk_uint32 cur[8], compress_state *s)
{
    cuzk_cs *cs = m->cs;
    int rc = 0;
    for (int t = 0; t < 16; t++)
        s->w[t] = cuzk_uint32_from_bits_be(block + 32 * t);
    for (int t = 16; t < 64 && rc == 0; t++) {
        cuzk_uint32 ops[4];
        ops[0] = s->w[t - 16];
        ops[2] = s->w[t - 7];
        GADGET_TRY(rc, sigma(cs, &ops[1], &s->w[t - 15], 7, 18, 3, true));
        GADGET_TRY(rc, sigma(cs, &ops[3], &s->w[t - 2], 17, 19, 10, true));
        GADGET_TRY(rc, cuzk_uint32_addmany(m, &s->w[t], ops, 4));
    }

    s->a.n = 0, s->a.ops[0] = cur[0];
    s->b = cur[1], s->c = cur[2], s->d = cur[3];
    s->e.n = 0, s->e.ops[0] = cur[4];
    s->f = cur[5], s->g = cur[6], s->h = cur[7];
    for (int i = 0; i < 64 && rc == 0; i++) {
        cuzk_uint32 new_e, new_a, s1, ch, s0, maj;
        GADGET_TRY(rc, materialise(m, &new_e, &s->e, NULL));
        GADGET_TRY(rc, sigma(cs, &s1, &new_e, 6, 11, 25, false));
        GADGET_TRY(rc, cuzk_uint32_sha256_ch(cs, &ch, &new_e, &s->f, &s->g));
        GADGET_TRY(rc, materialise(m, &new_a, &s->a, NULL));
        GADGET_TRY(rc, sigma(cs, &s0, &new_a, 2, 13, 22, false));
        GADGET_TRY(rc, cuzk_uint32_sha256_maj(cs, &maj, &new_a, &s->b, &s->c));
        if (rc)
            break;
        /* temp1 = h + S1 + ch + K[i] + W[i]; e = d + temp1; a = temp1 + S0 + maj */
        cuzk_uint32 temp1[5] = { s->h, s1, ch, cuzk_uint32_constant(K[i]), s->w[i] };
        s->h = s->g;
        s->g = s->f;
        s->f = new_e;
        for (int k = 0; k < 5; k++)
            s->e.ops[k] = temp1[k], s->a.ops[k] = temp1[k];
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
    cuzk_uint32 pair[2];
    const cuzk_uint32 *rest[8] = { NULL, &s->b, &s->c, &s->d, NULL, &s->f, &s->g, &s->h };
    for (int k = 0; k < 8 && rc == 0; k++) {
        if (k == 0) {
            rc = materialise(m, &out[0], &s->a, &cur[0]);
        } else if (k == 4) {
            rc = materialise(m, &out[4], &s->e, &cur[4]);
        } else {
            pair[0] = cur[k];
            pair[1] = *rest[k];
            rc = cuzk_uint32_addmany(m, &out[k], pair, 2);
        }
    }
    return rc;
}

int cuzk_sha256_gadget_compress(cuzk_cs *cs, cuzk_uint32 out[8], const cuzk_boolean block[512],
                                const cuzk_uint32 cur[8])
{
    compress_state *s = malloc(sizeof *s);
    if (!s)
        return CUZK_ERR_OUT_OF_MEMORY;
    cuzk_uint32 res[8];
    cuzk_multieq m;
    cuzk_multieq_init(&m, cs);
    int rc = compress_rounds(&m, res, block, cur, s);
    /* the MultiEq's last partial batch is flushed at the end of each compression */
    int rc2 = cuzk_multieq_finish(&m);
    free(s);
    if (rc == 0)
        rc = rc2;
    if (rc == 0)
        for (int k = 0; k < 8; k++)
            out[k] = res[k];
    return rc;
}

static void iv_words(cuzk_uint32 cur[8])
{
    for (int k = 0; k < 8; k++)
        cur[k] = cuzk_uint32_constant(IV[k]);
}

static void words_to_bits(cuzk_boolean out[256], const cuzk_uint32 cur[8])
{
    for (int k = 0; k < 8; k++)
        cuzk_uint32_into_bits_be(out + 32 * k, &cur[k]);
}

int cuzk_sha256_gadget_block_no_padding(cuzk_cs *cs, cuzk_boolean out[256], const cuzk_boolean in[512])
{
    cuzk_uint32 cur[8];
    iv_words(cur);
    int rc = cuzk_sha256_gadget_compress(cs, cur, in, cur);
    if (rc == 0)
        words_to_bits(out, cur);
    return rc;
}

int cuzk_sha256_gadget(cuzk_cs *cs, cuzk_boolean out[256], const cuzk_boolean *in, size_t n)
{
    if (n % 8 != 0)
        return CUZK_ERR_INVALID_ARGUMENT; /* bellperson asserts whole bytes */
    cuzk_uint32 cur[8];
    iv_words(cur);
    /* message, a one, zeros to 448 mod 512, the 64-bit big-endian bit length:
     * the padding is constant, so it adds no variables */
    size_t total = (n + 1 + 64 + 511) / 512 * 512;
    cuzk_boolean block[512];
    int rc = 0;
    for (size_t at = 0; at < total && rc == 0; at += 512) {
        for (size_t j = 0; j < 512; j++) {
            size_t i = at + j;
            if (i < n)
                block[j] = in[i];
            else if (i == n)
                block[j] = cuzk_boolean_constant(true);
            else if (i < total - 64)
                block[j] = cuzk_boolean_constant(false);
            else
                block[j] = cuzk_boolean_constant(((uint64_t)n >> (total - 1 - i)) & 1);
        }
        rc = cuzk_sha256_gadget_compress(cs, cur, block, cur);
    }
    if (rc == 0)
        words_to_bits(out, cur);
    return rc;
}
