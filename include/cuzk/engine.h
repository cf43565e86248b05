/* cuzk engine: proof jobs (request bytes in, proof bytes out) over a circuit
 * registry, a priority scheduler, a partition pipeline (witness generation on
 * the CPU beside proving on the GPUs or the CPU), parameter residency and a
 * memory budget.
 *
 * A job is one request as the wire carries it (cuzk.v1 SubmitProofRequest).
 * Its circuit entry parses and checks the input and splits it into
 * partitions; every partition is an independent work item: it waits for a
 * witness slot and its share of the memory budget, has its witness made on
 * the CPU pool, then waits for a prover (one or more per GPU, or the CPU
 * prover), and its 192-byte proof is put back in partition order. A prover
 * whose device fails leaves service and its partition goes to another. Items of
 * a higher priority class always go first, at both stages, so a WinningPoSt
 * waits at most for the partitions already being proved.
 *
 * Thread safety: every cuzk_engine_* call may be made from any thread. */
#ifndef CUZK_ENGINE_H
#define CUZK_ENGINE_H

#include "cuzk/groth16.h"
#include "cuzk/util.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the prover back end ---------------------------------------------------------
 * cpu: the CPU prover. gpu: the device prover; an error (UNSUPPORTED) when this
 * build has no CUDA or the machine no device. auto: the GPU when one is usable,
 * else the CPU. Byte-identical proofs for the same r and s on every back end. */
typedef enum { CUZK_BACKEND_AUTO, CUZK_BACKEND_CPU, CUZK_BACKEND_GPU } cuzk_backend_kind;
/* "cpu" | "gpu" | "auto" */
int cuzk_backend_parse(const char *name, cuzk_backend_kind *out, cuzk_err *err);

typedef struct cuzk_prover cuzk_prover;
/* device: the GPU index for gpu/auto. Owns its device context and prover. */
int cuzk_prover_create(cuzk_prover **out, cuzk_backend_kind kind, int device, cuzk_err *err);
void cuzk_prover_free(cuzk_prover *p);
/* "cpu" or "gpu": what the prover runs on (auto resolved). */
const char *cuzk_prover_backend(const cuzk_prover *p);
int cuzk_prover_prove(cuzk_prover *p, cuzk_params *params, const cuzk_witness *w, const cuzk_fr *r,
                      const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings,
                      cuzk_err *err);
int cuzk_prover_prove_circuit(cuzk_prover *p, cuzk_params *params, const cuzk_circuit *circuit, const cuzk_fr *r,
                              const cuzk_fr *s, cuzk_pool *pool, cuzk_proof *out, cuzk_prove_timings *timings,
                              cuzk_err *err);

/* ---- requests --------------------------------------------------------------------- */

/* cuzk.v1 ProofKind numbers; CUZK_KIND_TEST_* are kinds registered by tests. */
typedef enum {
    CUZK_KIND_UNSPECIFIED = 0,
    CUZK_KIND_POREP = 1,          /* PoRep C2: vanilla_proof = the C1 output (JSON envelope) */
    CUZK_KIND_SNAP = 2,           /* SnapDeals ProveReplicaUpdate2: vanilla_proofs = partition proofs */
    CUZK_KIND_WINDOW_POST = 3,    /* one WindowPoSt partition: vanilla_proofs = sector proofs */
    CUZK_KIND_WINNING_POST = 4,   /* WinningPoSt: vanilla_proofs = sector proofs */
    CUZK_KIND_TEST_A = 100,
    CUZK_KIND_TEST_B = 101,
} cuzk_proof_kind;
#define CUZK_KIND_MAX 128

/* cuzk.v1 Priority numbers. DEFAULT takes the kind's class from the config. */
typedef enum {
    CUZK_PRIORITY_DEFAULT = 0,
    CUZK_PRIORITY_LOW = 1,
    CUZK_PRIORITY_NORMAL = 2,
    CUZK_PRIORITY_HIGH = 3,
    CUZK_PRIORITY_CRITICAL = 4,
} cuzk_priority;

/* One proof request, fields as cuzk.v1 SubmitProofRequest carries them. The
 * engine copies what it keeps: the caller's buffers may go once submit returns.
 * Byte fields are given with their lengths so that a wrong size is reported
 * by name instead of being read past. */
typedef struct {
    int kind;                          /* cuzk_proof_kind */
    uint64_t registered_proof;         /* RegisteredSealProof / PoStProof / UpdateProof number */
    uint64_t sector_size;              /* bytes; informational for PoRep */
    const uint8_t *vanilla_proof;      /* PoRep: the C1 output */
    size_t vanilla_proof_len;
    const uint8_t *const *vanilla_proofs;  /* PoSt: one per sector; Snap: one per partition */
    const size_t *vanilla_proof_lens;
    size_t n_vanilla_proofs;
    uint64_t sector_number;
    uint64_t miner_id;
    const uint8_t *randomness;         /* PoSt: 32 bytes */
    size_t randomness_len;
    uint32_t partition_index;          /* WindowPoSt */
    const uint8_t *comm_r_old, *comm_r_new, *comm_d_new;   /* Snap: 32 bytes each */
    size_t comm_r_old_len, comm_r_new_len, comm_d_new_len;
    /* Not on the wire (library callers only). */
    const char *params_path;           /* a .params file to use instead of the parameter directory's */
    bool no_input_checks;              /* verify only: skip the vanilla-proof checks (Groth16 check alone) */
    uint32_t first_partition;          /* prove partitions [first, first + count) only; count 0: all */
    uint32_t partition_count;
    bool fixed_rs;                     /* r, s of partition k from rs_seed (tests, byte-identity checks) */
    uint64_t rs_seed;
} cuzk_proof_request;

/* The r and s a fixed_rs request uses for partition k (cuzk_groth16_prove with
 * these makes the same bytes). */
void cuzk_engine_fixed_rs(uint64_t rs_seed, uint32_t partition, cuzk_fr *r, cuzk_fr *s);

/* ---- the circuit registry -------------------------------------------------------------
 * One entry per proof kind. PoRep is built in (and PoSt and SnapDeals as they
 * land); tests register small circuits of their own. Callbacks are called from
 * engine threads, several at once: they must be thread-safe for distinct
 * inputs and partitions. */
typedef struct {
    uint32_t partitions;               /* proofs this job makes, in order */
    char params_id[192];               /* the parameter file's name in the parameter directory */
    uint64_t witness_bytes;            /* memory one partition's witness holds while in flight */
    char summary[128];                 /* for the log: "StackedDrg2KiBV1_1, 1 partition" */
} cuzk_job_plan;

typedef struct cuzk_circuit_entry {
    const char *label;                 /* engine label: "porep-c2", "window-post", ... */
    int kind;                          /* cuzk_proof_kind */
    void *ctx;                         /* the entry's own state, passed to every callback */
    /* Parses and checks req; *input is the entry's parsed form. An error names
     * the field at fault; the job then fails alone. */
    int (*prepare)(void *ctx, const cuzk_proof_request *req, void **input, cuzk_job_plan *plan, cuzk_err *err);
    void (*input_free)(void *ctx, void *input);
    /* The witness of partition k (thread pool given); *state owns its memory
     * until witness_free. */
    int (*witness)(void *ctx, const void *input, uint32_t k, cuzk_pool *pool, cuzk_witness *w, void **state,
                   cuzk_err *err);
    void (*witness_free)(void *ctx, void *state);
    /* The public inputs of partition k (for verification): *n values into a
     * malloc'd *out. */
    int (*public_inputs)(void *ctx, const void *input, uint32_t k, cuzk_fr **out, size_t *n, cuzk_err *err);
    /* Optional: parameters made in memory (tests) instead of read from a file. */
    int (*load_params)(void *ctx, const char *params_id, cuzk_params **out, cuzk_err *err);
    /* Optional: the params_id of a circuit id such as "porep-32g" (PreloadSRS); 0 when known. */
    int (*params_of)(void *ctx, const char *circuit_id, char params_id[192]);
    void (*ctx_free)(void *ctx);
} cuzk_circuit_entry;

/* ---- the engine ------------------------------------------------------------------------ */
typedef struct cuzk_engine cuzk_engine;

typedef struct {
    const char *param_dir;             /* where .params files are found by name; NULL: "." */
    cuzk_backend_kind backend;         /* default AUTO */
    const int *devices;                /* GPU ordinals to use; NULL: every visible one */
    size_t n_devices;
    unsigned gpu_workers_per_device;   /* default 1 */
    unsigned synth_workers;            /* concurrent witness generations; default 2 */
    unsigned synth_threads;            /* threads of the witness pool; 0: one per core */
    unsigned prove_threads;            /* threads of the CPU prover's pool; 0: one per core */
    unsigned queue_depth;              /* witnesses made ahead of the provers; default 2 per prover */
    uint64_t mem_budget_bytes;         /* for witnesses in flight; 0: 3/4 of the machine's memory */
    uint64_t param_budget_bytes;       /* for resident parameter sets; 0: 1/2 of the machine's memory */
    int kind_class[CUZK_KIND_MAX];     /* priority class of each kind's DEFAULT priority (1..4) */
    uint64_t result_ttl_ms;            /* completed results kept this long; default 10 min */
    uint64_t result_max_bytes;         /* and within this many proof bytes; default 64 MiB */
    unsigned cpu_provers;              /* provers on the CPU when no GPU is used; default 1 */
    bool verify_proofs;                /* verify every partition proof before returning it */
    bool quiet;                        /* no per-partition log lines */
    /* Testing aid: prover fault_worker - 1 (0: none) reports a device fault
     * on every partition after its first fault_after. */
    int fault_worker;
    uint32_t fault_after;
} cuzk_engine_config;

/* Defaults: WinningPoSt CRITICAL, WindowPoSt HIGH, PoRep and SnapDeals NORMAL. */
void cuzk_engine_config_default(cuzk_engine_config *cfg);

/* Starts the worker threads; the built-in circuits are registered. */
int cuzk_engine_create(cuzk_engine **out, const cuzk_engine_config *cfg, cuzk_err *err);
/* Cancels what is queued, waits for what runs, frees everything. */
void cuzk_engine_destroy(cuzk_engine *e);
/* Adds (or replaces) the entry of entry->kind; the engine owns entry->ctx. */
int cuzk_engine_register(cuzk_engine *e, const cuzk_circuit_entry *entry, cuzk_err *err);
/* The entry of a kind, NULL when none. */
const cuzk_circuit_entry *cuzk_engine_entry(cuzk_engine *e, int kind);

/* ---- jobs ------------------------------------------------------------------------------ */
typedef enum {
    CUZK_JOB_UNKNOWN = 0,
    CUZK_JOB_COMPLETED = 1,
    CUZK_JOB_FAILED = 2,
    CUZK_JOB_CANCELLED = 3,
    CUZK_JOB_TIMEOUT = 4,      /* await only: the job is still running */
    CUZK_JOB_QUEUED = 5,
    CUZK_JOB_RUNNING = 6,
} cuzk_job_state;
const char *cuzk_job_state_name(int state);

#define CUZK_JOB_ID_MAX 128

typedef struct {
    char job_id[CUZK_JOB_ID_MAX];
    int state;                         /* cuzk_job_state */
    uint8_t *proof;                    /* partitions x 192 bytes, malloc'd; NULL unless COMPLETED */
    size_t proof_len;
    int err_code;                      /* cuzk_err_code of a FAILED job */
    char error[256];
    /* wire timings: synthesis and GPU figures are sums over partitions */
    uint64_t queue_wait_ms, srs_load_ms, synthesis_ms, gpu_compute_ms, total_ms;
} cuzk_job_result;
void cuzk_job_result_free(cuzk_job_result *r);

/* Submits a job. request_id: the caller's idempotency key (NULL or "": the
 * engine makes one); the same id with the same input joins the existing job,
 * with other input it is refused (INVALID_ARGUMENT naming the id), unless
 * that job failed or was cancelled: then a new job takes the id. priority:
 * cuzk_priority. job_id gets the id; queue_position (may be NULL) the number
 * of partitions queued ahead of this job's first. Bad input is found later, by
 * the job's prepare step: the job then FAILS with the reason. */
int cuzk_engine_submit(cuzk_engine *e, const cuzk_proof_request *req, int priority, const char *request_id,
                       char job_id[CUZK_JOB_ID_MAX], uint32_t *queue_position, cuzk_err *err);
/* Waits for a job (timeout_ms 0: for ever). out->state TIMEOUT when it is still
 * running at the deadline. NOT_FOUND-like errors: INVALID_ARGUMENT naming the id. */
int cuzk_engine_await(cuzk_engine *e, const char *job_id, uint64_t timeout_ms, cuzk_job_result *out, cuzk_err *err);
/* The job's state now, without waiting: QUEUED, RUNNING, or its result. */
int cuzk_engine_peek(cuzk_engine *e, const char *job_id, cuzk_job_result *out, cuzk_err *err);
/* Submit and await (for ever). */
int cuzk_engine_prove(cuzk_engine *e, const cuzk_proof_request *req, int priority, const char *request_id,
                      cuzk_job_result *out, cuzk_err *err);
/* Cancels a queued or running job: its queued partitions are dropped, running
 * ones stop at the next phase boundary, its memory is freed. *was_running
 * (may be NULL): it had a partition in work. Cancelling a finished job is a
 * no-op (0). */
int cuzk_engine_cancel(cuzk_engine *e, const char *job_id, bool *was_running, cuzk_err *err);
/* A waiter went away (a client disconnected): cancels the job unless another
 * caller is in cuzk_engine_await on it. *cancelled (may be NULL) says which. */
int cuzk_engine_abandon(cuzk_engine *e, const char *job_id, bool *cancelled, cuzk_err *err);

/* Verifies proof bytes of a request (every partition) with the circuit's public
 * inputs and the verifying key of its parameters (or of vk_path when given).
 * 0: all verify; PROOF_INVALID naming the first bad partition. */
int cuzk_engine_verify(cuzk_engine *e, const cuzk_proof_request *req, const char *vk_path, const uint8_t *proof,
                       size_t proof_len, cuzk_err *err);

/* ---- parameters --------------------------------------------------------------------------
 * id: a parameter file name, or a circuit id ("porep-2k", "porep-32g", ...)
 * that an entry maps to one. */
int cuzk_engine_preload(cuzk_engine *e, const char *id, bool *already_loaded, uint64_t *load_ms, cuzk_err *err);
/* Drops a set no job uses; one in use is kept (*was_loaded true, *freed 0). */
int cuzk_engine_evict(cuzk_engine *e, const char *id, bool *was_loaded, uint64_t *freed_bytes, cuzk_err *err);

/* ---- status, timeline, metrics ------------------------------------------------------------ */
typedef struct {
    int kind;
    const char *label;
    uint32_t jobs_queued, jobs_running;
    uint32_t partitions_queued, partitions_running;
} cuzk_engine_queue_status;

typedef struct {
    int device;                        /* GPU ordinal; -1 for the CPU prover */
    char name[128];
    uint64_t mem_total, mem_free;
    char current_job[CUZK_JOB_ID_MAX]; /* "" when idle */
    const char *current_label;         /* NULL when idle */
    double busy_fraction;              /* of its lifetime */
    uint64_t partitions_proved;
    bool in_service;                   /* false after a device fault */
    char fault[128];                   /* why it left service */
} cuzk_engine_worker_status;

typedef struct {
    char id[192];
    uint64_t bytes;
    uint32_t ref_count;
    uint64_t idle_ms;
} cuzk_engine_params_status;

#define CUZK_ENGINE_STATUS_MAX 32
typedef struct {
    cuzk_engine_queue_status queues[CUZK_ENGINE_STATUS_MAX];
    size_t n_queues;
    cuzk_engine_worker_status workers[CUZK_ENGINE_STATUS_MAX];
    size_t n_workers;
    cuzk_engine_params_status params[CUZK_ENGINE_STATUS_MAX];
    size_t n_params;
    uint64_t completed, failed, cancelled;
    uint64_t mem_budget, mem_used, param_budget, param_used;
    uint64_t uptime_s;
} cuzk_engine_status;
void cuzk_engine_get_status(cuzk_engine *e, cuzk_engine_status *out);

/* A job's timeline as JSON (per partition: queue, witness and prove intervals
 * in ms since the engine started, and the prover's phases): malloc'd *json.
 * Kept while the job or its result is. */
int cuzk_engine_timeline_json(cuzk_engine *e, const char *job_id, char **json, cuzk_err *err);
/* Every job the engine knows, with partition states, as JSON (the daemon's /status). */
int cuzk_engine_status_json(cuzk_engine *e, char **json, cuzk_err *err);
/* Counters and phase histograms in Prometheus text format (metric names
 * cuzk_*), malloc'd. */
int cuzk_engine_metrics_text(cuzk_engine *e, char **text, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
