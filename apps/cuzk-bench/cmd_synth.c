/* cuzk-bench synth: a synthetic C1 output for any sector size (no sector data
 * needed, see include/cuzk/porep_synth.h), checked path by path before it is
 * written.
 *
 *   cuzk-bench synth --sector-size 32GiB --out c1.json [--seed N] [--api-version 1.0|1.1]
 *                    [--miner-id N] [--sector-id N] [--envelope] [--zero-data]
 *
 * cuzk-bench check: the streaming satisfaction check of a C1 output's
 * partition circuits: each partition's StackedCircuit is synthesized into the
 * checking back end (every constraint evaluated and checked as it is
 * enforced, matrices never stored), and its public inputs are compared with
 * the ones derived from the C1 fields. Partitions run in parallel.
 *
 *   cuzk-bench check --c1 c1.json [--partition K] [--threads N] [--json]
 *
 * Exit status: 0 when every checked partition is satisfied, 1 otherwise, 2 usage. */
#include "bench_commands.h"
#include "cuzk/porep.h"
#include "cuzk/porep_synth.h"
#include "cuzk/r1cs.h"
#include "cuzk/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SYNTH_USAGE                                                                                   \
    "--sector-size SIZE --out C1.json [--seed N] [--api-version 1.0|1.1]\n"                           \
    "                        [--miner-id N] [--sector-id N] [--envelope] [--zero-data]\n"            \
    "  SIZE: 2KiB, 8MiB, 512MiB, 32GiB, 64GiB"
#define CHECK_USAGE "--c1 C1.json [--partition K] [--threads N] [--json]"

static double sec_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e9; }

static double cpu_sec(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Registered proof of a size name and api version, -1 when unknown. */
static int size_to_proof(const char *size, const char *api)
{
    static const char *names[5] = { "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" };
    int variant = !api || !strcmp(api, "1.1") ? 1 : !strcmp(api, "1.0") ? 0 : -1;
    for (int i = 0; i < 5 && variant >= 0; i++)
        if (!strcmp(size, names[i])) return variant * 5 + i;
    return -1;
}

typedef struct {
    uint64_t t0;
} synth_progress_state;

static void synth_progress(void *arg, const char *stage)
{
    const synth_progress_state *s = arg;
    cuzk_log("synth: %s (%.2f s)", stage, sec_since(s->t0));
}

/* Every path of every challenge against its own root, and the roots against
 * the C1's commitments. */
static int check_paths(const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg, const uint8_t comm_c[32],
                       const uint8_t comm_r_last[32], uint64_t *n_paths, cuzk_err *err)
{
    cuzk_poseidon_set pos;
    uint32_t ar[5] = { 2, cfg->base_arity, cfg->layers, cfg->sub_arity ? cfg->sub_arity : 8,
                       cfg->top_arity ? cfg->top_arity : 2 };
    int rc = cuzk_poseidon_set_init(&pos, ar, 5, err);
    if (rc) return rc;
    *n_paths = 0;
    const size_t n = (size_t)c1->partitions * c1->challenges_per_partition;
    for (size_t i = 0; i < n && !rc; i++) {
        const cuzk_porep_challenge_proof *p = &c1->proofs[i];
        const cuzk_porep_merkle_proof *paths[17];
        const uint8_t *roots[17];
        paths[0] = &p->comm_d_proof, roots[0] = c1->comm_d;
        paths[1] = &p->comm_r_last_proof, roots[1] = comm_r_last;
        paths[2] = &p->c_x.inclusion, roots[2] = comm_c;
        for (int k = 0; k < CUZK_POREP_DRG_PARENTS; k++) paths[3 + k] = &p->drg_parents[k].inclusion;
        for (int k = 0; k < CUZK_POREP_EXP_PARENTS; k++) paths[9 + k] = &p->exp_parents[k].inclusion;
        for (int k = 3; k < 17; k++) roots[k] = comm_c;
        for (int k = 0; k < 17 && !rc; k++) {
            rc = cuzk_porep_merkle_proof_verify(paths[k], k == 0, &pos, NULL, err);
            if (!rc && memcmp(paths[k]->root, roots[k], 32))
                rc = cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, "challenge %zu path %d: root differs", i, k);
            (*n_paths)++;
        }
    }
    cuzk_poseidon_set_free(&pos);
    return rc;
}

int cuzk_bench_synth_main(int argc, char **argv)
{
    cli_opt opt[] = { { "--sector-size", false, NULL }, { "--out", false, NULL }, { "--api-version", false, NULL },
                      { "--seed", false, NULL }, { "--miner-id", false, NULL }, { "--sector-id", false, NULL },
                      { "--envelope", true, NULL }, { "--zero-data", true, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int prc = cli_parse(argc, argv, opt, no, SYNTH_USAGE);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    const char *size = cli_get(opt, no, "--sector-size"), *out = cli_get(opt, no, "--out");
    const char *api = cli_get(opt, no, "--api-version") ? cli_get(opt, no, "--api-version") : "1.1";
    uint64_t seed = 1, miner = 1000, sector = 1;
    const bool envelope = cli_get(opt, no, "--envelope"), zero = cli_get(opt, no, "--zero-data");
    if ((cli_get(opt, no, "--seed") && !cli_u64("synth", "--seed", cli_get(opt, no, "--seed"), &seed)) ||
        (cli_get(opt, no, "--miner-id") && !cli_u64("synth", "--miner-id", cli_get(opt, no, "--miner-id"), &miner)) ||
        (cli_get(opt, no, "--sector-id") && !cli_u64("synth", "--sector-id", cli_get(opt, no, "--sector-id"), &sector)))
        return CLI_EXIT_USAGE;
    if (!size || !out) {
        fprintf(stderr, "usage: cuzk-bench synth %s\n", SYNTH_USAGE);
        return CLI_EXIT_USAGE;
    }
    const int proof = size_to_proof(size, api);
    if (proof < 0) {
        fprintf(stderr, "cuzk-bench synth: unknown sector size '%s' or api version '%s'\nusage: cuzk-bench synth %s\n",
                size, api, SYNTH_USAGE);
        return 2;
    }
    cuzk_err err = { 0 };
    cuzk_porep_config cfg;
    cuzk_porep_c1 c1 = { 0 };
    cuzk_porep_synth_opts o;
    cuzk_porep_synth_opts_default(&o, seed);
    cuzk_porep_prover_id_from_miner(o.prover_id, miner);
    o.sector_id = sector;
    o.zero_data = zero;
    synth_progress_state ps = { cuzk_now_ns() };
    o.progress = synth_progress;
    o.progress_arg = &ps;
    uint8_t comm_c[32], comm_r_last[32];
    char *json = NULL;
    size_t len = 0;
    uint64_t n_paths = 0;
    const double cpu0 = cpu_sec(CLOCK_PROCESS_CPUTIME_ID);
    int rc = cuzk_porep_config_init(&cfg, (cuzk_seal_proof)proof, &err);
    if (!rc) rc = cuzk_porep_synth_c1(&c1, &cfg, &o, comm_c, comm_r_last, &err);
    if (!rc) {
        cuzk_log("synth: %s: %u partitions x %u challenges built in %.2f s", cuzk_seal_proof_name(proof),
                 c1.partitions, c1.challenges_per_partition, sec_since(ps.t0));
        synth_progress(&ps, "checking every path");
        rc = check_paths(&c1, &cfg, comm_c, comm_r_last, &n_paths, &err);
    }
    if (!rc) {
        synth_progress(&ps, "writing");
        rc = envelope ? cuzk_c1_write_envelope(&c1, sector, &json, &len, &err) : cuzk_c1_write(&c1, &json, &len, &err);
    }
    if (!rc) {
        FILE *f = fopen(out, "wb");
        if (!f || fwrite(json, 1, len, f) != len) rc = cuzk_err_set(&err, CUZK_ERR_IO, "cannot write %s", out);
        if (f && fclose(f) && !rc) rc = cuzk_err_set(&err, CUZK_ERR_IO, "cannot write %s", out);
    }
    if (rc) {
        fprintf(stderr, "cuzk-bench synth: %s\n", err.msg);
    } else {
        char hex[65];
        for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", c1.comm_r[i]);
        cuzk_log("synth: %llu paths verified; wrote %s (%zu bytes%s) in %.2f s (%.2f s CPU); comm_r %s",
                 (unsigned long long)n_paths, out, len, envelope ? ", envelope" : "", sec_since(ps.t0),
                 cpu_sec(CLOCK_PROCESS_CPUTIME_ID) - cpu0, hex);
    }
    free(json);
    cuzk_porep_c1_free(&c1);
    return rc ? 1 : 0;
}

/* ---- check ------------------------------------------------------------------ */

typedef struct {
    const cuzk_porep_c1 *c1;
    const cuzk_porep_config *cfg;
    uint32_t first;
    uint64_t t0;
    struct part_result {
        int rc;
        cuzk_err err;
        cuzk_cs_check chk;
        uint64_t inputs, aux;
        bool inputs_ok;
        double wall_s, cpu_s;
        int32_t first_challenge;  /* challenge holding the first failure, -1 */
        uint64_t first_offset;    /* its offset from that challenge's first constraint */
    } *res;
} check_ctx;

typedef struct {
    uint32_t partition;
    uint64_t t0;
    const cuzk_cs *cs;
    uint64_t start[CUZK_POREP_MAX_CHALLENGES + 1]; /* first constraint of each challenge */
} check_progress_state;

static void check_progress(void *arg, uint32_t challenge, uint32_t challenges)
{
    check_progress_state *s = arg;
    cuzk_cs_stats st;
    cuzk_cs_get_stats(s->cs, &st);
    if (challenge < CUZK_POREP_MAX_CHALLENGES) s->start[challenge] = st.constraints;
    cuzk_log("check: partition %u: challenge %u/%u (%.1f s)", s->partition, challenge + 1, challenges,
             sec_since(s->t0));
}

static void check_partition(void *arg, size_t i)
{
    check_ctx *x = arg;
    struct part_result *r = &x->res[i];
    const uint32_t k = x->first + (uint32_t)i;
    const uint64_t t0 = cuzk_now_ns();
    const double c0 = cpu_sec(CLOCK_THREAD_CPUTIME_ID);
    cuzk_porep_circuit *pc = NULL;
    cuzk_cs *cs = NULL;
    cuzk_fr *want = NULL;
    check_progress_state ps = { k, t0, NULL, { 0 } };
    r->first_challenge = -1;
    r->rc = cuzk_porep_circuit_from_c1(&pc, x->cfg, x->c1, k, &r->err);
    if (!r->rc && !(cs = cuzk_cs_checker_new(0)))
        r->rc = cuzk_err_set(&r->err, CUZK_ERR_OUT_OF_MEMORY, "checker");
    if (!r->rc) {
        ps.cs = cs;
        cuzk_porep_circuit_set_progress(pc, check_progress, &ps);
        cuzk_circuit c = cuzk_porep_circuit_get(pc);
        r->rc = cuzk_circuit_synthesize(&c, cs, &r->err);
    }
    if (!r->rc) r->rc = cuzk_cs_checker_result(cs, &r->chk);
    /* Which challenge the first failure belongs to (constraints before the
     * first challenge are the public-input packing, after the last one the
     * input constraints). */
    for (uint32_t c = 0; !r->rc && r->chk.first_failed >= 0 && c < x->cfg->challenges_per_partition; c++)
        if ((uint64_t)r->chk.first_failed >= ps.start[c] && ps.start[c] > 0) {
            r->first_challenge = (int32_t)c;
            r->first_offset = (uint64_t)r->chk.first_failed - ps.start[c];
        }
    /* Public inputs: the circuit's against the ones derived from the C1 fields. */
    const size_t n_in = cuzk_porep_public_input_count(x->cfg);
    if (!r->rc) {
        cuzk_cs_stats st;
        cuzk_cs_get_stats(cs, &st);
        r->inputs = st.inputs;
        r->aux = st.aux;
        cuzk_porep_graph g;
        uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
        if (!(want = calloc(n_in, sizeof *want))) r->rc = cuzk_err_set(&r->err, CUZK_ERR_OUT_OF_MEMORY, "inputs");
        if (!r->rc) r->rc = cuzk_porep_graph_init(&g, x->cfg->nodes, x->cfg->api_version, x->cfg->porep_id, &r->err);
        if (!r->rc) r->rc = cuzk_porep_challenges(ch, x->cfg, x->c1->replica_id, x->c1->comm_r, x->c1->seed, k, &r->err);
        if (!r->rc)
            r->rc = cuzk_porep_public_inputs(want, &g, x->c1->replica_id, x->c1->comm_d, x->c1->comm_r, ch,
                                             x->cfg->challenges_per_partition, &r->err);
        r->inputs_ok = !r->rc && st.inputs == n_in + 1;
        for (size_t j = 0; r->inputs_ok && j < n_in; j++)
            r->inputs_ok = cuzk_fr_eq(cuzk_cs_value(cs, (cuzk_var){ (uint32_t)(j + 1), CUZK_VAR_INPUT }), &want[j]);
    }
    r->wall_s = sec_since(t0);
    r->cpu_s = cpu_sec(CLOCK_THREAD_CPUTIME_ID) - c0;
    if (!r->rc)
        cuzk_log("check: partition %u: %llu constraints, %llu failed (first %lld), public inputs %s, %.1f s (%.1f s CPU)",
                 k, (unsigned long long)r->chk.checked, (unsigned long long)r->chk.failed,
                 (long long)r->chk.first_failed, r->inputs_ok ? "match" : "DIFFER", r->wall_s, r->cpu_s);
    else
        cuzk_log("check: partition %u: %s", k, r->err.msg);
    free(want);
    cuzk_cs_free(cs);
    cuzk_porep_circuit_free(pc);
}

int cuzk_bench_check_main(int argc, char **argv)
{
    cli_opt opt[] = { { "--c1", false, NULL }, { "--partition", false, NULL }, { "--threads", false, NULL },
                      { "--json", true, NULL } };
    const size_t no = sizeof opt / sizeof opt[0];
    int prc = cli_parse(argc, argv, opt, no, CHECK_USAGE);
    if (prc)
        return prc < 0 ? CLI_EXIT_OK : prc;
    const char *path = cli_get(opt, no, "--c1");
    uint64_t part = 0;
    unsigned threads = 1;
    const bool one = cli_get(opt, no, "--partition"), json = cli_get(opt, no, "--json");
    if ((one && !cli_u64("check", "--partition", cli_get(opt, no, "--partition"), &part)) ||
        !cli_uint("check", opt, no, "--threads", 1, 256, &threads))
        return CLI_EXIT_USAGE;
    if (!path) {
        fprintf(stderr, "usage: cuzk-bench check %s\n", CHECK_USAGE);
        return CLI_EXIT_USAGE;
    }
    cuzk_err err = { 0 };
    cuzk_porep_c1 c1 = { 0 };
    cuzk_porep_config cfg;
    const uint64_t t0 = cuzk_now_ns();
    int rc = cuzk_c1_parse_file(path, &c1, NULL, &err);
    if (!rc) rc = cuzk_porep_config_init(&cfg, (cuzk_seal_proof)c1.seal_proof, &err);
    if (!rc && one && part >= c1.partitions)
        rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "--partition %llu: the C1 output has %u partitions",
                          (unsigned long long)part, c1.partitions);
    if (rc) {
        fprintf(stderr, "cuzk-bench check: %s\n", err.msg);
        cuzk_porep_c1_free(&c1);
        return 1;
    }
    cuzk_log("check: read %s (%s, %u partitions) in %.1f s", path, cuzk_seal_proof_name(c1.seal_proof), c1.partitions,
             sec_since(t0));
    const uint32_t first = one ? (uint32_t)part : 0, n = one ? 1 : c1.partitions;
    check_ctx x = { &c1, &cfg, first, t0, calloc(n, sizeof *x.res) };
    cuzk_pool *pool = threads > 1 ? cuzk_pool_create((unsigned)(threads < n ? threads : n)) : NULL;
    if (!x.res || (threads > 1 && !pool)) {
        fprintf(stderr, "cuzk-bench check: out of memory\n");
        free(x.res);
        cuzk_porep_c1_free(&c1);
        return 1;
    }
    cuzk_pool_run(pool, n, check_partition, &x);
    cuzk_pool_destroy(pool);
    int bad = 0;
    double cpu = 0;
    for (uint32_t i = 0; i < n; i++) {
        const struct part_result *r = &x.res[i];
        cpu += r->cpu_s;
        bad += r->rc || r->chk.failed || !r->inputs_ok;
        if (!json) {
            if (r->rc) printf("partition %u: error: %s\n", first + i, r->err.msg);
            else if (r->chk.failed)
                printf("partition %u: NOT satisfied: %llu of %llu constraints fail, the first is constraint %lld "
                       "(challenge %d, constraint %llu of it)\n",
                       first + i, (unsigned long long)r->chk.failed, (unsigned long long)r->chk.checked,
                       (long long)r->chk.first_failed, r->first_challenge, (unsigned long long)r->first_offset);
            else
                printf("partition %u: satisfied: %llu constraints, %llu inputs, %llu aux; public inputs %s; "
                       "%.1f s (%.1f s CPU)\n",
                       first + i, (unsigned long long)r->chk.checked, (unsigned long long)r->inputs,
                       (unsigned long long)r->aux, r->inputs_ok ? "match the C1" : "DIFFER from the C1", r->wall_s,
                       r->cpu_s);
        }
    }
    if (json) {
        printf("{\"bench\":\"check\",\"build\":\"%s\",\"c1\":\"%s\",\"proof\":\"%s\",\"partitions\":[", cuzk_build_id(),
               path, cuzk_seal_proof_name(c1.seal_proof));
        for (uint32_t i = 0; i < n; i++) {
            const struct part_result *r = &x.res[i];
            printf("%s{\"partition\":%u,\"ok\":%s,\"constraints\":%llu,\"failed\":%llu,\"first_failed\":%lld,"
                   "\"first_challenge\":%d,\"inputs\":%llu,\"aux\":%llu,\"inputs_match\":%s,\"wall_s\":%.2f,"
                   "\"cpu_s\":%.2f}",
                   i ? "," : "", first + i, r->rc || r->chk.failed || !r->inputs_ok ? "false" : "true",
                   (unsigned long long)r->chk.checked, (unsigned long long)r->chk.failed,
                   (long long)r->chk.first_failed, r->first_challenge, (unsigned long long)r->inputs, (unsigned long long)r->aux,
                   r->inputs_ok ? "true" : "false", r->wall_s, r->cpu_s);
        }
        printf("],\"wall_s\":%.2f,\"cpu_s\":%.2f,\"threads\":%llu}\n", sec_since(t0), cpu,
               (unsigned long long)threads);
    } else {
        printf("%u of %u partitions satisfied; %.1f s wall, %.1f s CPU in the partitions\n", n - bad, n, sec_since(t0),
               cpu);
    }
    free(x.res);
    cuzk_porep_c1_free(&c1);
    return bad ? 1 : 0;
}
