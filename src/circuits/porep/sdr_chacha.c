/* ChaCha block function (Bernstein), used with 8 rounds by the DRG parent
 * sampler (rand_chacha's ChaCha8Rng) and with 20 rounds by the synthetic
 * challenge generator (the IETF ChaCha20 stream). */
#include <string.h>
#include "circuits/porep/porep_impl.h"

#define ROTL(x, n) ((uint32_t)((x) << (n)) | ((x) >> (32 - (n))))
#define QR(a, b, c, d) do { \
        a += b; d ^= a; d = ROTL(d, 16); c += d; b ^= c; b = ROTL(b, 12); \
        a += b; d ^= a; d = ROTL(d, 8);  c += d; b ^= c; b = ROTL(b, 7); \
    } while (0)

void cuzk_porep_chacha_block(uint32_t out[16], const uint32_t key[8], const uint32_t w12_15[4], unsigned rounds)
{
    uint32_t in[16] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u}; /* "expand 32-byte k" */
    memcpy(in + 4, key, 8 * sizeof(uint32_t));
    memcpy(in + 12, w12_15, 4 * sizeof(uint32_t));
    uint32_t x[16];
    memcpy(x, in, sizeof x);
    for (unsigned r = 0; r < rounds; r += 2) {
        QR(x[0], x[4], x[8], x[12]); QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]); QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]); QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]); QR(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++) out[i] = x[i] + in[i];
}

void cuzk_porep_chacha20_stream(uint8_t *out, size_t len, const uint8_t key[32], const uint8_t nonce[12],
                                uint64_t offset)
{
    uint32_t k[8], w[4], blk[16];
    for (int i = 0; i < 8; i++) k[i] = cuzk_porep_le32(key + 4 * i);
    for (int i = 0; i < 3; i++) w[1 + i] = cuzk_porep_le32(nonce + 4 * i);
    uint64_t block = offset / 64;
    size_t skip = (size_t)(offset % 64);
    while (len) {
        w[0] = (uint32_t)block++;
        cuzk_porep_chacha_block(blk, k, w, 20);
        uint8_t bytes[64];
        for (int i = 0; i < 16; i++) cuzk_porep_put_le32(bytes + 4 * i, blk[i]);
        size_t take = 64 - skip < len ? 64 - skip : len;
        memcpy(out, bytes + skip, take);
        out += take;
        len -= take;
        skip = 0;
    }
}
