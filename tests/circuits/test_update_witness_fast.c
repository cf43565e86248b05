/* The fast SnapDeals witness equals the generic path's byte for byte: for
 * the real update of a sealed 2 KiB sector, a synthetic 1 KiB (tree R
 * 8-4-0) and 16 KiB (two partitions: a partition path above the apex tree;
 * tree R 8-8-0) update and the 2 KiB Poseidon variant, the inputs, aux,
 * A.z, B.z, C.z and density bitmaps of the generator equal those of the
 * circuit synthesized into a prover cs; a proof whose new label does not
 * follow is refused by both. */
#include <stdlib.h>
#include "test.h"
#include "cuzk/update.h"

static void compare(const cuzk_update_config *cfg, const cuzk_update_replica *u, uint32_t k, cuzk_pool *pool,
                    const char *what, bool tamper)
{
    cuzk_update_partition_proof p;
    cuzk_err err = { 0 };
    uint8_t r_old[32], d_new[32], r_new[32];
    cuzk_update_replica_commitments(u, r_old, d_new, r_new);
    CHECK(cuzk_update_replica_prove(u, k, &p, &err) == 0);
    if (tamper) p.challenges[1].d_new.leaf[0] ^= 1;
    cuzk_update_circuit *uc = NULL;
    cuzk_update_wgen *g = NULL;
    CHECK_MSG(cuzk_update_circuit_from_inputs(&uc, cfg, k, cfg->h, r_old, d_new, r_new, &p, &err) == 0, "%s", err.msg);
    CHECK_MSG(cuzk_update_wgen_new(&g, cfg, &err) == 0, "%s: %s", what, err.msg);
    if (!uc || !g) goto out;
    uint64_t ni, na, nc;
    cuzk_update_wgen_sizes(g, &ni, &na, &nc);
    cuzk_update_wgen_buffers buf = { cuzk_alloc_array(ni, sizeof(cuzk_fr)), cuzk_alloc_array(na, sizeof(cuzk_fr)),
                                     cuzk_alloc_array(nc, sizeof(cuzk_fr)), cuzk_alloc_array(nc, sizeof(cuzk_fr)),
                                     cuzk_alloc_array(nc, sizeof(cuzk_fr)) };
    const uint64_t t0 = cuzk_now_ns();
    int rc = cuzk_update_wgen_fill(g, uc, &buf, pool, &err);
    const double fast = (double)(cuzk_now_ns() - t0) / 1e9;
    cuzk_circuit c = cuzk_update_circuit_get(uc);
    cuzk_cs *cs = cuzk_cs_prover_new(nc, na);
    const uint64_t t1 = cuzk_now_ns();
    cuzk_err gerr = { 0 };
    int grc = cuzk_circuit_synthesize(&c, cs, &gerr);
    const double generic = (double)(cuzk_now_ns() - t1) / 1e9;
    if (tamper) {
        CHECK_MSG(rc == CUZK_ERR_PROOF_INVALID && grc == CUZK_ERR_PROOF_INVALID && strstr(err.msg, "challenge 1: leaf_r_new") &&
                      strstr(gerr.msg, "challenge 1: leaf_r_new"),
                  "%s tampered: fast %d \"%s\", generic %d \"%s\"", what, rc, err.msg, grc, gerr.msg);
    } else {
        CHECK_MSG(rc == 0 && grc == 0, "%s: fast %d \"%s\", generic %d \"%s\"", what, rc, err.msg, grc, gerr.msg);
        cuzk_witness w, f;
        CHECK(cuzk_cs_prover_witness(cs, &w) == 0);
        cuzk_update_wgen_witness(g, &buf, &f);
        CHECK_MSG(w.num_inputs == ni && w.num_aux == na && w.num_constraints == nc, "%s: sizes", what);
        if (w.num_inputs == ni && w.num_aux == na && w.num_constraints == nc) {
            CHECK_MSG(!memcmp(w.input, f.input, ni * sizeof(cuzk_fr)), "%s: inputs", what);
            uint64_t first = UINT64_MAX;
            for (uint64_t i = 0; i < na && first == UINT64_MAX; i++)
                if (!cuzk_fr_eq(&w.aux[i], &f.aux[i])) first = i;
            CHECK_MSG(first == UINT64_MAX, "%s: aux %llu of %llu differs", what, (unsigned long long)first,
                      (unsigned long long)na);
            const cuzk_fr *gv[3] = { w.a, w.b, w.c }, *fv[3] = { f.a, f.b, f.c };
            for (int m = 0; m < 3; m++) {
                first = UINT64_MAX;
                for (uint64_t i = 0; i < nc && first == UINT64_MAX; i++)
                    if (memcmp(&gv[m][i], &fv[m][i], sizeof(cuzk_fr))) first = i;
                CHECK_MSG(first == UINT64_MAX, "%s: %c.z row %llu of %llu differs", what, "abc"[m],
                          (unsigned long long)first, (unsigned long long)nc);
            }
            CHECK_MSG(!memcmp(w.a_aux_density, f.a_aux_density, (na + 63) / 64 * 8) &&
                          !memcmp(w.b_aux_density, f.b_aux_density, (na + 63) / 64 * 8) &&
                          !memcmp(w.b_input_density, f.b_input_density, (ni + 63) / 64 * 8),
                      "%s: densities", what);
        }
        printf("%s: %llu constraints, fast %.2f s, generic %.2f s (wall)\n", what, (unsigned long long)nc, fast, generic);
    }
    cuzk_cs_free(cs);
    cuzk_free(buf.input), cuzk_free(buf.aux), cuzk_free(buf.a), cuzk_free(buf.b), cuzk_free(buf.c);
out:
    cuzk_update_wgen_free(g);
    cuzk_update_circuit_free(uc);
    cuzk_update_partition_proof_free(&p);
}

int main(void)
{
    cuzk_pool *pool = cuzk_pool_create(2);
    cuzk_err err = { 0 };
    /* the real 2 KiB update */
    cuzk_porep_config pcfg;
    cuzk_update_config cfg;
    CHECK(cuzk_porep_config_init(&pcfg, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    uint8_t *zero = calloc(64, 32), *data = malloc(64 * 32);
    for (int i = 0; i < 64 * 32; i++) data[i] = (uint8_t)(i * 13 + 3);
    for (int n = 0; n < 64; n++) data[n * 32 + 31] &= 0x3f;
    uint8_t prover[32] = { 2 }, ticket[32] = { 8 };
    cuzk_porep_seal s;
    cuzk_update_replica *u = NULL;
    if (cuzk_porep_seal_init(&s, &pcfg, zero, prover, 3, ticket, NULL, &err) == 0) {
        CHECK(cuzk_update_encode(&u, &cfg, cfg.h, s.comm_c, s.tree_r, data, &err) == 0);
        if (u) {
            compare(&cfg, u, 0, pool, "real 2 KiB", false);
            compare(&cfg, u, 0, pool, "real 2 KiB", true);
        }
        cuzk_update_replica_free(u);
        cuzk_porep_seal_free(&s);
    } else {
        CHECK_MSG(0, "seal: %s", err.msg);
    }
    static const struct {
        uint64_t nodes;
        bool poseidon;
        uint32_t k;
        const char *what;
    } T[] = { { 32, false, 0, "synthetic 1 KiB (8-4-0)" },
              { 512, false, 1, "synthetic 16 KiB partition 1 (8-8-0)" },
              { 64, true, 0, "synthetic 2 KiB Poseidon variant" } };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        CHECK(cuzk_update_config_from_nodes(&cfg, T[i].nodes, T[i].poseidon, NULL) == 0);
        u = NULL;
        CHECK(cuzk_update_synth(&u, &cfg, cfg.h, 40 + i, &err) == 0);
        if (u) compare(&cfg, u, T[i].k, pool, T[i].what, false);
        cuzk_update_replica_free(u);
    }
    /* a circuit of another config is refused */
    cuzk_update_wgen *g = NULL;
    CHECK(cuzk_update_config_init(&cfg, CUZK_UPDATE_2KIB_V1, false, NULL) == 0);
    cfg.challenges = 9;
    CHECK(cuzk_update_wgen_new(&g, &cfg, NULL) != 0 && g == NULL);
    free(zero);
    free(data);
    cuzk_pool_destroy(pool);
    return test_finish("test_update_witness_fast");
}
