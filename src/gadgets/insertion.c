/* Insertion of an element into a row of siblings at an index given by bits
 * (storage-proofs-core gadgets/insertion.rs): the hand-optimised sizes 2, 4
 * and 8 with their exact pick order, and the general select-based shape. */
#include "gadgets_impl.h"

#include <stdlib.h>

/* pick(cond, a, b) = cond ? a : b */
#define PICK(dst, cond, a, b) GADGET_TRY(rc, cuzk_num_pick(cs, &(dst), (cond), (a), (b)))

static int insert_2(cuzk_cs *cs, cuzk_num *out, const cuzk_num *x, const cuzk_boolean *bits, const cuzk_num *s)
{
    int rc = 0;
    PICK(out[0], &bits[0], &s[0], x);
    PICK(out[1], &bits[0], x, &s[0]);
    return rc;
}

/* Rows by index n = b0 + 2 b1: 0: A b c d, 1: b A c d, 2: b c A d, 3: b c d A. */
static int insert_4(cuzk_cs *cs, cuzk_num *out, const cuzk_num *A, const cuzk_boolean *bits, const cuzk_num *s)
{
    const cuzk_boolean *b0 = &bits[0], *b1 = &bits[1];
    const cuzk_num *b = &s[0], *c = &s[1], *d = &s[2];
    cuzk_num p0_x0, p1_x0, p2_x1, p3_x1;
    int rc = 0;
    PICK(p0_x0, b0, b, A);
    PICK(out[0], b1, b, &p0_x0);
    PICK(p1_x0, b0, A, b);
    PICK(out[1], b1, c, &p1_x0);
    PICK(p2_x1, b0, d, A);
    PICK(out[2], b1, &p2_x1, c);
    PICK(p3_x1, b0, A, d);
    PICK(out[3], b1, &p3_x1, d);
    return rc;
}

/* The index's low two bits are shared through nor(b0, b1) and and(b0, b1),
 * allocated first; then 20 picks (22 constraints in all). */
static int insert_8(cuzk_cs *cs, cuzk_num *out, const cuzk_num *A, const cuzk_boolean *bits, const cuzk_num *s)
{
    if (bits[0].kind != CUZK_BOOL_IS || bits[1].kind != CUZK_BOOL_IS)
        return CUZK_ERR_INVALID_ARGUMENT; /* upstream: "bits must be allocated and unnegated" */
    const cuzk_boolean *b0 = &bits[0], *b1 = &bits[1], *b2 = &bits[2];
    const cuzk_num *b = &s[0], *c = &s[1], *d = &s[2], *e = &s[3], *f = &s[4], *g = &s[5], *h = &s[6];
    cuzk_bit x0 = gadget_bit_of(b0), x1 = gadget_bit_of(b1), nor_bit, and_bit;
    int rc = cuzk_bit_nor(cs, &nor_bit, &x0, &x1);
    GADGET_TRY(rc, cuzk_bit_and(cs, &and_bit, &x0, &x1));
    if (rc)
        return rc;
    cuzk_boolean nor = cuzk_boolean_from_bit(&nor_bit), and = cuzk_boolean_from_bit(&and_bit);
    cuzk_num p0_xx0, p1_x00, p1_xx0, p2_x10, p2_xx0, p3_xx0, p4_xx1, p5_x01, p5_xx1, p6_x11, p6_xx1, p7_xx1;
    PICK(p0_xx0, &nor, A, b);
    PICK(out[0], b2, b, &p0_xx0);
    PICK(p1_x00, b0, A, b);
    PICK(p1_xx0, b1, c, &p1_x00);
    PICK(out[1], b2, c, &p1_xx0);
    PICK(p2_x10, b0, d, A);
    PICK(p2_xx0, b1, &p2_x10, c);
    PICK(out[2], b2, d, &p2_xx0);
    PICK(p3_xx0, &and, A, d);
    PICK(out[3], b2, e, &p3_xx0);
    PICK(p4_xx1, &nor, A, f);
    PICK(out[4], b2, &p4_xx1, e);
    PICK(p5_x01, b0, A, f);
    PICK(p5_xx1, b1, g, &p5_x01);
    PICK(out[5], b2, &p5_xx1, f);
    PICK(p6_x11, b0, h, A);
    PICK(p6_xx1, b1, &p6_x11, g);
    PICK(out[6], b2, &p6_xx1, g);
    PICK(p7_xx1, &and, A, h);
    PICK(out[7], b2, &p7_xx1, h);
    return rc;
}

int cuzk_insertion_select(cuzk_cs *cs, cuzk_num *out, const cuzk_num *from, const cuzk_boolean *bits, size_t n_bits)
{
    if (n_bits >= 31)
        return CUZK_ERR_INVALID_ARGUMENT;
    size_t half = ((size_t)1 << n_bits) / 2;
    cuzk_num *state = malloc(((size_t)1 << n_bits) * sizeof *state);
    if (!state)
        return CUZK_ERR_OUT_OF_MEMORY;
    for (size_t i = 0; i < (size_t)1 << n_bits; i++)
        state[i] = from[i];
    int rc = 0;
    /* the most significant bit halves the candidates first */
    for (size_t i = n_bits; i-- > 0 && rc == 0; half /= 2)
        for (size_t j = 0; j < half && rc == 0; j++)
            rc = cuzk_num_pick(cs, &state[j], &bits[i], &state[half + j], &state[j]);
    if (rc == 0)
        *out = state[0];
    free(state);
    return rc;
}

/* size * (size - 1) picks: each output position selects among its column of
 * the table of results by index. */
static int insert_general(cuzk_cs *cs, cuzk_num *out, const cuzk_num *x, const cuzk_boolean *bits, size_t n_bits,
                          const cuzk_num *s)
{
    const size_t size = (size_t)1 << n_bits;
    cuzk_num *choices = malloc(size * sizeof *choices);
    if (!choices)
        return CUZK_ERR_OUT_OF_MEMORY;
    int rc = 0;
    for (size_t pos = 0; pos < size && rc == 0; pos++) {
        /* row `index` is s with x inserted at index: its entry at pos */
        for (size_t index = 0; index < size; index++)
            choices[index] = pos < index ? s[pos] : pos == index ? *x : s[pos - 1];
        rc = cuzk_insertion_select(cs, &out[pos], choices, bits, n_bits);
    }
    free(choices);
    return rc;
}

int cuzk_insertion_insert(cuzk_cs *cs, cuzk_num *out, const cuzk_num *x, const cuzk_boolean *bits, size_t n_bits,
                          const cuzk_num *siblings)
{
    if (n_bits < 1 || n_bits > 16)
        return CUZK_ERR_INVALID_ARGUMENT;
    /* copies, so that out may alias x or the siblings */
    const size_t ns = ((size_t)1 << n_bits) - 1;
    cuzk_num xc = *x, small[15], *sc = ns <= 15 ? small : malloc(ns * sizeof *sc);
    cuzk_boolean bc[16];
    if (!sc)
        return CUZK_ERR_OUT_OF_MEMORY;
    for (size_t i = 0; i < ns; i++)
        sc[i] = siblings[i];
    for (size_t i = 0; i < n_bits; i++)
        bc[i] = bits[i];
    int rc;
    switch (n_bits) {
    case 1: rc = insert_2(cs, out, &xc, bc, sc); break;
    case 2: rc = insert_4(cs, out, &xc, bc, sc); break;
    case 3: rc = insert_8(cs, out, &xc, bc, sc); break;
    default: rc = insert_general(cs, out, &xc, bc, n_bits, sc); break;
    }
    if (sc != small)
        free(sc);
    return rc;
}
