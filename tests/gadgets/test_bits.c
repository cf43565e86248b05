/* Bits: AllocatedBit, Boolean folding, enforce_equal, field decomposition,
 * inputize, multipack. Expected shapes and counts come from bellpepper-core
 * 0.2 (boolean.rs, num.rs) and bellperson d1fa22cb (multipack.rs). */
#include "bits_test_util.h"

#include <stdio.h>

/* ---- AllocatedBit ----------------------------------------------------------- */

static bool term_is(const cuzk_lc_view *v, uint32_t i, cuzk_var var, int64_t coeff)
{
    if (i >= v->len || v->terms[i].var.kind != var.kind || v->terms[i].var.index != var.index)
        return false;
    cuzk_fr c;
    cuzk_fr_from_u64(&c, (uint64_t)(coeff < 0 ? -coeff : coeff));
    if (coeff < 0)
        cuzk_fr_neg(&c, &c);
    return cuzk_fr_eq(&v->terms[i].coeff, &c);
}

static void test_allocated_bit(void)
{
    for (int v = 0; v < 2; v++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        bool val = v;
        cuzk_bit b;
        CHECK(cuzk_bit_alloc(cs, &b, &val) == 0);
        counts n = cs_counts(cs);
        CHECK(n.aux == 1 && n.constraints == 1); /* spec §1.5: 1 aux, (1 - b) * b = 0 */
        CHECK(var_bit(cs, b.var) == v && b.value == val && b.has_value);
        cuzk_lc_view A, B, C;
        CHECK(cuzk_cs_recorder_constraint(cs, 0, &A, &B, &C) == 0);
        CHECK(A.len == 2 && term_is(&A, 0, cuzk_var_one(), 1) && term_is(&A, 1, b.var, -1));
        CHECK(B.len == 1 && term_is(&B, 0, b.var, 1));
        CHECK(C.len == 0);
        CHECK(cs_ok(cs));
        CHECK(flip_breaks(cs, b.var, true)); /* 2 is not a bit */
        cuzk_fr other;
        cuzk_fr_sub(&other, &CUZK_FR_ONE, cuzk_cs_value(cs, b.var));
        cuzk_cs_set_value(cs, b.var, &other); /* the other bit value still satisfies */
        CHECK(cuzk_cs_recorder_first_unsatisfied(cs) == -1);
        cuzk_cs_free(cs);
    }
    /* a proving cs needs the value: a sticky error, not a crash */
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_bit b;
    CHECK(cuzk_bit_alloc(cs, &b, NULL) != 0 && cuzk_cs_error(cs, NULL) != 0);
    cuzk_cs_free(cs);
    /* setup: no values at all */
    cs = cuzk_cs_counter_new();
    CHECK(cuzk_bit_alloc(cs, &b, NULL) == 0 && !b.has_value);
    cuzk_cs_free(cs);
}

typedef int (*bit_op)(cuzk_cs *, cuzk_bit *, const cuzk_bit *, const cuzk_bit *);

static void test_bit_ops(void)
{
    static const struct {
        const char *name;
        bit_op fn;
        int truth[4]; /* (x, y) = 00, 01, 10, 11 */
    } ops[] = {
        { "xor", cuzk_bit_xor, { 0, 1, 1, 0 } },
        { "and", cuzk_bit_and, { 0, 0, 0, 1 } },
        { "and_not", cuzk_bit_and_not, { 0, 0, 1, 0 } },
        { "nor", cuzk_bit_nor, { 1, 0, 0, 0 } },
    };
    for (size_t k = 0; k < 4; k++) {
        for (int xy = 0; xy < 4; xy++) {
            cuzk_cs *cs = cuzk_cs_recorder_new(true);
            bool xv = xy >> 1, yv = xy & 1;
            cuzk_bit x, y, r;
            cuzk_bit_alloc(cs, &x, &xv);
            cuzk_bit_alloc(cs, &y, &yv);
            counts before = cs_counts(cs);
            CHECK(ops[k].fn(cs, &r, &x, &y) == 0);
            counts d = counts_sub(cs_counts(cs), before);
            CHECK_MSG(d.aux == 1 && d.constraints == 1, "%s: one aux, one constraint (spec §1.5)", ops[k].name);
            CHECK_MSG(r.has_value && r.value == ops[k].truth[xy] && var_bit(cs, r.var) == ops[k].truth[xy],
                      "%s(%d,%d)", ops[k].name, xv, yv);
            CHECK_MSG(cs_ok(cs), "%s satisfied", ops[k].name);
            CHECK_MSG(flip_breaks(cs, r.var, false), "%s: a wrong result fails", ops[k].name);
            if (k == 0) {
                /* xor: (2x) * y = x + y - r */
                cuzk_lc_view A, B, C;
                cuzk_cs_recorder_constraint(cs, 2, &A, &B, &C);
                CHECK(A.len == 1 && term_is(&A, 0, x.var, 2));
                CHECK(B.len == 1 && term_is(&B, 0, y.var, 1));
                CHECK(C.len == 3 && term_is(&C, 0, x.var, 1) && term_is(&C, 1, y.var, 1) && term_is(&C, 2, r.var, -1));
            }
            cuzk_cs_free(cs);
        }
    }
    /* alloc_conditionally: with must_be_false = 1 the bit must be 0 */
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    bool t = true, f = false;
    cuzk_bit g, b;
    cuzk_bit_alloc(cs, &g, &t);
    CHECK(cuzk_bit_alloc_conditionally(cs, &b, &f, &g) == 0);
    CHECK(cs_counts(cs).constraints == 2 && cs_ok(cs));
    cuzk_cs_set_value(cs, b.var, &CUZK_FR_ONE);
    CHECK(cuzk_cs_recorder_first_unsatisfied(cs) == 1);
    cuzk_cs_set_value(cs, g.var, &CUZK_FR_ZERO); /* guard off: 1 is allowed */
    CHECK(cuzk_cs_recorder_first_unsatisfied(cs) == -1);
    cuzk_cs_free(cs);
}

/* ---- Boolean folding ----------------------------------------------------------- */

/* The six operand shapes of bellpepper's own tests. */
enum { OP_TRUE, OP_FALSE, OP_ALLOC_T, OP_ALLOC_F, OP_NOT_T, OP_NOT_F, OP_N };
static bool op_val(int o) { return o == OP_TRUE || o == OP_ALLOC_T || o == OP_NOT_F; }
static bool op_const(int o) { return o == OP_TRUE || o == OP_FALSE; }

static cuzk_boolean make_operand(cuzk_cs *cs, int o)
{
    if (op_const(o))
        return cuzk_boolean_constant(o == OP_TRUE);
    bool v = o == OP_ALLOC_T || o == OP_NOT_T;
    cuzk_boolean b;
    cuzk_boolean_alloc(cs, &b, &v);
    return o >= OP_NOT_T ? cuzk_boolean_not(b) : b;
}

/* Cost (allocations = constraints) of Boolean::and on two operands (§1.5). */
static int and_cost(int a, int b) { return op_const(a) || op_const(b) ? 0 : 1; }

static void test_boolean_xor_and(void)
{
    for (int a = 0; a < OP_N; a++) {
        for (int b = 0; b < OP_N; b++) {
            for (int which = 0; which < 2; which++) {
                cuzk_cs *cs = cuzk_cs_recorder_new(true);
                cuzk_boolean x = make_operand(cs, a), y = make_operand(cs, b), r;
                counts before = cs_counts(cs);
                int rc = which ? cuzk_boolean_and(cs, &r, &x, &y) : cuzk_boolean_xor(cs, &r, &x, &y);
                counts d = counts_sub(cs_counts(cs), before);
                bool expect = which ? op_val(a) && op_val(b) : op_val(a) != op_val(b);
                int cost = and_cost(a, b); /* xor and and: free as soon as one side is constant */
                CHECK(rc == 0);
                CHECK_MSG(d.aux == (uint64_t)cost && d.constraints == (uint64_t)cost,
                          "%s(%d,%d): %llu aux, %llu constraints, expected %d", which ? "and" : "xor", a, b,
                          (unsigned long long)d.aux, (unsigned long long)d.constraints, cost);
                CHECK(r.has_value && r.value == expect && boolean_witness(cs, &r) == expect);
                CHECK(cs_ok(cs));
                if (cost) {
                    /* xor of Is and Not is Not(xor); and always yields Is (§1.5) */
                    bool mixed = (a >= OP_NOT_T) != (b >= OP_NOT_T);
                    CHECK(r.kind == (which == 0 && mixed ? CUZK_BOOL_NOT : CUZK_BOOL_IS));
                    CHECK(flip_breaks(cs, r.var, false));
                } else if (op_const(a) && op_const(b)) {
                    CHECK(r.kind == CUZK_BOOL_CONST);
                }
                cuzk_cs_free(cs);
            }
        }
    }
}

/* spec §1.5 sha256_ch pattern table, top to bottom */
static int ch_cost(int a, int b, int c)
{
    if (op_const(a) && op_const(b) && op_const(c)) return 0;
    if (a == OP_FALSE) return 0;
    if (b == OP_FALSE) return and_cost(a, c);
    if (c == OP_FALSE) return and_cost(a, b);
    if (c == OP_TRUE) return and_cost(a, b);
    if (b == OP_TRUE) return and_cost(a, c);
    return 1; /* includes a = Constant(true): it allocates */
}

/* spec §1.5 sha256_maj pattern table */
static int maj_cost(int a, int b, int c)
{
    if (op_const(a) && op_const(b) && op_const(c)) return 0;
    if (a == OP_FALSE) return and_cost(b, c);
    if (b == OP_FALSE) return and_cost(a, c);
    if (c == OP_FALSE) return and_cost(a, b);
    if (c == OP_TRUE) return and_cost(a, b);
    if (b == OP_TRUE) return and_cost(a, c);
    if (a == OP_TRUE) return and_cost(b, c);
    return 2; /* maj, then b & c */
}

static void test_boolean_ch_maj(void)
{
    int total[2] = { 0, 0 };
    for (int a = 0; a < OP_N; a++)
        for (int b = 0; b < OP_N; b++)
            for (int c = 0; c < OP_N; c++)
                for (int which = 0; which < 2; which++) {
                    cuzk_cs *cs = cuzk_cs_recorder_new(true);
                    cuzk_boolean x = make_operand(cs, a), y = make_operand(cs, b), z = make_operand(cs, c), r;
                    counts before = cs_counts(cs);
                    int rc = which ? cuzk_boolean_sha256_maj(cs, &r, &x, &y, &z)
                                   : cuzk_boolean_sha256_ch(cs, &r, &x, &y, &z);
                    counts d = counts_sub(cs_counts(cs), before);
                    bool av = op_val(a), bv = op_val(b), cv = op_val(c);
                    bool expect = which ? ((av && bv) != (av && cv)) != (bv && cv) : (av && bv) != (!av && cv);
                    int cost = which ? maj_cost(a, b, c) : ch_cost(a, b, c);
                    total[which] += cost;
                    CHECK(rc == 0);
                    CHECK_MSG(d.aux == (uint64_t)cost && d.constraints == (uint64_t)cost,
                              "%s(%d,%d,%d): %llu aux %llu constraints, expected %d", which ? "maj" : "ch", a, b, c,
                              (unsigned long long)d.aux, (unsigned long long)d.constraints, cost);
                    CHECK(r.has_value && r.value == expect && boolean_witness(cs, &r) == expect);
                    CHECK(cs_ok(cs));
                    if (cost)
                        CHECK_MSG(flip_breaks(cs, r.var, false), "%s(%d,%d,%d): a wrong result fails",
                                  which ? "maj" : "ch", a, b, c);
                    cuzk_cs_free(cs);
                }
    /* sums of the two tables over the 216 shapes, a guard against editing them */
    CHECK_MSG(total[0] == 144 && total[1] == 224, "ch total %d, maj total %d", total[0], total[1]);

    /* named cases from the spec */
    cuzk_cs *cs = cuzk_cs_counter_new();
    cuzk_boolean t = cuzk_boolean_constant(true), p, q, r;
    cuzk_boolean_alloc(cs, &p, NULL);
    cuzk_boolean_alloc(cs, &q, NULL);
    counts before = cs_counts(cs);
    cuzk_boolean_sha256_ch(cs, &r, &t, &p, &q); /* ch(Constant(true), Is, Is) falls through: 1 aux */
    CHECK(counts_sub(cs_counts(cs), before).aux == 1 && r.kind == CUZK_BOOL_IS);
    cuzk_boolean f = cuzk_boolean_constant(false);
    cuzk_boolean_sha256_ch(cs, &r, &f, &p, &q); /* ch(false, b, c) = c itself */
    CHECK(r.kind == q.kind && r.var.index == q.var.index);
    before = cs_counts(cs);
    cuzk_boolean_sha256_maj(cs, &r, &p, &q, &p); /* general maj: maj then b&c, 2 aux and 2 constraints */
    CHECK(counts_sub(cs_counts(cs), before).aux == 2 && counts_sub(cs_counts(cs), before).constraints == 2);
    cuzk_cs_free(cs);
}

static void test_enforce_equal(void)
{
    for (int a = 0; a < OP_N; a++)
        for (int b = 0; b < OP_N; b++) {
            cuzk_cs *cs = cuzk_cs_recorder_new(true);
            cuzk_boolean x = make_operand(cs, a), y = make_operand(cs, b);
            counts before = cs_counts(cs);
            int rc = cuzk_boolean_enforce_equal(cs, &x, &y);
            counts d = counts_sub(cs_counts(cs), before);
            bool equal = op_val(a) == op_val(b);
            if (op_const(a) && op_const(b)) {
                CHECK(d.constraints == 0);
                CHECK(equal ? rc == 0 : rc != 0); /* bellpepper: Unsatisfiable */
            } else {
                CHECK(rc == 0 && d.constraints == 1 && d.aux == 0);
                CHECK_MSG((cuzk_cs_recorder_first_unsatisfied(cs) == -1) == equal, "enforce_equal(%d,%d)", a, b);
                cuzk_lc_view A, B, C;
                cuzk_cs_recorder_constraint(cs, before.constraints, &A, &B, &C);
                CHECK(A.len == 0 && B.len == 0 && C.len > 0); /* 0 * 0 = C */
            }
            cuzk_cs_free(cs);
        }
}

/* ---- field decomposition ------------------------------------------------------ */

static void fr_random(cuzk_fr *x, cuzk_rng *rng)
{
    uint64_t raw[4];
    do {
        for (int i = 0; i < 4; i++)
            raw[i] = cuzk_rng_u64(rng);
        raw[3] &= 0x7fffffffffffffffull;
    } while (!cuzk_fr_from_raw(x, raw));
}

static int alloc_num(cuzk_cs *cs, cuzk_num *n, const cuzk_fr *v)
{
    n->has_value = v != NULL;
    n->value = v ? *v : CUZK_FR_ZERO;
    return cuzk_cs_alloc(cs, &n->var, v);
}

static void test_to_bits(void)
{
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 5);
    static cuzk_boolean bits[255];
    for (int iter = 0; iter < 6; iter++) {
        bool strict = iter & 1;
        cuzk_fr x;
        fr_random(&x, &rng);
        if (iter == 5)
            cuzk_fr_neg(&x, &CUZK_FR_ONE); /* r - 1, the largest value */
        uint64_t raw[4];
        cuzk_fr_to_raw(raw, &x);
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_num n;
        alloc_num(cs, &n, &x);
        counts before = cs_counts(cs);
        CHECK((strict ? cuzk_num_to_bits_le_strict(cs, bits, &n) : cuzk_num_to_bits_le(cs, bits, &n)) == 0);
        counts d = counts_sub(cs_counts(cs), before);
        if (strict)
            /* bellpepper-core num.rs to_bits_le_strict on r - 1's bit runs: 255 bits,
             * 132 AND gates; one more constraint for the unpacking */
            CHECK_MSG(d.aux == 387 && d.constraints == 388, "strict: %llu aux %llu constraints",
                      (unsigned long long)d.aux, (unsigned long long)d.constraints);
        else
            CHECK(d.aux == 255 && d.constraints == 256); /* spec §1.5 to_bits_le */
        bool bits_ok = true;
        for (unsigned i = 0; i < 255; i++)
            bits_ok = bits_ok && bits[i].kind == CUZK_BOOL_IS &&
                      boolean_witness(cs, &bits[i]) == (int)((raw[i / 64] >> (i % 64)) & 1);
        CHECK(bits_ok);
        CHECK(cs_ok(cs));
        CHECK(flip_breaks(cs, bits[17].var, false));
        CHECK(flip_breaks(cs, bits[254].var, false) || iter == 5);
        CHECK(flip_breaks(cs, n.var, false));
        if (iter == 5 && strict) {
            /* bits of r: the conditional constraint of bit 0 fails before the unpacking */
            cuzk_cs_set_value(cs, bits[0].var, &CUZK_FR_ONE);
            int64_t u = cuzk_cs_recorder_first_unsatisfied(cs);
            CHECK(u >= 0 && (uint64_t)u < cs_counts(cs).constraints - 1);
        }
        cuzk_cs_free(cs);
    }
    /* the non-strict form accepts the alias x + r; the strict one rejects it */
    for (int strict = 0; strict < 2; strict++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_num n;
        cuzk_fr five;
        cuzk_fr_from_u64(&five, 5);
        alloc_num(cs, &n, &five);
        CHECK((strict ? cuzk_num_to_bits_le_strict(cs, bits, &n) : cuzk_num_to_bits_le(cs, bits, &n)) == 0);
        uint64_t alias[4];
        unsigned __int128 carry = 5;
        for (int i = 0; i < 4; i++) {
            carry += CUZK_FR_MODULUS[i];
            alias[i] = (uint64_t)carry;
            carry >>= 64;
        }
        for (unsigned i = 0; i < 255; i++)
            cuzk_cs_set_value(cs, bits[i].var, (alias[i / 64] >> (i % 64)) & 1 ? &CUZK_FR_ONE : &CUZK_FR_ZERO);
        bool accepted = cuzk_cs_recorder_first_unsatisfied(cs) == -1;
        CHECK_MSG(accepted == !strict, "alias 5 + r %s", strict ? "must fail strict" : "passes non-strict");
        cuzk_cs_free(cs);
    }
    /* without values: same shape */
    cuzk_cs *cs = cuzk_cs_counter_new();
    cuzk_num n;
    alloc_num(cs, &n, NULL);
    CHECK(cuzk_num_to_bits_le_strict(cs, bits, &n) == 0 && cs_counts(cs).constraints == 388);
    cuzk_cs_free(cs);
}

static void test_inputize(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_fr v;
    cuzk_fr_from_u64(&v, 1234567);
    cuzk_num x, u;
    alloc_num(cs, &x, &v);
    CHECK(cuzk_num_inputize(cs, &u, &x) == 0);
    counts c = cs_counts(cs);
    CHECK(c.inputs == 2 && c.constraints == 1 && u.var.kind == CUZK_VAR_INPUT && u.var.index == 1);
    cuzk_lc_view A, B, C; /* u * 1 = x */
    cuzk_cs_recorder_constraint(cs, 0, &A, &B, &C);
    CHECK(term_is(&A, 0, u.var, 1) && term_is(&B, 0, cuzk_var_one(), 1) && term_is(&C, 0, x.var, 1));
    CHECK(cs_ok(cs) && flip_breaks(cs, u.var, false));
    cuzk_cs_free(cs);
}

/* ---- multipack --------------------------------------------------------------- */

static void test_multipack(void)
{
    static const size_t sizes[] = { 0, 1, 8, 253, 254, 255, 508, 509, 1000 };
    cuzk_rng rng;
    cuzk_rng_seed(&rng, 9);
    static bool v[1000];
    static cuzk_boolean bits[1000];
    static cuzk_fr expect[4];
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        for (size_t i = 0; i < n; i++)
            v[i] = cuzk_rng_u64(&rng) & 1;
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        alloc_bits(cs, bits, v, n);
        /* a few constants in the mix: they land on ONE */
        if (n > 3)
            bits[1] = cuzk_boolean_constant(v[1]), bits[2] = cuzk_boolean_not(bits[2]), v[2] = !v[2];
        counts before = cs_counts(cs);
        CHECK(cuzk_multipack_pack_into_inputs(cs, bits, n) == 0);
        counts d = counts_sub(cs_counts(cs), before);
        size_t chunks = (n + 253) / 254;
        CHECK_MSG(d.inputs == chunks && d.constraints == chunks && d.aux == 0, "pack_into_inputs(%zu)", n);
        cuzk_multipack_compute(expect, v, n);
        for (size_t i = 0; i < chunks; i++) {
            const cuzk_fr *got = cuzk_cs_value(cs, (cuzk_var){ (uint32_t)(1 + i), CUZK_VAR_INPUT });
            CHECK_MSG(got && cuzk_fr_eq(got, &expect[i]), "pack_into_inputs(%zu) input %zu", n, i);
        }
        CHECK(cs_ok(cs));
        if (n > 3)
            CHECK(flip_breaks(cs, bits[n - 1].var, false));
        cuzk_cs_free(cs);
    }
    /* compute_multipacking: bit j of chunk i has weight 2^j */
    bool one_bits[300] = { false };
    one_bits[0] = one_bits[3] = one_bits[254] = one_bits[256] = true;
    cuzk_fr out[2], e0, e1;
    cuzk_multipack_compute(out, one_bits, 300);
    cuzk_fr_from_u64(&e0, 9);
    cuzk_fr_from_u64(&e1, 5);
    CHECK(cuzk_fr_eq(&out[0], &e0) && cuzk_fr_eq(&out[1], &e1));

    /* pack_bits: only the first 254 bits, into one aux */
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    for (size_t i = 0; i < 300; i++)
        v[i] = cuzk_rng_u64(&rng) & 1;
    alloc_bits(cs, bits, v, 300);
    counts before = cs_counts(cs);
    cuzk_num packed;
    CHECK(cuzk_multipack_pack_bits(cs, &packed, bits, 300) == 0);
    counts d = counts_sub(cs_counts(cs), before);
    CHECK(d.aux == 1 && d.constraints == 1 && d.inputs == 0);
    cuzk_multipack_compute(expect, v, 254);
    CHECK(packed.has_value && cuzk_fr_eq(&packed.value, &expect[0]));
    CHECK(cs_ok(cs) && flip_breaks(cs, packed.var, false) && flip_breaks(cs, bits[253].var, false));
    CHECK(!flip_breaks(cs, bits[254].var, false)); /* beyond the capacity: not packed */
    cuzk_cs_free(cs);
}

static void test_bit_orders(void)
{
    uint8_t bytes[2] = { 0x81, 0x06 };
    bool be[16], le[16];
    cuzk_multipack_bytes_to_bits(be, bytes, 2);
    cuzk_multipack_bytes_to_bits_le(le, bytes, 2);
    static const bool want_be[16] = { 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0 };
    static const bool want_le[16] = { 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0 };
    CHECK(memcmp(be, want_be, sizeof be) == 0 && memcmp(le, want_le, sizeof le) == 0);

    /* reverse_bit_numbering of 255 bits: 256 out, bit 7 of byte 31 the pad */
    cuzk_cs *cs = cuzk_cs_counter_new();
    static cuzk_boolean in[255], out[256];
    for (int i = 0; i < 255; i++)
        cuzk_boolean_alloc(cs, &in[i], NULL);
    CHECK(cuzk_boolean_reverse_bit_numbering(out, in, 255) == 256);
    CHECK(out[0].var.index == in[7].var.index && out[7].var.index == in[0].var.index);
    CHECK(out[8].var.index == in[15].var.index);
    CHECK(out[248].kind == CUZK_BOOL_CONST && !out[248].value && out[249].var.index == in[254].var.index);
    cuzk_cs_free(cs);
}

int main(void)
{
    test_allocated_bit();
    test_bit_ops();
    test_boolean_xor_and();
    test_boolean_ch_maj();
    test_enforce_equal();
    test_to_bits();
    test_inputize();
    test_multipack();
    test_bit_orders();
    return test_finish("gadgets/bits");
}
