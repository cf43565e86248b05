/* The legacy Poseidon circuit (neptune circuit::poseidon_hash): constraint
 * counts against rust-fil-proofs (constraint_counts.json) and the spec's
 * formula, output equal to the native hash, satisfied witnesses that break
 * when changed, and a setup-time (valueless) shape identical to the proving one. */
#include "cuzk/gadgets.h"
#include "poseidon_golden.h"

static char *counts;

static long count_of(const char *test)
{
    long n = golden_count(counts, test, NULL);
    CHECK_MSG(n > 0, "constraint_counts.json: entry %s missing", test);
    return n;
}

/* Synthesizes hash(x_1..x_arity) into cs (values when the cs has them). */
static int synth_hash(cuzk_cs *cs, const cuzk_poseidon_constants *c, const cuzk_fr *in, cuzk_num *out)
{
    cuzk_num pre[CUZK_POSEIDON_MAX_ARITY];
    bool v = cuzk_cs_has_values(cs);
    for (uint32_t i = 0; i < c->arity; i++) {
        int rc = cuzk_num_alloc(cs, &pre[i], v ? &in[i] : NULL);
        if (rc)
            return rc;
    }
    return cuzk_poseidon_gadget(cs, out, pre, c);
}

static void test_arity(const cuzk_poseidon_constants *c, cuzk_rng *rng)
{
    const uint32_t a = c->arity, t = c->width;
    const uint64_t formula = 3ull * a + 28ull * t + 4ull * c->partial_rounds + 1;
    cuzk_fr in[CUZK_POSEIDON_MAX_ARITY], want;
    for (uint32_t i = 0; i < a; i++) {
        uint64_t raw[4] = { cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng), cuzk_rng_u64(rng) >> 3 };
        (void)cuzk_fr_from_raw(&in[i], raw);
    }
    cuzk_poseidon_hash(c, &want, in);

    /* counter (no values): the shape */
    cuzk_cs *cnt = cuzk_cs_counter_new();
    cuzk_num out;
    CHECK(synth_hash(cnt, c, in, &out) == 0);
    cuzk_cs_stats sc;
    cuzk_cs_get_stats(cnt, &sc);
    CHECK_MSG(sc.constraints == formula && sc.aux == formula + a,
              "arity %u: %llu constraints / %llu aux, formula 3a+28t+4R_P+1 = %llu", a,
              (unsigned long long)sc.constraints, (unsigned long long)sc.aux, (unsigned long long)formula);
    if (a == 2)
        CHECK_MSG(sc.constraints == (uint64_t)count_of("test_hash2_circuit"),
                  "storage-proofs-porep hash.rs test_hash2_circuit: 311");
    if (a == 8)
        CHECK_MSG(sc.constraints == 505, "spec 2.4.4: arity 8 = 505 (the tree-C/R node hash)");
    if (a == 4)
        CHECK(sc.constraints == 377); /* spec 2.4.4 */
    if (a == 16)
        CHECK(sc.constraints == 761); /* spec 2.4.4 */

    /* recorder with values: output, satisfaction, a changed witness */
    cuzk_cs *rec = cuzk_cs_recorder_new(true);
    CHECK(synth_hash(rec, c, in, &out) == 0);
    CHECK_MSG(out.has_value && cuzk_fr_eq(&out.value, &want), "arity %u: circuit output != native hash", a);
    CHECK(cuzk_fr_eq(cuzk_cs_value(rec, out.var), &want));
    char what[64];
    snprintf(what, sizeof what, "poseidon arity %u output", a);
    check_witness(rec, out.var, what);
    snprintf(what, sizeof what, "poseidon arity %u middle aux", a);
    check_witness(rec, (cuzk_var){ (uint32_t)(a + formula / 2), CUZK_VAR_AUX }, what);
    cuzk_cs_stats sr;
    cuzk_cs_get_stats(rec, &sr);
    CHECK(sr.constraints == sc.constraints && sr.aux == sc.aux && sr.nnz_a == sc.nnz_a && sr.nnz_b == sc.nnz_b &&
          sr.nnz_c == sc.nnz_c && sr.a_aux_density == sc.a_aux_density && sr.b_aux_density == sc.b_aux_density);

    /* the blank (setup) circuit records the same matrices */
    cuzk_cs *blank = cuzk_cs_recorder_new(false);
    CHECK(synth_hash(blank, c, in, &out) == 0);
    bool same = true;
    for (uint64_t i = 0; i < sr.constraints && same; i++) {
        cuzk_lc_view x[3], y[3];
        CHECK(cuzk_cs_recorder_constraint(rec, i, &x[0], &x[1], &x[2]) == 0);
        CHECK(cuzk_cs_recorder_constraint(blank, i, &y[0], &y[1], &y[2]) == 0);
        for (int m = 0; m < 3 && same; m++) {
            same = x[m].len == y[m].len;
            for (uint32_t k = 0; k < x[m].len && same; k++)
                same = x[m].terms[k].var.index == y[m].terms[k].var.index &&
                       x[m].terms[k].var.kind == y[m].terms[k].var.kind &&
                       cuzk_fr_eq(&x[m].terms[k].coeff, &y[m].terms[k].coeff);
        }
    }
    CHECK_MSG(same, "arity %u: blank circuit differs from the proving one", a);
    cuzk_cs_free(blank);
    cuzk_cs_free(rec);
    cuzk_cs_free(cnt);
}

/* The first constraint shapes, spelled out (spec 2.4.4, round 0 of arity 2):
 * (x1 + p) * (x1 + p) = s, s * s = l4, (x1 + p) * l4 = l5 - k. */
static void test_first_round_shape(const cuzk_poseidon_constants *c2)
{
    cuzk_cs *rec = cuzk_cs_recorder_new(false);
    cuzk_num pre[2], out;
    CHECK(cuzk_num_alloc(rec, &pre[0], NULL) == 0 && cuzk_num_alloc(rec, &pre[1], NULL) == 0);
    CHECK(cuzk_poseidon_gadget(rec, &out, pre, c2) == 0);
    cuzk_lc_view a, b, cc;
    const cuzk_fr *k = c2->compressed_constants;
    CHECK(cuzk_cs_recorder_constraint(rec, 0, &a, &b, &cc) == 0);
    /* terms sorted inputs first: ONE then aux 0 (x1) */
    CHECK(a.len == 2 && a.terms[0].var.kind == CUZK_VAR_INPUT && cuzk_fr_eq(&a.terms[0].coeff, &k[1]) &&
          a.terms[1].var.index == 0 && cuzk_fr_is_one(&a.terms[1].coeff));
    CHECK(b.len == 2 && cc.len == 1 && cc.terms[0].var.index == 2);
    CHECK(cuzk_cs_recorder_constraint(rec, 2, &a, &b, &cc) == 0);
    cuzk_fr negk;
    cuzk_fr_neg(&negk, &k[3 + 1]);
    CHECK(a.len == 2 && b.len == 1 && b.terms[0].var.index == 3 && cc.len == 2 &&
          cc.terms[0].var.kind == CUZK_VAR_INPUT && cuzk_fr_eq(&cc.terms[0].coeff, &negk) &&
          cc.terms[1].var.index == 4);
    /* the first constraint of round 1 allocates an MDS combination: LC * 1 = v */
    CHECK(cuzk_cs_recorder_constraint(rec, 6, &a, &b, &cc) == 0);
    CHECK(a.len == 3 && b.len == 1 && b.terms[0].var.kind == CUZK_VAR_INPUT && cc.len == 1);
    cuzk_cs_free(rec);
}

/* filecoin-hashers poseidon.rs test_hash_md_circuit: 71 allocated inputs. */
static void test_md(const cuzk_poseidon_constants *c36)
{
    cuzk_fr ones[71], want;
    for (int i = 0; i < 71; i++)
        ones[i] = CUZK_FR_ONE;
    CHECK(cuzk_poseidon_hash_md(c36, &want, ones, 71, NULL) == 0);
    cuzk_cs *rec = cuzk_cs_recorder_new(true);
    cuzk_num in[71], out;
    for (int i = 0; i < 71; i++)
        CHECK(cuzk_num_alloc(rec, &in[i], &ones[i]) == 0);
    CHECK(cuzk_poseidon_gadget_md(rec, &out, in, 71, c36) == 0);
    cuzk_cs_stats s;
    cuzk_cs_get_stats(rec, &s);
    CHECK_MSG((long)s.constraints == count_of("test_hash_md_circuit"), "test_hash_md_circuit: %llu constraints",
              (unsigned long long)s.constraints);
    CHECK(cuzk_fr_eq(&out.value, &want));
    check_witness(rec, out.var, "hash_md output");
    cuzk_cs_free(rec);

    /* a short last chunk: allocated zero padding, same output as the native hash */
    rec = cuzk_cs_recorder_new(true);
    for (int i = 0; i < 40; i++)
        CHECK(cuzk_num_alloc(rec, &in[i], &ones[i]) == 0);
    CHECK(cuzk_poseidon_gadget_md(rec, &out, in, 40, c36) == 0);
    CHECK(cuzk_poseidon_hash_md(c36, &want, ones, 40, NULL) == 0);
    CHECK(cuzk_fr_eq(&out.value, &want));
    cuzk_cs_get_stats(rec, &s);
    CHECK(s.aux == 40 + 2 * 1385 + 31); /* 31 padding variables in the second hash (acc + 4 inputs) */
    CHECK(cuzk_cs_recorder_first_unsatisfied(rec) == -1);
    CHECK(cuzk_poseidon_gadget_md(rec, &out, in, 1, c36) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(rec);
}

/* A missing input value while proving is an error, not a crash. */
static void test_missing_value(const cuzk_poseidon_constants *c2)
{
    cuzk_cs *rec = cuzk_cs_recorder_new(true);
    cuzk_num pre[2], out;
    cuzk_fr one = CUZK_FR_ONE;
    CHECK(cuzk_num_alloc(rec, &pre[0], &one) == 0);
    pre[1] = pre[0];
    pre[1].has_value = false;
    CHECK(cuzk_poseidon_gadget(rec, &out, pre, c2) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(rec);
}

int main(void)
{
    counts = golden_read("fil_proofs/constraint_counts.json");
    CHECK(counts != NULL);
    if (!counts)
        return test_finish("gadgets/poseidon_gadget");
    const uint32_t arities[] = { 2, 4, 8, 11, 16, 24, 36 };
    cuzk_poseidon_set set;
    CHECK(cuzk_poseidon_set_init(&set, arities, 7, NULL) == 0);
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 11);
    for (int i = 0; i < 7; i++)
        test_arity(cuzk_poseidon_set_get(&set, arities[i]), &rng);
    test_first_round_shape(cuzk_poseidon_set_get(&set, 2));
    test_md(cuzk_poseidon_set_get(&set, 36));
    test_missing_value(cuzk_poseidon_set_get(&set, 2));
    cuzk_poseidon_set_free(&set);
    free(counts);
    return test_finish("gadgets/poseidon_gadget");
}
