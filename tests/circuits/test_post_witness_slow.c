/* The fast PoSt witness of 32 GiB WindowPoSt slots against the generic path:
 * byte-identical over 24 slots of distinct synthetic sectors, and the time of
 * each on one core (no pool), with the cost of a whole 2,349-slot partition
 * extrapolated per slot (a partition's vectors are ~16 GB, more than this
 * test may hold). */
#include "test.h"
#include "cuzk/post.h"

#include <time.h>

/* CPU seconds of this process (each part below runs on one thread). */
static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#define SLOTS 24

int main(void)
{
    cuzk_post_config cfg;
    CHECK(cuzk_post_config_init(&cfg, CUZK_POST_WINDOW_32GIB_V1_2, NULL) == 0);
    const uint32_t full = cfg.sector_count;
    cfg.sector_count = SLOTS;
    uint8_t rnd[32] = { 7, 7, 7 };
    cuzk_post_vanilla *v = calloc(SLOTS, sizeof *v);
    cuzk_post_sector *sec = calloc(SLOTS, sizeof *sec);
    for (uint32_t s = 0; s < SLOTS; s++) {
        CHECK(cuzk_post_synth_vanilla(&v[s], &cfg, rnd, 1000 + s, s, 5, NULL) == 0);
        sec[s].sector_id = 1000 + s;
        memcpy(sec[s].comm_r, v[s].comm_r, 32);
    }
    cuzk_post_inputs in = { { 7, 7, 7 }, { 1 }, sec, SLOTS, v, SLOTS };
    cuzk_err err;

    /* generic: the circuit synthesized into a prover cs */
    double t0 = cpu_s();
    cuzk_post_circuit *pc = NULL;
    CHECK(cuzk_post_circuit_from_inputs(&pc, &cfg, &in, 0, true, &err) == 0);
    cuzk_circuit c = cuzk_post_circuit_get(pc);
    cuzk_cs *cs = cuzk_cs_prover_new(0, 0);
    cuzk_witness gen;
    CHECK(cuzk_circuit_synthesize(&c, cs, &err) == 0 && cuzk_cs_prover_witness(cs, &gen) == 0);
    const double t_gen = (cpu_s() - t0);

    /* fast: the tape once, then the fill on one core */
    t0 = cpu_s();
    cuzk_post_wgen *g = NULL;
    CHECK_MSG(cuzk_post_wgen_new(&g, &cfg, &err) == 0, "%s", err.msg);
    const double t_tape = (cpu_s() - t0);
    uint64_t ni, na, nc;
    cuzk_post_wgen_size(g, &ni, &na, &nc);
    cuzk_fr *mem = malloc((ni + na + 3 * nc) * sizeof *mem);
    cuzk_post_wgen_buffers b = { mem, mem + ni, mem + ni + na, mem + ni + na + nc, mem + ni + na + 2 * nc };
    t0 = cpu_s();
    CHECK_MSG(cuzk_post_wgen_fill(g, &in, 0, true, &b, NULL, &err) == 0, "%s", err.msg);
    const double t_fast = (cpu_s() - t0);
    /* the vanilla checks alone (native Merkle paths and comm_r) */
    t0 = cpu_s();
    CHECK(cuzk_post_vanilla_verify(&cfg, &in, 0, NULL) == 0);
    const double t_check = (cpu_s() - t0);
    cuzk_witness fast;
    cuzk_post_wgen_witness(g, &b, &fast);
    CHECK(fast.num_inputs == gen.num_inputs && fast.num_aux == gen.num_aux &&
          fast.num_constraints == gen.num_constraints);
    CHECK(memcmp(fast.input, gen.input, ni * sizeof *mem) == 0);
    CHECK(memcmp(fast.aux, gen.aux, na * sizeof *mem) == 0);
    CHECK(memcmp(fast.a, gen.a, nc * sizeof *mem) == 0);
    CHECK(memcmp(fast.b, gen.b, nc * sizeof *mem) == 0);
    CHECK(memcmp(fast.c, gen.c, nc * sizeof *mem) == 0);
    CHECK(t_fast < t_gen);
    printf("32 GiB WindowPoSt, %u slots (%llu constraints, %llu aux), one core (CPU time):\n", SLOTS, (unsigned long long)nc,
           (unsigned long long)na);
    printf("  generic %.3f s (%.1f ms a slot), fast %.3f s (%.2f ms a slot, vanilla checks included), tape %.3f s once\n",
           t_gen, 1e3 * t_gen / SLOTS, t_fast, 1e3 * t_fast / SLOTS, t_tape);
    printf("  of which the vanilla checks %.3f s\n", t_check);
    printf("  a %u-slot partition: generic %.1f core-s, fast %.1f core-s: %.1fx\n", full, t_gen / SLOTS * full,
           t_fast / SLOTS * full, t_gen / t_fast);
    free(mem);
    cuzk_post_wgen_free(g);
    cuzk_cs_free(cs);
    cuzk_post_circuit_free(pc);
    for (uint32_t s = 0; s < SLOTS; s++) cuzk_post_vanilla_free(&v[s]);
    free(v), free(sec);
    return test_finish("test_post_witness_slow");
}
