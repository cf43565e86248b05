/* QAP evaluation at tau for setup: the Lagrange basis of the domain at tau,
 * then the constraint matrices folded into one value per variable and matrix. */

#include "groth16/setup_impl.h"

#define QAP_CHUNK 2048

int cuzk_groth16_domain_size(uint64_t n, uint64_t *m, cuzk_fr *omega, cuzk_err *err)
{
    unsigned log_m = 0;
    while (((uint64_t)1 << log_m) < n) {
        if (++log_m >= CUZK_FR_TWO_ADICITY)
            return cuzk_err_set(err, CUZK_ERR_TOO_LARGE,
                                "setup: %llu constraints need a domain of 2^32 or more (Fr has 2-adicity 32)",
                                (unsigned long long)n);
    }
    *m = (uint64_t)1 << log_m;
    *omega = CUZK_FR_ROOT_OF_UNITY;
    for (unsigned i = log_m; i < CUZK_FR_TWO_ADICITY; i++)
        cuzk_fr_sqr(omega, omega);
    return 0;
}

typedef struct {
    cuzk_fr *lag;
    uint64_t n;
    cuzk_fr tau, omega, scale; /* scale = t(tau) / m */
} lagrange_ctx;

/* L_j(tau) = t(tau)/m * omega^j / (tau - omega^j), for j in one chunk. */
static void lagrange_task(void *vctx, size_t index)
{
    lagrange_ctx *c = vctx;
    uint64_t j0 = (uint64_t)index * QAP_CHUNK;
    uint64_t len = c->n - j0 < QAP_CHUNK ? c->n - j0 : QAP_CHUNK;
    cuzk_fr *l = c->lag + j0;
    cuzk_fr wj;
    cuzk_fr_pow(&wj, &c->omega, &j0, 1);
    for (uint64_t j = 0; j < len; j++) {
        cuzk_fr_sub(&l[j], &c->tau, &wj);
        cuzk_fr_mul(&wj, &wj, &c->omega);
    }
    cuzk_fr_batch_inv(l, l, len);
    cuzk_fr_pow(&wj, &c->omega, &j0, 1);
    cuzk_fr_mul(&wj, &wj, &c->scale);
    for (uint64_t j = 0; j < len; j++) {
        cuzk_fr_mul(&l[j], &l[j], &wj);
        cuzk_fr_mul(&wj, &wj, &c->omega);
    }
}

static void fold(cuzk_fr *acc, uint64_t num_inputs, const cuzk_lc_view *lc, const cuzk_fr *lj)
{
    for (uint32_t k = 0; k < lc->len; k++) {
        const cuzk_lc_term *t = &lc->terms[k];
        if (cuzk_fr_is_zero(&t->coeff))
            continue;
        uint64_t i = t->var.kind == CUZK_VAR_INPUT ? t->var.index : num_inputs + t->var.index;
        cuzk_fr x;
        cuzk_fr_mul(&x, &t->coeff, lj);
        cuzk_fr_add(&acc[i], &acc[i], &x);
    }
}

int cuzk_groth16_qap_eval(const cuzk_cs *cs, const cuzk_fr *tau, cuzk_pool *pool, cuzk_fr *u,
                          cuzk_fr *v, cuzk_fr *w, uint64_t *m, cuzk_fr *t, cuzk_err *err)
{
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    uint64_t n = st.constraints;
    if (n == 0)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "setup: the circuit has no constraints");
    cuzk_fr omega;
    int rc = cuzk_groth16_domain_size(n, m, &omega, err);
    if (rc)
        return rc;
    /* t(tau) = tau^m - 1: zero exactly when tau is in the domain, where the
     * Lagrange formula divides by zero (and the trapdoor would be useless). */
    cuzk_fr_pow(t, tau, m, 1);
    cuzk_fr_sub(t, t, &CUZK_FR_ONE);
    if (cuzk_fr_is_zero(t))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "setup: tau is an m-th root of unity (m = %llu)",
                            (unsigned long long)*m);

    cuzk_fr *lag = cuzk_alloc_array(n, sizeof *lag);
    if (!lag)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "setup: out of memory for %llu Lagrange values",
                            (unsigned long long)n);
    lagrange_ctx lc = { lag, n, *tau, omega, CUZK_FR_ZERO };
    cuzk_fr_from_u64(&lc.scale, *m);
    cuzk_fr_inv(&lc.scale, &lc.scale);
    cuzk_fr_mul(&lc.scale, &lc.scale, t);
    cuzk_pool_run(pool, (n + QAP_CHUNK - 1) / QAP_CHUNK, lagrange_task, &lc);

    /* Sequential: variables are shared between constraints, and this is a
     * small part of setup next to the fixed-base multiplications. */
    for (uint64_t j = 0; j < n; j++) {
        cuzk_lc_view a, b, c;
        if (cuzk_cs_recorder_constraint(cs, j, &a, &b, &c) != 0) {
            cuzk_free(lag);
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "setup: constraint system is not a recorder");
        }
        fold(u, st.inputs, &a, &lag[j]);
        fold(v, st.inputs, &b, &lag[j]);
        fold(w, st.inputs, &c, &lag[j]);
    }
    cuzk_free(lag);
    return 0;
}
