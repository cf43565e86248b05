/* The fast PoSt witness generator against the generic synthesis of the same
 * partition, byte for byte (inputs, aux, A·z, B·z, C·z, densities): 2 KiB
 * WindowPoSt with a padded partition (V1 and V1_2), 2 KiB WinningPoSt, and
 * the 32 GiB / 64 GiB slot shapes (three slots); a tampered proof is refused
 * as the generic circuit refuses it. */
#include "test.h"
#include "cuzk/post.h"

static int64_t first_diff(const cuzk_fr *x, const cuzk_fr *y, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (memcmp(&x[i], &y[i], sizeof *x)) return (int64_t)i;
    return -1;
}

static bool bits_equal(const uint64_t *x, const uint64_t *y, uint64_t nbits)
{
    for (uint64_t i = 0; i < nbits; i++)
        if (((x[i >> 6] >> (i & 63)) & 1) != ((y[i >> 6] >> (i & 63)) & 1)) return false;
    return true;
}

/* Fast against generic for partition k; returns the number of differing vectors. */
static int compare(const cuzk_post_config *cfg, const cuzk_post_inputs *in, uint32_t k, cuzk_pool *pool,
                   const char *what)
{
    cuzk_err err;
    cuzk_post_wgen *g = NULL;
    int rc = cuzk_post_wgen_new(&g, cfg, &err);
    CHECK_MSG(rc == 0, "%s: %s", what, err.msg);
    if (rc) return 8;
    uint64_t ni, na, nc;
    cuzk_post_wgen_size(g, &ni, &na, &nc);
    cuzk_fr *mem = malloc((ni + na + 3 * nc) * sizeof *mem);
    memset(mem, 0xa5, (ni + na + 3 * nc) * sizeof *mem); /* a forgotten value shows */
    cuzk_post_wgen_buffers b = { mem, mem + ni, mem + ni + na, mem + ni + na + nc, mem + ni + na + 2 * nc };
    rc = cuzk_post_wgen_fill(g, in, k, true, &b, pool, &err);
    CHECK_MSG(rc == 0, "%s: fill: %s", what, err.msg);
    cuzk_witness fast, gen;
    cuzk_post_wgen_witness(g, &b, &fast);

    cuzk_post_circuit *pc = NULL;
    CHECK(cuzk_post_circuit_from_inputs(&pc, cfg, in, k, true, &err) == 0);
    cuzk_circuit c = cuzk_post_circuit_get(pc);
    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    CHECK(cuzk_circuit_synthesize(&c, cs, &err) == 0 && cuzk_cs_prover_witness(cs, &gen) == 0);
    int bad = 0;
    CHECK_MSG(gen.num_inputs == ni && gen.num_aux == na && gen.num_constraints == nc, "%s: shape", what);
    if (gen.num_inputs == ni && gen.num_aux == na && gen.num_constraints == nc && rc == 0) {
        char where[256] = "";
        int64_t d = first_diff(fast.input, gen.input, ni);
        CHECK_MSG(d < 0, "%s: input %lld differs", what, (long long)d);
        bad += d >= 0;
        d = first_diff(fast.aux, gen.aux, na);
        if (d >= 0) cuzk_post_wgen_describe(g, (uint64_t)d, where, sizeof where);
        CHECK_MSG(d < 0, "%s: aux %lld differs (%s)", what, (long long)d, where);
        bad += d >= 0;
        const cuzk_fr *fv[3] = { fast.a, fast.b, fast.c }, *gv[3] = { gen.a, gen.b, gen.c };
        for (int q = 0; q < 3; q++) {
            d = first_diff(fv[q], gv[q], nc);
            if (d >= 0) cuzk_post_wgen_describe_constraint(g, (uint64_t)d, where, sizeof where);
            CHECK_MSG(d < 0, "%s: %c·z of constraint %lld differs (%s)", what, "ABC"[q], (long long)d, where);
            bad += d >= 0;
        }
        bool ok = bits_equal(fast.a_aux_density, gen.a_aux_density, na) &&
                  bits_equal(fast.b_input_density, gen.b_input_density, ni) &&
                  bits_equal(fast.b_aux_density, gen.b_aux_density, na);
        CHECK_MSG(ok, "%s: densities differ", what);
        bad += !ok;
    } else {
        bad = 8;
    }
    cuzk_cs_free(cs);
    cuzk_post_circuit_free(pc);
    free(mem);
    cuzk_post_wgen_free(g);
    return bad;
}

static void synth_case(cuzk_post_proof proof, uint32_t slots, size_t ns, uint32_t k, cuzk_pool *pool)
{
    cuzk_post_config cfg;
    CHECK(cuzk_post_config_init(&cfg, proof, NULL) == 0);
    if (slots) cfg.sector_count = slots;
    uint8_t rnd[32] = { 3, 1, 4, 1, 5 };
    cuzk_post_vanilla v[5];
    cuzk_post_sector sec[5];
    for (size_t s = 0; s < ns; s++) {
        CHECK(cuzk_post_synth_vanilla(&v[s], &cfg, rnd, 40 + s, s, 99, NULL) == 0);
        sec[s].sector_id = 40 + s;
        memcpy(sec[s].comm_r, v[s].comm_r, 32);
    }
    cuzk_post_inputs in = { { 3, 1, 4, 1, 5 }, { 1 }, sec, ns, v, ns };
    char what[96];
    snprintf(what, sizeof what, "%s (%u slots, %zu sectors, partition %u)", cuzk_post_proof_name(proof),
             cfg.sector_count, ns, k);
    CHECK_MSG(compare(&cfg, &in, k, pool, what) == 0, "%s", what);
    if (k == 0) {
        /* refused as the generic circuit refuses it */
        cuzk_post_wgen *g = NULL;
        CHECK(cuzk_post_wgen_new(&g, &cfg, NULL) == 0);
        uint64_t ni, na, nc;
        cuzk_post_wgen_size(g, &ni, &na, &nc);
        cuzk_fr *mem = calloc(ni + na + 3 * nc, sizeof *mem);
        cuzk_post_wgen_buffers b = { mem, mem + ni, mem + ni + na, mem + ni + na + nc, mem + ni + na + 2 * nc };
        v[0].sectors[0].inclusion[0].hashes[0][0] ^= 1;
        cuzk_err err;
        CHECK(cuzk_post_wgen_fill(g, &in, 0, true, &b, pool, &err) == CUZK_ERR_PROOF_INVALID);
        CHECK(strstr(err.msg, "sector 40") != NULL);
        free(mem);
        cuzk_post_wgen_free(g);
    }
    for (size_t s = 0; s < ns; s++) cuzk_post_vanilla_free(&v[s]);
}

int main(void)
{
    cuzk_pool *pool = cuzk_pool_create(2);
    synth_case(CUZK_POST_WINDOW_2KIB_V1_2, 0, 3, 1, pool); /* partition 1: one sector and its copy */
    synth_case(CUZK_POST_WINDOW_2KIB_V1, 0, 3, 0, NULL);
    synth_case(CUZK_POST_WINNING_2KIB_V1, 0, 1, 0, pool);
    synth_case(CUZK_POST_WINDOW_32GIB_V1_2, 3, 2, 0, pool);
    synth_case(CUZK_POST_WINDOW_64GIB_V1_2, 3, 2, 0, pool);
    synth_case(CUZK_POST_WINNING_8MIB_V1, 0, 1, 0, pool);
    cuzk_pool_destroy(pool);
    return test_finish("test_post_witness");
}
