/* Optional precomputed tables over a proving key's fixed bases, for the CPU
 * prover: today the H query's MSM table (ec: cuzk_g1_msm_table). They are
 * built on request (cuzk_params_precompute, when the caller keeps the params
 * for many proofs and has the memory), never behind the caller's back: the
 * build costs several proofs' worth of CPU time. */
#include "groth16/params_impl.h"

const cuzk_g1_msm_table *cuzk_params_h_table(cuzk_params *p)
{
    if (p->lock_init)
        pthread_mutex_lock(&p->lock);
    const cuzk_g1_msm_table *t = p->h_table;
    if (p->lock_init)
        pthread_mutex_unlock(&p->lock);
    return t;
}

int cuzk_params_precompute(cuzk_params *p, size_t max_bytes, cuzk_pool *pool, size_t *bytes_out,
                           cuzk_err *err)
{
    if (bytes_out)
        *bytes_out = 0;
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "params precompute: NULL params");
    uint64_t n = cuzk_params_count(p, CUZK_PARAMS_H);
    size_t bytes = n > SIZE_MAX ? SIZE_MAX : cuzk_g1_msm_table_bytes((size_t)n);
    if (cuzk_params_h_table(p)) {
        if (bytes_out)
            *bytes_out = bytes;
        return 0;
    }
    /* too small for the table to pay (the MSM would not use it), or too big */
    if (n < CUZK_G1_MSM_TABLE_MIN_POINTS || bytes > max_bytes)
        return 0;
    const cuzk_g1_affine *h;
    int rc = cuzk_params_g1(p, CUZK_PARAMS_H, &h, err);
    if (rc)
        return rc;
    /* built outside the lock (seconds of work); a racing build loses and is freed */
    cuzk_g1_msm_table *t;
    if ((rc = cuzk_g1_msm_table_create(&t, h, (size_t)n, pool, err)))
        return rc;
    if (p->lock_init)
        pthread_mutex_lock(&p->lock);
    if (!p->h_table) {
        p->h_table = t;
        t = NULL;
    }
    if (p->lock_init)
        pthread_mutex_unlock(&p->lock);
    cuzk_g1_msm_table_free(t);
    if (bytes_out)
        *bytes_out = bytes;
    return 0;
}
