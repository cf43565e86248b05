/* G2 point encodings: zcash / blst / blstrs format (see ec.h). Each Fp2
 * coordinate is written c1 (the u part) before c0. */
#include <string.h>

#include "ec/encode_impl.h"
#include "ff/ff_internal.h"

static void fp2_to_bytes(uint8_t out[96], const cuzk_fp2 *a)
{
    cuzk_fp_to_bytes_be(out, &a->c1);
    cuzk_fp_to_bytes_be(out + 48, &a->c0);
}

/* Returns false when either half is >= p. */
static bool fp2_from_bytes(cuzk_fp2 *r, const uint8_t in[96])
{
    return cuzk_fp_from_bytes_be(&r->c1, in, NULL) == 0 && cuzk_fp_from_bytes_be(&r->c0, in + 48, NULL) == 0;
}

void cuzk_g2_compress(uint8_t out[96], const cuzk_g2_affine *a)
{
    if (cuzk_g2_affine_is_infinity(a)) {
        memset(out, 0, 96);
        out[0] = CUZK_EC_FLAG_COMPRESSED | CUZK_EC_FLAG_INFINITY;
        return;
    }
    fp2_to_bytes(out, &a->x);
    out[0] |= CUZK_EC_FLAG_COMPRESSED;
    if (cuzk_fp2_is_lex_largest(&a->y))
        out[0] |= CUZK_EC_FLAG_SIGN;
}

void cuzk_g2_serialize(uint8_t out[192], const cuzk_g2_affine *a)
{
    if (cuzk_g2_affine_is_infinity(a)) {
        memset(out, 0, 192);
        out[0] = CUZK_EC_FLAG_INFINITY;
        return;
    }
    fp2_to_bytes(out, &a->x);
    fp2_to_bytes(out + 96, &a->y);
}

/* b' = 4 (u + 1) */
static void g2_rhs(cuzk_fp2 *r, const cuzk_fp2 *x)
{
    cuzk_fp2 b;
    cuzk_fp_from_u64(&b.c0, 4);
    b.c1 = b.c0;
    cuzk_fp2_sqr_i(r, x);
    cuzk_fp2_mul_i(r, r, x);
    cuzk_fp2_add_i(r, r, &b);
}

/* Semantics follow blstrs' checked from_compressed / from_uncompressed
 * (blst_p2_uncompress / blst_p2_deserialize plus blst_p2_affine_in_g2), with
 * two deliberate differences: a compression flag that disagrees with the
 * length is an error here, and 192 zero bytes (no infinity flag) are
 * NOT_ON_CURVE here, where blst_p2_deserialize takes them for infinity.
 * r is written only on success. */
int cuzk_g2_decode(cuzk_g2_affine *r, const uint8_t *in, size_t len,
                   bool check_subgroup, cuzk_err *err)
{
    cuzk_ec_header h;
    int rc = cuzk_ec_decode_header(&h, in, len, 96, "G2", err);
    if (rc)
        return rc;
    if (h.infinity) {
        cuzk_g2_affine_infinity(r);
        return 0;
    }
    uint8_t xb[96];
    memcpy(xb, in, 96);
    xb[0] &= (uint8_t)~CUZK_EC_FLAG_MASK;
    cuzk_g2_affine p;
    if (!fp2_from_bytes(&p.x, xb))
        return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "G2 point: a component of x is not below p");
    if (h.compressed) {
        cuzk_fp2 y2;
        g2_rhs(&y2, &p.x);
        if (!cuzk_fp2_sqrt(&p.y, &y2))
            return cuzk_err_set(err, CUZK_ERR_NOT_ON_CURVE,
                                "G2 point: x^3 + 4(u+1) has no square root (no y for this x)");
        if (cuzk_fp2_is_lex_largest(&p.y) != h.sign)
            cuzk_fp2_neg_i(&p.y, &p.y);
    } else {
        if (!fp2_from_bytes(&p.y, in + 96))
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "G2 point: a component of y is not below p");
        if (cuzk_g2_affine_is_infinity(&p) || !cuzk_g2_is_on_curve(&p))
            return cuzk_err_set(err, CUZK_ERR_NOT_ON_CURVE,
                                "G2 point: (x, y) does not satisfy y^2 = x^3 + 4(u+1)");
    }
    if (check_subgroup && !cuzk_g2_is_in_subgroup(&p))
        return cuzk_err_set(err, CUZK_ERR_NOT_IN_SUBGROUP, "G2 point: on the curve but not in the prime-order subgroup");
    *r = p;
    return 0;
}
