/* Points and lengths inside the file formats, with errors that say where. */
#include <inttypes.h>
#include <stdio.h>

#include "groth16/io/io_impl.h"

int cuzk_io_need(const char *src, const char *field, uint64_t off, uint64_t need, uint64_t len,
                 cuzk_err *err)
{
    if (off <= len && need <= len - off)
        return 0;
    return cuzk_err_set(err, CUZK_ERR_TRUNCATED,
                        "%s: %s at offset %" PRIu64 ": needs %" PRIu64 " bytes, input ends at %" PRIu64,
                        src, field, off, need, len);
}

int cuzk_io_need_items(const char *src, const char *field, uint64_t off, uint64_t count,
                       uint64_t item_bytes, uint64_t len, cuzk_err *err)
{
    /* counts are u32 and items at most 192 bytes: no overflow in 64 bits */
    uint64_t need = count * item_bytes;
    if (off <= len && need <= len - off)
        return 0;
    if (need > len)
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE,
                            "%s: %s = %" PRIu64 " at offset %" PRIu64 " needs %" PRIu64
                            " bytes, more than the whole input (%" PRIu64 " bytes)",
                            src, field, count, off, need, len);
    return cuzk_err_set(err, CUZK_ERR_TRUNCATED,
                        "%s: %s = %" PRIu64 " needs %" PRIu64 " bytes from offset %" PRIu64
                        ", input ends at %" PRIu64,
                        src, field, count, need, off, len);
}

static int point_error(cuzk_err *err, const cuzk_err *why, const char *src, const char *field,
                       int64_t index, uint64_t off)
{
    if (index >= 0)
        return cuzk_err_set(err, why->code, "%s: %s[%" PRId64 "] at offset %" PRIu64 ": %s",
                            src, field, index, off, why->msg);
    return cuzk_err_set(err, why->code, "%s: %s at offset %" PRIu64 ": %s", src, field, off, why->msg);
}

int cuzk_io_g1_at(cuzk_g1_affine *r, const uint8_t *in, bool subgroup, bool allow_infinity,
                  const char *src, const char *field, int64_t index, uint64_t off, cuzk_err *err)
{
    cuzk_err why = { 0 };
    if (cuzk_g1_decode(r, in, CUZK_G1_BYTES, subgroup, &why) == 0) {
        if (allow_infinity || !cuzk_g1_affine_is_infinity(r))
            return 0;
        cuzk_err_set(&why, CUZK_ERR_BAD_FLAGS, "point at infinity, not allowed here");
    }
    return point_error(err, &why, src, field, index, off);
}

int cuzk_io_g2_at(cuzk_g2_affine *r, const uint8_t *in, bool subgroup, bool allow_infinity,
                  const char *src, const char *field, int64_t index, uint64_t off, cuzk_err *err)
{
    cuzk_err why = { 0 };
    if (cuzk_g2_decode(r, in, CUZK_G2_BYTES, subgroup, &why) == 0) {
        if (allow_infinity || !cuzk_g2_affine_is_infinity(r))
            return 0;
        cuzk_err_set(&why, CUZK_ERR_BAD_FLAGS, "point at infinity, not allowed here");
    }
    return point_error(err, &why, src, field, index, off);
}
