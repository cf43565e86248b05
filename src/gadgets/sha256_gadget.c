/* The SHA-256 gadget (bellperson gadgets/sha256.rs shape): the round
 * structure of sha256_rounds.h over constraint-system words, all additions of
 * a compression through one MultiEq. */
#include "gadgets_impl.h"

#include <stdlib.h>

const uint32_t cuzk_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t cuzk_sha256_h0[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* The shared round structure over constraint-system words; the context is
 * the compression's MultiEq (its cs does the bit operations). */
static inline int gs_xor(cuzk_multieq *m, cuzk_uint32 *o, const cuzk_uint32 *a, const cuzk_uint32 *b)
{
    return cuzk_uint32_xor(m->cs, o, a, b);
}
static inline int gs_ch(cuzk_multieq *m, cuzk_uint32 *o, const cuzk_uint32 *a, const cuzk_uint32 *b,
                        const cuzk_uint32 *c)
{
    return cuzk_uint32_sha256_ch(m->cs, o, a, b, c);
}
static inline int gs_maj(cuzk_multieq *m, cuzk_uint32 *o, const cuzk_uint32 *a, const cuzk_uint32 *b,
                         const cuzk_uint32 *c)
{
    return cuzk_uint32_sha256_maj(m->cs, o, a, b, c);
}
#define SR_WORD cuzk_uint32
#define SR_BOOL cuzk_boolean
#define SR_CTX cuzk_multieq *
#define SR_NAME(x) gs_##x
#define SR_XOR gs_xor
#define SR_CH gs_ch
#define SR_MAJ gs_maj
#define SR_ADDMANY cuzk_uint32_addmany
#define SR_ROTR cuzk_uint32_rotr
#define SR_SHR cuzk_uint32_shr
#define SR_CONST cuzk_uint32_constant
#define SR_FROM_BITS_BE cuzk_uint32_from_bits_be
#define SR_BCONST cuzk_boolean_constant
#include "sha256_rounds.h"

int cuzk_sha256_gadget_compress(cuzk_cs *cs, cuzk_uint32 out[8], const cuzk_boolean block[512],
                                const cuzk_uint32 cur[8])
{
    gs_state *s = malloc(sizeof *s);
    if (!s)
        return CUZK_ERR_OUT_OF_MEMORY;
    cuzk_uint32 res[8];
    cuzk_multieq m;
    cuzk_multieq_init(&m, cs);
    int rc = gs_rounds(&m, res, block, cur, s);
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
        cur[k] = cuzk_uint32_constant(cuzk_sha256_h0[k]);
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
    cuzk_boolean block[512];
    int rc = 0;
    for (size_t at = 0; at < SR_PADDED_BITS(n) && rc == 0; at += 512) {
        gs_block(block, in, n, at);
        rc = cuzk_sha256_gadget_compress(cs, cur, block, cur);
    }
    if (rc == 0)
        words_to_bits(out, cur);
    return rc;
}
