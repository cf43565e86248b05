/* AllocatedNum operations (bellpepper-core num.rs) and storage-proofs-core's
 * constraint.rs / pick: values, exact constraint shapes, satisfaction, and
 * changed witnesses that fail. */
#include "cuzk/gadgets.h"
#include "poseidon_golden.h"

static cuzk_fr fr(uint64_t v)
{
    cuzk_fr x;
    cuzk_fr_from_u64(&x, v);
    return x;
}

static bool is_var(const cuzk_lc_view *v, uint32_t i, cuzk_var var, int64_t coeff)
{
    if (i >= v->len || v->terms[i].var.index != var.index || v->terms[i].var.kind != var.kind)
        return false;
    cuzk_fr c = fr((uint64_t)(coeff < 0 ? -coeff : coeff));
    if (coeff < 0)
        cuzk_fr_neg(&c, &c);
    return cuzk_fr_eq(&v->terms[i].coeff, &c);
}

/* bellpepper num.rs test_num_multiplication / test_num_squaring */
static void test_mul_square(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_num a, b, ab, aa;
    cuzk_fr v12 = fr(12), v10 = fr(10);
    CHECK(cuzk_num_alloc(cs, &a, &v12) == 0 && cuzk_num_alloc(cs, &b, &v10) == 0);
    CHECK(cuzk_num_mul(cs, &ab, &a, &b) == 0);
    CHECK(cuzk_num_square(cs, &aa, &a) == 0);
    cuzk_fr w = fr(120);
    CHECK(cuzk_fr_eq(&ab.value, &w) && cuzk_fr_eq(cuzk_cs_value(cs, ab.var), &w));
    w = fr(144);
    CHECK(cuzk_fr_eq(&aa.value, &w));
    cuzk_lc_view A, B, C;
    CHECK(cuzk_cs_recorder_constraint(cs, 0, &A, &B, &C) == 0);
    CHECK(A.len == 1 && is_var(&A, 0, a.var, 1) && B.len == 1 && is_var(&B, 0, b.var, 1) && is_var(&C, 0, ab.var, 1));
    CHECK(cuzk_cs_recorder_constraint(cs, 1, &A, &B, &C) == 0);
    CHECK(is_var(&A, 0, a.var, 1) && is_var(&B, 0, a.var, 1) && is_var(&C, 0, aa.var, 1));
    check_witness(cs, ab.var, "mul");
    check_witness(cs, aa.var, "square");
    /* out may alias an input: a = a * b */
    cuzk_num a_keep = a;
    CHECK(cuzk_num_mul(cs, &a, &a, &b) == 0);
    CHECK(cuzk_cs_recorder_constraint(cs, 2, &A, &B, &C) == 0);
    CHECK(is_var(&A, 0, a_keep.var, 1) && is_var(&B, 0, b.var, 1) && is_var(&C, 0, a.var, 1));
    CHECK(cuzk_fr_eq(&a.value, &ab.value));
    CHECK(cuzk_cs_recorder_first_unsatisfied(cs) == -1);
    cuzk_cs_free(cs);
}

/* bellpepper num.rs test_num_conditional_reversal, plus Not and constant conditions */
static void test_conditionally_reverse(void)
{
    for (int kind = 0; kind < 3; kind++) {
        for (int cv = 0; cv < 2; cv++) {
            cuzk_cs *cs = cuzk_cs_recorder_new(true);
            cuzk_num a, b, c, d;
            cuzk_fr va = fr(5), vb = fr(9);
            CHECK(cuzk_num_alloc(cs, &a, &va) == 0 && cuzk_num_alloc(cs, &b, &vb) == 0);
            cuzk_boolean cond;
            bool bit = cv;
            if (kind == 0) {
                CHECK(cuzk_boolean_alloc(cs, &cond, &bit) == 0);
            } else if (kind == 1) {
                bool inv = !bit;
                CHECK(cuzk_boolean_alloc(cs, &cond, &inv) == 0);
                cond = cuzk_boolean_not(cond);
            } else {
                cond = cuzk_boolean_constant(bit);
            }
            CHECK(cuzk_num_conditionally_reverse(cs, &c, &d, &a, &b, &cond) == 0);
            CHECK(cuzk_fr_eq(&c.value, bit ? &vb : &va) && cuzk_fr_eq(&d.value, bit ? &va : &vb));
            CHECK(cuzk_cs_recorder_first_unsatisfied(cs) == -1);
            cuzk_cs_stats st;
            cuzk_cs_get_stats(cs, &st);
            CHECK(st.constraints == (kind < 2 ? 3u : 2u) && st.aux == (kind < 2 ? 5u : 4u));
            /* (a - b) * cond = a - c */
            cuzk_lc_view A, B, C;
            CHECK(cuzk_cs_recorder_constraint(cs, kind < 2 ? 1 : 0, &A, &B, &C) == 0);
            CHECK(A.len == 2 && is_var(&A, 0, a.var, 1) && is_var(&A, 1, b.var, -1));
            CHECK(C.len == 2 && is_var(&C, 0, a.var, 1) && is_var(&C, 1, c.var, -1));
            if (kind == 1)
                CHECK(B.len == 2 && B.terms[0].var.kind == CUZK_VAR_INPUT); /* 1 - bit */
            if (kind >= 2)
                CHECK(B.len == (bit ? 1u : 0u)); /* Constant(true) -> ONE, Constant(false) -> empty */
            check_witness(cs, c.var, "conditionally_reverse c");
            check_witness(cs, d.var, "conditionally_reverse d");
            cuzk_cs_free(cs);
        }
    }
}

/* insertion.rs pick: (b - a) * cond = b - c */
static void test_pick(void)
{
    for (int cv = 0; cv < 2; cv++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_num a, b, c;
        cuzk_fr va = fr(100), vb = fr(200);
        bool bit = cv;
        cuzk_boolean cond;
        CHECK(cuzk_num_alloc(cs, &a, &va) == 0 && cuzk_num_alloc(cs, &b, &vb) == 0);
        CHECK(cuzk_boolean_alloc(cs, &cond, &bit) == 0);
        CHECK(cuzk_num_pick(cs, &c, &cond, &a, &b) == 0);
        CHECK(cuzk_fr_eq(&c.value, bit ? &va : &vb));
        cuzk_lc_view A, B, C;
        CHECK(cuzk_cs_recorder_constraint(cs, 1, &A, &B, &C) == 0);
        CHECK(A.len == 2 && is_var(&A, 0, a.var, -1) && is_var(&A, 1, b.var, 1));
        CHECK(B.len == 1 && is_var(&B, 0, cond.var, 1));
        CHECK(C.len == 2 && is_var(&C, 0, b.var, 1) && is_var(&C, 1, c.var, -1));
        check_witness(cs, c.var, "pick");
        cuzk_cs_free(cs);
    }
}

/* constraint.rs equal / add / sub (add_constraint, sub_constraint tests) */
static void test_equal_add_sub(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_num a, b, s, d, a2;
    cuzk_fr va = fr(7), vb = fr(30);
    CHECK(cuzk_num_alloc(cs, &a, &va) == 0 && cuzk_num_alloc(cs, &b, &vb) == 0);
    CHECK(cuzk_num_add(cs, &s, &a, &b) == 0);
    CHECK(cuzk_num_sub(cs, &d, &a, &b) == 0);
    cuzk_fr w = fr(37), neg;
    CHECK(cuzk_fr_eq(&s.value, &w));
    cuzk_fr v23 = fr(23);
    cuzk_fr_neg(&neg, &v23);
    CHECK(cuzk_fr_eq(&d.value, &neg));
    cuzk_lc_view A, B, C;
    CHECK(cuzk_cs_recorder_constraint(cs, 0, &A, &B, &C) == 0); /* (a + b) * 1 = s */
    CHECK(A.len == 2 && is_var(&A, 0, a.var, 1) && is_var(&A, 1, b.var, 1) && B.len == 1 &&
          B.terms[0].var.kind == CUZK_VAR_INPUT && is_var(&C, 0, s.var, 1));
    CHECK(cuzk_cs_recorder_constraint(cs, 1, &A, &B, &C) == 0); /* (d + b) * 1 = a */
    CHECK(A.len == 2 && is_var(&A, 0, b.var, 1) && is_var(&A, 1, d.var, 1) && is_var(&C, 0, a.var, 1));
    check_witness(cs, s.var, "add");
    check_witness(cs, d.var, "sub");
    /* equal: satisfied for the same value, not for another */
    CHECK(cuzk_num_alloc(cs, &a2, &va) == 0);
    CHECK(cuzk_num_enforce_equal(cs, &a, &a2) == 0);
    check_witness(cs, a2.var, "equal");
    CHECK(cuzk_num_enforce_equal(cs, &a, &b) == 0);
    CHECK(cuzk_cs_recorder_first_unsatisfied(cs) == 3); /* add, sub, equal(a, a2), equal(a, b) */
    cuzk_cs_free(cs);
}

static void test_nonzero(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_num a, z;
    cuzk_fr v = fr(3);
    CHECK(cuzk_num_alloc(cs, &a, &v) == 0);
    CHECK(cuzk_num_assert_nonzero(cs, &a) == 0);
    check_witness(cs, (cuzk_var){ 1, CUZK_VAR_AUX }, "assert_nonzero inverse");
    CHECK(cuzk_num_alloc(cs, &z, &CUZK_FR_ZERO) == 0);
    CHECK(cuzk_num_assert_nonzero(cs, &z) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(cs);
    /* without values the shape is the same: 1 aux, 1 constraint */
    cs = cuzk_cs_counter_new();
    CHECK(cuzk_num_alloc(cs, &a, NULL) == 0 && cuzk_num_assert_nonzero(cs, &a) == 0);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    CHECK(st.aux == 2 && st.constraints == 1);
    cuzk_cs_free(cs);
}

/* A value missing while proving is a cs error. */
static void test_missing(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_num a;
    CHECK(cuzk_num_alloc(cs, &a, NULL) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_cs_error(cs, NULL) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(cs);
}

int main(void)
{
    test_mul_square();
    test_conditionally_reverse();
    test_pick();
    test_equal_add_sub();
    test_nonzero();
    test_missing();
    return test_finish("gadgets/num");
}
