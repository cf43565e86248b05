/* Private helpers of the vanilla PoRep: the small symmetric primitives the
 * graph and the challenge derivations need (ChaCha block, BLAKE2b). */
#ifndef CUZK_POREP_IMPL_H
#define CUZK_POREP_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include "cuzk/porep.h"

/* One ChaCha block with `rounds` rounds (8 or 20): the 16-word input state is
 * the four constants, key[0..8], then w12..w15 (counter / nonce words as the
 * caller lays them out). out receives the 16 keystream words. */
void cuzk_porep_chacha_block(uint32_t out[16], const uint32_t key[8], const uint32_t w12_15[4],
                             unsigned rounds);

/* BLAKE2b (RFC 7693), optionally keyed (keylen <= 64), outlen 1..64. */
void cuzk_porep_blake2b(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen, const uint8_t *msg,
                        size_t len);

/* ChaCha20 (IETF: 32-bit block counter in word 12, 96-bit nonce) keystream
 * bytes [offset, offset + len). */
void cuzk_porep_chacha20_stream(uint8_t *out, size_t len, const uint8_t key[32], const uint8_t nonce[12],
                                uint64_t offset);

static inline uint32_t cuzk_porep_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t cuzk_porep_le64(const uint8_t *p)
{
    return (uint64_t)cuzk_porep_le32(p) | (uint64_t)cuzk_porep_le32(p + 4) << 32;
}
static inline void cuzk_porep_put_le32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline void cuzk_porep_put_be32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (24 - 8 * i));
}
static inline void cuzk_porep_put_be64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (56 - 8 * i));
}

#endif
