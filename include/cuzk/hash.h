/* cuzk hash: native SHA-256 (OpenSSL's libcrypto, which uses the SHA
 * extensions where the CPU has them) and Filecoin's SHA256-trunc254. */
#ifndef CUZK_HASH_H
#define CUZK_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Streaming state; opaque, may live on the stack, no cleanup needed. */
typedef struct {
    _Alignas(8) unsigned char opaque[128];
} cuzk_sha256_ctx;

void cuzk_sha256_init(cuzk_sha256_ctx *ctx);
void cuzk_sha256_update(cuzk_sha256_ctx *ctx, const void *data, size_t len);
void cuzk_sha256_final(cuzk_sha256_ctx *ctx, uint8_t out[32]);

/* One shot. */
void cuzk_sha256(uint8_t out[32], const void *data, size_t len);
/* SHA256-trunc254: the digest with the two top bits of its last byte cleared,
 * so that it reads as a little-endian Fr (comm_d, tree-D nodes, SDR labels). */
void cuzk_sha256_trunc254(uint8_t out[32], const void *data, size_t len);
/* The truncation alone (filecoin-hashers' trim_to_fr32). */
static inline void cuzk_sha256_trim_fr32(uint8_t digest[32]) { digest[31] &= 0x3f; }

/* The raw compression function over whole 64-byte blocks, no padding:
 * state holds H0..H7 as words. cuzk_sha256_iv fills the standard IV. */
void cuzk_sha256_iv(uint32_t state[8]);
void cuzk_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t nblocks);

/* "sha-ni" when the CPU has the SHA extensions (OpenSSL then uses them), else "generic". */
const char *cuzk_sha256_backend(void);

#ifdef __cplusplus
}
#endif
#endif
