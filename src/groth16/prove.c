/* The Groth16 prover, bellperson's data flow (bellperson src/groth16/prover): H from
 * the a, b, c evaluations, the five MSMs with the density-filtered A and B
 * queries, then the assembly of A, B, C with r and s. The heavy kernels go
 * through a back-end table (backend.h). */
#include <pthread.h>
#include <string.h>

#include "groth16/backend.h"
#include "groth16/params_impl.h"
#include "groth16/setup_impl.h"

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

static uint64_t popcount_bits(const uint64_t *bits, uint64_t n)
{
    if (!bits)
        return 0;
    uint64_t c = 0;
    for (uint64_t i = 0; i < n / 64; i++)
        c += (uint64_t)__builtin_popcountll(bits[i]);
    if (n % 64)
        c += (uint64_t)__builtin_popcountll(bits[n / 64] & (((uint64_t)1 << (n % 64)) - 1));
    return c;
}

static bool bit_set(const uint64_t *bits, uint64_t i) { return bits && (bits[i / 64] >> (i % 64)) & 1; }

/* Uniform in [0, r): 255 random bits, rejected when >= r (p ~ 0.1 per draw). */
static int random_fr(cuzk_fr *out, cuzk_err *err)
{
    for (;;) {
        uint64_t raw[4];
        int rc = cuzk_os_random(raw, sizeof raw, err);
        if (rc)
            return rc;
        raw[3] &= 0x7fffffffffffffffull;
        if (cuzk_fr_from_raw(out, raw))
            return 0;
    }
}

/* The witness must have the shape the params were generated for; a mismatch
 * means the wrong params file or a circuit that differs from the one set up. */
static int check_shape(cuzk_params *p, const cuzk_witness *w, uint64_t m, cuzk_err *err)
{
    const cuzk_vk *vk = cuzk_params_vk(p);
    uint64_t a_aux = popcount_bits(w->a_aux_density, w->num_aux);
    uint64_t b_in = popcount_bits(w->b_input_density, w->num_inputs);
    uint64_t b_aux = popcount_bits(w->b_aux_density, w->num_aux);
    struct {
        const char *what;
        uint64_t have, want;
    } checks[] = {
        { "ic_len (inputs incl. ONE)", vk->ic_len, w->num_inputs },
        { "l_len (aux)", cuzk_params_count(p, CUZK_PARAMS_L), w->num_aux },
        { "a_len (inputs + A-dense aux)", cuzk_params_count(p, CUZK_PARAMS_A), w->num_inputs + a_aux },
        { "b_g1_len (B-dense inputs + aux)", cuzk_params_count(p, CUZK_PARAMS_B_G1), b_in + b_aux },
        { "b_g2_len (B-dense inputs + aux)", cuzk_params_count(p, CUZK_PARAMS_B_G2), b_in + b_aux },
        { "h_len (domain size - 1)", cuzk_params_count(p, CUZK_PARAMS_H), m - 1 },
    };
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if (checks[i].have != checks[i].want)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                "prove: params %s is %llu but the witness needs %llu (wrong params for this circuit?)",
                                checks[i].what, (unsigned long long)checks[i].have,
                                (unsigned long long)checks[i].want);
    if (cuzk_g1_affine_is_infinity(&vk->delta_g1) || cuzk_g2_affine_is_infinity(&vk->delta_g2))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prove: delta in the params is the identity");
    return 0;
}

typedef struct {
    cuzk_domain *dom;
    cuzk_fr *abc;            /* 3 m: a | b | c, then the H scalars in the b part */
    cuzk_scalar *in_sc, *aux_sc, *a_sc, *b_sc;
} prove_state;

static void prove_release(prove_state *s)
{
    cuzk_domain_free(s->dom);
    cuzk_free(s->abc);
    cuzk_free(s->in_sc);
    cuzk_free(s->aux_sc);
    cuzk_free(s->a_sc);
    cuzk_free(s->b_sc);
}

typedef struct {
    const cuzk_fr *in;
    cuzk_scalar *out;
    size_t n;
} to_scalar_ctx;

#define SCALAR_CHUNK 8192

static void to_scalar_task(void *vctx, size_t index)
{
    const to_scalar_ctx *c = vctx;
    size_t i0 = index * SCALAR_CHUNK, i1 = i0 + SCALAR_CHUNK < c->n ? i0 + SCALAR_CHUNK : c->n;
    for (size_t i = i0; i < i1; i++)
        cuzk_fr_to_scalar(&c->out[i], &c->in[i]);
}

/* Canonical forms for the MSMs. */
static void to_scalars(cuzk_scalar *out, const cuzk_fr *in, size_t n, cuzk_pool *pool)
{
    to_scalar_ctx c = { in, out, n };
    cuzk_pool_run(pool, (n + SCALAR_CHUNK - 1) / SCALAR_CHUNK, to_scalar_task, &c);
}

static void g1_mul_fr(cuzk_g1_proj *r, const cuzk_g1_proj *p, const cuzk_fr *k)
{
    cuzk_scalar s;
    cuzk_fr_to_scalar(&s, k);
    cuzk_g1_mul(r, p, &s);
}

/* B in G2 on a thread of its own (back ends with g2_concurrent): it starts
 * as soon as the B scalars exist and runs beside H and the G1 MSMs. */
typedef struct {
    const cuzk_groth16_backend *be;
    const cuzk_g2_affine *bases;
    const cuzk_scalar *scalars;
    size_t n;
    cuzk_pool *pool;
    cuzk_g2_proj out;
    int rc;
    cuzk_err err;
    double ms;
    bool started;
    pthread_t thread;
} g2_job;

static void *g2_job_main(void *arg)
{
    g2_job *j = arg;
    uint64_t t0 = cuzk_now_ns();
    j->rc = j->be->msm_g2(j->be->ctx, 0, &j->out, j->bases, j->scalars, j->n, j->pool, &j->err);
    j->ms = ms_since(t0);
    cuzk_log("groth16 prove [%s]: msm b_g2 (%zu, own thread) %.1f ms", j->be->name, j->n, j->ms);
    return NULL;
}

/* Waits for the G2 thread (if started); 0 or its error. */
static int g2_job_join(g2_job *j, cuzk_err *err)
{
    if (!j->started)
        return 0;
    pthread_join(j->thread, NULL);
    j->started = false;
    if (j->rc && err)
        *err = j->err;
    return j->rc;
}

int cuzk_groth16_prove_with(const cuzk_groth16_backend *be, cuzk_params *params, const cuzk_witness *w,
                            const cuzk_fr *r_in, const cuzk_fr *s_in, cuzk_pool *pool, cuzk_proof *out,
                            cuzk_prove_timings *timings, cuzk_err *err)
{
    if (!be || !params || !w || !out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prove: NULL argument");
    if (w->num_constraints == 0 || w->num_inputs == 0 || !w->input || !w->a || !w->b || !w->c ||
        (w->num_aux && !w->aux))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prove: incomplete witness");
    cuzk_prove_timings tm;
    memset(&tm, 0, sizeof tm);
    if (timings)
        tm.synthesis_ms = timings->synthesis_ms; /* filled by prove_circuit */
    uint64_t t_start = cuzk_now_ns(), t0;
    prove_state st;
    memset(&st, 0, sizeof st);
    int rc;
    cuzk_fr r, s;
    if (r_in)
        r = *r_in;
    else if ((rc = random_fr(&r, err)))
        return rc;
    if (s_in)
        s = *s_in;
    else if ((rc = random_fr(&s, err)))
        return rc;

    /* ---- shape and params (a mapped file decodes its vectors here, on first use) ---- */
    t0 = cuzk_now_ns();
    uint64_t m;
    cuzk_fr omega;
    if ((rc = cuzk_groth16_domain_size(w->num_constraints, &m, &omega, err)) ||
        (rc = check_shape(params, w, m, err)))
        return rc;
    const uint64_t ni = w->num_inputs, na = w->num_aux, n = w->num_constraints;
    const cuzk_vk *vk = cuzk_params_vk(params);
    const cuzk_g1_affine *h_b, *l_b, *a_b, *b1_b;
    const cuzk_g2_affine *b2_b;
    if ((rc = cuzk_params_g1(params, CUZK_PARAMS_H, &h_b, err)) ||
        (rc = cuzk_params_g1(params, CUZK_PARAMS_L, &l_b, err)) ||
        (rc = cuzk_params_g1(params, CUZK_PARAMS_A, &a_b, err)) ||
        (rc = cuzk_params_g1(params, CUZK_PARAMS_B_G1, &b1_b, err)) ||
        (rc = cuzk_params_g2(params, &b2_b, err)))
        return rc;
    double params_ms = ms_since(t0);
    if (params_ms >= 1.0)
        cuzk_log("groth16 prove [%s]: params ready %.1f ms", be->name, params_ms);

    /* ---- scalars for the A and B queries, densities applied ---- */
    const uint64_t a_len = cuzk_params_count(params, CUZK_PARAMS_A);
    const uint64_t b_len = cuzk_params_count(params, CUZK_PARAMS_B_G1);
    unsigned log_m = 0;
    while (((uint64_t)1 << log_m) < m)
        log_m++;
    st.in_sc = cuzk_alloc_array(ni, sizeof(cuzk_scalar));
    st.aux_sc = cuzk_alloc_array(na ? na : 1, sizeof(cuzk_scalar));
    st.a_sc = cuzk_alloc_array(a_len ? a_len : 1, sizeof(cuzk_scalar));
    st.b_sc = cuzk_alloc_array(b_len ? b_len : 1, sizeof(cuzk_scalar));
    if (!st.in_sc || !st.aux_sc || !st.a_sc || !st.b_sc) {
        prove_release(&st);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "prove: out of memory for the scalars (%llu aux)",
                            (unsigned long long)na);
    }
    to_scalars(st.in_sc, w->input, ni, pool);
    to_scalars(st.aux_sc, w->aux, na, pool);
    /* B first: with g2_concurrent its MSM starts before the A scalars are gathered */
    uint64_t ka = 0, kb = 0;
    for (uint64_t i = 0; i < ni; i++)
        if (bit_set(w->b_input_density, i))
            st.b_sc[kb++] = st.in_sc[i];
    for (uint64_t j = 0; j < na; j++)
        if (bit_set(w->b_aux_density, j))
            st.b_sc[kb++] = st.aux_sc[j];
    /* check_shape made these equal; kept as a guard for the buffers */
    if (kb != b_len) {
        prove_release(&st);
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prove: density popcounts changed under us");
    }
    g2_job g2 = { .be = be, .bases = b2_b, .scalars = st.b_sc, .n = b_len, .pool = pool };
    if (be->g2_concurrent) {
        if (pthread_create(&g2.thread, NULL, g2_job_main, &g2) != 0) {
            prove_release(&st);
            return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "prove: cannot start the B_G2 thread");
        }
        g2.started = true;
    }
    memcpy(st.a_sc, st.in_sc, ni * sizeof(cuzk_scalar));
    ka = ni;
    for (uint64_t j = 0; j < na; j++)
        if (bit_set(w->a_aux_density, j))
            st.a_sc[ka++] = st.aux_sc[j];
    if (ka != a_len) {
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prove: density popcounts changed under us");
        goto fail;
    }

    /* ---- H ---- */
    t0 = cuzk_now_ns();
    cuzk_scalar *h_sc = NULL; /* NULL: the back end kept H (compute_h_kept) */
    if (be->compute_h_kept) {
        if ((rc = be->compute_h_kept(be->ctx, m, w->a, w->b, w->c, n, err)))
            goto fail;
    } else {
        if ((rc = cuzk_domain_create(&st.dom, w->num_constraints, pool, err)))
            goto fail;
        st.abc = cuzk_alloc_array(3 * m, sizeof(cuzk_fr));
        if (!st.abc) {
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "prove: out of memory (domain 2^%u)", log_m);
            goto fail;
        }
        cuzk_fr *a = st.abc, *b = a + m, *c = b + m;
        memcpy(a, w->a, n * sizeof(cuzk_fr));
        memcpy(b, w->b, n * sizeof(cuzk_fr));
        memcpy(c, w->c, n * sizeof(cuzk_fr));
        memset(a + n, 0, (m - n) * sizeof(cuzk_fr));
        memset(b + n, 0, (m - n) * sizeof(cuzk_fr));
        memset(c + n, 0, (m - n) * sizeof(cuzk_fr));
        if ((rc = be->compute_h(be->ctx, st.dom, a, b, c, pool, err)))
            goto fail;
        /* h_0 .. h_{m-2}; h_{m-1} is zero for a satisfied instance and has no base.
         * The canonical forms go to the (clobbered) b part, so no object is read
         * and written through two types. */
        h_sc = (cuzk_scalar *)b;
        to_scalars(h_sc, a, m - 1, pool);
    }
    tm.fft_ms = ms_since(t0);
    cuzk_log("groth16 prove [%s]: H (m = 2^%u) %.1f ms", be->name, log_m, tm.fft_ms);

    /* ---- MSMs, one log line each ---- */
    cuzk_g1_proj h_acc, l_acc, a_acc, b1_acc;
    cuzk_g2_proj b2_acc;
    bool zk = !cuzk_fr_is_zero(&r) || !cuzk_fr_is_zero(&s);
    t0 = cuzk_now_ns();
    /* The precomputed H table (cuzk_params_precompute) is a CPU structure: a
     * device back end keeps its own resident bases. Same value either way. */
    const cuzk_g1_msm_table *h_table = be == &cuzk_groth16_backend_cpu ? cuzk_params_h_table(params) : NULL;
    const cuzk_g1_msm_table *l_table = h_table ? cuzk_params_l_table(params) : NULL;
    if (l_table) {
        /* H and L are only ever used as H + L: one MSM over both tables,
         * one set of buckets, one reduction (l_acc stays the identity) */
        const cuzk_g1_msm_table *tbs[2] = { h_table, l_table };
        const cuzk_scalar *sc[2] = { h_sc, st.aux_sc };
        size_t ns[2] = { (size_t)(m - 1), (size_t)na };
        rc = cuzk_g1_msm_table_run_many(&h_acc, tbs, sc, ns, 2, pool, err);
    } else if (h_table) {
        rc = cuzk_g1_msm_table_run(&h_acc, h_table, h_sc, m - 1, pool, err);
    } else {
        rc = be->msm_g1(be->ctx, CUZK_PARAMS_H, 0, &h_acc, h_b, h_sc, m - 1, pool, err);
    }
    if (rc)
        goto fail;
    tm.msm_h_ms = ms_since(t0);
    cuzk_log("groth16 prove [%s]: msm h (%llu)%s %.1f ms", be->name, (unsigned long long)(m - 1),
             l_table ? " + l, shared buckets" : "", tm.msm_h_ms);
    t0 = cuzk_now_ns();
    if (l_table)
        cuzk_g1_proj_infinity(&l_acc);
    else if ((rc = be->msm_g1(be->ctx, CUZK_PARAMS_L, 0, &l_acc, l_b, st.aux_sc, na, pool, err)))
        goto fail;
    tm.msm_l_ms = ms_since(t0);
    if (!l_table)
        cuzk_log("groth16 prove [%s]: msm l (%llu) %.1f ms", be->name, (unsigned long long)na, tm.msm_l_ms);
    t0 = cuzk_now_ns();
    if ((rc = be->msm_g1(be->ctx, CUZK_PARAMS_A, 0, &a_acc, a_b, st.a_sc, a_len, pool, err)))
        goto fail;
    tm.msm_a_ms = ms_since(t0);
    cuzk_log("groth16 prove [%s]: msm a (%llu) %.1f ms", be->name, (unsigned long long)a_len, tm.msm_a_ms);
    t0 = cuzk_now_ns();
    /* B in G1 only enters C multiplied by r (bellperson skips it without randomization) */
    cuzk_g1_proj_infinity(&b1_acc);
    if (!cuzk_fr_is_zero(&r) &&
        (rc = be->msm_g1(be->ctx, CUZK_PARAMS_B_G1, 0, &b1_acc, b1_b, st.b_sc, b_len, pool, err)))
        goto fail;
    tm.msm_b_g1_ms = ms_since(t0);
    cuzk_log("groth16 prove [%s]: msm b_g1 (%llu) %.1f ms", be->name, (unsigned long long)b_len, tm.msm_b_g1_ms);
    t0 = cuzk_now_ns();
    if (g2.started) {
        if ((rc = g2_job_join(&g2, err)))
            goto fail;
        b2_acc = g2.out;
        tm.msm_b_g2_ms = g2.ms;
        cuzk_log("groth16 prove [%s]: waited %.1f ms for b_g2", be->name, ms_since(t0));
    } else {
        if ((rc = be->msm_g2(be->ctx, 0, &b2_acc, b2_b, st.b_sc, b_len, pool, err)))
            goto fail;
        tm.msm_b_g2_ms = ms_since(t0);
        cuzk_log("groth16 prove [%s]: msm b_g2 (%llu) %.1f ms", be->name, (unsigned long long)b_len,
                 tm.msm_b_g2_ms);
    }

    /* ---- assembly ----
     * A = alpha + r delta + A_sum
     * B = beta + s delta + B2
     * C = s (A_sum + alpha) + r (B1 + beta_1) + r s delta + H + L */
    {
        cuzk_g1_proj alpha, beta1, delta1, t, pa, pc;
        cuzk_g2_proj beta2, delta2, pb;
        cuzk_g1_proj_from_affine(&alpha, &vk->alpha_g1);
        cuzk_g1_proj_from_affine(&beta1, &vk->beta_g1);
        cuzk_g1_proj_from_affine(&delta1, &vk->delta_g1);
        cuzk_g2_proj_from_affine(&beta2, &vk->beta_g2);
        cuzk_g2_proj_from_affine(&delta2, &vk->delta_g2);

        g1_mul_fr(&t, &delta1, &r);
        cuzk_g1_proj_add(&pa, &alpha, &t);
        cuzk_g1_proj_add(&pa, &pa, &a_acc);

        cuzk_scalar ss;
        cuzk_fr_to_scalar(&ss, &s);
        cuzk_g2_mul(&pb, &delta2, &ss);
        cuzk_g2_proj_add(&pb, &pb, &beta2);
        cuzk_g2_proj_add(&pb, &pb, &b2_acc);

        cuzk_g1_proj_add(&pc, &h_acc, &l_acc);
        if (zk) {
            cuzk_fr rs;
            cuzk_fr_mul(&rs, &r, &s);
            cuzk_g1_proj_add(&t, &a_acc, &alpha);
            g1_mul_fr(&t, &t, &s);
            cuzk_g1_proj_add(&pc, &pc, &t);
            cuzk_g1_proj_add(&t, &b1_acc, &beta1);
            g1_mul_fr(&t, &t, &r);
            cuzk_g1_proj_add(&pc, &pc, &t);
            g1_mul_fr(&t, &delta1, &rs);
            cuzk_g1_proj_add(&pc, &pc, &t);
        }
        if (cuzk_g1_proj_is_infinity(&pa) || cuzk_g2_proj_is_infinity(&pb) || cuzk_g1_proj_is_infinity(&pc)) {
            rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                              "prove: proof %s is the identity (readers would reject it)",
                              cuzk_g1_proj_is_infinity(&pa) ? "A" : cuzk_g2_proj_is_infinity(&pb) ? "B" : "C");
            goto fail;
        }
        cuzk_g1_proj_to_affine(&out->a, &pa);
        cuzk_g2_proj_to_affine(&out->b, &pb);
        cuzk_g1_proj_to_affine(&out->c, &pc);
    }
    prove_release(&st);
    tm.total_ms = ms_since(t_start) + tm.synthesis_ms;
    cuzk_log("groth16 prove [%s]: total %.1f ms", be->name, tm.total_ms);
    if (timings)
        *timings = tm;
    return 0;
fail:
    g2_job_join(&g2, NULL); /* the thread reads st.b_sc: never free under it */
    prove_release(&st);
    return rc;
}

int cuzk_groth16_prove(cuzk_params *params, const cuzk_witness *w, const cuzk_fr *r, const cuzk_fr *s,
                       cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings, cuzk_err *err)
{
    if (timings)
        timings->synthesis_ms = 0;
    return cuzk_groth16_prove_with(&cuzk_groth16_backend_cpu, params, w, r, s, pool, out, timings, err);
}

int cuzk_groth16_prove_circuit(cuzk_params *params, const cuzk_circuit *circuit, const cuzk_fr *r,
                               const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out,
                               cuzk_prove_timings *timings, cuzk_err *err)
{
    return cuzk_groth16_prove_circuit_with(&cuzk_groth16_backend_cpu, params, circuit, r, s, pool, out, timings,
                                           err);
}

int cuzk_groth16_prove_circuit_with(const cuzk_groth16_backend *be, cuzk_params *params,
                                    const cuzk_circuit *circuit, const cuzk_fr *r, const cuzk_fr *s,
                                    cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings, cuzk_err *err)
{
    if (!params || !circuit)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prove: NULL argument");
    uint64_t t0 = cuzk_now_ns();
    /* the params know the shape: h_len + 1 bounds the constraints, l_len is the aux count */
    cuzk_cs *cs = cuzk_cs_prover_new(cuzk_params_count(params, CUZK_PARAMS_H) + 1,
                                     cuzk_params_count(params, CUZK_PARAMS_L));
    if (!cs)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "prove: out of memory for the witness");
    int rc = cuzk_circuit_synthesize(circuit, cs, err);
    cuzk_witness w;
    if (!rc && cuzk_cs_prover_witness(cs, &w) != 0)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "prove: synthesis left no witness");
    if (rc) {
        cuzk_cs_free(cs);
        return rc;
    }
    cuzk_prove_timings tm;
    memset(&tm, 0, sizeof tm);
    tm.synthesis_ms = ms_since(t0);
    cuzk_log("groth16 prove: synthesis of %s %.1f ms", circuit->name ? circuit->name : "?", tm.synthesis_ms);
    rc = cuzk_groth16_prove_with(be, params, &w, r, s, pool, out, &tm, err);
    cuzk_cs_free(cs);
    if (!rc && timings)
        *timings = tm;
    return rc;
}
