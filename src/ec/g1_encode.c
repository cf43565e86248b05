/* G1 point encodings: zcash / blst / blstrs format (see ec.h). */
#include <string.h>

#include "ec/encode_impl.h"
#include "ff/ff_internal.h"

void cuzk_g1_compress(uint8_t out[48], const cuzk_g1_affine *a)
{
    if (cuzk_g1_affine_is_infinity(a)) {
        memset(out, 0, 48);
        out[0] = CUZK_EC_FLAG_COMPRESSED | CUZK_EC_FLAG_INFINITY;
        return;
    }
    cuzk_fp_to_bytes_be(out, &a->x);
    out[0] |= CUZK_EC_FLAG_COMPRESSED;
    if (cuzk_fp_is_lex_largest(&a->y))
        out[0] |= CUZK_EC_FLAG_SIGN;
}

void cuzk_g1_serialize(uint8_t out[96], const cuzk_g1_affine *a)
{
    if (cuzk_g1_affine_is_infinity(a)) {
        memset(out, 0, 96);
        out[0] = CUZK_EC_FLAG_INFINITY;
        return;
    }
    cuzk_fp_to_bytes_be(out, &a->x);
    cuzk_fp_to_bytes_be(out + 48, &a->y);
}

/* Semantics follow blstrs' checked from_compressed / from_uncompressed, which
 * wrap blst_p1_uncompress / blst_p1_deserialize plus blst_p1_affine_in_g1,
 * with two deliberate differences: a compression flag that disagrees with
 * the length is an error here (blst_p1_deserialize would quietly read a
 * compressed point out of 96 bytes), and 96 zero bytes (no infinity flag)
 * are NOT_ON_CURVE here where blst says NOT_IN_GROUP. Like blst, a point with
 * x = 0, i.e. (0, +-2), which has order 3, is refused as NOT_IN_SUBGROUP even
 * when check_subgroup is false (blstrs' unchecked decoders refuse it too).
 * r is written only on success. */
int cuzk_g1_decode(cuzk_g1_affine *r, const uint8_t *in, size_t len,
                   bool check_subgroup, cuzk_err *err)
{
    cuzk_ec_header h;
    int rc = cuzk_ec_decode_header(&h, in, len, 48, "G1", err);
    if (rc)
        return rc;
    if (h.infinity) {
        cuzk_g1_affine_infinity(r);
        return 0;
    }
    uint8_t xb[48];
    memcpy(xb, in, 48);
    xb[0] &= (uint8_t)~CUZK_EC_FLAG_MASK;
    cuzk_g1_affine p;
    if (cuzk_fp_from_bytes_be(&p.x, xb, NULL))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "G1 point: x coordinate is not below p");
    if (h.compressed) {
        cuzk_fp y2;
        cuzk_fp_sqr_i(&y2, &p.x);
        cuzk_fp_mul_i(&y2, &y2, &p.x);
        cuzk_fp four;
        cuzk_fp_from_u64(&four, 4);
        cuzk_fp_add_i(&y2, &y2, &four);
        if (!cuzk_fp_sqrt(&p.y, &y2))
            return cuzk_err_set(err, CUZK_ERR_NOT_ON_CURVE, "G1 point: x^3 + 4 has no square root (no y for this x)");
        if (cuzk_fp_is_lex_largest(&p.y) != h.sign)
            cuzk_fp_neg_i(&p.y, &p.y);
    } else {
        if (cuzk_fp_from_bytes_be(&p.y, in + 48, NULL))
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "G1 point: y coordinate is not below p");
        /* the affine (0, 0) stands for infinity, which must carry its flag */
        if (cuzk_g1_affine_is_infinity(&p) || !cuzk_g1_is_on_curve(&p))
            return cuzk_err_set(err, CUZK_ERR_NOT_ON_CURVE, "G1 point: (x, y) does not satisfy y^2 = x^3 + 4");
    }
    if (cuzk_fp_is_zero(&p.x))
        return cuzk_err_set(err, CUZK_ERR_NOT_IN_SUBGROUP, "G1 point: x = 0 gives a point of order 3, not in G1");
    if (check_subgroup && !cuzk_g1_is_in_subgroup(&p))
        return cuzk_err_set(err, CUZK_ERR_NOT_IN_SUBGROUP, "G1 point: on the curve but not in the prime-order subgroup");
    *r = p;
    return 0;
}
