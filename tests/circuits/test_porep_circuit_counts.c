/* Constraint and input counts of the blank StackedCircuit against upstream:
 * the four test circuits of storage-proofs-porep tests/stacked_circuit.rs
 * (golden/fil_proofs/constraint_counts.json: 8 to 64 nodes, 2 layers, one
 * challenge, trees 2-0-0, 8-0-0, 8-4-0, 8-4-2) and the 2 KiB partition. The
 * counter adds one input constraint per input (ONE included). */
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"

static void count(const cuzk_porep_config *cfg, uint64_t want_constraints, uint64_t want_inputs, const char *what,
                  cuzk_cs_stats *out)
{
    cuzk_porep_circuit *pc = NULL;
    cuzk_err err = {0};
    CHECK_MSG(cuzk_porep_circuit_new_blank(&pc, cfg, &err) == 0, "%s: %s", what, err.msg);
    if (!pc) return;
    cuzk_circuit c = cuzk_porep_circuit_get(pc);
    cuzk_cs *cs = cuzk_cs_counter_new();
    CHECK_MSG(cuzk_circuit_synthesize(&c, cs, &err) == 0, "%s: %s", what, err.msg);
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    CHECK_MSG(st.constraints == want_constraints + want_inputs && st.inputs == want_inputs,
              "%s: %llu constraints (want %llu + %llu inputs), %llu inputs", what,
              (unsigned long long)st.constraints, (unsigned long long)want_constraints,
              (unsigned long long)want_inputs, (unsigned long long)st.inputs);
    if (out) *out = st;
    cuzk_cs_free(cs);
    cuzk_porep_circuit_free(pc);
}

/* The upstream tests: nodes = 8 * base trees, porep_id = [44; 32], V1_1. */
static void upstream_tests(void)
{
    uint8_t id[32];
    memset(id, 44, 32);
    static const struct { uint64_t nodes; uint32_t base, sub, top; uint64_t constraints; } T[] = {
        { 8, 2, 0, 0, 1206212 }, { 8, 8, 0, 0, 1199620 }, { 32, 8, 4, 0, 1296576 }, { 64, 8, 4, 2, 1346982 },
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        cuzk_porep_config cfg;
        CHECK(cuzk_porep_config_custom(&cfg, T[i].nodes, 2, T[i].sub, T[i].top, CUZK_POREP_API_V1_1_0, 0, id, 1, 1,
                                       NULL) == 0);
        if (T[i].base == 2) { /* the binary test tree: the config knows only arity-8 bases */
            cfg.base_arity = 2;
            cfg.base_levels = 3;
        }
        char what[64];
        snprintf(what, sizeof what, "test circuit %llu nodes %u-%u-%u", (unsigned long long)T[i].nodes, T[i].base,
                 T[i].sub, T[i].top);
        count(&cfg, T[i].constraints, 22, what, NULL);
    }
}

int main(void)
{
    upstream_tests();
    /* 2 KiB (spec §5.2, DERIVED): 2 687 921 + 40; aux 2 685 673 */
    cuzk_porep_config cfg;
    CHECK(cuzk_porep_config_init(&cfg, CUZK_SEAL_2KIB_V1_1, NULL) == 0);
    cuzk_cs_stats st = {0};
    count(&cfg, 2687921, 40, "2 KiB", &st);
    CHECK(st.aux == 2685673);
    /* a bad config is refused */
    cuzk_porep_circuit *pc = NULL;
    cfg.layers = 0;
    CHECK(cuzk_porep_circuit_new_blank(&pc, &cfg, NULL) != 0 && pc == NULL);
    return test_finish("test_porep_circuit_counts");
}
