/* A Groth16 proof as bellperson writes it: A (G1) | B (G2) | C (G1), each
 * compressed, 192 bytes. Read like Proof::read: subgroup-checked, and any of
 * A, B, C at infinity refused (an honest prover never outputs it). */
#include "groth16/io/io_impl.h"

void cuzk_proof_serialize(uint8_t out[CUZK_PROOF_BYTES], const cuzk_proof *proof)
{
    cuzk_g1_compress(out, &proof->a);
    cuzk_g2_compress(out + 48, &proof->b);
    cuzk_g1_compress(out + 144, &proof->c);
}

/* Point by point, in bellperson's order: decode, then refuse infinity. */
static int proof_point_error(cuzk_err *err, const cuzk_err *why, const char *field, int off)
{
    return cuzk_err_set(err, why->code, "proof: %s at offset %d: %s", field, off, why->msg);
}

static int proof_g1(cuzk_g1_affine *r, const uint8_t *in, const char *field, int off, cuzk_err *err)
{
    cuzk_err why = { 0 };
    if (cuzk_g1_decode(r, in + off, 48, true, &why) == 0 && cuzk_g1_affine_is_infinity(r))
        cuzk_err_set(&why, CUZK_ERR_BAD_FLAGS, "point at infinity, not allowed in a proof");
    return why.code ? proof_point_error(err, &why, field, off) : 0;
}

int cuzk_proof_deserialize(cuzk_proof *proof, const uint8_t *in, size_t len, cuzk_err *err)
{
    if (!proof || (!in && len))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_proof_deserialize: NULL argument");
    if (len < CUZK_PROOF_BYTES)
        return cuzk_err_set(err, CUZK_ERR_TRUNCATED, "proof: %zu bytes, a proof is %d", len, CUZK_PROOF_BYTES);
    if (len > CUZK_PROOF_BYTES)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "proof: %zu bytes, a proof is %d (%zu trailing bytes)",
                            len, CUZK_PROOF_BYTES, len - CUZK_PROOF_BYTES);
    cuzk_proof p;
    cuzk_err why = { 0 };
    int rc;
    if ((rc = proof_g1(&p.a, in, "A", 0, err)))
        return rc;
    if (cuzk_g2_decode(&p.b, in + 48, 96, true, &why) == 0 && cuzk_g2_affine_is_infinity(&p.b))
        cuzk_err_set(&why, CUZK_ERR_BAD_FLAGS, "point at infinity, not allowed in a proof");
    if (why.code)
        return proof_point_error(err, &why, "B", 48);
    if ((rc = proof_g1(&p.c, in, "C", 144, err)))
        return rc;
    *proof = p;
    return 0;
}
