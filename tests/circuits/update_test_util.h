/* Helpers of the SnapDeals tests: known answers from constraint_counts.json
 * (whose test names repeat between upstream files, so an entry is found by
 * its source file and test name), counting, and the fast-witness comparison. */
#ifndef CUZK_TESTS_UPDATE_TEST_UTIL_H
#define CUZK_TESTS_UPDATE_TEST_UTIL_H

#include "gadgets/poseidon_golden.h"
#include "cuzk/update.h"

/* num_constraints of the entry whose "source" ends in `file` and whose
 * "test" is exactly `test`; -1 if there is none. */
static inline long update_golden_count(const char *doc, const char *file, const char *test)
{
    char want_test[160];
    snprintf(want_test, sizeof want_test, "\"test\": \"%s\"", test);
    for (const char *p = doc ? strstr(doc, "\"source\": \"") : NULL; p; p = strstr(p + 1, "\"source\": \"")) {
        const char *end = strchr(p, '}');
        const char *src_end = strchr(p + 11, '"');
        if (!end || !src_end) return -1;
        const size_t fl = strlen(file);
        const bool src_ok = (size_t)(src_end - (p + 11)) >= fl && memcmp(src_end - fl, file, fl) == 0;
        const char *t = strstr(p, want_test);
        if (src_ok && t && t < end) {
            const char *q = strstr(p, "\"num_constraints\": ");
            if (q && q < end) return strtol(q + strlen("\"num_constraints\": "), NULL, 10);
        }
    }
    return -1;
}

/* Synthesizes the blank circuit of cfg into a counter. */
static inline int update_count(const cuzk_update_config *cfg, cuzk_cs_stats *st, cuzk_err *err)
{
    cuzk_update_circuit *uc = NULL;
    int rc = cuzk_update_circuit_new_blank(&uc, cfg, err);
    if (rc) return rc;
    cuzk_circuit c = cuzk_update_circuit_get(uc);
    cuzk_cs *cs = cuzk_cs_counter_new();
    rc = cuzk_circuit_synthesize(&c, cs, err);
    cuzk_cs_get_stats(cs, st);
    cuzk_cs_free(cs);
    cuzk_update_circuit_free(uc);
    return rc;
}

/* Fills the fast witness of partition k of u and compares it with the
 * generic path's (prover cs): sizes, inputs, aux, A/B/C and densities; with
 * tamper, a flipped tree-D leaf must be refused by both. */
static inline void update_witness_compare(const cuzk_update_config *cfg, const cuzk_update_replica *u, uint32_t k, cuzk_pool *pool,
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

#endif
