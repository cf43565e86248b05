/* Poseidon round constants: the Grain LFSR of the Poseidon reference scripts
 * (generate_parameters_grain.sage), as neptune's round_constants.rs runs it. */
#include "cuzk/poseidon.h"

#include <string.h>

/* 80-bit LFSR kept as a ring of bits; b[i+80] = b[i+62]^b[i+51]^b[i+38]^b[i+23]^b[i+13]^b[i]. */
typedef struct {
    uint8_t s[80];
    unsigned head; /* index of b[i] */
} grain;

static int grain_step(grain *g)
{
    unsigned h = g->head;
#define G(k) g->s[(h + (k)) % 80]
    int bit = G(62) ^ G(51) ^ G(38) ^ G(23) ^ G(13) ^ G(0);
#undef G
    g->s[h] = (uint8_t)bit; /* the oldest bit's slot becomes the newest */
    g->head = (h + 1) % 80;
    return bit;
}

/* Self-shrinking output: draw pairs until the first of a pair is 1, emit the second. */
static int grain_next(grain *g)
{
    while (!grain_step(g))
        (void)grain_step(g);
    return grain_step(g);
}

static void push_bits(grain *g, unsigned *n, unsigned width, uint32_t v)
{
    for (unsigned i = width; i-- > 0;)
        g->s[(*n)++] = (uint8_t)((v >> i) & 1);
}

int cuzk_poseidon_grain_constants(cuzk_fr *out, uint32_t t, uint32_t r_f, uint32_t r_p)
{
    if (t < 2 || t >= 4096 || r_f >= 1024 || r_p >= 1024)
        return CUZK_ERR_INVALID_ARGUMENT;
    grain g = { .head = 0 };
    unsigned n = 0;
    /* field = 1 (prime), sbox = 1 (x^5), field size 255, t, R_F, R_P, 30 ones; MSB first */
    push_bits(&g, &n, 2, 1);
    push_bits(&g, &n, 4, 1);
    push_bits(&g, &n, 12, 255);
    push_bits(&g, &n, 12, t);
    push_bits(&g, &n, 10, r_f);
    push_bits(&g, &n, 10, r_p);
    push_bits(&g, &n, 30, 0x3fffffffu);
    for (int i = 0; i < 160; i++)
        (void)grain_step(&g);

    size_t count = (size_t)(r_f + r_p) * t;
    for (size_t k = 0; k < count; k++) {
        for (;;) {
            /* 255 bits, first drawn = most significant: 7 bits then 31 bytes */
            uint8_t be[32];
            memset(be, 0, sizeof be);
            for (unsigned bit = 1; bit < 256; bit++)
                if (grain_next(&g))
                    be[bit / 8] |= (uint8_t)(0x80u >> (bit % 8));
            if (cuzk_fr_from_bytes_be(&out[k], be, NULL) == 0)
                break; /* values >= r are rejected and redrawn */
        }
    }
    return 0;
}
