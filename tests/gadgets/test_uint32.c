/* UInt32 and MultiEq (bellperson d1fa22cb gadgets/uint32.rs, multieq.rs):
 * bit order, rotations, xor folding,
 * addmany values and result widths, and the MultiEq batching/flush order. */
#include "bits_test_util.h"

static uint32_t witness_u32(const cuzk_cs *cs, const cuzk_uint32 *x)
{
    uint32_t w = 0;
    for (int b = 0; b < 32; b++)
        w |= (uint32_t)(boolean_witness(cs, &x->bits[b]) == 1) << b;
    return w;
}

static void test_bits_order(void)
{
    cuzk_uint32 c = cuzk_uint32_constant(0x80000001u);
    CHECK(c.bits[0].value && c.bits[31].value && !c.bits[1].value && c.bits[0].kind == CUZK_BOOL_CONST);
    cuzk_boolean be[32];
    cuzk_uint32_into_bits_be(be, &c);
    CHECK(be[0].value && be[31].value && !be[30].value);
    cuzk_uint32 k = cuzk_uint32_constant(0x12345678u);
    cuzk_uint32_into_bits_be(be, &k);
    cuzk_uint32 back = cuzk_uint32_from_bits_be(be);
    CHECK(back.has_value && back.value == 0x12345678u);
    CHECK(be[3].value && !be[0].value); /* 0x1 = 0001: MSB-first */
    cuzk_uint32 le = cuzk_uint32_from_bits(k.bits);
    CHECK(le.has_value && le.value == 0x12345678u);

    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    uint32_t v = 0xdeadbeefu;
    cuzk_uint32 x;
    CHECK(cuzk_uint32_alloc(cs, &x, &v) == 0);
    counts n = cs_counts(cs);
    CHECK(n.aux == 32 && n.constraints == 32 && witness_u32(cs, &x) == v);
    for (unsigned by = 0; by < 40; by += 3) {
        cuzk_uint32 r = cuzk_uint32_rotr(&x, by), s = cuzk_uint32_shr(&x, by);
        unsigned m = by % 32;
        uint32_t rv = m ? (v >> m) | (v << (32 - m)) : v;
        CHECK(r.value == rv && witness_u32(cs, &r) == rv);
        CHECK(s.value == v >> m && witness_u32(cs, &s) == v >> m);
        CHECK(m == 0 || s.bits[31].kind == CUZK_BOOL_CONST);
    }
    CHECK(cs_counts(cs).constraints == 32); /* rotations and shifts are free */
    cuzk_boolean nb = cuzk_boolean_not(x.bits[0]);
    x.bits[0] = nb;
    cuzk_uint32 y = cuzk_uint32_from_bits(x.bits); /* value follows a Not bit */
    CHECK(y.value == (v ^ 1));
    cuzk_cs_free(cs);
}

static void test_xor_ch_maj(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 21);
    for (int iter = 0; iter < 20; iter++) {
        uint32_t a = (uint32_t)cuzk_rng_u64(&rng), b = (uint32_t)cuzk_rng_u64(&rng), c = (uint32_t)cuzk_rng_u64(&rng);
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_uint32 x, y, z, k = cuzk_uint32_constant(c), r;
        cuzk_uint32_alloc(cs, &x, &a);
        cuzk_uint32_alloc(cs, &y, &b);
        cuzk_uint32_alloc(cs, &z, &c);
        counts before = cs_counts(cs);
        CHECK(cuzk_uint32_xor(cs, &r, &x, &y) == 0 && r.value == (a ^ b) && witness_u32(cs, &r) == (a ^ b));
        CHECK(counts_sub(cs_counts(cs), before).constraints == 32);
        before = cs_counts(cs);
        CHECK(cuzk_uint32_xor(cs, &r, &x, &k) == 0 && r.value == (a ^ c) && witness_u32(cs, &r) == (a ^ c));
        CHECK(counts_sub(cs_counts(cs), before).constraints == 0); /* xor with a constant is free */
        uint32_t ch = (a & b) ^ (~a & c), maj = (a & b) ^ (a & c) ^ (b & c);
        before = cs_counts(cs);
        CHECK(cuzk_uint32_sha256_ch(cs, &r, &x, &y, &z) == 0 && r.value == ch && witness_u32(cs, &r) == ch);
        CHECK(counts_sub(cs_counts(cs), before).constraints == 32);
        before = cs_counts(cs);
        CHECK(cuzk_uint32_sha256_maj(cs, &r, &x, &y, &z) == 0 && r.value == maj && witness_u32(cs, &r) == maj);
        CHECK(counts_sub(cs_counts(cs), before).constraints == 64);
        CHECK(cs_ok(cs));
        cuzk_cs_free(cs);
    }
}

/* bitlength(n * (2^32 - 1)): the width addmany allocates (spec §2.1) */
static unsigned addmany_bits(size_t n) { return n == 2 ? 33 : n <= 4 ? 34 : n <= 8 ? 35 : 36; }

static void test_addmany(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 22);
    for (size_t n = 2; n <= 10; n++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_uint32 ops[10], r;
        uint32_t sum = 0;
        for (size_t k = 0; k < n; k++) {
            uint32_t v = (uint32_t)cuzk_rng_u64(&rng) | 0xf0000000u; /* carries happen */
            sum += v;
            if (k == 1)
                ops[k] = cuzk_uint32_constant(v);
            else
                cuzk_uint32_alloc(cs, &ops[k], &v);
        }
        cuzk_multieq m;
        cuzk_multieq_init(&m, cs);
        counts before = cs_counts(cs);
        CHECK(cuzk_uint32_addmany(&m, &r, ops, n) == 0);
        counts d = counts_sub(cs_counts(cs), before);
        CHECK_MSG(d.aux == addmany_bits(n) && d.constraints == addmany_bits(n), "addmany(%zu): %llu aux", n,
                  (unsigned long long)d.aux);
        CHECK(cuzk_multieq_finish(&m) == 0);
        CHECK(counts_sub(cs_counts(cs), before).constraints == addmany_bits(n) + 1);
        CHECK(r.value == sum && witness_u32(cs, &r) == sum);
        CHECK(cs_ok(cs));
        /* the top carry bit is allocated, unused by the result, but bound by the MultiEq */
        CHECK(flip_breaks(cs, (cuzk_var){ (uint32_t)cs_counts(cs).aux - 1, CUZK_VAR_AUX }, false));
        CHECK(flip_breaks(cs, r.bits[5].var, false));
        cuzk_cs_free(cs);
    }
    /* all constant: folded, nothing allocated */
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_uint32 ops[3] = { cuzk_uint32_constant(0xffffffffu), cuzk_uint32_constant(2), cuzk_uint32_constant(7) }, r;
    cuzk_multieq m;
    cuzk_multieq_init(&m, cs);
    CHECK(cuzk_uint32_addmany(&m, &r, ops, 3) == 0 && cuzk_multieq_finish(&m) == 0);
    CHECK(cs_counts(cs).constraints == 0 && r.value == 8 && r.bits[3].kind == CUZK_BOOL_CONST);
    /* operand count outside 2..10 is refused */
    cuzk_multieq_init(&m, cs);
    CHECK(cuzk_uint32_addmany(&m, &r, ops, 1) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_multieq_finish(&m);
    cuzk_cs_free(cs);
}

/* MultiEq: batches while bits_used + k < 254; the flush is emitted at the
 * overflowing enforce, after that addmany's result bits. */
static void test_multieq_flush(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_multieq m;
    cuzk_multieq_init(&m, cs);
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 23);
    cuzk_uint32 ops[4], r;
    uint64_t base = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t v = (uint32_t)cuzk_rng_u64(&rng);
        cuzk_uint32_alloc(cs, &ops[k], &v);
    }
    base = cs_counts(cs).constraints; /* 128 */
    for (int i = 0; i < 7; i++)
        cuzk_uint32_addmany(&m, &r, ops, 4); /* 7 * 34 = 238 bits: one batch */
    CHECK(cs_counts(cs).constraints == base + 7 * 34);
    cuzk_uint32_addmany(&m, &r, ops, 4); /* 238 + 34 >= 254: flush first */
    CHECK(cs_counts(cs).constraints == base + 8 * 34 + 1);
    cuzk_lc_view A, B, C;
    CHECK(cuzk_cs_recorder_constraint(cs, base + 8 * 34, &A, &B, &C) == 0);
    CHECK(B.len == 1 && B.terms[0].var.kind == CUZK_VAR_INPUT && B.terms[0].var.index == 0); /* L * ONE = R */
    CHECK(C.len == 7 * 34); /* the seven batched results, all their bits */
    CHECK(cuzk_cs_recorder_constraint(cs, base + 7 * 34, &A, &B, &C) == 0 && C.len == 0 && B.len == 1 &&
          B.terms[0].var.kind == CUZK_VAR_AUX); /* a booleanity constraint, not the flush */
    CHECK(cuzk_multieq_finish(&m) == 0);
    CHECK(cs_counts(cs).constraints == base + 8 * 34 + 2);
    CHECK(cs_ok(cs));
    cuzk_cs_free(cs);

    /* the exact boundary: 253 bits fit, the 254th forces a flush */
    cs = cuzk_cs_recorder_new(true);
    cuzk_multieq_init(&m, cs);
    cuzk_lc l, rr;
    cuzk_lc_init(&l), cuzk_lc_init(&rr);
    cuzk_multieq_enforce_equal(&m, 200, &l, &rr);
    cuzk_multieq_enforce_equal(&m, 53, &l, &rr);
    CHECK(cs_counts(cs).constraints == 0);
    cuzk_multieq_enforce_equal(&m, 1, &l, &rr);
    CHECK(cs_counts(cs).constraints == 1);
    CHECK(cuzk_multieq_enforce_equal(&m, 254, &l, &rr) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_multieq_finish(&m);
    CHECK(cs_counts(cs).constraints == 2);
    cuzk_cs_free(cs);

    /* shifts: the second equality lands at 2^k */
    cs = cuzk_cs_recorder_new(true);
    cuzk_multieq_init(&m, cs);
    cuzk_var x;
    cuzk_cs_alloc(cs, &x, &CUZK_FR_ONE);
    cuzk_lc_add_var(&l, x);
    cuzk_lc_add_var(&rr, cuzk_var_one());
    cuzk_multieq_enforce_equal(&m, 10, &l, &rr);
    cuzk_multieq_enforce_equal(&m, 10, &l, &rr);
    cuzk_multieq_finish(&m);
    CHECK(cuzk_cs_recorder_constraint(cs, 0, &A, &B, &C) == 0);
    cuzk_fr want;
    cuzk_fr_from_u64(&want, 1 + 1024);
    CHECK(A.len == 1 && cuzk_fr_eq(&A.terms[0].coeff, &want) && C.len == 1 && cuzk_fr_eq(&C.terms[0].coeff, &want));
    CHECK(cs_ok(cs));
    cuzk_lc_free(&l), cuzk_lc_free(&rr);
    cuzk_cs_free(cs);
}

int main(void)
{
    test_bits_order();
    test_xor_ch_maj();
    test_addmany();
    test_multieq_flush();
    return test_finish("gadgets/uint32");
}
