/* Native SHA-256 over OpenSSL's low-level SHA256_* functions: they run the
 * same SHA-NI/AVX2 block code as EVP without its per-call dispatch, which
 * matters for the many short messages of labeling and tree building; and they
 * expose the raw compression that cuzk_sha256_compress needs. They are
 * deprecated in OpenSSL 3 but present in every 3.x build with deprecated APIs. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "cuzk/hash.h"
#include "sha256_consts.h"

#include <openssl/sha.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

_Static_assert(sizeof(SHA256_CTX) <= sizeof(cuzk_sha256_ctx), "cuzk_sha256_ctx too small for SHA256_CTX");
_Static_assert(_Alignof(SHA256_CTX) <= 8, "cuzk_sha256_ctx under-aligned");

static SHA256_CTX *ctx_of(cuzk_sha256_ctx *c) { return (SHA256_CTX *)(void *)c->opaque; }

void cuzk_sha256_init(cuzk_sha256_ctx *ctx) { SHA256_Init(ctx_of(ctx)); }

void cuzk_sha256_update(cuzk_sha256_ctx *ctx, const void *data, size_t len)
{
    SHA256_Update(ctx_of(ctx), data, len);
}

void cuzk_sha256_final(cuzk_sha256_ctx *ctx, uint8_t out[32]) { SHA256_Final(out, ctx_of(ctx)); }

void cuzk_sha256(uint8_t out[32], const void *data, size_t len)
{
    SHA256_CTX c;
    SHA256_Init(&c);
    SHA256_Update(&c, data, len);
    SHA256_Final(out, &c);
}

void cuzk_sha256_trunc254(uint8_t out[32], const void *data, size_t len)
{
    cuzk_sha256(out, data, len);
    cuzk_sha256_trim_fr32(out);
}

void cuzk_sha256_iv(uint32_t state[8])
{
    memcpy(state, cuzk_sha256_h0, sizeof cuzk_sha256_h0);
}

void cuzk_sha256_compress(uint32_t state[8], const uint8_t *blocks, size_t nblocks)
{
    /* With no buffered bytes, Update hands whole blocks straight to the block
     * function, which only reads and writes h[]: that is the raw compression. */
    SHA256_CTX c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < 8; i++)
        c.h[i] = state[i];
    c.md_len = SHA256_DIGEST_LENGTH;
    if (nblocks)
        SHA256_Update(&c, blocks, nblocks * 64);
    for (int i = 0; i < 8; i++)
        state[i] = c.h[i];
}

const char *cuzk_sha256_backend(void)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 29) & 1)
        return "sha-ni";
#endif
    return "generic";
}
