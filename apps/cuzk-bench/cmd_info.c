/* cuzk-bench info: the shape of a circuit, from synthesizing its blank form
 * into the counting back end (nothing per constraint is kept).
 *
 *   cuzk-bench info --circuit porep --sector-size 32GiB [--api-version 1.1] [--json]
 *
 * Reports constraints (input constraints included, as the R1CS the prover
 * and setup see), inputs (ONE included), aux, the FFT domain, the non-zeros
 * of A, B, C and the aux densities of A and B. Progress goes to stderr. */
#include "bench_commands.h"
#include "cuzk/porep.h"
#include "cuzk/r1cs.h"
#include "cuzk/util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USAGE                                                                  \
    "--circuit porep --sector-size SIZE [--api-version 1.0|1.1] [--json]\n"    \
    "  SIZE: 2KiB, 8MiB, 512MiB, 32GiB, 64GiB (or bytes)"

static int usage(void)
{
    fprintf(stderr, "usage: cuzk-bench info %s\n", USAGE);
    return CLI_EXIT_USAGE;
}

/* "32GiB", "2KiB", "8MiB" or a byte count; 0 when unreadable. */
static uint64_t parse_size(const char *s)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s) return 0;
    if (!*end) return v;
    if (!strcmp(end, "KiB")) return v << 10;
    if (!strcmp(end, "MiB")) return v << 20;
    if (!strcmp(end, "GiB")) return v << 30;
    return 0;
}

typedef struct {
    uint64_t start_ns;
} progress_state;

static void progress(void *arg, uint32_t challenge, uint32_t challenges)
{
    const progress_state *p = arg;
    fprintf(stderr, "info: challenge %u/%u (%.1f s)\n", challenge + 1, challenges,
            (double)(cuzk_now_ns() - p->start_ns) / 1e9);
}

int cuzk_bench_info_main(int argc, char **argv)
{
    cli_opt opt[] = { { "--circuit", false, NULL }, { "--sector-size", false, NULL }, { "--api-version", false, NULL },
                      { "--json", true, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int prc = cli_parse(argc, argv, opt, no, USAGE);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    const char *circuit = cli_get(opt, no, "--circuit"), *size_arg = cli_get(opt, no, "--sector-size");
    const char *api = cli_get(opt, no, "--api-version") ? cli_get(opt, no, "--api-version") : "1.1";
    const bool json = cli_get(opt, no, "--json");
    if (!circuit || strcmp(circuit, "porep") || !size_arg) return usage();
    const uint64_t size = parse_size(size_arg);
    static const uint64_t SIZES[5] = { 2048, 8u << 20, 512u << 20, 32ull << 30, 64ull << 30 };
    int slot = -1;
    for (int i = 0; i < 5; i++)
        if (SIZES[i] == size) slot = i;
    int variant = !strcmp(api, "1.0") ? 0 : !strcmp(api, "1.1") ? 1 : -1;
    if (slot < 0 || variant < 0) {
        fprintf(stderr, "cuzk-bench info: unsupported sector size '%s' or api version '%s'\n", size_arg, api);
        return usage();
    }
    cuzk_err err = {0};
    cuzk_porep_config cfg;
    cuzk_porep_circuit *pc = NULL;
    if (cuzk_porep_config_init(&cfg, (cuzk_seal_proof)(variant * 5 + slot), &err) ||
        cuzk_porep_circuit_new_blank(&pc, &cfg, &err)) {
        fprintf(stderr, "cuzk-bench info: %s\n", err.msg);
        return 1;
    }
    progress_state ps = { cuzk_now_ns() };
    cuzk_porep_circuit_set_progress(pc, progress, &ps);
    fprintf(stderr, "info: %s, %u layers, %u challenges per partition, tree 8-%u-%u\n",
            cuzk_seal_proof_name(cfg.seal_proof), cfg.layers, cfg.challenges_per_partition, cfg.sub_arity,
            cfg.top_arity);
    cuzk_circuit c = cuzk_porep_circuit_get(pc);
    cuzk_cs *cs = cuzk_cs_counter_new();
    int rc = cs ? cuzk_circuit_synthesize(&c, cs, &err) : cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "no memory");
    if (rc) {
        fprintf(stderr, "cuzk-bench info: %s\n", err.msg);
        cuzk_cs_free(cs);
        cuzk_porep_circuit_free(pc);
        return 1;
    }
    cuzk_cs_stats st;
    cuzk_cs_get_stats(cs, &st);
    uint64_t domain = 1;
    while (domain < st.constraints) domain <<= 1;
    fprintf(stderr, "info: synthesized in %.1f s\n", (double)(cuzk_now_ns() - ps.start_ns) / 1e9);
    if (json) {
        printf("{\"constraints\": %llu, \"inputs\": %llu, \"aux\": %llu, \"domain\": %llu, \"nnz_a\": %llu, "
               "\"nnz_b\": %llu, \"nnz_c\": %llu, \"a_aux_density\": %llu, \"b_aux_density\": %llu}\n",
               (unsigned long long)st.constraints, (unsigned long long)st.inputs, (unsigned long long)st.aux,
               (unsigned long long)domain, (unsigned long long)st.nnz_a, (unsigned long long)st.nnz_b,
               (unsigned long long)st.nnz_c, (unsigned long long)st.a_aux_density,
               (unsigned long long)st.b_aux_density);
    } else {
        printf("circuit          porep %s (%s)\n", size_arg, cuzk_seal_proof_name(cfg.seal_proof));
        printf("constraints      %llu (input constraints included)\n", (unsigned long long)st.constraints);
        printf("inputs           %llu (ONE included)\n", (unsigned long long)st.inputs);
        printf("aux              %llu\n", (unsigned long long)st.aux);
        printf("domain           %llu (2^%d)\n", (unsigned long long)domain, __builtin_ctzll(domain));
        printf("nnz_a            %llu\n", (unsigned long long)st.nnz_a);
        printf("nnz_b            %llu\n", (unsigned long long)st.nnz_b);
        printf("nnz_c            %llu\n", (unsigned long long)st.nnz_c);
        printf("a_aux_density    %llu\n", (unsigned long long)st.a_aux_density);
        printf("b_aux_density    %llu\n", (unsigned long long)st.b_aux_density);
        printf("b_input_density  %llu\n", (unsigned long long)st.b_input_density);
    }
    cuzk_cs_free(cs);
    cuzk_porep_circuit_free(pc);
    return 0;
}
