/* Private: the iden3 container shared by .r1cs and .wtns (magic, version,
 * sections in any order), and little-endian field helpers. */
#ifndef CUZK_GROTH16_IDEN3_IMPL_H
#define CUZK_GROTH16_IDEN3_IMPL_H

#include "cuzk/iden3.h"

#define CUZK_IDEN3_N8 32

typedef struct {
    const uint8_t *buf;
    size_t len;
    const char *src;      /* names the input in messages */
    uint32_t version;
    uint32_t n_sections;
} cuzk_iden3_file;

static inline uint32_t cuzk_iden3_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t cuzk_iden3_le64(const uint8_t *p)
{
    return (uint64_t)cuzk_iden3_le32(p) | (uint64_t)cuzk_iden3_le32(p + 4) << 32;
}

static inline void cuzk_iden3_put_le32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static inline void cuzk_iden3_put_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Checks the magic and the version, then walks the whole section table: every
 * section must fit and the last one must end the input. */
int cuzk_iden3_open(cuzk_iden3_file *f, const uint8_t *buf, size_t len, const char *src,
                    const char magic[4], uint32_t version, cuzk_err *err);
/* The payload of the one section of this type: PARSE if it is missing (when
 * required) or repeated. *found tells whether it exists. */
int cuzk_iden3_section(const cuzk_iden3_file *f, uint32_t type, bool required, uint64_t *off,
                       uint64_t *size, bool *found, cuzk_err *err);
/* Reads n8 at off and the prime after it: both must be BLS12-381's r. */
int cuzk_iden3_check_field(const cuzk_iden3_file *f, uint64_t off, uint64_t size, const char *what,
                           cuzk_err *err);
/* The 32-byte little-endian prime r. */
void cuzk_iden3_prime_le(uint8_t out[CUZK_IDEN3_N8]);

#endif
