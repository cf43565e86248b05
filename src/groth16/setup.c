/* Groth16 parameter generation from known toxic waste, as bellperson's
 * generator lays the parameters out (src/groth16/generator.rs). */
#include <string.h>

#include "cuzk/groth16.h"
#include "groth16/fixed_base.h"
#include "groth16/params_impl.h"
#include "groth16/setup_impl.h"

static void random_nonzero_fr(cuzk_rng *rng, cuzk_fr *out)
{
    uint64_t raw[4];
    do {
        for (int i = 0; i < 4; i++)
            raw[i] = cuzk_rng_u64(rng);
        raw[3] &= 0x7fffffffffffffffull; /* 255 bits: rejection keeps it uniform */
    } while (!cuzk_fr_from_raw(out, raw) || cuzk_fr_is_zero(out));
}

void cuzk_toxic_from_seed(cuzk_toxic *t, uint64_t seed)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, seed);
    random_nonzero_fr(&rng, &t->tau);
    random_nonzero_fr(&rng, &t->alpha);
    random_nonzero_fr(&rng, &t->beta);
    random_nonzero_fr(&rng, &t->gamma);
    random_nonzero_fr(&rng, &t->delta);
}

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

/* Everything setup allocates, so one exit path frees it. */
typedef struct {
    cuzk_cs *cs;
    cuzk_fr *u, *v, *w;           /* per variable, inputs first */
    cuzk_fr *sc;                  /* scalar staging, reused per vector */
    cuzk_fixed_base_g1 *fb1;
    cuzk_fixed_base_g2 *fb2;
    cuzk_vk vk;
    cuzk_g1_affine *h, *l, *a, *b_g1;
    cuzk_g2_affine *b_g2;
} setup_state;

static void setup_release(setup_state *s)
{
    if (s->cs)
        cuzk_cs_free(s->cs);
    cuzk_free(s->u);
    cuzk_free(s->v);
    cuzk_free(s->w);
    cuzk_free(s->sc);
    cuzk_groth16_fixed_base_g1_free(s->fb1);
    cuzk_groth16_fixed_base_g2_free(s->fb2);
    cuzk_free(s->vk.ic);
    cuzk_free(s->h);
    cuzk_free(s->l);
    cuzk_free(s->a);
    cuzk_free(s->b_g1);
    cuzk_free(s->b_g2);
}

static void g1_times(cuzk_g1_affine *out, const cuzk_g1_affine *g, const cuzk_fr *k)
{
    cuzk_scalar s;
    cuzk_g1_proj p;
    cuzk_fr_to_scalar(&s, k);
    cuzk_g1_mul_affine(&p, g, &s);
    cuzk_g1_proj_to_affine(out, &p);
}

static void g2_times(cuzk_g2_affine *out, const cuzk_g2_affine *g, const cuzk_fr *k)
{
    cuzk_scalar s;
    cuzk_g2_proj p;
    cuzk_fr_to_scalar(&s, k);
    cuzk_g2_mul_affine(&p, g, &s);
    cuzk_g2_proj_to_affine(out, &p);
}

#define SETUP_CHUNK 2048

/* sc[k] = (beta u_i + alpha v_i + w_i) * inv for i in [i0, i0 + n). */
typedef struct {
    cuzk_fr *sc;
    const setup_state *s;
    uint64_t i0, n;
    const cuzk_toxic *tw;
    const cuzk_fr *inv;
} combine_ctx;

static void combine_task(void *vctx, size_t index)
{
    const combine_ctx *c = vctx;
    uint64_t k0 = (uint64_t)index * SETUP_CHUNK;
    uint64_t k1 = c->n - k0 < SETUP_CHUNK ? c->n : k0 + SETUP_CHUNK;
    for (uint64_t k = k0; k < k1; k++) {
        cuzk_fr x, y;
        cuzk_fr_mul(&x, &c->tw->beta, &c->s->u[c->i0 + k]);
        cuzk_fr_mul(&y, &c->tw->alpha, &c->s->v[c->i0 + k]);
        cuzk_fr_add(&x, &x, &y);
        cuzk_fr_add(&x, &x, &c->s->w[c->i0 + k]);
        cuzk_fr_mul(&c->sc[k], &x, c->inv);
    }
}

static void combine(cuzk_fr *sc, const setup_state *s, uint64_t i0, uint64_t n, const cuzk_toxic *tw,
                    const cuzk_fr *inv, cuzk_pool *pool)
{
    combine_ctx c = { sc, s, i0, n, tw, inv };
    cuzk_pool_run(pool, (n + SETUP_CHUNK - 1) / SETUP_CHUNK, combine_task, &c);
}

/* sc[i] = x0 tau^i for i < n; each chunk starts from its own power. */
typedef struct {
    cuzk_fr *sc;
    uint64_t n;
    cuzk_fr x0, tau;
} powers_ctx;

static void powers_task(void *vctx, size_t index)
{
    const powers_ctx *c = vctx;
    uint64_t i0 = (uint64_t)index * SETUP_CHUNK;
    uint64_t i1 = c->n - i0 < SETUP_CHUNK ? c->n : i0 + SETUP_CHUNK;
    cuzk_fr x;
    cuzk_fr_pow(&x, &c->tau, &i0, 1);
    cuzk_fr_mul(&x, &x, &c->x0);
    for (uint64_t i = i0; i < i1; i++) {
        c->sc[i] = x;
        cuzk_fr_mul(&x, &x, &c->tau);
    }
}

/* Nonzero entries of src[0..n) packed into dst; returns their count. Zero
 * entries would give points at infinity, which bellperson filters out. */
static uint64_t compact_nonzero(cuzk_fr *dst, const cuzk_fr *src, uint64_t n)
{
    uint64_t k = 0;
    for (uint64_t i = 0; i < n; i++)
        if (!cuzk_fr_is_zero(&src[i]))
            dst[k++] = src[i];
    return k;
}

static int setup_points(setup_state *s, const cuzk_toxic *tw, uint64_t ni, uint64_t na, uint64_t m,
                        const cuzk_fr *t_tau, cuzk_pool *pool, uint64_t *counts, cuzk_err *err)
{
    uint64_t nv = ni + na;
    cuzk_fr gamma_inv, delta_inv;
    cuzk_fr_inv(&gamma_inv, &tw->gamma);
    cuzk_fr_inv(&delta_inv, &tw->delta);

    /* Counts first, so every vector is allocated once and the tables are
     * sized for the real amount of work. */
    uint64_t a_len = 0, b_len = 0;
    for (uint64_t i = 0; i < nv; i++) {
        a_len += !cuzk_fr_is_zero(&s->u[i]);
        b_len += !cuzk_fr_is_zero(&s->v[i]);
    }
    uint64_t h_len = m - 1;
    if (a_len > UINT32_MAX || b_len > UINT32_MAX)
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "setup: A/B queries of %llu/%llu points exceed the u32 counts",
                            (unsigned long long)a_len, (unsigned long long)b_len);
    counts[CUZK_PARAMS_H] = h_len;
    counts[CUZK_PARAMS_L] = na;
    counts[CUZK_PARAMS_A] = a_len;
    counts[CUZK_PARAMS_B_G1] = b_len;
    counts[CUZK_PARAMS_B_G2] = b_len;

    uint64_t stage = nv > h_len ? nv : h_len;
    s->sc = cuzk_alloc_array(stage ? stage : 1, sizeof(cuzk_fr));
    s->vk.ic = cuzk_alloc_array(ni, sizeof(cuzk_g1_affine));
    s->h = cuzk_alloc_array(h_len ? h_len : 1, sizeof(cuzk_g1_affine));
    s->l = cuzk_alloc_array(na ? na : 1, sizeof(cuzk_g1_affine));
    s->a = cuzk_alloc_array(a_len ? a_len : 1, sizeof(cuzk_g1_affine));
    s->b_g1 = cuzk_alloc_array(b_len ? b_len : 1, sizeof(cuzk_g1_affine));
    s->b_g2 = cuzk_alloc_array(b_len ? b_len : 1, sizeof(cuzk_g2_affine));
    if (!s->sc || !s->vk.ic || !s->h || !s->l || !s->a || !s->b_g1 || !s->b_g2)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "setup: out of memory for the parameter vectors");
    s->vk.ic_len = (uint32_t)ni;

    cuzk_g1_affine g1;
    cuzk_g2_affine g2;
    cuzk_g1_generator(&g1);
    cuzk_g2_generator(&g2);
    g1_times(&s->vk.alpha_g1, &g1, &tw->alpha);
    g1_times(&s->vk.beta_g1, &g1, &tw->beta);
    g2_times(&s->vk.beta_g2, &g2, &tw->beta);
    g2_times(&s->vk.gamma_g2, &g2, &tw->gamma);
    g1_times(&s->vk.delta_g1, &g1, &tw->delta);
    g2_times(&s->vk.delta_g2, &g2, &tw->delta);

    int rc;
    uint64_t t0 = cuzk_now_ns();
    if ((rc = cuzk_groth16_fixed_base_g1_new(&s->fb1, &g1, ni + h_len + na + a_len + b_len, pool, err)) ||
        (rc = cuzk_groth16_fixed_base_g2_new(&s->fb2, &g2, b_len, pool, err)))
        return rc;
    cuzk_log("groth16 setup: fixed-base tables (G1 %u-bit, G2 %u-bit) %.1f ms",
             cuzk_groth16_fixed_base_g1_window(s->fb1), cuzk_groth16_fixed_base_g2_window(s->fb2), ms_since(t0));

    /* ic: every input, infinity included (the vk reader rejects it later, as bellperson's does) */
    t0 = cuzk_now_ns();
    combine(s->sc, s, 0, ni, tw, &gamma_inv, pool);
    if ((rc = cuzk_groth16_fixed_base_g1_mul(s->fb1, s->vk.ic, s->sc, ni, pool, err)))
        return rc;

    /* l: every aux; an aux in no constraint would be infinity, which bellperson refuses */
    combine(s->sc, s, ni, na, tw, &delta_inv, pool);
    for (uint64_t j = 0; j < na; j++)
        if (cuzk_fr_is_zero(&s->sc[j]))
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "setup: aux variable %llu is unconstrained (its L point would be infinity)",
                                (unsigned long long)j);
    if ((rc = cuzk_groth16_fixed_base_g1_mul(s->fb1, s->l, s->sc, na, pool, err)))
        return rc;
    cuzk_log("groth16 setup: ic (%llu) and l (%llu) %.1f ms", (unsigned long long)ni, (unsigned long long)na,
             ms_since(t0));

    t0 = cuzk_now_ns();
    compact_nonzero(s->sc, s->u, nv);
    if ((rc = cuzk_groth16_fixed_base_g1_mul(s->fb1, s->a, s->sc, a_len, pool, err)))
        return rc;
    compact_nonzero(s->sc, s->v, nv);
    if ((rc = cuzk_groth16_fixed_base_g1_mul(s->fb1, s->b_g1, s->sc, b_len, pool, err)) ||
        (rc = cuzk_groth16_fixed_base_g2_mul(s->fb2, s->b_g2, s->sc, b_len, pool, err)))
        return rc;
    cuzk_log("groth16 setup: a (%llu), b_g1 and b_g2 (%llu) %.1f ms", (unsigned long long)a_len,
             (unsigned long long)b_len, ms_since(t0));

    /* h[i] = tau^i t(tau) / delta, i < m - 1 */
    t0 = cuzk_now_ns();
    powers_ctx pc = { s->sc, h_len, CUZK_FR_ZERO, tw->tau };
    cuzk_fr_mul(&pc.x0, t_tau, &delta_inv);
    cuzk_pool_run(pool, (h_len + SETUP_CHUNK - 1) / SETUP_CHUNK, powers_task, &pc);
    if ((rc = cuzk_groth16_fixed_base_g1_mul(s->fb1, s->h, s->sc, h_len, pool, err)))
        return rc;
    cuzk_log("groth16 setup: h (%llu) %.1f ms", (unsigned long long)h_len, ms_since(t0));
    return 0;
}

int cuzk_groth16_setup(const cuzk_circuit *circuit, const cuzk_toxic *toxic, cuzk_pool *pool,
                       cuzk_params **out, cuzk_err *err)
{
    if (!circuit || !toxic || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "setup: NULL argument");
    *out = NULL;
    if (cuzk_fr_is_zero(&toxic->alpha) || cuzk_fr_is_zero(&toxic->beta) || cuzk_fr_is_zero(&toxic->gamma) ||
        cuzk_fr_is_zero(&toxic->delta))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "setup: alpha, beta, gamma and delta must be nonzero");

    uint64_t t_start = cuzk_now_ns();
    setup_state s;
    memset(&s, 0, sizeof s);
    int rc;
    s.cs = cuzk_cs_recorder_new(false);
    if (!s.cs)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "setup: out of memory for the constraint recorder");
    if ((rc = cuzk_circuit_synthesize(circuit, s.cs, err))) {
        setup_release(&s);
        return rc;
    }
    cuzk_cs_stats st;
    cuzk_cs_get_stats(s.cs, &st);
    if (st.inputs > UINT32_MAX || st.aux > UINT32_MAX) {
        setup_release(&s);
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "setup: %llu inputs / %llu aux exceed the u32 counts of the format",
                            (unsigned long long)st.inputs, (unsigned long long)st.aux);
    }
    cuzk_log("groth16 setup: circuit %s synthesized, %llu constraints, %llu inputs, %llu aux, %.1f ms",
             circuit->name ? circuit->name : "?", (unsigned long long)st.constraints,
             (unsigned long long)st.inputs, (unsigned long long)st.aux, ms_since(t_start));

    uint64_t nv = st.inputs + st.aux;
    s.u = cuzk_alloc_array(nv, sizeof(cuzk_fr));
    s.v = cuzk_alloc_array(nv, sizeof(cuzk_fr));
    s.w = cuzk_alloc_array(nv, sizeof(cuzk_fr));
    if (!s.u || !s.v || !s.w) {
        setup_release(&s);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "setup: out of memory for the QAP evaluations");
    }
    memset(s.u, 0, nv * sizeof(cuzk_fr));
    memset(s.v, 0, nv * sizeof(cuzk_fr));
    memset(s.w, 0, nv * sizeof(cuzk_fr));
    uint64_t m, t0 = cuzk_now_ns();
    cuzk_fr t_tau;
    if ((rc = cuzk_groth16_qap_eval(s.cs, &toxic->tau, pool, s.u, s.v, s.w, &m, &t_tau, err))) {
        setup_release(&s);
        return rc;
    }
    cuzk_cs_free(s.cs); /* the matrices are no longer needed */
    s.cs = NULL;
    cuzk_log("groth16 setup: QAP at tau (m = %llu) %.1f ms", (unsigned long long)m, ms_since(t0));

    uint64_t counts[CUZK_PARAMS_NVEC] = { 0 };
    if ((rc = setup_points(&s, toxic, st.inputs, st.aux, m, &t_tau, pool, counts, err))) {
        setup_release(&s);
        return rc;
    }
    cuzk_params *p = cuzk_params_new_in_memory(&s.vk, s.h, counts[CUZK_PARAMS_H], s.l, counts[CUZK_PARAMS_L],
                                               s.a, counts[CUZK_PARAMS_A], s.b_g1, counts[CUZK_PARAMS_B_G1],
                                               s.b_g2, counts[CUZK_PARAMS_B_G2]);
    /* moved into p (or freed by it on failure) */
    s.h = s.l = s.a = s.b_g1 = NULL;
    s.b_g2 = NULL;
    setup_release(&s);
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "setup: out of memory for the params");
    cuzk_log("groth16 setup: done in %.1f ms", ms_since(t_start));
    *out = p;
    return 0;
}
