/* Groth16 setup, prover and verifier end to end on generated circuits.
 *
 * Setup is checked against the toxic waste directly: single entries of h, ic
 * and the A/B queries are recomputed from the recorded matrices by
 * interpolation (the poly layer's iFFT, independent of setup's Lagrange
 * formula), and the filtered A/B queries must match the prover's densities.
 * Proofs are checked against their known discrete logs (A and B), by the
 * verifier, and by negative cases: wrong inputs, altered points, tampered
 * witnesses, mismatched params, batches with one bad proof. */
#include <stdlib.h>

#include "cuzk/groth16.h"
#include "r1cs/test_circuit_internal.h"
#include "cuzk/poly.h"
#include "groth16/params_impl.h"
#include "test.h"

static cuzk_pool *pool;

static void proof_bytes(uint8_t out[192], const cuzk_proof *p) { cuzk_proof_serialize(out, p); }

static void fr_u64(cuzk_fr *r, uint64_t v) { cuzk_fr_from_u64(r, v); }

static cuzk_g1_affine g1_of(const cuzk_fr *k)
{
    cuzk_g1_affine g, r;
    cuzk_g1_proj p;
    cuzk_scalar s;
    cuzk_g1_generator(&g);
    cuzk_fr_to_scalar(&s, k);
    cuzk_g1_mul_affine(&p, &g, &s);
    cuzk_g1_proj_to_affine(&r, &p);
    return r;
}

static cuzk_g2_affine g2_of(const cuzk_fr *k)
{
    cuzk_g2_affine g, r;
    cuzk_g2_proj p;
    cuzk_scalar s;
    cuzk_g2_generator(&g);
    cuzk_fr_to_scalar(&s, k);
    cuzk_g2_mul_affine(&p, &g, &s);
    cuzk_g2_proj_to_affine(&r, &p);
    return r;
}

/* The polynomial through (omega^j, v_j), j < m (v zero-padded from n), at x:
 * iFFT to coefficients, then Horner. */
static cuzk_fr interpolate_at(const cuzk_domain *d, const cuzk_fr *v, size_t n, const cuzk_fr *x)
{
    cuzk_fr *c = calloc(d->m, sizeof *c);
    memcpy(c, v, n * sizeof *c);
    cuzk_poly_ifft(d, c, pool);
    cuzk_fr acc = CUZK_FR_ZERO;
    for (size_t i = d->m; i-- > 0;) {
        cuzk_fr_mul(&acc, &acc, x);
        cuzk_fr_add(&acc, &acc, &c[i]);
    }
    free(c);
    return acc;
}

/* u, v, w of one variable at tau, from the recorded matrices. */
static void qap_of_var(const cuzk_cs *rec, const cuzk_domain *d, cuzk_var var, const cuzk_fr *tau,
                       cuzk_fr uvw[3])
{
    cuzk_cs_stats st;
    cuzk_cs_get_stats(rec, &st);
    cuzk_fr *col[3];
    for (int k = 0; k < 3; k++)
        col[k] = calloc(st.constraints, sizeof(cuzk_fr));
    for (uint64_t j = 0; j < st.constraints; j++) {
        cuzk_lc_view lv[3];
        cuzk_cs_recorder_constraint(rec, j, &lv[0], &lv[1], &lv[2]);
        for (int k = 0; k < 3; k++)
            for (uint32_t t = 0; t < lv[k].len; t++)
                if (lv[k].terms[t].var.index == var.index && lv[k].terms[t].var.kind == var.kind)
                    cuzk_fr_add(&col[k][j], &col[k][j], &lv[k].terms[t].coeff);
    }
    for (int k = 0; k < 3; k++) {
        uvw[k] = interpolate_at(d, col[k], st.constraints, tau);
        free(col[k]);
    }
}

static bool bit(const uint64_t *b, uint64_t i) { return (b[i / 64] >> (i % 64)) & 1; }

static uint64_t popcount(const uint64_t *b, uint64_t n)
{
    uint64_t c = 0;
    for (uint64_t i = 0; i < n; i++)
        c += bit(b, i);
    return c;
}

typedef struct {
    cuzk_circuit circuit;
    cuzk_test_circuit tc;
    cuzk_toxic toxic;
    cuzk_params *params;
    cuzk_pvk *pvk;
    cuzk_cs *prover;
    cuzk_witness w;
    cuzk_fr *inputs; /* w.input + 1 */
    size_t n_inputs;
} fixture;

static bool fixture_init(fixture *f, uint64_t n, uint32_t n_inputs, uint64_t seed, double *setup_ms)
{
    memset(f, 0, sizeof *f);
    cuzk_test_circuit_init(&f->tc, &f->circuit, n, n_inputs, seed);
    cuzk_toxic_from_seed(&f->toxic, seed * 31 + 7);
    cuzk_err err = { 0 };
    uint64_t t0 = cuzk_now_ns();
    int rc = cuzk_groth16_setup(&f->circuit, &f->toxic, pool, &f->params, &err);
    if (setup_ms)
        *setup_ms = (double)(cuzk_now_ns() - t0) / 1e6;
    CHECK_MSG(rc == 0, "setup: %s", err.msg);
    if (rc)
        return false;
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(f->params), &f->pvk, &err) == 0);
    f->prover = cuzk_cs_prover_new(0, 0);
    CHECK(cuzk_circuit_synthesize(&f->circuit, f->prover, &err) == 0);
    CHECK(cuzk_cs_prover_witness(f->prover, &f->w) == 0);
    f->inputs = (cuzk_fr *)f->w.input + 1;
    f->n_inputs = f->w.num_inputs - 1;
    return f->pvk != NULL;
}

static void fixture_free(fixture *f)
{
    cuzk_pvk_free(f->pvk);
    cuzk_params_free(f->params);
    if (f->prover)
        cuzk_cs_free(f->prover);
}

/* ---- setup against the toxic waste ---------------------------------------------- */
static void check_setup(fixture *f)
{
    cuzk_err err;
    cuzk_cs *rec = cuzk_cs_recorder_new(false);
    CHECK(cuzk_circuit_synthesize(&f->circuit, rec, &err) == 0);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(rec, &st);
    cuzk_params *p = f->params;
    const cuzk_vk *vk = cuzk_params_vk(p);
    const cuzk_toxic *tw = &f->toxic;

    /* vector lengths: bellperson's ProvingAssignment, against the prover's densities */
    cuzk_domain *d = NULL;
    CHECK(cuzk_domain_create(&d, st.constraints, pool, &err) == 0);
    uint64_t b_len = popcount(f->w.b_input_density, f->w.num_inputs) + popcount(f->w.b_aux_density, f->w.num_aux);
    CHECK(vk->ic_len == st.inputs);
    CHECK(cuzk_params_count(p, CUZK_PARAMS_H) == d->m - 1);
    CHECK(cuzk_params_count(p, CUZK_PARAMS_L) == st.aux);
    CHECK(cuzk_params_count(p, CUZK_PARAMS_A) == st.inputs + popcount(f->w.a_aux_density, f->w.num_aux));
    CHECK(cuzk_params_count(p, CUZK_PARAMS_B_G1) == b_len);
    CHECK(cuzk_params_count(p, CUZK_PARAMS_B_G2) == b_len);
    /* and against the counter's statistics */
    CHECK(cuzk_params_count(p, CUZK_PARAMS_A) == st.inputs + st.a_aux_density);
    CHECK(b_len == st.b_input_density + st.b_aux_density);
    CHECK(b_len < st.inputs + st.aux); /* the filter really removes points here */

    /* fixed points */
    CHECK(cuzk_g1_affine_eq(&vk->alpha_g1, &(cuzk_g1_affine){ 0 }) == false);
    cuzk_g1_affine e1 = g1_of(&tw->alpha);
    CHECK(cuzk_g1_affine_eq(&vk->alpha_g1, &e1));
    e1 = g1_of(&tw->beta);
    CHECK(cuzk_g1_affine_eq(&vk->beta_g1, &e1));
    e1 = g1_of(&tw->delta);
    CHECK(cuzk_g1_affine_eq(&vk->delta_g1, &e1));
    cuzk_g2_affine e2 = g2_of(&tw->beta);
    CHECK(cuzk_g2_affine_eq(&vk->beta_g2, &e2));
    e2 = g2_of(&tw->gamma);
    CHECK(cuzk_g2_affine_eq(&vk->gamma_g2, &e2));
    e2 = g2_of(&tw->delta);
    CHECK(cuzk_g2_affine_eq(&vk->delta_g2, &e2));

    /* h[i] = tau^i t(tau)/delta, i < m - 1 */
    const cuzk_g1_affine *h, *l, *a, *b1;
    const cuzk_g2_affine *b2;
    CHECK(cuzk_params_g1(p, CUZK_PARAMS_H, &h, &err) == 0);
    CHECK(cuzk_params_g1(p, CUZK_PARAMS_L, &l, &err) == 0);
    CHECK(cuzk_params_g1(p, CUZK_PARAMS_A, &a, &err) == 0);
    CHECK(cuzk_params_g1(p, CUZK_PARAMS_B_G1, &b1, &err) == 0);
    CHECK(cuzk_params_g2(p, &b2, &err) == 0);
    cuzk_fr t, x, dinv, ginv;
    uint64_t m = d->m, e = m - 2;
    cuzk_fr_pow(&t, &tw->tau, &m, 1);
    cuzk_fr_sub(&t, &t, &CUZK_FR_ONE);
    cuzk_fr_inv(&dinv, &tw->delta);
    cuzk_fr_inv(&ginv, &tw->gamma);
    cuzk_fr_mul(&x, &t, &dinv);
    e1 = g1_of(&x);
    CHECK(cuzk_g1_affine_eq(&h[0], &e1));
    uint64_t hprobe[] = { 1, 2047, 2048, 2049, e }; /* across the chunks of setup's power table */
    for (size_t k = 0; k < sizeof hprobe / sizeof hprobe[0]; k++) {
        if (hprobe[k] > e)
            continue;
        cuzk_fr_pow(&x, &tw->tau, &hprobe[k], 1);
        cuzk_fr_mul(&x, &x, &t);
        cuzk_fr_mul(&x, &x, &dinv);
        e1 = g1_of(&x);
        CHECK_MSG(cuzk_g1_affine_eq(&h[hprobe[k]], &e1), "h[%llu]", (unsigned long long)hprobe[k]);
    }

    /* ic[i] for every input; a[i], b[i] of the inputs by their filtered position */
    uint64_t bpos = 0;
    for (uint64_t i = 0; i < st.inputs; i++) {
        cuzk_fr uvw[3], y;
        qap_of_var(rec, d, (cuzk_var){ (uint32_t)i, CUZK_VAR_INPUT }, &tw->tau, uvw);
        cuzk_fr_mul(&x, &tw->beta, &uvw[0]);
        cuzk_fr_mul(&y, &tw->alpha, &uvw[1]);
        cuzk_fr_add(&x, &x, &y);
        cuzk_fr_add(&x, &x, &uvw[2]);
        cuzk_fr_mul(&x, &x, &ginv);
        e1 = g1_of(&x);
        CHECK_MSG(cuzk_g1_affine_eq(&vk->ic[i], &e1), "ic[%llu]", (unsigned long long)i);
        e1 = g1_of(&uvw[0]);
        CHECK_MSG(cuzk_g1_affine_eq(&a[i], &e1), "a[%llu]", (unsigned long long)i);
        CHECK(bit(f->w.b_input_density, i) == !cuzk_fr_is_zero(&uvw[1]));
        if (!cuzk_fr_is_zero(&uvw[1])) {
            e1 = g1_of(&uvw[1]);
            e2 = g2_of(&uvw[1]);
            CHECK(cuzk_g1_affine_eq(&b1[bpos], &e1));
            CHECK(cuzk_g2_affine_eq(&b2[bpos], &e2));
            bpos++;
        }
    }
    /* a few aux: l[j], and a / b at their filtered positions */
    uint64_t probes[] = { 0, 1, 2, st.aux / 2, st.aux - 1, 2047, 2048 }; /* 2048: a chunk edge in setup */
    for (size_t k = 0; k < sizeof probes / sizeof probes[0]; k++) {
        uint64_t j = probes[k];
        if (j >= st.aux)
            continue;
        cuzk_fr uvw[3], y;
        qap_of_var(rec, d, (cuzk_var){ (uint32_t)j, CUZK_VAR_AUX }, &tw->tau, uvw);
        cuzk_fr_mul(&x, &tw->beta, &uvw[0]);
        cuzk_fr_mul(&y, &tw->alpha, &uvw[1]);
        cuzk_fr_add(&x, &x, &y);
        cuzk_fr_add(&x, &x, &uvw[2]);
        cuzk_fr_mul(&x, &x, &dinv);
        e1 = g1_of(&x);
        CHECK_MSG(cuzk_g1_affine_eq(&l[j], &e1), "l[%llu]", (unsigned long long)j);
        CHECK(bit(f->w.a_aux_density, j) == !cuzk_fr_is_zero(&uvw[0]));
        CHECK(bit(f->w.b_aux_density, j) == !cuzk_fr_is_zero(&uvw[1]));
        if (!cuzk_fr_is_zero(&uvw[0])) {
            uint64_t pos = st.inputs + popcount(f->w.a_aux_density, j);
            e1 = g1_of(&uvw[0]);
            CHECK_MSG(cuzk_g1_affine_eq(&a[pos], &e1), "a of aux %llu", (unsigned long long)j);
        }
        if (!cuzk_fr_is_zero(&uvw[1])) {
            uint64_t pos = popcount(f->w.b_input_density, st.inputs) + popcount(f->w.b_aux_density, j);
            e1 = g1_of(&uvw[1]);
            e2 = g2_of(&uvw[1]);
            CHECK_MSG(cuzk_g1_affine_eq(&b1[pos], &e1), "b_g1 of aux %llu", (unsigned long long)j);
            CHECK_MSG(cuzk_g2_affine_eq(&b2[pos], &e2), "b_g2 of aux %llu", (unsigned long long)j);
        }
    }
    /* no point at infinity anywhere in the filtered vectors */
    size_t inf = 0;
    for (uint64_t i = 0; i < cuzk_params_count(p, CUZK_PARAMS_A); i++)
        inf += cuzk_g1_affine_is_infinity(&a[i]);
    for (uint64_t i = 0; i < b_len; i++)
        inf += cuzk_g1_affine_is_infinity(&b1[i]) + cuzk_g2_affine_is_infinity(&b2[i]);
    for (uint64_t i = 0; i < st.aux; i++)
        inf += cuzk_g1_affine_is_infinity(&l[i]);
    CHECK(inf == 0);
    cuzk_domain_free(d);
    cuzk_cs_free(rec);
}

/* ---- proofs ---------------------------------------------------------------------- */
/* A = (alpha + r delta + A_w(tau)) G1, B = (beta + s delta + B_w(tau)) G2, where
 * A_w, B_w interpolate the witness's a and b vectors over the domain. */
static void check_proof_logs(const fixture *f, const cuzk_proof *pr, const cuzk_fr *r, const cuzk_fr *s)
{
    cuzk_domain *d = NULL;
    CHECK(cuzk_domain_create(&d, f->w.num_constraints, pool, NULL) == 0);
    const cuzk_toxic *tw = &f->toxic;
    cuzk_fr x, y = interpolate_at(d, f->w.a, f->w.num_constraints, &tw->tau);
    cuzk_fr_mul(&x, r, &tw->delta);
    cuzk_fr_add(&x, &x, &tw->alpha);
    cuzk_fr_add(&x, &x, &y);
    cuzk_g1_affine ea = g1_of(&x);
    CHECK(cuzk_g1_affine_eq(&pr->a, &ea));
    y = interpolate_at(d, f->w.b, f->w.num_constraints, &tw->tau);
    cuzk_fr_mul(&x, s, &tw->delta);
    cuzk_fr_add(&x, &x, &tw->beta);
    cuzk_fr_add(&x, &x, &y);
    cuzk_g2_affine eb = g2_of(&x);
    CHECK(cuzk_g2_affine_eq(&pr->b, &eb));
    cuzk_domain_free(d);
}

static int prove(fixture *f, const cuzk_witness *w, const cuzk_fr *r, const cuzk_fr *s, cuzk_proof *out,
                 cuzk_prove_timings *tm)
{
    cuzk_err err = { 0 };
    int rc = cuzk_groth16_prove(f->params, w, r, s, pool, out, tm, &err);
    if (rc)
        fprintf(stderr, "prove: %s\n", err.msg);
    return rc;
}

static int verify(const fixture *f, const cuzk_proof *pr, const cuzk_fr *inputs)
{
    cuzk_err err = { 0 };
    return cuzk_groth16_verify(f->pvk, pr, inputs, f->n_inputs, &err);
}

static void check_proofs(fixture *f, bool full)
{
    cuzk_fr r, s, r2;
    fr_u64(&r, 0x1234567);
    cuzk_fr_from_u64(&s, 0xabcdef);
    cuzk_fr_sub(&r, &CUZK_FR_ZERO, &r); /* a full-size r */
    fr_u64(&r2, 99);
    cuzk_proof p1, p2, p3;
    cuzk_prove_timings tm;
    CHECK(prove(f, &f->w, &r, &s, &p1, &tm) == 0);
    CHECK(tm.total_ms > 0 && tm.fft_ms > 0 && tm.synthesis_ms == 0);
    CHECK(verify(f, &p1, f->inputs) == 0);
    check_proof_logs(f, &p1, &r, &s);
    cuzk_err err;
    /* through the 192-byte encoding and back */
    uint8_t enc[CUZK_PROOF_BYTES];
    cuzk_proof dec;
    proof_bytes(enc, &p1);
    CHECK(cuzk_proof_deserialize(&dec, enc, sizeof enc, &err) == 0);
    CHECK(verify(f, &dec, f->inputs) == 0);
    enc[100] ^= 1;
    CHECK(cuzk_proof_deserialize(&dec, enc, sizeof enc, &err) != 0 || verify(f, &dec, f->inputs) != 0);

    /* wrong public inputs */
    cuzk_fr *bad_in = malloc((f->n_inputs + 1) * sizeof *bad_in);
    memcpy(bad_in, f->inputs, f->n_inputs * sizeof *bad_in);
    for (size_t i = 0; i < f->n_inputs; i++) {
        cuzk_fr_add(&bad_in[i], &bad_in[i], &CUZK_FR_ONE);
        CHECK(verify(f, &p1, bad_in) == CUZK_ERR_PROOF_INVALID);
        bad_in[i] = f->inputs[i];
    }
    CHECK(cuzk_groth16_verify(f->pvk, &p1, f->inputs, f->n_inputs + 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
    if (f->n_inputs)
        CHECK(cuzk_groth16_verify(f->pvk, &p1, f->inputs, f->n_inputs - 1, &err) == CUZK_ERR_INVALID_ARGUMENT);
    free(bad_in);

    /* altered points */
    cuzk_g1_affine g1;
    cuzk_g2_affine g2;
    cuzk_g1_generator(&g1);
    cuzk_g2_generator(&g2);
    cuzk_proof q = p1;
    cuzk_g1_affine_neg(&q.a, &q.a);
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);
    q = p1;
    cuzk_g1_proj cp;
    cuzk_g1_proj_from_affine(&cp, &q.c);
    cuzk_g1_proj_add_affine(&cp, &cp, &g1);
    cuzk_g1_proj_to_affine(&q.c, &cp);
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);
    q = p1;
    q.b = g2;
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);
    q = p1;
    q.a = p1.c;
    q.c = p1.a;
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);
    q = p1;
    cuzk_g1_affine_infinity(&q.a);
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);
    q = p1;
    q.a.y = q.a.x; /* off the curve */
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);

    /* tampered witness: one aux value, or one constraint's a-evaluation */
    size_t na = f->w.num_aux, nc = f->w.num_constraints;
    cuzk_fr *aux = malloc(na * sizeof *aux), *av = malloc(nc * sizeof *av);
    memcpy(aux, f->w.aux, na * sizeof *aux);
    memcpy(av, f->w.a, nc * sizeof *av);
    cuzk_witness tw = f->w;
    tw.aux = aux;
    cuzk_fr_add(&aux[na / 2], &aux[na / 2], &CUZK_FR_ONE);
    CHECK(prove(f, &tw, &r, &s, &q, NULL) == 0);
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);
    tw.aux = f->w.aux;
    tw.a = av;
    cuzk_fr_add(&av[nc / 3], &av[nc / 3], &CUZK_FR_ONE);
    CHECK(prove(f, &tw, &r, &s, &q, NULL) == 0);
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);
    free(aux);
    free(av);

    /* witness shape against the params: fewer inputs, fewer aux, other density */
    tw = f->w;
    tw.num_inputs--;
    CHECK(cuzk_groth16_prove(f->params, &tw, &r, &s, pool, &q, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(err.msg, "ic_len") != NULL);
    tw = f->w;
    tw.num_aux--;
    CHECK(cuzk_groth16_prove(f->params, &tw, &r, &s, pool, &q, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    uint64_t *dens = malloc(((na + 63) / 64) * sizeof *dens);
    memcpy(dens, f->w.b_aux_density, ((na + 63) / 64) * sizeof *dens);
    for (size_t j = 0; j < na; j++)
        if (!bit(dens, j)) {
            dens[j / 64] |= (uint64_t)1 << (j % 64);
            break;
        }
    tw = f->w;
    tw.b_aux_density = dens;
    CHECK(cuzk_groth16_prove(f->params, &tw, &r, &s, pool, &q, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(err.msg, "b_g1_len") != NULL);
    free(dens);

    if (!full)
        return;
    /* same r, s: same bytes; another r: other bytes, also valid */
    uint8_t b1[192], b2[192], b3[192];
    CHECK(prove(f, &f->w, &r, &s, &p2, NULL) == 0);
    CHECK(prove(f, &f->w, &r2, &s, &p3, NULL) == 0);
    proof_bytes(b1, &p1);
    proof_bytes(b2, &p2);
    proof_bytes(b3, &p3);
    CHECK(memcmp(b1, b2, 192) == 0);
    CHECK(memcmp(b1, b3, 192) != 0);
    CHECK(memcmp(b1 + 48, b3 + 48, 96) == 0); /* B depends on s only */
    CHECK(verify(f, &p3, f->inputs) == 0);
    q = p1;
    q.c = p3.c; /* mixing two valid proofs */
    CHECK(verify(f, &q, f->inputs) == CUZK_ERR_PROOF_INVALID);

    /* the circuit path gives the same proof, and times the synthesis */
    cuzk_proof pc;
    CHECK(cuzk_groth16_prove_circuit(f->params, &f->circuit, &r, &s, pool, &pc, &tm, &err) == 0);
    proof_bytes(b2, &pc);
    CHECK(memcmp(b1, b2, 192) == 0);
    CHECK(tm.synthesis_ms > 0 && tm.total_ms >= tm.synthesis_ms);

    /* r = s = 0 (bellperson's non-zk mode) still verifies; random r, s too */
    CHECK(prove(f, &f->w, &CUZK_FR_ZERO, &CUZK_FR_ZERO, &q, NULL) == 0);
    CHECK(verify(f, &q, f->inputs) == 0);
    check_proof_logs(f, &q, &CUZK_FR_ZERO, &CUZK_FR_ZERO);
    cuzk_proof pr1, pr2;
    CHECK(prove(f, &f->w, NULL, NULL, &pr1, NULL) == 0);
    CHECK(prove(f, &f->w, NULL, NULL, &pr2, NULL) == 0);
    CHECK(verify(f, &pr1, f->inputs) == 0);
    CHECK(verify(f, &pr2, f->inputs) == 0);
    proof_bytes(b1, &pr1);
    proof_bytes(b2, &pr2);
    CHECK(memcmp(b1, b2, 192) != 0);

    /* batch: 5 valid proofs; then one of them bad in turn */
    cuzk_proof batch[5];
    cuzk_fr *ins = malloc(5 * (f->n_inputs + 1) * sizeof *ins);
    for (int j = 0; j < 5; j++) {
        cuzk_fr rj, sj;
        fr_u64(&rj, 1000 + (uint64_t)j);
        fr_u64(&sj, 2000 + (uint64_t)j);
        CHECK(prove(f, &f->w, &rj, &sj, &batch[j], NULL) == 0);
        memcpy(ins + (size_t)j * f->n_inputs, f->inputs, f->n_inputs * sizeof *ins);
    }
    CHECK(cuzk_groth16_verify_batch(f->pvk, batch, ins, 5, f->n_inputs, &err) == 0);
    CHECK(cuzk_groth16_verify_batch(f->pvk, batch, ins, 2, f->n_inputs, &err) == 0);
    CHECK(cuzk_groth16_verify_batch(f->pvk, batch, ins, 1, f->n_inputs, &err) == 0);
    CHECK(cuzk_groth16_verify_batch(f->pvk, batch, ins, 0, f->n_inputs, &err) == CUZK_ERR_INVALID_ARGUMENT);
    q = batch[3];
    batch[3].c = batch[1].c;
    CHECK(cuzk_groth16_verify_batch(f->pvk, batch, ins, 5, f->n_inputs, &err) == CUZK_ERR_PROOF_INVALID);
    batch[3] = q;
    cuzk_g1_affine_neg(&batch[0].a, &batch[0].a);
    CHECK(cuzk_groth16_verify_batch(f->pvk, batch, ins, 5, f->n_inputs, &err) == CUZK_ERR_PROOF_INVALID);
    cuzk_g1_affine_neg(&batch[0].a, &batch[0].a);
    if (f->n_inputs) {
        cuzk_fr_add(&ins[4 * f->n_inputs], &ins[4 * f->n_inputs], &CUZK_FR_ONE);
        CHECK(cuzk_groth16_verify_batch(f->pvk, batch, ins, 5, f->n_inputs, &err) == CUZK_ERR_PROOF_INVALID);
        cuzk_fr_sub(&ins[4 * f->n_inputs], &ins[4 * f->n_inputs], &CUZK_FR_ONE);
    }
    CHECK(cuzk_groth16_verify_batch(f->pvk, batch, ins, 5, f->n_inputs, &err) == 0);
    free(ins);
}

/* ---- a hand-written circuit: x^3 + x + 5 = y, y public; optionally an
 * unconstrained aux variable ----------------------------------------------------- */
typedef struct {
    uint64_t x;
    bool with_free_var;
} cube_ctx;

static int cube_synth(void *vctx, cuzk_cs *cs, cuzk_err *err)
{
    const cube_ctx *c = vctx;
    bool vals = cuzk_cs_has_values(cs);
    cuzk_fr x, x2, x3, y, five;
    fr_u64(&x, c->x);
    cuzk_fr_mul(&x2, &x, &x);
    cuzk_fr_mul(&x3, &x2, &x);
    fr_u64(&five, 5);
    cuzk_fr_add(&y, &x3, &x);
    cuzk_fr_add(&y, &y, &five);
    cuzk_var vx, vx2, vx3, vy, vfree;
    cuzk_cs_alloc_input(cs, &vy, vals ? &y : NULL);
    cuzk_cs_alloc(cs, &vx, vals ? &x : NULL);
    cuzk_cs_alloc(cs, &vx2, vals ? &x2 : NULL);
    cuzk_cs_alloc(cs, &vx3, vals ? &x3 : NULL);
    if (c->with_free_var)
        cuzk_cs_alloc(cs, &vfree, vals ? &x : NULL);
    cuzk_lc a, b, cc;
    cuzk_lc_init(&a);
    cuzk_lc_init(&b);
    cuzk_lc_init(&cc);
    cuzk_lc_add_var(&a, vx);
    cuzk_lc_add_var(&b, vx);
    cuzk_lc_add_var(&cc, vx2);
    cuzk_cs_enforce(cs, &a, &b, &cc);
    cuzk_lc_clear(&a);
    cuzk_lc_clear(&b);
    cuzk_lc_clear(&cc);
    cuzk_lc_add_var(&a, vx2);
    cuzk_lc_add_var(&b, vx);
    cuzk_lc_add_var(&cc, vx3);
    cuzk_cs_enforce(cs, &a, &b, &cc);
    cuzk_lc_clear(&a);
    cuzk_lc_clear(&b);
    cuzk_lc_clear(&cc);
    cuzk_lc_add_var(&a, vx3);
    cuzk_lc_add_var(&a, vx);
    cuzk_lc_add_const(&a, &five);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_add_var(&cc, vy);
    cuzk_cs_enforce(cs, &a, &b, &cc);
    cuzk_lc_free(&a);
    cuzk_lc_free(&b);
    cuzk_lc_free(&cc);
    return cuzk_cs_error(cs, err);
}

static void check_cube(void)
{
    cube_ctx ctx = { 3, false };
    cuzk_circuit c = { "cube", cube_synth, &ctx };
    cuzk_toxic tw;
    cuzk_toxic_from_seed(&tw, 5);
    cuzk_params *p = NULL;
    cuzk_err err;
    CHECK(cuzk_groth16_setup(&c, &tw, pool, &p, &err) == 0);
    if (!p)
        return;
    /* 3 constraints + 2 input constraints -> m = 8 */
    CHECK(cuzk_params_count(p, CUZK_PARAMS_H) == 7);
    CHECK(cuzk_params_count(p, CUZK_PARAMS_L) == 3);
    CHECK(cuzk_params_count(p, CUZK_PARAMS_A) == 5);
    CHECK(cuzk_params_count(p, CUZK_PARAMS_B_G1) == 2); /* ONE and x */
    cuzk_pvk *pvk = NULL;
    CHECK(cuzk_pvk_prepare(cuzk_params_vk(p), &pvk, &err) == 0);
    /* batch of proofs with different public inputs */
    cuzk_proof pr[4];
    cuzk_fr ys[4];
    for (int j = 0; j < 4; j++) {
        ctx.x = 3 + (uint64_t)j * 10;
        CHECK(cuzk_groth16_prove_circuit(p, &c, NULL, NULL, pool, &pr[j], NULL, &err) == 0);
        uint64_t y = ctx.x * ctx.x * ctx.x + ctx.x + 5;
        fr_u64(&ys[j], y);
        CHECK(cuzk_groth16_verify(pvk, &pr[j], &ys[j], 1, &err) == 0);
    }
    CHECK(cuzk_groth16_verify_batch(pvk, pr, ys, 4, 1, &err) == 0);
    cuzk_fr t = ys[1];
    ys[1] = ys[2];
    ys[2] = t;
    CHECK(cuzk_groth16_verify_batch(pvk, pr, ys, 4, 1, &err) == CUZK_ERR_PROOF_INVALID);
    CHECK(cuzk_groth16_verify(pvk, &pr[1], &ys[1], 1, &err) == CUZK_ERR_PROOF_INVALID);
    /* a witness for another circuit shape is refused, with a message */
    ctx.with_free_var = true;
    cuzk_proof q;
    CHECK(cuzk_groth16_prove_circuit(p, &c, NULL, NULL, pool, &q, NULL, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(err.msg, "l_len") != NULL);
    /* setup refuses an unconstrained aux variable (its L point would be infinity) */
    cuzk_params *p2 = NULL;
    CHECK(cuzk_groth16_setup(&c, &tw, pool, &p2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(p2 == NULL && strstr(err.msg, "unconstrained") != NULL);
    /* zero trapdoor values are refused */
    ctx.with_free_var = false;
    cuzk_toxic bad = tw;
    bad.delta = CUZK_FR_ZERO;
    CHECK(cuzk_groth16_setup(&c, &bad, pool, &p2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    /* tau inside the domain (an 8th root of unity: 1) is refused */
    bad = tw;
    bad.tau = CUZK_FR_ONE;
    CHECK(cuzk_groth16_setup(&c, &bad, pool, &p2, &err) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_pvk_free(pvk);
    cuzk_params_free(p);
}

/* Edge shapes: no aux at all (empty L, only inputs), and no constraints of
 * the circuit's own (only ONE's input constraint: m = 1, no H points). */
static int square_synth(void *vctx, cuzk_cs *cs, cuzk_err *err)
{
    (void)vctx;
    cuzk_var y;
    cuzk_cs_alloc_input(cs, &y, cuzk_cs_has_values(cs) ? &CUZK_FR_ONE : NULL);
    cuzk_lc a, b, c;
    cuzk_lc_init(&a);
    cuzk_lc_init(&b);
    cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, y);
    cuzk_lc_add_var(&b, y);
    cuzk_lc_add_var(&c, y);
    cuzk_cs_enforce(cs, &a, &b, &c); /* y * y = y */
    cuzk_lc_free(&a);
    cuzk_lc_free(&b);
    cuzk_lc_free(&c);
    return cuzk_cs_error(cs, err);
}

static int empty_synth(void *vctx, cuzk_cs *cs, cuzk_err *err)
{
    (void)vctx;
    return cuzk_cs_error(cs, err);
}

static void check_edge_shapes(void)
{
    cuzk_circuit circuits[2] = { { "square", square_synth, NULL }, { "empty", empty_synth, NULL } };
    uint64_t want_h[2] = { 3, 0 }, want_l[2] = { 0, 0 };
    size_t n_in[2] = { 1, 0 };
    const int n_cases = 2;
    for (int k = 0; k < n_cases; k++) {
        cuzk_toxic tw;
        cuzk_toxic_from_seed(&tw, 11 + (uint64_t)k);
        cuzk_params *p = NULL;
        cuzk_err err = { 0 };
        CHECK_MSG(cuzk_groth16_setup(&circuits[k], &tw, pool, &p, &err) == 0, "%s: %s", circuits[k].name, err.msg);
        if (!p)
            continue;
        CHECK(cuzk_params_count(p, CUZK_PARAMS_H) == want_h[k]);
        CHECK(cuzk_params_count(p, CUZK_PARAMS_L) == want_l[k]);
        cuzk_pvk *pvk = NULL;
        CHECK(cuzk_pvk_prepare(cuzk_params_vk(p), &pvk, &err) == 0);
        cuzk_proof pr;
        CHECK_MSG(cuzk_groth16_prove_circuit(p, &circuits[k], NULL, NULL, pool, &pr, NULL, &err) == 0, "%s: %s",
                  circuits[k].name, err.msg);
        CHECK(cuzk_groth16_verify(pvk, &pr, &CUZK_FR_ONE, n_in[k], &err) == 0);
        if (n_in[k]) {
            cuzk_fr two;
            fr_u64(&two, 2);
            CHECK(cuzk_groth16_verify(pvk, &pr, &two, 1, &err) == CUZK_ERR_PROOF_INVALID);
        }
        cuzk_g1_affine_neg(&pr.c, &pr.c);
        CHECK(cuzk_groth16_verify(pvk, &pr, &CUZK_FR_ONE, n_in[k], &err) == CUZK_ERR_PROOF_INVALID);
        cuzk_pvk_free(pvk);
        cuzk_params_free(p);
    }
}

static void check_toxic(void)
{
    cuzk_toxic a, b, c;
    cuzk_toxic_from_seed(&a, 1);
    cuzk_toxic_from_seed(&b, 1);
    cuzk_toxic_from_seed(&c, 2);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    CHECK(!cuzk_fr_eq(&a.tau, &c.tau));
    CHECK(!cuzk_fr_eq(&a.tau, &a.alpha) && !cuzk_fr_eq(&a.gamma, &a.delta));
    CHECK(!cuzk_fr_is_zero(&a.tau) && !cuzk_fr_is_zero(&a.delta));
}

int main(void)
{
    pool = cuzk_pool_create(2);
    CHECK(pool != NULL);
    check_toxic();
    check_cube();
    check_edge_shapes();
    struct {
        uint64_t n;
        uint32_t inputs;
        bool full;
    } sizes[] = { { 256, 3, true }, { 1000, 1, false }, { 4096, 5, false } };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        fixture f;
        double setup_ms = 0;
        if (fixture_init(&f, sizes[i].n, sizes[i].inputs, 100 + i, &setup_ms)) {
            check_setup(&f);
            uint64_t t0 = cuzk_now_ns();
            cuzk_proof p;
            cuzk_prove_timings tm;
            CHECK(prove(&f, &f.w, NULL, NULL, &p, &tm) == 0);
            double prove_ms = (double)(cuzk_now_ns() - t0) / 1e6;
            t0 = cuzk_now_ns();
            CHECK(verify(&f, &p, f.inputs) == 0);
            double verify_ms = (double)(cuzk_now_ns() - t0) / 1e6;
            printf("n = %llu: setup %.1f ms, prove %.1f ms, verify %.2f ms\n", (unsigned long long)sizes[i].n,
                   setup_ms, prove_ms, verify_ms);
            check_proofs(&f, sizes[i].full);
        }
        fixture_free(&f);
    }
    cuzk_pool_destroy(pool);
    return test_finish("test_groth16");
}
