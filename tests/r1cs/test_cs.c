/* The constraint system: bellperson shape (ONE, input constraints), LC merging,
 * the three back ends agreeing, satisfaction checks and sticky errors. */
#include "cuzk/r1cs.h"
#include "r1cs/test_circuit_internal.h"
#include "test.h"

static cuzk_fr fr(uint64_t v)
{
    cuzk_fr x;
    cuzk_fr_from_u64(&x, v);
    return x;
}

/* x^3 + x + 5 = out, out public */
typedef struct { uint64_t x; cuzk_var vx, vx2, vx3, vout; } cubic;

static int cubic_synth(void *ctx, cuzk_cs *cs, cuzk_err *err)
{
    cubic *c = ctx;
    bool v = cuzk_cs_has_values(cs);
    cuzk_fr x = fr(c->x), x2, x3, out;
    cuzk_fr_mul(&x2, &x, &x);
    cuzk_fr_mul(&x3, &x2, &x);
    cuzk_fr_add(&out, &x3, &x);
    cuzk_fr five = fr(5);
    cuzk_fr_add(&out, &out, &five);
    cuzk_cs_alloc_input(cs, &c->vout, v ? &out : NULL);
    cuzk_cs_alloc(cs, &c->vx, v ? &x : NULL);
    cuzk_cs_alloc(cs, &c->vx2, v ? &x2 : NULL);
    cuzk_cs_alloc(cs, &c->vx3, v ? &x3 : NULL);
    cuzk_lc a, b, cc;
    cuzk_lc_init(&a);
    cuzk_lc_init(&b);
    cuzk_lc_init(&cc);
    cuzk_lc_add_var(&a, c->vx);
    cuzk_lc_add_var(&b, c->vx);
    cuzk_lc_add_var(&cc, c->vx2);
    cuzk_cs_enforce(cs, &a, &b, &cc);
    cuzk_lc_clear(&a); cuzk_lc_clear(&b); cuzk_lc_clear(&cc);
    cuzk_lc_add_var(&a, c->vx2);
    cuzk_lc_add_var(&b, c->vx);
    cuzk_lc_add_var(&cc, c->vx3);
    cuzk_cs_enforce(cs, &a, &b, &cc);
    cuzk_lc_clear(&a); cuzk_lc_clear(&b); cuzk_lc_clear(&cc);
    cuzk_lc_add_var(&a, c->vx3);
    cuzk_lc_add_var(&a, c->vx);
    cuzk_lc_add_const(&a, &five);
    cuzk_lc_add_var(&b, cuzk_var_one());
    cuzk_lc_add_var(&cc, c->vout);
    cuzk_cs_enforce(cs, &a, &b, &cc);
    cuzk_lc_free(&a);
    return cuzk_cs_error(cs, err);
}

static bool stats_eq(const cuzk_cs_stats *x, const cuzk_cs_stats *y)
{
    return x->constraints == y->constraints && x->inputs == y->inputs && x->aux == y->aux &&
           x->nnz_a == y->nnz_a && x->nnz_b == y->nnz_b && x->nnz_c == y->nnz_c &&
           x->a_aux_density == y->a_aux_density && x->b_input_density == y->b_input_density &&
           x->b_aux_density == y->b_aux_density;
}

static int64_t popcount_words(const uint64_t *w, uint64_t nbits)
{
    int64_t n = 0;
    for (uint64_t i = 0; i < nbits; i++)
        n += (w[i / 64] >> (i % 64)) & 1;
    return n;
}

/* Recomputes the stats from the recorded matrices, independently of the base's bookkeeping. */
static void stats_from_matrices(const cuzk_cs *rec, const cuzk_cs_stats *shape, cuzk_cs_stats *out)
{
    memset(out, 0, sizeof *out);
    out->constraints = shape->constraints;
    out->inputs = shape->inputs;
    out->aux = shape->aux;
    uint8_t *a_aux = calloc(shape->aux + 1, 1), *b_aux = calloc(shape->aux + 1, 1),
            *b_in = calloc(shape->inputs + 1, 1);
    for (uint64_t i = 0; i < shape->constraints; i++) {
        cuzk_lc_view v[3];
        cuzk_cs_recorder_constraint(rec, i, &v[0], &v[1], &v[2]);
        uint64_t *nnz[3] = { &out->nnz_a, &out->nnz_b, &out->nnz_c };
        for (int k = 0; k < 3; k++)
            for (uint32_t t = 0; t < v[k].len; t++) {
                if (cuzk_fr_is_zero(&v[k].terms[t].coeff))
                    continue;
                (*nnz[k])++;
                cuzk_var var = v[k].terms[t].var;
                if (k == 0 && var.kind == CUZK_VAR_AUX)
                    a_aux[var.index] = 1;
                if (k == 1)
                    (var.kind == CUZK_VAR_AUX ? b_aux : b_in)[var.index] = 1;
            }
    }
    for (uint64_t j = 0; j < shape->aux; j++) {
        out->a_aux_density += a_aux[j];
        out->b_aux_density += b_aux[j];
    }
    for (uint64_t j = 0; j < shape->inputs; j++)
        out->b_input_density += b_in[j];
    free(a_aux);
    free(b_aux);
    free(b_in);
}

static void test_cubic(void)
{
    cubic c = { .x = 3 };
    cuzk_circuit circ = { "cubic", cubic_synth, &c };
    cuzk_err err;
    cuzk_cs *rec = cuzk_cs_recorder_new(true);
    CHECK(cuzk_circuit_synthesize(&circ, rec, &err) == 0);
    cuzk_cs_stats s;
    cuzk_cs_get_stats(rec, &s);
    CHECK(s.inputs == 2 && s.aux == 3);
    CHECK(s.constraints == 3 + 2); /* three user constraints, then one per input */
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == -1);
    CHECK(c.vout.kind == CUZK_VAR_INPUT && c.vout.index == 1); /* ONE is input 0 */
    cuzk_fr out = *cuzk_cs_value(rec, c.vout);
    CHECK(cuzk_fr_eq(&out, &(cuzk_fr){0}) == false);
    cuzk_fr expect = fr(35);
    CHECK(cuzk_fr_eq(&out, &expect));

    /* the input constraints: A = Input(i), B = C = 0, in index order */
    for (uint64_t i = 0; i < 2; i++) {
        cuzk_lc_view a, b, cc;
        CHECK(cuzk_cs_recorder_constraint(rec, 3 + i, &a, &b, &cc) == 0);
        CHECK(a.len == 1 && a.terms[0].var.kind == CUZK_VAR_INPUT && a.terms[0].var.index == i &&
              cuzk_fr_is_one(&a.terms[0].coeff));
        CHECK(b.len == 0 && cc.len == 0);
    }
    /* constraint 2's A merged into sorted order: ONE (input) first, then aux x, x3 */
    cuzk_lc_view a, b, cc;
    cuzk_cs_recorder_constraint(rec, 2, &a, &b, &cc);
    CHECK(a.len == 3 && a.terms[0].var.kind == CUZK_VAR_INPUT && a.terms[1].var.index == c.vx.index &&
          a.terms[2].var.index == c.vx3.index);

    /* flipping x^3 breaks constraint 1 (x2 * x = x3) first */
    cuzk_fr bad = fr(28);
    CHECK(cuzk_cs_set_value(rec, c.vx3, &bad) == 0);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == 1);
    /* a wrong public output breaks constraint 2 */
    cuzk_fr good = fr(27);
    cuzk_cs_set_value(rec, c.vx3, &good);
    cuzk_cs_set_value(rec, c.vout, &bad);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == 2);

    cuzk_cs *cnt = cuzk_cs_counter_new();
    CHECK(cuzk_circuit_synthesize(&circ, cnt, &err) == 0);
    cuzk_cs_stats s2;
    cuzk_cs_get_stats(cnt, &s2);
    CHECK(stats_eq(&s, &s2));
    CHECK(s.nnz_a == 1 + 1 + 3 + 2 && s.nnz_b == 3 && s.nnz_c == 3);
    CHECK(s.a_aux_density == 3 && s.b_aux_density == 1 && s.b_input_density == 1); /* B holds only x and ONE */
    cuzk_cs_free(cnt);
    cuzk_cs_free(rec);
}

static void test_lc_merge(void)
{
    cuzk_lc lc;
    cuzk_lc_init(&lc);
    cuzk_var x = { 5, CUZK_VAR_AUX }, y = { 2, CUZK_VAR_AUX }, in = { 1, CUZK_VAR_INPUT };
    cuzk_lc_add_var(&lc, x);
    cuzk_lc_add_var(&lc, y);
    cuzk_lc_add_var(&lc, x);
    cuzk_lc_add_var(&lc, in);
    cuzk_lc_sub_var(&lc, y);
    cuzk_lc_normalize(&lc);
    const cuzk_lc_term *t = cuzk_lc_terms(&lc);
    CHECK(lc.len == 3);
    CHECK(t[0].var.kind == CUZK_VAR_INPUT && t[1].var.index == 2 && t[2].var.index == 5);
    CHECK(cuzk_fr_is_zero(&t[1].coeff)); /* y - y: kept, coefficient zero */
    cuzk_fr two = fr(2);
    CHECK(cuzk_fr_eq(&t[2].coeff, &two));
    /* growing past the inline storage keeps the terms */
    for (uint32_t i = 0; i < 100; i++)
        cuzk_lc_add_var(&lc, (cuzk_var){ 1000 - i, CUZK_VAR_AUX });
    cuzk_lc_normalize(&lc);
    CHECK(lc.len == 103);
    cuzk_lc copy;
    cuzk_lc_init(&copy);
    CHECK(cuzk_lc_copy(&copy, &lc) == 0 && copy.len == 103);
    CHECK(cuzk_lc_terms(&copy)[102].var.index == 1000);
    cuzk_lc_free(&copy);
    cuzk_lc_free(&lc);

    /* a cancelled term is ignored by density and nnz */
    cuzk_cs *cnt = cuzk_cs_counter_new();
    cuzk_var v;
    cuzk_cs_alloc(cnt, &v, NULL);
    cuzk_lc a, b, c;
    cuzk_lc_init(&a);
    cuzk_lc_init(&b);
    cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, v);
    cuzk_lc_sub_var(&a, v);
    cuzk_lc_add_var(&b, v);
    cuzk_lc_sub_var(&b, v);
    cuzk_cs_enforce(cnt, &a, &b, &c);
    cuzk_cs_stats s;
    cuzk_cs_get_stats(cnt, &s);
    CHECK(s.nnz_a == 0 && s.nnz_b == 0 && s.a_aux_density == 0 && s.b_aux_density == 0);
    cuzk_cs_free(cnt);
}

static void test_generated(uint64_t n, uint32_t inputs, uint64_t seed)
{
    cuzk_test_circuit tc;
    cuzk_circuit circ;
    cuzk_test_circuit_init(&tc, &circ, n, inputs, seed);
    cuzk_err err;
    cuzk_cs *rec = cuzk_cs_recorder_new(true), *cnt = cuzk_cs_counter_new(), *prv = cuzk_cs_prover_new(n, 0),
            *setup = cuzk_cs_recorder_new(false);
    CHECK(cuzk_circuit_synthesize(&circ, rec, &err) == 0);
    CHECK(cuzk_circuit_synthesize(&circ, cnt, &err) == 0);
    CHECK(cuzk_circuit_synthesize(&circ, prv, &err) == 0);
    CHECK(cuzk_circuit_synthesize(&circ, setup, &err) == 0);
    cuzk_cs_stats sr, sc, sp, ss, sm;
    cuzk_cs_get_stats(rec, &sr);
    cuzk_cs_get_stats(cnt, &sc);
    cuzk_cs_get_stats(prv, &sp);
    cuzk_cs_get_stats(setup, &ss);
    CHECK_MSG(sr.constraints == n, "constraints %llu, wanted %llu", (unsigned long long)sr.constraints,
              (unsigned long long)n);
    CHECK(sr.inputs == inputs + 1u);
    CHECK(stats_eq(&sr, &sc) && stats_eq(&sr, &sp) && stats_eq(&sr, &ss));
    stats_from_matrices(rec, &sr, &sm);
    CHECK(stats_eq(&sr, &sm));
    /* about half the aux are bits; A is nearly fully dense, B partly */
    CHECK(sr.a_aux_density > sr.aux / 2 && sr.b_aux_density < sr.aux);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == -1);

    /* the matrices are the same without values */
    bool same = true;
    for (uint64_t i = 0; i < sr.constraints && same; i++) {
        cuzk_lc_view x[3], y[3];
        cuzk_cs_recorder_constraint(rec, i, &x[0], &x[1], &x[2]);
        cuzk_cs_recorder_constraint(setup, i, &y[0], &y[1], &y[2]);
        for (int k = 0; k < 3; k++)
            same = same && x[k].len == y[k].len &&
                   !memcmp(x[k].terms, y[k].terms, x[k].len * sizeof(cuzk_lc_term));
    }
    CHECK(same);

    /* the prover's a, b, c equal the recorded matrices times the assignment */
    cuzk_witness w;
    CHECK(cuzk_cs_prover_witness(prv, &w) == 0);
    CHECK(w.num_constraints == n && w.num_aux == sr.aux && w.num_inputs == sr.inputs);
    bool abc_ok = true;
    for (uint64_t i = 0; i < n && abc_ok; i++) {
        cuzk_lc_view v[3];
        cuzk_cs_recorder_constraint(rec, i, &v[0], &v[1], &v[2]);
        const cuzk_fr *got[3] = { &w.a[i], &w.b[i], &w.c[i] };
        for (int k = 0; k < 3; k++) {
            cuzk_fr acc = CUZK_FR_ZERO, t;
            for (uint32_t j = 0; j < v[k].len; j++) {
                cuzk_var var = v[k].terms[j].var;
                const cuzk_fr *val = var.kind == CUZK_VAR_INPUT ? &w.input[var.index] : &w.aux[var.index];
                cuzk_fr_mul(&t, val, &v[k].terms[j].coeff);
                cuzk_fr_add(&acc, &acc, &t);
            }
            abc_ok = abc_ok && cuzk_fr_eq(&acc, got[k]);
        }
        cuzk_fr ab;
        cuzk_fr_mul(&ab, &w.a[i], &w.b[i]);
        abc_ok = abc_ok && cuzk_fr_eq(&ab, &w.c[i]);
    }
    CHECK(abc_ok);
    CHECK(popcount_words(w.a_aux_density, w.num_aux) == (int64_t)sr.a_aux_density);
    CHECK(popcount_words(w.b_aux_density, w.num_aux) == (int64_t)sr.b_aux_density);

    /* flipping any one aux value is caught */
    cuzk_rng rng;
    cuzk_rng_seed(&rng, seed);
    int caught = 0;
    for (int t = 0; t < 20; t++) {
        cuzk_var v = { (uint32_t)(cuzk_rng_u64(&rng) % sr.aux), CUZK_VAR_AUX };
        cuzk_fr old = *cuzk_cs_value(rec, v), bumped;
        cuzk_fr_add(&bumped, &old, &CUZK_FR_ONE);
        cuzk_cs_set_value(rec, v, &bumped);
        caught += cuzk_cs_recorder_first_unsatisfied(rec) >= 0;
        cuzk_cs_set_value(rec, v, &old);
    }
    CHECK(caught == 20);
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == -1);
    cuzk_cs_free(rec);
    cuzk_cs_free(cnt);
    cuzk_cs_free(prv);
    cuzk_cs_free(setup);
}

static void test_errors(void)
{
    cuzk_err err;
    cuzk_cs *prv = cuzk_cs_prover_new(0, 0);
    cuzk_var v;
    CHECK(cuzk_cs_alloc(prv, &v, NULL) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_cs_finish(prv, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(err.msg, "without a value") != NULL);
    cuzk_cs_free(prv);

    cuzk_cs *cnt = cuzk_cs_counter_new();
    cuzk_lc a, b, c;
    cuzk_lc_init(&a);
    cuzk_lc_init(&b);
    cuzk_lc_init(&c);
    cuzk_lc_add_var(&a, (cuzk_var){ 7, CUZK_VAR_AUX });
    cuzk_cs_enforce(cnt, &a, &b, &c);
    CHECK(cuzk_cs_error(cnt, &err) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(strstr(err.msg, "never allocated") != NULL);
    cuzk_cs_stats s;
    cuzk_cs_get_stats(cnt, &s);
    CHECK(s.constraints == 0);
    cuzk_cs_free(cnt);

    cnt = cuzk_cs_counter_new();
    CHECK(cuzk_cs_finish(cnt, &err) == 0);
    CHECK(cuzk_cs_alloc(cnt, &v, NULL) != 0); /* nothing after finish */
    cuzk_cs_free(cnt);
    cuzk_lc_free(&a);
}

int main(void)
{
    test_cubic();
    test_lc_merge();
    test_generated(5000, 4, 1);
    test_generated(1024, 0, 2);
    test_errors();
    return test_finish("r1cs_cs");
}
