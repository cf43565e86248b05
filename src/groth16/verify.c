/* Groth16 verification as bellperson does it (bellperson src/groth16/verifier.rs):
 * one multi-Miller loop and one final exponentiation per check, against a
 * prepared verifying key. */
#include <string.h>

#include "cuzk/groth16.h"

struct cuzk_pvk {
    cuzk_gt alpha_beta;                   /* e(alpha, beta) */
    cuzk_g2_prepared neg_gamma, neg_delta;
    cuzk_g2_prepared beta;                /* batch check: e(alpha, beta)^Y as e(-Y alpha, beta) */
    cuzk_g1_affine alpha_g1;
    cuzk_g1_affine *ic;
    uint32_t ic_len;
};

int cuzk_pvk_prepare(const cuzk_vk *vk, cuzk_pvk **out, cuzk_err *err)
{
    if (!vk || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "pvk: NULL argument");
    *out = NULL;
    if (vk->ic_len == 0 || !vk->ic)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "pvk: verifying key has no ic (ic_len must be >= 1)");
    cuzk_pvk *p = cuzk_alloc(sizeof *p);
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "pvk: out of memory");
    p->ic = cuzk_alloc_array(vk->ic_len, sizeof *p->ic);
    if (!p->ic) {
        cuzk_free(p);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "pvk: out of memory for %u ic points", vk->ic_len);
    }
    memcpy(p->ic, vk->ic, vk->ic_len * sizeof *p->ic);
    p->ic_len = vk->ic_len;
    p->alpha_g1 = vk->alpha_g1;
    cuzk_pairing(&p->alpha_beta, &vk->alpha_g1, &vk->beta_g2);
    cuzk_g2_affine q;
    cuzk_g2_affine_neg(&q, &vk->gamma_g2);
    cuzk_g2_prepare(&p->neg_gamma, &q);
    cuzk_g2_affine_neg(&q, &vk->delta_g2);
    cuzk_g2_prepare(&p->neg_delta, &q);
    cuzk_g2_prepare(&p->beta, &vk->beta_g2);
    *out = p;
    return 0;
}

void cuzk_pvk_free(cuzk_pvk *pvk)
{
    if (!pvk)
        return;
    cuzk_free(pvk->ic);
    cuzk_free(pvk);
}

/* A cuzk_proof may come from anywhere, not only the checked decoder, so its
 * points are validated here: a point off the curve or outside the subgroup
 * must not reach the pairing. Infinity is refused as the decoder refuses it. */
static int check_proof_points(const cuzk_proof *pr, size_t j, cuzk_err *err)
{
    const char *bad = NULL;
    if (cuzk_g1_affine_is_infinity(&pr->a) || cuzk_g2_affine_is_infinity(&pr->b) ||
        cuzk_g1_affine_is_infinity(&pr->c))
        bad = "a point at infinity";
    else if (!cuzk_g1_is_on_curve(&pr->a) || !cuzk_g1_is_in_subgroup(&pr->a))
        bad = "A not in G1";
    else if (!cuzk_g2_is_on_curve(&pr->b) || !cuzk_g2_is_in_subgroup(&pr->b))
        bad = "B not in G2";
    else if (!cuzk_g1_is_on_curve(&pr->c) || !cuzk_g1_is_in_subgroup(&pr->c))
        bad = "C not in G1";
    if (bad)
        return cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, "verify: proof %zu has %s", j, bad);
    return 0;
}

/* sum_i k_i ic[i], k_0 = lead, k_{i+1} = x[i]. */
static int ic_combination(const cuzk_pvk *pvk, const cuzk_fr *lead, const cuzk_fr *x, size_t n,
                          cuzk_g1_affine *out, cuzk_err *err)
{
    cuzk_scalar *k = cuzk_alloc_array(n + 1, sizeof *k);
    if (!k)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "verify: out of memory for %zu inputs", n);
    cuzk_fr_to_scalar(&k[0], lead);
    for (size_t i = 0; i < n; i++)
        cuzk_fr_to_scalar(&k[i + 1], &x[i]);
    cuzk_g1_proj acc;
    cuzk_g1_msm(&acc, pvk->ic, k, n + 1, NULL);
    cuzk_g1_proj_to_affine(out, &acc);
    cuzk_free(k);
    return 0;
}

int cuzk_groth16_verify(const cuzk_pvk *pvk, const cuzk_proof *proof, const cuzk_fr *inputs,
                        size_t n_inputs, cuzk_err *err)
{
    if (!pvk || !proof || (n_inputs && !inputs))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "verify: NULL argument");
    if (n_inputs + 1 != pvk->ic_len)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "verify: %zu public inputs given, the key expects %u",
                            n_inputs, pvk->ic_len - 1);
    int rc = check_proof_points(proof, 0, err);
    if (rc)
        return rc;
    cuzk_g1_affine p[3];
    p[0] = proof->a;
    if ((rc = ic_combination(pvk, &CUZK_FR_ONE, inputs, n_inputs, &p[1], err)))
        return rc;
    p[2] = proof->c;
    /* e(A, B) e(acc, -gamma) e(C, -delta) == e(alpha, beta) */
    cuzk_g2_prepared *b = cuzk_alloc(sizeof *b);
    if (!b)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "verify: out of memory");
    cuzk_g2_prepare(b, &proof->b);
    const cuzk_g2_prepared *q[3] = { b, &pvk->neg_gamma, &pvk->neg_delta };
    cuzk_fp12 f;
    cuzk_gt e;
    cuzk_multi_miller_loop_prepared(&f, p, q, 3);
    cuzk_final_exponentiation(&e, &f);
    cuzk_free(b);
    if (!cuzk_gt_eq(&e, &pvk->alpha_beta))
        return cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, "verify: pairing check failed");
    return 0;
}

/* A nonzero random z_j < 2^128 (bellperson draws a u128). */
static int random_z(cuzk_fr *z, cuzk_err *err)
{
    uint64_t raw[4] = { 0, 0, 0, 0 };
    do {
        int rc = cuzk_os_random(raw, 2 * sizeof raw[0], err);
        if (rc)
            return rc;
    } while (!raw[0] && !raw[1]);
    cuzk_fr_from_raw(z, raw);
    return 0;
}

int cuzk_groth16_verify_batch(const cuzk_pvk *pvk, const cuzk_proof *proofs, const cuzk_fr *inputs,
                              size_t n_proofs, size_t n_inputs, cuzk_err *err)
{
    if (!pvk || !proofs || (n_inputs && !inputs) || n_proofs == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "verify batch: NULL argument or no proofs");
    if (n_proofs == 1)
        return cuzk_groth16_verify(pvk, proofs, inputs, n_inputs, err);
    if (n_inputs + 1 != pvk->ic_len)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "verify batch: %zu public inputs given, the key expects %u",
                            n_inputs, pvk->ic_len - 1);
    if (n_proofs > ((size_t)1 << 32))
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "verify batch: %zu proofs", n_proofs);
    int rc;
    for (size_t j = 0; j < n_proofs; j++)
        if ((rc = check_proof_points(&proofs[j], j, err)))
            return rc;

    /* Pairs: (z_j A_j, B_j) for every j, then (G, -gamma), (D, -delta), (-Y alpha, beta). */
    size_t np = n_proofs + 3;
    cuzk_fr *z = cuzk_alloc_array(n_proofs, sizeof *z);
    cuzk_fr *xs = cuzk_alloc_array(n_inputs ? n_inputs : 1, sizeof *xs);
    cuzk_scalar *zs = cuzk_alloc_array(n_proofs, sizeof *zs);
    cuzk_g1_affine *cs = cuzk_alloc_array(n_proofs, sizeof *cs);
    cuzk_g1_proj *za = cuzk_alloc_array(n_proofs, sizeof *za);
    cuzk_g1_affine *p = cuzk_alloc_array(np, sizeof *p);
    cuzk_g2_prepared *bp = cuzk_alloc_array(n_proofs, sizeof *bp);
    const cuzk_g2_prepared **q = cuzk_alloc_array(np, sizeof *q);
    if (!z || !xs || !zs || !cs || !za || !p || !bp || !q) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "verify batch: out of memory for %zu proofs", n_proofs);
        goto done;
    }
    cuzk_fr y = CUZK_FR_ZERO;
    memset(xs, 0, (n_inputs ? n_inputs : 1) * sizeof *xs);
    for (size_t j = 0; j < n_proofs; j++) {
        if ((rc = random_z(&z[j], err)))
            goto done;
        cuzk_fr_to_scalar(&zs[j], &z[j]);
        cuzk_fr_add(&y, &y, &z[j]);
        for (size_t i = 0; i < n_inputs; i++) {
            cuzk_fr t;
            cuzk_fr_mul(&t, &z[j], &inputs[j * n_inputs + i]);
            cuzk_fr_add(&xs[i], &xs[i], &t);
        }
        cuzk_g1_mul_affine(&za[j], &proofs[j].a, &zs[j]);
        cs[j] = proofs[j].c;
        cuzk_g2_prepare(&bp[j], &proofs[j].b);
        q[j] = &bp[j];
    }
    cuzk_g1_proj_batch_to_affine(p, za, n_proofs);
    if ((rc = ic_combination(pvk, &y, xs, n_inputs, &p[n_proofs], err)))
        goto done;
    cuzk_g1_proj acc;
    cuzk_g1_msm(&acc, cs, zs, n_proofs, NULL);
    cuzk_g1_proj_to_affine(&p[n_proofs + 1], &acc);
    {
        cuzk_scalar ys;
        cuzk_g1_proj ya;
        cuzk_fr ny;
        cuzk_fr_neg(&ny, &y);
        cuzk_fr_to_scalar(&ys, &ny);
        cuzk_g1_mul_affine(&ya, &pvk->alpha_g1, &ys);
        cuzk_g1_proj_to_affine(&p[n_proofs + 2], &ya);
    }
    q[n_proofs] = &pvk->neg_gamma;
    q[n_proofs + 1] = &pvk->neg_delta;
    q[n_proofs + 2] = &pvk->beta;
    cuzk_fp12 f;
    cuzk_gt e;
    cuzk_multi_miller_loop_prepared(&f, p, q, np);
    cuzk_final_exponentiation(&e, &f);
    rc = cuzk_gt_is_one(&e) ? 0 : cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, "verify batch: pairing check failed (some of the %zu proofs are invalid)", n_proofs);
done:
    cuzk_free(z);
    cuzk_free(xs);
    cuzk_free(zs);
    cuzk_free(cs);
    cuzk_free(za);
    cuzk_free(p);
    cuzk_free(bp);
    cuzk_free(q);
    return rc;
}
