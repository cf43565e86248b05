/* A generated circuit for tests and benchmarks, shaped like Filecoin's: about
 * half of the aux variables are bits (booleanity, xor, packing) and the rest are
 * full field elements (products and linear relations). The structure depends
 * only on the seed, so setup (no values) and proving (values) agree. */
#include "test_circuit_internal.h"

#include <stdlib.h>
#include <string.h>

enum { RECENT = 32 };

typedef struct {
    cuzk_var var;
    cuzk_fr val;
} slot;

typedef struct {
    cuzk_cs *cs;
    bool values;
    cuzk_rng shape, data;
    slot bits[RECENT], nums[RECENT];
    unsigned n_bits, n_nums;
    cuzk_lc a, b, c;
} gen;

static void random_value(gen *g, cuzk_fr *out)
{
    uint64_t raw[4];
    do {
        for (int i = 0; i < 4; i++)
            raw[i] = cuzk_rng_u64(&g->data);
        raw[3] &= 0x7fffffffffffffffull;
    } while (!cuzk_fr_from_raw(out, raw));
}

static const slot *pick(gen *g, const slot *ring, unsigned n)
{
    unsigned k = n < RECENT ? n : RECENT;
    return &ring[cuzk_rng_u64(&g->shape) % k];
}

static int alloc_slot(gen *g, slot *ring, unsigned *n, const cuzk_fr *val)
{
    slot *s = &ring[*n % RECENT];
    if (g->values)
        s->val = *val;
    (*n)++;
    return cuzk_cs_alloc(g->cs, &s->var, g->values ? val : NULL);
}

static void enforce(gen *g) { cuzk_cs_enforce(g->cs, &g->a, &g->b, &g->c); }

static void clear3(gen *g)
{
    cuzk_lc_clear(&g->a);
    cuzk_lc_clear(&g->b);
    cuzk_lc_clear(&g->c);
}

/* bit b: (1 - b) * b = 0 */
static void step_bit(gen *g)
{
    cuzk_fr v = (cuzk_rng_u64(&g->data) & 1) ? CUZK_FR_ONE : CUZK_FR_ZERO;
    alloc_slot(g, g->bits, &g->n_bits, &v);
    cuzk_var b = g->bits[(g->n_bits - 1) % RECENT].var;
    clear3(g);
    cuzk_lc_add_var(&g->a, cuzk_var_one());
    cuzk_lc_sub_var(&g->a, b);
    cuzk_lc_add_var(&g->b, b);
    enforce(g);
}

/* c = x xor y: (2x) * y = x + y - c */
static void step_xor(gen *g)
{
    slot x = *pick(g, g->bits, g->n_bits), y = *pick(g, g->bits, g->n_bits);
    cuzk_fr v = CUZK_FR_ZERO;
    if (g->values) {
        bool bx = !cuzk_fr_is_zero(&x.val), by = !cuzk_fr_is_zero(&y.val);
        v = (bx != by) ? CUZK_FR_ONE : CUZK_FR_ZERO;
    }
    alloc_slot(g, g->bits, &g->n_bits, &v);
    cuzk_var c = g->bits[(g->n_bits - 1) % RECENT].var;
    cuzk_fr two;
    cuzk_fr_add(&two, &CUZK_FR_ONE, &CUZK_FR_ONE);
    clear3(g);
    cuzk_lc_add(&g->a, x.var, &two);
    cuzk_lc_add_var(&g->b, y.var);
    cuzk_lc_add_var(&g->c, x.var);
    cuzk_lc_add_var(&g->c, y.var); /* x == y merges to coefficient 2 */
    cuzk_lc_sub_var(&g->c, c);
    enforce(g);
}

/* z = x * y over full field values */
static void step_mul(gen *g)
{
    slot x = *pick(g, g->nums, g->n_nums), y = *pick(g, g->nums, g->n_nums);
    cuzk_fr v = CUZK_FR_ZERO;
    if (g->values)
        cuzk_fr_mul(&v, &x.val, &y.val);
    alloc_slot(g, g->nums, &g->n_nums, &v);
    clear3(g);
    cuzk_lc_add_var(&g->a, x.var);
    cuzk_lc_add_var(&g->b, y.var);
    cuzk_lc_add_var(&g->c, g->nums[(g->n_nums - 1) % RECENT].var);
    enforce(g);
}

/* n = sum 2^i bit_i over 8 recent bits: (sum) * 1 = n (multipack-like) */
static void step_pack(gen *g)
{
    cuzk_fr v = CUZK_FR_ZERO, w = CUZK_FR_ONE;
    clear3(g);
    for (int i = 0; i < 8; i++) {
        slot s = *pick(g, g->bits, g->n_bits);
        cuzk_lc_add(&g->a, s.var, &w);
        if (g->values && !cuzk_fr_is_zero(&s.val))
            cuzk_fr_add(&v, &v, &w);
        cuzk_fr_dbl(&w, &w);
    }
    alloc_slot(g, g->nums, &g->n_nums, &v);
    cuzk_lc_add_var(&g->b, cuzk_var_one());
    cuzk_lc_add_var(&g->c, g->nums[(g->n_nums - 1) % RECENT].var);
    enforce(g);
}

static int synthesize(void *ctx, cuzk_cs *cs, cuzk_err *err)
{
    const cuzk_test_circuit *tc = ctx;
    gen *g = calloc(1, sizeof *g);
    if (!g)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "test circuit: out of memory");
    g->cs = cs;
    g->values = cuzk_cs_has_values(cs);
    cuzk_rng_seed(&g->shape, tc->seed);
    cuzk_rng_seed(&g->data, tc->seed ^ 0x9e3779b97f4a7c15ull);
    cuzk_lc_init(&g->a);
    cuzk_lc_init(&g->b);
    cuzk_lc_init(&g->c);

    /* Every public input x_i is tied to an aux copy: copy * 1 = x_i. */
    uint64_t budget = tc->n_constraints;
    uint64_t fixed = (uint64_t)tc->n_inputs * 2 + 1 + 2; /* inputs' own constraints + finish's + seeds */
    uint64_t steps = budget > fixed ? budget - fixed : 0;
    for (uint32_t i = 0; i < tc->n_inputs; i++) {
        cuzk_fr v = CUZK_FR_ZERO;
        if (g->values)
            random_value(g, &v);
        cuzk_var x;
        cuzk_cs_alloc_input(cs, &x, g->values ? &v : NULL);
        alloc_slot(g, g->nums, &g->n_nums, &v);
        clear3(g);
        cuzk_lc_add_var(&g->a, g->nums[(g->n_nums - 1) % RECENT].var);
        cuzk_lc_add_var(&g->b, cuzk_var_one());
        cuzk_lc_add_var(&g->c, x);
        enforce(g);
    }
    /* seed values so every ring has something to pick */
    cuzk_fr v = CUZK_FR_ZERO;
    if (g->values)
        random_value(g, &v);
    alloc_slot(g, g->nums, &g->n_nums, &v);
    clear3(g);
    cuzk_lc_add_var(&g->a, g->nums[(g->n_nums - 1) % RECENT].var);
    cuzk_lc_add_var(&g->b, cuzk_var_one());
    cuzk_lc_add_var(&g->c, g->nums[(g->n_nums - 1) % RECENT].var);
    enforce(g);
    step_bit(g);

    for (uint64_t s = 0; s < steps; s++) {
        switch (cuzk_rng_u64(&g->shape) % 8) {
        case 0: case 1: case 2: step_bit(g); break;
        case 3: case 4: step_xor(g); break;
        case 5: case 6: step_mul(g); break;
        default: step_pack(g); break;
        }
    }
    cuzk_lc_free(&g->a);
    cuzk_lc_free(&g->b);
    cuzk_lc_free(&g->c);
    free(g);
    return cuzk_cs_error(cs, err);
}

void cuzk_test_circuit_init(cuzk_test_circuit *tc, cuzk_circuit *circuit, uint64_t n_constraints,
                            uint32_t n_inputs, uint64_t seed)
{
    tc->n_constraints = n_constraints;
    tc->n_inputs = n_inputs;
    tc->seed = seed;
    circuit->name = "test-circuit";
    circuit->synthesize = synthesize;
    circuit->ctx = tc;
}
