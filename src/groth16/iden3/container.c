/* The iden3 binary container: "magic | version | n_sections" and then
 * "type | size | payload" sections, which circom writes in any order. */
#include <inttypes.h>
#include <string.h>

#include "groth16/iden3/iden3_impl.h"

void cuzk_iden3_prime_le(uint8_t out[CUZK_IDEN3_N8])
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++)
            out[8 * i + j] = (uint8_t)(CUZK_FR_MODULUS[i] >> (8 * j));
}

int cuzk_iden3_open(cuzk_iden3_file *f, const uint8_t *buf, size_t len, const char *src,
                    const char magic[4], uint32_t version, cuzk_err *err)
{
    memset(f, 0, sizeof *f);
    if (!src)
        src = "iden3 input";
    if (len < 12)
        return cuzk_err_set(err, CUZK_ERR_TRUNCATED, "%s: %zu bytes, shorter than the 12-byte file header",
                            src, len);
    if (memcmp(buf, magic, 4) != 0)
        return cuzk_err_set(err, CUZK_ERR_PARSE, "%s: magic at offset 0 is not \"%.4s\"", src, magic);
    uint32_t v = cuzk_iden3_le32(buf + 4);
    if (v != version)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "%s: version %" PRIu32 " at offset 4, expected %" PRIu32,
                            src, v, version);
    uint32_t n = cuzk_iden3_le32(buf + 8);
    uint64_t pos = 12;
    for (uint32_t i = 0; i < n; i++) {
        if (len - pos < 12)
            return cuzk_err_set(err, CUZK_ERR_TRUNCATED,
                                "%s: section %" PRIu32 " of %" PRIu32 " header at offset %" PRIu64
                                " runs past the end (%zu bytes)", src, i, n, pos, len);
        uint64_t size = cuzk_iden3_le64(buf + pos + 4);
        pos += 12;
        if (size > len - pos)
            return cuzk_err_set(err, CUZK_ERR_TRUNCATED,
                                "%s: section %" PRIu32 " (type %" PRIu32 ") at offset %" PRIu64 " has size %" PRIu64
                                ", but only %" PRIu64 " bytes follow", src, i, cuzk_iden3_le32(buf + pos - 12),
                                pos - 12, size, (uint64_t)len - pos);
        pos += size;
    }
    if (pos != len)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "%s: %" PRIu64 " trailing bytes after the last section, at offset %" PRIu64,
                            src, (uint64_t)len - pos, pos);
    f->buf = buf;
    f->len = len;
    f->src = src;
    f->version = v;
    f->n_sections = n;
    return 0;
}

int cuzk_iden3_section(const cuzk_iden3_file *f, uint32_t type, bool required, uint64_t *off,
                       uint64_t *size, bool *found, cuzk_err *err)
{
    /* open validated the table, so this walk needs no bounds checks */
    uint64_t pos = 12;
    bool have = false;
    for (uint32_t i = 0; i < f->n_sections; i++) {
        uint32_t t = cuzk_iden3_le32(f->buf + pos);
        uint64_t s = cuzk_iden3_le64(f->buf + pos + 4);
        if (t == type) {
            if (have)
                return cuzk_err_set(err, CUZK_ERR_PARSE, "%s: section type %" PRIu32 " repeated at offset %" PRIu64,
                                    f->src, type, pos);
            have = true;
            *off = pos + 12;
            *size = s;
        }
        pos += 12 + s;
    }
    if (found)
        *found = have;
    if (!have && required)
        return cuzk_err_set(err, CUZK_ERR_PARSE, "%s: no section of type %" PRIu32, f->src, type);
    return 0;
}

int cuzk_iden3_check_field(const cuzk_iden3_file *f, uint64_t off, uint64_t size, const char *what,
                           cuzk_err *err)
{
    if (size < 4)
        return cuzk_err_set(err, CUZK_ERR_TRUNCATED, "%s: %s at offset %" PRIu64 " too short for n8", f->src,
                            what, off);
    uint32_t n8 = cuzk_iden3_le32(f->buf + off);
    if (n8 != CUZK_IDEN3_N8)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED,
                            "%s: %s n8 = %" PRIu32 " at offset %" PRIu64 ": only 32-byte fields (BLS12-381 r) are supported",
                            f->src, what, n8, off);
    if (size < 4 + CUZK_IDEN3_N8)
        return cuzk_err_set(err, CUZK_ERR_TRUNCATED, "%s: %s at offset %" PRIu64 " too short for the prime",
                            f->src, what, off);
    uint8_t r[CUZK_IDEN3_N8];
    cuzk_iden3_prime_le(r);
    if (memcmp(f->buf + off + 4, r, CUZK_IDEN3_N8) != 0)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED,
                            "%s: %s prime at offset %" PRIu64 " is not the BLS12-381 scalar field r "
                            "(compile with circom -p bls12381)", f->src, what, off + 4);
    return 0;
}
