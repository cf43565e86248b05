/* Optional precomputed tables over a proving key's fixed bases, for the CPU
 * prover: the H query's MSM table (ec: cuzk_g1_msm_table) and, when the
 * budget holds both, the L query's, whose MSM then shares H's buckets and
 * reduction (cuzk_g1_msm_table_run_many: H and L are both summed into C).
 * They are built on request (cuzk_params_precompute, when the caller keeps
 * the params for many proofs and has the memory), never behind the caller's
 * back: the build costs several proofs' worth of CPU time. */
#include "groth16/params_impl.h"

static const cuzk_g1_msm_table *locked_get(cuzk_params *p, cuzk_g1_msm_table *const *slot)
{
    if (p->lock_init)
        pthread_mutex_lock(&p->lock);
    const cuzk_g1_msm_table *t = *slot;
    if (p->lock_init)
        pthread_mutex_unlock(&p->lock);
    return t;
}

const cuzk_g1_msm_table *cuzk_params_h_table(cuzk_params *p) { return locked_get(p, &p->h_table); }
const cuzk_g1_msm_table *cuzk_params_l_table(cuzk_params *p) { return locked_get(p, &p->l_table); }

static size_t table_bytes(cuzk_params *p, cuzk_params_vector which)
{
    uint64_t n = cuzk_params_count(p, which);
    return n > SIZE_MAX ? SIZE_MAX : cuzk_g1_msm_table_bytes((size_t)n);
}

/* Builds the table of vector `which` into *slot unless one is there. The
 * build runs outside the lock (seconds of work); a racing build loses and
 * is freed. */
static int build(cuzk_params *p, cuzk_params_vector which, cuzk_g1_msm_table **slot, cuzk_pool *pool,
                 cuzk_err *err)
{
    if (locked_get(p, slot))
        return 0;
    const cuzk_g1_affine *bases;
    int rc = cuzk_params_g1(p, which, &bases, err);
    if (rc)
        return rc;
    cuzk_g1_msm_table *t;
    if ((rc = cuzk_g1_msm_table_create(&t, bases, (size_t)cuzk_params_count(p, which), pool, err)))
        return rc;
    if (p->lock_init)
        pthread_mutex_lock(&p->lock);
    if (!*slot) {
        *slot = t;
        t = NULL;
    }
    if (p->lock_init)
        pthread_mutex_unlock(&p->lock);
    cuzk_g1_msm_table_free(t);
    return 0;
}

int cuzk_params_precompute(cuzk_params *p, size_t max_bytes, cuzk_pool *pool, size_t *bytes_out,
                           cuzk_err *err)
{
    if (bytes_out)
        *bytes_out = 0;
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "params precompute: NULL params");
    size_t h_bytes = table_bytes(p, CUZK_PARAMS_H), l_bytes = table_bytes(p, CUZK_PARAMS_L);
    int rc;
    /* H: unless too small for the table to pay (the MSM would not use it) or too big */
    if (!cuzk_params_h_table(p)) {
        if (cuzk_params_count(p, CUZK_PARAMS_H) < CUZK_G1_MSM_TABLE_MIN_POINTS || h_bytes > max_bytes)
            return 0;
        if ((rc = build(p, CUZK_PARAMS_H, &p->h_table, pool, err)))
            return rc;
    }
    /* L beside H when both fit: it pays no reduction of its own */
    if (!cuzk_params_l_table(p) && cuzk_params_count(p, CUZK_PARAMS_L) > 0 && l_bytes <= max_bytes &&
        h_bytes <= max_bytes - l_bytes && (rc = build(p, CUZK_PARAMS_L, &p->l_table, pool, err)))
        return rc;
    if (bytes_out)
        *bytes_out = h_bytes + (cuzk_params_l_table(p) ? l_bytes : 0);
    return 0;
}
