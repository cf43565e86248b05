/* storage-proofs-core insertion.rs: every index of sizes 2, 4, 8 (hand
 * optimised) and 16 (general select), output order, constraint counts (insert_8 22,
 * insert_4 8, general n(n-1), as the upstream tests), satisfaction and
 * changed witnesses. */
#include "cuzk/gadgets.h"
#include "poseidon_golden.h"

static void test_size(uint32_t n_bits, uint64_t want_constraints)
{
    const uint32_t size = 1u << n_bits;
    for (uint32_t index = 0; index < size; index++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_num x, sib[15], out[16];
        cuzk_boolean bits[4];
        cuzk_fr vx;
        cuzk_fr_from_u64(&vx, 1000);
        CHECK(cuzk_num_alloc(cs, &x, &vx) == 0);
        for (uint32_t i = 0; i + 1 < size; i++) {
            cuzk_fr v;
            cuzk_fr_from_u64(&v, i + 1);
            CHECK(cuzk_num_alloc(cs, &sib[i], &v) == 0);
        }
        for (uint32_t i = 0; i < n_bits; i++) {
            bool b = (index >> i) & 1;
            CHECK(cuzk_boolean_alloc(cs, &bits[i], &b) == 0);
        }
        cuzk_cs_stats before, after;
        cuzk_cs_get_stats(cs, &before);
        CHECK(cuzk_insertion_insert(cs, out, &x, bits, n_bits, sib) == 0);
        cuzk_cs_get_stats(cs, &after);
        CHECK_MSG(after.constraints - before.constraints == want_constraints &&
                      after.aux - before.aux == want_constraints,
                  "insert size %u: %llu constraints", size,
                  (unsigned long long)(after.constraints - before.constraints));
        /* out = siblings with x at index */
        bool order = true;
        for (uint32_t p = 0, k = 0; p < size; p++) {
            cuzk_fr want;
            if (p == index)
                want = vx;
            else
                cuzk_fr_from_u64(&want, ++k);
            order = order && cuzk_fr_eq(&out[p].value, &want) && cuzk_fr_eq(cuzk_cs_value(cs, out[p].var), &want);
        }
        CHECK_MSG(order, "insert size %u index %u: wrong order", size, index);
        char what[64];
        snprintf(what, sizeof what, "insert %u at %u", size, index);
        check_witness(cs, out[index].var, what);
        check_witness(cs, out[(index + 1) % size].var, what);
        cuzk_cs_free(cs);
    }
}

static void test_select(void)
{
    for (uint32_t idx = 0; idx < 8; idx++) {
        cuzk_cs *cs = cuzk_cs_recorder_new(true);
        cuzk_num from[8], out;
        cuzk_boolean bits[3];
        for (int i = 0; i < 8; i++) {
            cuzk_fr v;
            cuzk_fr_from_u64(&v, 10 + i);
            CHECK(cuzk_num_alloc(cs, &from[i], &v) == 0);
        }
        for (int i = 0; i < 3; i++) {
            bool b = (idx >> i) & 1;
            CHECK(cuzk_boolean_alloc(cs, &bits[i], &b) == 0);
        }
        CHECK(cuzk_insertion_select(cs, &out, from, bits, 3) == 0);
        cuzk_fr want;
        cuzk_fr_from_u64(&want, 10 + idx);
        CHECK(cuzk_fr_eq(&out.value, &want));
        cuzk_cs_stats st;
        cuzk_cs_get_stats(cs, &st);
        CHECK(st.constraints == 3 + 7); /* 3 bits + 4 + 2 + 1 picks */
        check_witness(cs, out.var, "select");
        cuzk_cs_free(cs);
    }
}

/* The upstream insert_8 requires allocated, unnegated bits. */
static void test_insert8_needs_is_bits(void)
{
    cuzk_cs *cs = cuzk_cs_counter_new();
    cuzk_num x, sib[7], out[8];
    cuzk_boolean bits[3];
    CHECK(cuzk_num_alloc(cs, &x, NULL) == 0);
    for (int i = 0; i < 7; i++)
        CHECK(cuzk_num_alloc(cs, &sib[i], NULL) == 0);
    for (int i = 0; i < 3; i++)
        CHECK(cuzk_boolean_alloc(cs, &bits[i], NULL) == 0);
    bits[1] = cuzk_boolean_not(bits[1]);
    CHECK(cuzk_insertion_insert(cs, out, &x, bits, 3, sib) == CUZK_ERR_INVALID_ARGUMENT);
    CHECK(cuzk_insertion_insert(cs, out, &x, bits, 0, sib) == CUZK_ERR_INVALID_ARGUMENT);
    cuzk_cs_free(cs);
}

/* out may alias the siblings (gadgets.h: outputs may alias inputs). */
static void test_alias(void)
{
    cuzk_cs *cs = cuzk_cs_recorder_new(true);
    cuzk_num x, row[4];
    cuzk_boolean bits[2];
    cuzk_fr v;
    cuzk_fr_from_u64(&v, 99);
    CHECK(cuzk_num_alloc(cs, &x, &v) == 0);
    for (int i = 0; i < 3; i++) {
        cuzk_fr_from_u64(&v, (uint64_t)i + 1);
        CHECK(cuzk_num_alloc(cs, &row[i], &v) == 0);
    }
    bool b0 = true, b1 = false; /* index 1 */
    CHECK(cuzk_boolean_alloc(cs, &bits[0], &b0) == 0 && cuzk_boolean_alloc(cs, &bits[1], &b1) == 0);
    CHECK(cuzk_insertion_insert(cs, row, &x, bits, 2, row) == 0);
    const uint64_t want[4] = { 1, 99, 2, 3 };
    for (int i = 0; i < 4; i++) {
        cuzk_fr_from_u64(&v, want[i]);
        CHECK(cuzk_fr_eq(&row[i].value, &v));
    }
    CHECK(cuzk_cs_recorder_first_unsatisfied(cs) == -1);
    cuzk_cs_free(cs);
}

int main(void)
{
    test_alias();
    test_size(1, 2);
    test_size(2, 8);   /* storage-proofs-core insertion.rs: insert_4 = 8 */
    test_size(3, 22);  /* insertion.rs: insert_8 = 22; spec 2.5 */
    test_size(4, 240); /* general: n (n - 1) */
    test_select();
    test_insert8_needs_is_bits();
    return test_finish("gadgets/insertion");
}
