/* cuzk-bench setup / prove / verify / batch --circuit porep: argument
 * parsing and printing over the library. setup makes test parameters (the
 * toxic waste comes from a seed); prove, verify and batch go through the
 * proving engine (include/cuzk/engine.h).
 *
 *   setup  --circuit porep --sector-size 2KiB [--api-version 1.1] (--out P.params | --param-dir DIR) [--seed N]
 *   prove  --c1 C1.json (--params P.params | --param-dir DIR) --out P.proof [--partition K] [--backend B]
 *   verify --c1 C1.json (--params P.params | --vk P.vk | --param-dir DIR) --proof P.proof [--partition K]
 *   batch  --c1 C1.json (--params P.params | --param-dir DIR) --jobs N [--compare] [--json] */
#include "porep_g16.h"
#include "porep_check.h"
#include "g16_cli.h"
#include "cuzk/engine.h"
#ifdef CUZK_BENCH_DAEMON
#include "cuzk/client.h"
#endif
#include "cuzk/porep.h"
#include "cuzk/post.h"
#include "cuzk/update.h"
#include "cuzk/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/stat.h>
#include <time.h>

enum { PG_OK = 0, PG_FAIL = 1, PG_USAGE = 2 };

#define USAGE_SETUP                                                                                              \
    "--circuit porep|window-post|winning-post|snap --sector-size SIZE [--api-version 1.0|1.1] "                  \
    "(--out P.params | --param-dir DIR) [--seed N] "                                                             \
    "[--vk-out P.vk] [--threads N]"
#define ENGINE_OPTS                                                                                              \
    { "--params", false, NULL }, { "--param-dir", false, NULL }, { "--threads", false, NULL },                   \
        { "--backend", false, NULL }, { "--partition", false, NULL }, { "--seed-rs", false, NULL },               \
        { "--timeline", false, NULL }, { "--quiet", true, NULL }, { "--gpu-workers", false, NULL },             \
        { "--witness-workers", false, NULL }, { "--witness-threads", false, NULL },                              \
        { "--prove-threads", false, NULL }, { "--gpus", false, NULL },
#define ENGINE_USAGE                                                                                             \
    "(--params P.params | --param-dir DIR) [--partition K] [--threads N] [--backend cpu|gpu|auto] "              \
    "[--seed-rs N] [--timeline T.json] [--quiet] [--gpu-workers N] [--witness-workers N] [--witness-threads N] [--prove-threads N] [--gpus 0,2]"
#define USAGE_PROVE "--c1 C1.json --out P.proof " ENGINE_USAGE POREP_C1_USAGE "\n       cuzk-bench prove --daemon ADDR --c1 C1.json --out P.proof [--token T] [--miner-id N] [--sector-id N]"
#define USAGE_VERIFY                                                                                             \
    "--c1 C1.json (--params P.params | --vk P.vk | --param-dir DIR) --proof P.proof [--partition K]"            \
    POREP_C1_USAGE "\n       cuzk-bench verify " POREP_REGRESSION_USAGE
#define USAGE_BATCH "(--c1 C1.json | --circuit window-post|winning-post --sector-size SIZE) --jobs N [--compare] [--runs R] "  \
    "[--json] [--out R.json] " ENGINE_USAGE POREP_C1_USAGE

bool porep_g16_wanted(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--circuit") || !strcmp(argv[i], "--c1") || !strcmp(argv[i], "--regression"))
            return true;
    return false;
}

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

static bool circuit_is_porep(const g16_opt *o, size_t no, const char *cmd)
{
    const char *c = g16_get(o, no, "--circuit");
    if (!c && strcmp(cmd, "setup")) return true; /* --c1 alone means the porep circuit */
    if (c && !strcmp(c, "porep")) return true;
    fprintf(stderr, "cuzk-bench %s: --circuit %s: only 'porep' is known\n", cmd, c ? c : "");
    return false;
}

/* The blank circuit of --circuit KIND at --sector-size and its official
 * parameter file name (without extension). */
typedef struct {
    cuzk_porep_circuit *porep;
    cuzk_post_circuit *post;
    cuzk_update_circuit *update;
    cuzk_circuit c;
    char stem[192];
} blank_circuit;

static void blank_free(blank_circuit *b)
{
    cuzk_porep_circuit_free(b->porep);
    cuzk_post_circuit_free(b->post);
    cuzk_update_circuit_free(b->update);
}

static int size_index(const char *size)
{
    static const char *sizes[5] = { "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" };
    for (int i = 0; i < 5; i++)
        if (!strcmp(size, sizes[i])) return i;
    return -1;
}

static int blank_for(blank_circuit *b, const char *kind, const char *size, const char *api, cuzk_err *err)
{
    memset(b, 0, sizeof *b);
    const int si = size_index(size);
    if (si < 0) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--sector-size %s: 2KiB, 8MiB, 512MiB, 32GiB or 64GiB", size);
    int rc;
    if (!strcmp(kind, "porep")) {
        const int proof = cuzk_seal_proof_from_size(size, api);
        cuzk_porep_config cfg;
        if (proof < 0) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--api-version %s: 1.0 or 1.1", api);
        if ((rc = cuzk_porep_config_init(&cfg, (cuzk_seal_proof)proof, err)) ||
            (rc = cuzk_porep_circuit_new_blank(&b->porep, &cfg, err)))
            return rc;
        b->c = cuzk_porep_circuit_get(b->porep);
        snprintf(b->stem, sizeof b->stem, "%s", cuzk_porep_params_stem(cfg.sector_size));
    } else if (!strcmp(kind, "window-post") || !strcmp(kind, "winning-post")) {
        const int proof = !strcmp(kind, "window-post") ? CUZK_POST_WINDOW_2KIB_V1_2 + si : CUZK_POST_WINNING_2KIB_V1 + si;
        cuzk_post_config cfg;
        if ((rc = cuzk_post_config_init(&cfg, (cuzk_post_proof)proof, err)) ||
            (rc = cuzk_post_param_name(b->stem, sizeof b->stem, &cfg, err)) ||
            (rc = cuzk_post_circuit_new_blank(&b->post, &cfg, err)))
            return rc;
        b->c = cuzk_post_circuit_get(b->post);
    } else if (!strcmp(kind, "snap")) {
        cuzk_update_config cfg;
        if ((rc = cuzk_update_config_init(&cfg, (cuzk_update_proof)si, false, err)) ||
            (rc = cuzk_update_param_name(&cfg, b->stem, sizeof b->stem, err)) ||
            (rc = cuzk_update_circuit_new_blank(&b->update, &cfg, err)))
            return rc;
        b->c = cuzk_update_circuit_get(b->update);
    } else {
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--circuit %s: porep, window-post, winning-post or snap", kind);
    }
    return 0;
}

int porep_g16_setup_main(int argc, char **argv)
{
    g16_opt o[] = { { "--circuit", false, NULL }, { "--sector-size", false, NULL }, { "--api-version", false, NULL },
                    { "--out", false, NULL }, { "--seed", false, NULL }, { "--vk-out", false, NULL },
                    { "--threads", false, NULL }, { "--param-dir", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE_SETUP);
    if (prc) return prc < 0 ? PG_OK : prc;
    const char *kind = g16_get(o, no, "--circuit"), *size = g16_get(o, no, "--sector-size");
    const char *out = g16_get(o, no, "--out"), *dir = g16_get(o, no, "--param-dir"), *vk_out = g16_get(o, no, "--vk-out");
    if (!kind || !size || !out == !dir) {
        fprintf(stderr, "usage: cuzk-bench setup %s\n", USAGE_SETUP);
        return PG_USAGE;
    }
    cuzk_err err = { 0 };
    blank_circuit b;
    if (blank_for(&b, kind, size, g16_get(o, no, "--api-version"), &err)) {
        g16_fail("setup", &err);
        blank_free(&b);
        return PG_USAGE;
    }
    uint64_t seed = 0;
    int rc = 0;
    if (g16_get(o, no, "--seed")) {
        if (!g16_u64("setup", "--seed", g16_get(o, no, "--seed"), &seed)) rc = CUZK_ERR_INVALID_ARGUMENT;
    } else {
        rc = cuzk_os_random(&seed, sizeof seed, &err);
    }
    cuzk_params *params = NULL;
    cuzk_pool *pool = NULL;
    char params_path[4096], vk_path[4096];
    if (!rc && dir) {
        /* the official names, where the engine and the daemon look for them */
        mkdir(dir, 0755);
        snprintf(params_path, sizeof params_path, "%s/%s.params", dir, b.stem);
        snprintf(vk_path, sizeof vk_path, "%s/%s.vk", dir, b.stem);
        out = params_path;
        vk_out = vk_path;
    }
    if (!rc) {
        cuzk_log("setup: %s %s, toxic waste from seed %llu (test setup: the seed reveals it)", kind, size,
                 (unsigned long long)seed);
        cuzk_toxic toxic;
        cuzk_toxic_from_seed(&toxic, seed);
        pool = g16_pool(g16_get(o, no, "--threads"));
        uint64_t t0 = cuzk_now_ns();
        rc = cuzk_groth16_setup(&b.c, &toxic, pool, &params, &err);
        if (!rc) cuzk_log("setup: parameters in %.1f ms", ms_since(t0));
    }
    if (!rc && !(rc = cuzk_params_write(params, out, &err))) cuzk_log("setup: wrote %s", out);
    if (!rc && vk_out && !(rc = cuzk_vk_write(cuzk_params_vk(params), vk_out, &err))) cuzk_log("setup: wrote %s", vk_out);
    if (rc) g16_fail("setup", &err);
    cuzk_params_free(params);
    blank_free(&b);
    cuzk_pool_destroy(pool);
    return rc ? PG_FAIL : PG_OK;
}

/* ---- the request and the engine ------------------------------------------------------------ */
typedef struct {
    cuzk_proof_request req;
    uint8_t *c1;
    cuzk_engine *engine;
    /* --circuit window-post|winning-post: synthetic vanilla proofs */
    uint8_t **vanilla;
    size_t *vanilla_lens;
    size_t n_vanilla;
    uint8_t randomness[32];
} bench_job;

/* A PoSt request of synthetic valid vanilla proofs: every sector of one
 * WindowPoSt partition (V1_2), or WinningPoSt's one sector. */
static int make_post_request(const char *kind, const char *size, bench_job *bj, cuzk_err *err)
{
    const int si = size_index(size);
    if (si < 0) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--sector-size %s", size ? size : "(none)");
    const bool window = !strcmp(kind, "window-post");
    cuzk_post_config cfg;
    int rc = cuzk_post_config_init(&cfg, (cuzk_post_proof)(window ? CUZK_POST_WINDOW_2KIB_V1_2 + si
                                                                  : CUZK_POST_WINNING_2KIB_V1 + si), err);
    if (rc) return rc;
    const size_t n = window ? cfg.sector_count : 1;
    for (int i = 0; i < 32; i++) bj->randomness[i] = (uint8_t)(0x5a ^ (i * 29));
    bj->randomness[31] &= 0x3f;
    bj->vanilla = calloc(n, sizeof *bj->vanilla);
    bj->vanilla_lens = calloc(n, sizeof *bj->vanilla_lens);
    if (!bj->vanilla || !bj->vanilla_lens) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "vanilla proofs");
    const uint64_t t0 = cuzk_now_ns();
    for (size_t i = 0; i < n && !rc; i++) {
        cuzk_post_vanilla v;
        if (!(rc = cuzk_post_synth_vanilla(&v, &cfg, bj->randomness, 1 + i, i, 7 + i, err))) {
            rc = cuzk_post_vanilla_write(&v, &bj->vanilla[i], &bj->vanilla_lens[i], err);
            cuzk_post_vanilla_free(&v);
            bj->n_vanilla++;
        }
    }
    if (rc) return rc;
    cuzk_log("batch: %zu synthetic %s %s vanilla proof%s in %.0f ms", n, size, kind, n == 1 ? "" : "s", ms_since(t0));
    cuzk_proof_request *r = &bj->req;
    r->kind = window ? CUZK_KIND_WINDOW_POST : CUZK_KIND_WINNING_POST;
    r->registered_proof = (uint64_t)cfg.post_proof;
    r->vanilla_proofs = (const uint8_t *const *)bj->vanilla;
    r->vanilla_proof_lens = bj->vanilla_lens;
    r->n_vanilla_proofs = n;
    r->randomness = bj->randomness;
    r->randomness_len = 32;
    r->miner_id = 1000;
    return 0;
}

static int read_file(const char *path, uint8_t **out, size_t *len, cuzk_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) return cuzk_err_set(err, CUZK_ERR_IO, "cannot open %s", path);
    struct stat st;
    uint8_t *b = NULL;
    if (!fstat(fileno(f), &st) && st.st_size > 0 && (b = malloc((size_t)st.st_size)) &&
        fread(b, 1, (size_t)st.st_size, f) == (size_t)st.st_size) {
        fclose(f);
        *out = b;
        *len = (size_t)st.st_size;
        return 0;
    }
    fclose(f);
    free(b);
    return cuzk_err_set(err, CUZK_ERR_IO, "cannot read %s", path);
}

/* The request from --c1, --miner-id, --sector-id, --params, --partition, --seed-rs. */
static int make_request(const g16_opt *o, size_t no, const char *cmd, bench_job *bj, cuzk_err *err)
{
    memset(bj, 0, sizeof *bj);
    size_t len = 0;
    int rc = read_file(g16_get(o, no, "--c1"), &bj->c1, &len, err);
    if (rc) return rc;
    cuzk_proof_request *r = &bj->req;
    r->kind = CUZK_KIND_POREP;
    r->vanilla_proof = bj->c1;
    r->vanilla_proof_len = len;
    r->miner_id = 1000;
    const char *v;
    if ((v = g16_get(o, no, "--miner-id")) && !g16_u64(cmd, "--miner-id", v, &r->miner_id))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--miner-id %s", v);
    if ((v = g16_get(o, no, "--sector-id")) && !g16_u64(cmd, "--sector-id", v, &r->sector_number))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--sector-id %s", v);
    r->params_path = g16_get(o, no, "--params");
    r->no_input_checks = g16_get(o, no, "--no-check") != NULL;
    if (r->no_input_checks && strcmp(cmd, "verify"))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--no-check: verify only (the engine checks what it proves)");
    uint64_t k;
    if ((v = g16_get(o, no, "--partition"))) {
        if (!g16_u64(cmd, "--partition", v, &k) || k > UINT32_MAX)
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--partition %s", v);
        r->first_partition = (uint32_t)k;
        r->partition_count = 1;
    }
    if ((v = g16_get(o, no, "--seed-rs"))) {
        if (!g16_u64(cmd, "--seed-rs", v, &r->rs_seed)) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--seed-rs");
        r->fixed_rs = true;
    }
    return 0;
}

static int make_engine(const g16_opt *o, size_t no, bool verify_only, cuzk_engine **out, cuzk_err *err)
{
    cuzk_engine_config cfg;
    cuzk_engine_config_default(&cfg);
    /* --gpus 0,2: the device ordinals to prove on (CUDA_VISIBLE_DEVICES renumbers them first) */
    int gpus[16];
    const char *g = g16_get(o, no, "--gpus");
    if (g && !verify_only) {
        size_t n = 0;
        for (const char *p = g; *p;) {
            char *end;
            long v = strtol(p, &end, 10);
            if (end == p || v < 0 || v > 255 || n == 16 || (*end && *end != ','))
                return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--gpus %s: a comma-separated list of device ordinals", g);
            gpus[n++] = (int)v;
            p = *end ? end + 1 : end;
        }
        if (!n) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--gpus: empty");
        cfg.devices = gpus;
        cfg.n_devices = n;
    }
    cfg.param_dir = g16_get(o, no, "--param-dir");
    const char *b = g16_get(o, no, "--backend");
    if (verify_only) cfg.backend = CUZK_BACKEND_CPU;
    else if (b && cuzk_backend_parse(b, &cfg.backend, err)) return CUZK_ERR_INVALID_ARGUMENT;
    const char *t = g16_get(o, no, "--threads");
    uint64_t n = 0;
    if (t && (!g16_u64("prove", "--threads", t, &n) || n > 1024))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--threads %s", t);
    cfg.synth_threads = cfg.prove_threads = (unsigned)n;
    cfg.synth_workers = verify_only ? 1 : 2;
    const char *gw = g16_get(o, no, "--gpu-workers"), *ww = g16_get(o, no, "--witness-workers");
    if (gw && (!g16_u64("prove", "--gpu-workers", gw, &n) || !n || n > 8))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--gpu-workers %s: 1 to 8", gw);
    if (gw) cfg.gpu_workers_per_device = (unsigned)n;
    if (ww && (!g16_u64("prove", "--witness-workers", ww, &n) || !n || n > 64))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--witness-workers %s: 1 to 64", ww);
    if (ww) cfg.synth_workers = (unsigned)n;
    const char *wt = g16_get(o, no, "--witness-threads"), *pt = g16_get(o, no, "--prove-threads");
    if (wt && (!g16_u64("prove", "--witness-threads", wt, &n) || n > 1024))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--witness-threads %s", wt);
    if (wt) cfg.synth_threads = (unsigned)n;
    if (pt && (!g16_u64("prove", "--prove-threads", pt, &n) || n > 1024))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "--prove-threads %s", pt);
    if (pt) cfg.prove_threads = (unsigned)n;
    cfg.quiet = g16_get(o, no, "--quiet") != NULL;
    return cuzk_engine_create(out, &cfg, err);
}

static void bench_job_free(bench_job *bj)
{
    for (size_t i = 0; i < bj->n_vanilla; i++) free(bj->vanilla[i]);
    free(bj->vanilla);
    free(bj->vanilla_lens);
    free(bj->c1);
    cuzk_engine_destroy(bj->engine);
}

static int write_timeline(cuzk_engine *e, const char *path, const char *const *ids, size_t n, cuzk_err *err)
{
    FILE *f = fopen(path, "w");
    if (!f) return cuzk_err_set(err, CUZK_ERR_IO, "cannot create %s", path);
    fprintf(f, "{\"build_id\":\"%s\",\"jobs\":[", cuzk_build_id());
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        char *json = NULL;
        if (!(rc = cuzk_engine_timeline_json(e, ids[i], &json, err))) fprintf(f, "%s%s\n", i ? "," : "", json);
        free(json);
    }
    fprintf(f, "]}\n");
    if (fclose(f) && !rc) rc = cuzk_err_set(err, CUZK_ERR_IO, "cannot write %s", path);
    return rc;
}

static int write_bytes(const char *path, const uint8_t *b, size_t n, cuzk_err *err)
{
    FILE *f = fopen(path, "wb");
    int rc = !f || fwrite(b, 1, n, f) != n ? cuzk_err_set(err, CUZK_ERR_IO, "write %s", path) : 0;
    if (f && fclose(f) && !rc) rc = cuzk_err_set(err, CUZK_ERR_IO, "write %s", path);
    return rc;
}

/* prove --daemon ADDR: the same request, sent to a running cuzk-daemon (Prove). */
static int prove_daemon(const g16_opt *o, size_t no)
{
    cuzk_err err = { 0 };
    bench_job bj;
    int rc = make_request(o, no, "prove", &bj, &err);
    if (!rc && bj.req.params_path) rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "--params: the daemon uses its own parameter directory");
#ifdef CUZK_BENCH_DAEMON
    cuzk_client *c = NULL;
    cuzk_job_result res = { 0 };
    const uint64_t t0 = cuzk_now_ns();
    if (!rc && cuzk_client_open(&c, g16_get(o, no, "--daemon"), g16_get(o, no, "--token"), err.msg, sizeof err.msg))
        rc = err.code = CUZK_ERR_IO;
    if (!rc && cuzk_client_prove(c, &bj.req, CUZK_PRIORITY_DEFAULT, NULL, 0, &res, err.msg, sizeof err.msg))
        rc = err.code = CUZK_ERR_IO;
    if (!rc && res.state != CUZK_JOB_COMPLETED)
        rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "job %s %s: %s", res.job_id, cuzk_job_state_name(res.state),
                          res.error);
    if (!rc) rc = write_bytes(g16_get(o, no, "--out"), res.proof, res.proof_len, &err);
    if (!rc)
        cuzk_log("prove: the daemon at %s proved job %s: %zu proofs to %s in %.0f ms (queue %llu, witness %llu, prove "
                 "%llu ms summed over partitions)",
                 g16_get(o, no, "--daemon"), res.job_id, res.proof_len / CUZK_PROOF_BYTES, g16_get(o, no, "--out"),
                 ms_since(t0), (unsigned long long)res.queue_wait_ms, (unsigned long long)res.synthesis_ms,
                 (unsigned long long)res.gpu_compute_ms);
    cuzk_job_result_free(&res);
    cuzk_client_close(c);
#else
    if (!rc) rc = cuzk_err_set(&err, CUZK_ERR_UNSUPPORTED, "--daemon: this cuzk-bench was built without the gRPC client");
#endif
    if (rc) g16_fail("prove", &err);
    bench_job_free(&bj);
    return rc ? PG_FAIL : PG_OK;
}

int porep_g16_status_main(int argc, char **argv)
{
    g16_opt o[] = { { "--daemon", false, NULL }, { "--token", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, "--daemon ADDR [--token T]");
    if (prc) return prc < 0 ? PG_OK : prc;
    if (!g16_get(o, no, "--daemon")) {
        fprintf(stderr, "usage: cuzk-bench status --daemon ADDR [--token T]\n");
        return PG_USAGE;
    }
    cuzk_err err = { 0 };
    int rc = 0;
#ifdef CUZK_BENCH_DAEMON
    cuzk_client *c = NULL;
    char *text = NULL;
    if (cuzk_client_open(&c, g16_get(o, no, "--daemon"), g16_get(o, no, "--token"), err.msg, sizeof err.msg) ||
        cuzk_client_status_text(c, &text, err.msg, sizeof err.msg))
        rc = err.code = CUZK_ERR_IO;
    if (!rc) fputs(text, stdout);
    free(text);
    cuzk_client_close(c);
#else
    rc = cuzk_err_set(&err, CUZK_ERR_UNSUPPORTED, "--daemon: this cuzk-bench was built without the gRPC client");
#endif
    if (rc) g16_fail("status", &err);
    return rc ? PG_FAIL : PG_OK;
}

int porep_g16_prove_main(int argc, char **argv)
{
    g16_opt o[] = { { "--circuit", false, NULL }, { "--c1", false, NULL }, POREP_C1_OPTS ENGINE_OPTS{ "--out", false, NULL },
                    { "--witness", false, NULL }, { "--daemon", false, NULL }, { "--token", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE_PROVE);
    if (prc) return prc < 0 ? PG_OK : prc;
    if (g16_get(o, no, "--daemon")) {
        if (!g16_get(o, no, "--c1") || !g16_get(o, no, "--out")) {
            fprintf(stderr, "usage: cuzk-bench prove %s\n", USAGE_PROVE);
            return PG_USAGE;
        }
        return prove_daemon(o, no);
    }
    const char *out = g16_get(o, no, "--out");
    if (!circuit_is_porep(o, no, "prove") || !g16_get(o, no, "--c1") || !out ||
        !g16_get(o, no, "--params") == !g16_get(o, no, "--param-dir")) {
        fprintf(stderr, "usage: cuzk-bench prove %s\n", USAGE_PROVE);
        return PG_USAGE;
    }
    if (g16_get(o, no, "--witness") && strcmp(g16_get(o, no, "--witness"), "fast")) {
        fprintf(stderr, "cuzk-bench prove: --witness: the engine makes witnesses with the fast generator "
                        "(the generic synthesis is checked against it by the tests)\n");
        return PG_USAGE;
    }
    cuzk_err err = { 0 };
    bench_job bj;
    int rc = make_request(o, no, "prove", &bj, &err);
    if (!rc) rc = make_engine(o, no, false, &bj.engine, &err);
    cuzk_job_result res = { 0 };
    char id[CUZK_JOB_ID_MAX] = "";
    const uint64_t t0 = cuzk_now_ns();
    if (!rc) rc = cuzk_engine_submit(bj.engine, &bj.req, CUZK_PRIORITY_DEFAULT, NULL, id, NULL, &err);
    if (!rc) rc = cuzk_engine_await(bj.engine, id, 0, &res, &err);
    if (!rc && res.state != CUZK_JOB_COMPLETED)
        rc = cuzk_err_set(&err, res.err_code ? res.err_code : CUZK_ERR_INVALID_ARGUMENT, "%s", res.error);
    if (!rc) {
        FILE *f = fopen(out, "wb");
        if (!f || fwrite(res.proof, 1, res.proof_len, f) != res.proof_len) rc = cuzk_err_set(&err, CUZK_ERR_IO, "write %s", out);
        if (f && fclose(f) && !rc) rc = cuzk_err_set(&err, CUZK_ERR_IO, "write %s", out);
    }
    if (!rc)
        cuzk_log("prove: wrote %zu proofs to %s in %.0f ms (queue %llu, parameters %llu, witness %llu, prove %llu ms "
                 "summed over partitions)",
                 res.proof_len / CUZK_PROOF_BYTES, out, ms_since(t0), (unsigned long long)res.queue_wait_ms,
                 (unsigned long long)res.srs_load_ms, (unsigned long long)res.synthesis_ms,
                 (unsigned long long)res.gpu_compute_ms);
    const char *tl = g16_get(o, no, "--timeline");
    if (!rc && tl) {
        const char *ids[1] = { id };
        if (!(rc = write_timeline(bj.engine, tl, ids, 1, &err))) cuzk_log("prove: timeline in %s", tl);
    }
    if (rc) g16_fail("prove", &err);
    cuzk_job_result_free(&res);
    bench_job_free(&bj);
    return rc ? PG_FAIL : PG_OK;
}

int porep_g16_verify_main(int argc, char **argv)
{
    g16_opt o[] = { { "--circuit", false, NULL }, { "--c1", false, NULL }, POREP_C1_OPTS POREP_REGRESSION_OPTS ENGINE_OPTS{ "--vk", false, NULL },
                    { "--proof", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE_VERIFY);
    if (prc) return prc < 0 ? PG_OK : prc;
    if (g16_get(o, no, "--regression")) return porep_regression_main(o, no);
    const char *proof_path = g16_get(o, no, "--proof");
    const int keys = (g16_get(o, no, "--params") != NULL) + (g16_get(o, no, "--vk") != NULL) +
                     (g16_get(o, no, "--param-dir") != NULL);
    if (!circuit_is_porep(o, no, "verify") || !g16_get(o, no, "--c1") || !proof_path || keys != 1) {
        fprintf(stderr, "usage: cuzk-bench verify %s\n", USAGE_VERIFY);
        return PG_USAGE;
    }
    cuzk_err err = { 0 };
    bench_job bj;
    uint8_t *proof = NULL;
    size_t len = 0;
    int rc = make_request(o, no, "verify", &bj, &err);
    if (!rc) rc = read_file(proof_path, &proof, &len, &err);
    if (!rc) rc = make_engine(o, no, true, &bj.engine, &err);
    if (!rc) {
        rc = cuzk_engine_verify(bj.engine, &bj.req, g16_get(o, no, "--vk"), proof, len, &err);
        if (rc == CUZK_ERR_PROOF_INVALID) printf("%s\n", err.msg);
        else if (!rc) printf("proof OK (%zu partition%s)\n", len / CUZK_PROOF_BYTES, len == CUZK_PROOF_BYTES ? "" : "s");
    }
    if (!rc && g16_get(o, no, "--record-out")) {
        cuzk_porep_c1 c1 = { 0 };
        cuzk_porep_config cfg;
        cuzk_c1_envelope env = { 0 };
        if (!(rc = cuzk_c1_parse(bj.c1, bj.req.vanilla_proof_len, &c1, &env, &err)) &&
            !(rc = cuzk_porep_config_init(&cfg, (cuzk_seal_proof)c1.seal_proof, &err)))
            rc = porep_record_write(o, no, &c1, &cfg, proof, len, &err);
        cuzk_porep_c1_free(&c1);
    }
    if (rc && rc != CUZK_ERR_PROOF_INVALID) g16_fail("verify", &err);
    free(proof);
    bench_job_free(&bj);
    return rc ? PG_FAIL : PG_OK;
}

/* ---- batch: N jobs of one C1 through the engine ------------------------------------------------- */
static int run_jobs(bench_job *bj, size_t n, bool one_by_one, double *wall_ms, char (*ids)[CUZK_JOB_ID_MAX],
                    cuzk_err *err)
{
    const uint64_t t0 = cuzk_now_ns();
    int rc = 0;
    static unsigned round;
    round++;
    for (size_t i = 0; i < n && !rc; i++) {
        char rid[64];
        snprintf(rid, sizeof rid, "batch-%u-%zu", round, i);
        rc = cuzk_engine_submit(bj->engine, &bj->req, CUZK_PRIORITY_DEFAULT, rid, ids[i], NULL, err);
        if (!rc && one_by_one) {
            cuzk_job_result r;
            rc = cuzk_engine_await(bj->engine, ids[i], 0, &r, err);
            if (!rc && r.state != CUZK_JOB_COMPLETED) rc = cuzk_err_set(err, r.err_code, "job %s: %s", ids[i], r.error);
            cuzk_job_result_free(&r);
        }
    }
    for (size_t i = 0; i < n && !rc && !one_by_one; i++) {
        cuzk_job_result r;
        rc = cuzk_engine_await(bj->engine, ids[i], 0, &r, err);
        if (!rc && r.state != CUZK_JOB_COMPLETED) rc = cuzk_err_set(err, r.err_code, "job %s: %s", ids[i], r.error);
        cuzk_job_result_free(&r);
    }
    *wall_ms = ms_since(t0);
    return rc;
}

/* Prover busy time over the wall time after the first partition's proof
 * started, from the timelines ("prove":[start,end] intervals of one prover). */
static double busy_after_first(cuzk_engine *e, char (*ids)[CUZK_JOB_ID_MAX], size_t n, double *span_ms)
{
    double first = 1e300, last = 0, busy = 0;
    for (size_t i = 0; i < n; i++) {
        char *json = NULL;
        if (cuzk_engine_timeline_json(e, ids[i], &json, NULL)) continue;
        for (const char *s = json; (s = strstr(s, "\"prove\":[")); s++) {
            double a, b;
            if (sscanf(s, "\"prove\":[%lf,%lf]", &a, &b) != 2) continue;
            if (a < first) first = a;
            if (b > last) last = b;
            busy += b - a;
        }
        free(json);
    }
    *span_ms = last > first ? last - first : 0;
    return *span_ms > 0 ? busy / *span_ms : 0;
}

int porep_g16_batch_main(int argc, char **argv)
{
    g16_opt o[] = { { "--circuit", false, NULL }, { "--c1", false, NULL }, POREP_C1_OPTS ENGINE_OPTS{ "--jobs", false, NULL },
                    { "--compare", true, NULL }, { "--json", true, NULL }, { "--runs", false, NULL },
                    { "--out", false, NULL }, { "--sector-size", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    int prc = g16_parse(argc, argv, o, no, USAGE_BATCH);
    if (prc) return prc < 0 ? PG_OK : prc;
    uint64_t jobs = 0, runs = 1;
    const char *circuit = g16_get(o, no, "--circuit");
    const bool post = circuit && (!strcmp(circuit, "window-post") || !strcmp(circuit, "winning-post"));
    if ((!post && !g16_get(o, no, "--c1")) || !g16_get(o, no, "--jobs") || !g16_u64("batch", "--jobs", g16_get(o, no, "--jobs"), &jobs) ||
        !jobs || jobs > 1000 || !g16_get(o, no, "--params") == !g16_get(o, no, "--param-dir") ||
        (g16_get(o, no, "--runs") && (!g16_u64("batch", "--runs", g16_get(o, no, "--runs"), &runs) || !runs ||
                                      runs > BENCH_MAX_RUNS))) {
        fprintf(stderr, "usage: cuzk-bench batch %s\n", USAGE_BATCH);
        return PG_USAGE;
    }
    cuzk_err err = { 0 };
    bench_job bj;
    char(*ids)[CUZK_JOB_ID_MAX] = calloc(jobs, CUZK_JOB_ID_MAX);
    memset(&bj, 0, sizeof bj);
    int rc = !ids ? cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "ids")
             : post ? make_post_request(circuit, g16_get(o, no, "--sector-size"), &bj, &err)
                    : make_request(o, no, "batch", &bj, &err);
    if (!rc && post) bj.req.params_path = g16_get(o, no, "--params");
    if (!rc) rc = make_engine(o, no, false, &bj.engine, &err);
    /* one warm-up job: parameters resident, witness generator built */
    double warm_ms = 0, span = 0;
    if (!rc) rc = run_jobs(&bj, 1, true, &warm_ms, ids, &err);
    if (!rc) cuzk_log("batch: warm-up job in %.0f ms", warm_ms);
    const bool compare = g16_get(o, no, "--compare") != NULL;
    double seq[BENCH_MAX_RUNS], pipe[BENCH_MAX_RUNS], per_job[BENCH_MAX_RUNS], speedup[BENCH_MAX_RUNS],
        busy[BENCH_MAX_RUNS];
    for (uint64_t run = 0; run < runs && !rc; run++) {
        if (compare) {
            rc = run_jobs(&bj, jobs, true, &seq[run], ids, &err);
            if (!rc) cuzk_log("batch: %llu jobs one after another in %.0f ms", (unsigned long long)jobs, seq[run]);
        }
        if (!rc) rc = run_jobs(&bj, jobs, false, &pipe[run], ids, &err);
        if (rc) break;
        per_job[run] = pipe[run] / (double)jobs;
        busy[run] = 100 * busy_after_first(bj.engine, ids, jobs, &span);
        cuzk_log("batch: %llu jobs through the pipeline in %.0f ms (%.0f ms a job); prover busy %.1f%% of %.0f ms after "
                 "the first proof started",
                 (unsigned long long)jobs, pipe[run], per_job[run], busy[run], span);
        if (compare) {
            speedup[run] = seq[run] / pipe[run];
            cuzk_log("batch: pipeline speed-up over one after another: %.2fx", speedup[run]);
        }
    }
    /* every proof of the last pipelined round, verified after the timing */
    for (size_t i = 0; i < jobs && !rc; i++) {
        cuzk_job_result r;
        rc = cuzk_engine_await(bj.engine, ids[i], 0, &r, &err);
        if (!rc) rc = cuzk_engine_verify(bj.engine, &bj.req, NULL, r.proof, r.proof_len, &err);
        cuzk_job_result_free(&r);
        if (!rc && i + 1 == jobs) cuzk_log("batch: the proofs of all %llu jobs verify", (unsigned long long)jobs);
    }
    const char *tl = g16_get(o, no, "--timeline");
    if (!rc && tl) {
        const char **pids = malloc(jobs * sizeof *pids);
        for (size_t i = 0; pids && i < jobs; i++) pids[i] = ids[i];
        if (pids && !(rc = write_timeline(bj.engine, tl, pids, jobs, &err))) cuzk_log("batch: timeline in %s", tl);
        free(pids);
    }
    if (!rc) {
        cuzk_engine_status st;
        cuzk_engine_get_status(bj.engine, &st);
        bench_report rep;
        bench_report_init(&rep, "batch", argc, argv);
        const char *dev = st.n_workers && st.workers[0].device >= 0 ? strchr(st.workers[0].name, ' ') : NULL;
        if (dev) bench_report_set_device(&rep, dev + 1); /* "gpu0 NVIDIA H100 ...": the device's name */
        bench_report_set_extra(&rep, "jobs", (long long)jobs);
        bench_report_set_extra(&rep, "provers", (long long)st.n_workers);
        bench_report_set_extra(&rep, "verified", 1);
        if (compare) bench_report_add(&rep, "sequential_ms", "ms", seq, (int)runs);
        bench_report_add(&rep, "pipeline_ms", "ms", pipe, (int)runs);
        bench_report_add(&rep, "pipeline_ms_per_job", "ms", per_job, (int)runs);
        bench_report_add(&rep, "prover_busy_after_first", "%", busy, (int)runs);
        if (compare) bench_report_add(&rep, "speedup", "x", speedup, (int)runs);
        rc = bench_report_emit(&rep, g16_get(o, no, "--json") != NULL, g16_get(o, no, "--out"), "batch") ? CUZK_ERR_IO : 0;
        if (rc) cuzk_err_set(&err, CUZK_ERR_IO, "the report");
    }
    if (rc) g16_fail("batch", &err);
    free(ids);
    if (ids) bench_job_free(&bj);
    return rc ? PG_FAIL : PG_OK;
}

/* ---- stress: mixed kinds from several client threads ---------------------------------------- */
#define STRESS_KINDS 3
typedef struct {
    cuzk_engine *engine;                /* NULL: through the daemon at daemon_addr */
    const char *daemon_addr, *token;
    const bench_job *jobs[STRESS_KINDS]; /* porep, winning-post, window-post; NULL when not given */
    unsigned client, n_jobs;
    double rate;                        /* jobs a second from this client; 0: back to back */
    double lat[STRESS_KINDS][BENCH_MAX_RUNS];
    int n_lat[STRESS_KINDS];
    unsigned done[STRESS_KINDS], failed;
    char error[256];
} stress_client;

static void *stress_main(void *arg)
{
    stress_client *sc = arg;
#ifdef CUZK_BENCH_DAEMON
    cuzk_client *client = NULL;
    if (sc->daemon_addr && cuzk_client_open(&client, sc->daemon_addr, sc->token, sc->error, sizeof sc->error)) {
        sc->failed = sc->n_jobs;
        return NULL;
    }
#endif
    const uint64_t t_start = cuzk_now_ns();
    for (unsigned i = 0, pick = sc->client; i < sc->n_jobs; i++) {
        int k = -1; /* the kinds given, in turn; each client starts at its own */
        for (unsigned t = 0; t < STRESS_KINDS && k < 0; t++)
            if (sc->jobs[(pick + t) % STRESS_KINDS]) k = (int)((pick + t) % STRESS_KINDS);
        pick = (unsigned)k + 1;
        if (sc->rate > 0) { /* open loop: job i starts at i / rate */
            const uint64_t due = t_start + (uint64_t)((double)i / sc->rate * 1e9);
            const uint64_t now = cuzk_now_ns();
            if (due > now) {
                struct timespec ts = { (time_t)((due - now) / 1000000000ull), (long)((due - now) % 1000000000ull) };
                nanosleep(&ts, NULL);
            }
        }
        char rid[64];
        snprintf(rid, sizeof rid, "stress-%u-%u", sc->client, i);
        cuzk_job_result r;
        cuzk_err err = { 0 };
        const uint64_t t0 = cuzk_now_ns();
        int rc;
#ifdef CUZK_BENCH_DAEMON
        if (client)
            rc = cuzk_client_prove(client, &sc->jobs[k]->req, CUZK_PRIORITY_DEFAULT, rid, 0, &r, err.msg, sizeof err.msg)
                     ? (err.code = CUZK_ERR_IO)
                     : 0;
        else
#endif
            rc = cuzk_engine_prove(sc->engine, &sc->jobs[k]->req, CUZK_PRIORITY_DEFAULT, rid, &r, &err);
        if (rc || r.state != CUZK_JOB_COMPLETED) {
            sc->failed++;
            snprintf(sc->error, sizeof sc->error, "%s", err.code ? err.msg : r.error);
        } else {
            if (sc->n_lat[k] < BENCH_MAX_RUNS) sc->lat[k][sc->n_lat[k]++] = ms_since(t0);
            sc->done[k]++;
        }
        cuzk_job_result_free(&r);
    }
#ifdef CUZK_BENCH_DAEMON
    cuzk_client_close(client);
#endif
    return NULL;
}

int porep_g16_stress_main(int argc, char **argv)
{
    g16_opt o[] = { { "--c1", false, NULL }, POREP_C1_OPTS ENGINE_OPTS{ "--post-size", false, NULL },
                    { "--clients", false, NULL }, { "--jobs", false, NULL }, { "--rate", false, NULL },
                    { "--json", true, NULL }, { "--out", false, NULL }, { "--daemon", false, NULL },
                    { "--token", false, NULL } };
    const size_t no = sizeof o / sizeof o[0];
    const char *usage = "[--c1 C1.json] [--post-size SIZE] (--param-dir DIR | --daemon ADDR [--token T]) [--clients N] "
                        "[--jobs N] [--rate R] [--json] [--out R.json] [--backend B]";
    int prc = g16_parse(argc, argv, o, no, usage);
    if (prc) return prc < 0 ? PG_OK : prc;
    uint64_t clients = 4, jobs = 5;
    const char *v;
    const char *daemon = g16_get(o, no, "--daemon");
    if (!g16_get(o, no, "--param-dir") == !daemon || (!g16_get(o, no, "--c1") && !g16_get(o, no, "--post-size")) ||
        ((v = g16_get(o, no, "--clients")) && (!g16_u64("stress", "--clients", v, &clients) || !clients || clients > 64)) ||
        ((v = g16_get(o, no, "--jobs")) && (!g16_u64("stress", "--jobs", v, &jobs) || !jobs || jobs > 100000))) {
        fprintf(stderr, "usage: cuzk-bench stress %s\n", usage);
        return PG_USAGE;
    }
    double rate = 0;
    if ((v = g16_get(o, no, "--rate"))) {
        char *end;
        rate = strtod(v, &end);
        if (*end || rate < 0) {
            fprintf(stderr, "cuzk-bench stress: --rate %s: jobs a second per client\n", v);
            return PG_USAGE;
        }
    }
    cuzk_err err = { 0 };
    bench_job kinds[STRESS_KINDS];
    memset(kinds, 0, sizeof kinds);
    static const char *labels[STRESS_KINDS] = { "porep", "winning_post", "window_post" };
    int rc = 0;
    if (g16_get(o, no, "--c1")) rc = make_request(o, no, "stress", &kinds[0], &err);
    if (!rc && g16_get(o, no, "--post-size")) {
        rc = make_post_request("winning-post", g16_get(o, no, "--post-size"), &kinds[1], &err);
        if (!rc) rc = make_post_request("window-post", g16_get(o, no, "--post-size"), &kinds[2], &err);
    }
    cuzk_engine *engine = NULL;
#ifndef CUZK_BENCH_DAEMON
    if (!rc && daemon) rc = cuzk_err_set(&err, CUZK_ERR_UNSUPPORTED, "--daemon: this cuzk-bench was built without the gRPC client");
#endif
    if (!rc && !daemon) rc = make_engine(o, no, false, &engine, &err);
    stress_client *cl = rc ? NULL : calloc(clients, sizeof *cl);
    pthread_t *th = rc ? NULL : calloc(clients, sizeof *th);
    if (!rc && (!cl || !th)) rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "clients");
    const uint64_t t0 = cuzk_now_ns();
    unsigned started = 0;
    for (unsigned c = 0; !rc && c < clients; c++) {
        cl[c].engine = engine;
        cl[c].daemon_addr = daemon;
        cl[c].token = g16_get(o, no, "--token");
        for (int k = 0; k < STRESS_KINDS; k++) cl[c].jobs[k] = kinds[k].req.kind ? &kinds[k] : NULL;
        cl[c].client = c;
        cl[c].n_jobs = (unsigned)jobs;
        cl[c].rate = rate;
        if (pthread_create(&th[c], NULL, stress_main, &cl[c])) rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "thread");
        else started++;
    }
    for (unsigned c = 0; c < started; c++) pthread_join(th[c], NULL);
    const double wall = ms_since(t0);
    if (!rc) {
        bench_report rep;
        bench_report_init(&rep, "stress", argc, argv);
        bench_report_set_extra(&rep, "clients", (long long)clients);
        unsigned total = 0, failed = 0;
        for (int k = 0; k < STRESS_KINDS; k++) {
            double all[BENCH_MAX_RUNS];
            int n = 0;
            unsigned done = 0;
            for (unsigned c = 0; c < clients; c++) {
                done += cl[c].done[k];
                for (int i = 0; i < cl[c].n_lat[k] && n < BENCH_MAX_RUNS; i++) all[n++] = cl[c].lat[k][i];
            }
            total += done;
            if (!n) continue;
            char name[48];
            snprintf(name, sizeof name, "latency_%s", labels[k]);
            bench_report_add(&rep, name, "ms", all, n);
            cuzk_log("stress: %s: %u jobs completed", labels[k], done);
        }
        for (unsigned c = 0; c < clients; c++) {
            failed += cl[c].failed;
            if (cl[c].failed) cuzk_log("stress: client %u: %u failed, the last: %s", c, cl[c].failed, cl[c].error);
        }
        bench_report_set_extra(&rep, "completed", (long long)total);
        bench_report_set_extra(&rep, "failed", (long long)failed);
        double thr = total / (wall / 1000.0);
        bench_report_add(&rep, "throughput", "jobs/s", &thr, 1);
        cuzk_log("stress: %u jobs completed, %u failed, from %llu clients in %.0f ms (%.2f jobs/s)", total, failed,
                 (unsigned long long)clients, wall, thr);
        rc = bench_report_emit(&rep, g16_get(o, no, "--json") != NULL, g16_get(o, no, "--out"), "stress") ? CUZK_ERR_IO
                                                                                                          : 0;
        if (!rc && failed) rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "%u jobs failed", failed);
    }
    if (rc) g16_fail("stress", &err);
    free(cl);
    free(th);
    cuzk_engine_destroy(engine);
    for (int k = 0; k < STRESS_KINDS; k++) {
        kinds[k].engine = NULL;
        bench_job_free(&kinds[k]);
    }
    return rc ? PG_FAIL : PG_OK;
}
