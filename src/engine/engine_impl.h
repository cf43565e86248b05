/* The engine's private state: jobs, partitions, workers, parameter slots,
 * the budget, counters. Everything here is guarded by cuzk_engine.lock unless
 * a field says otherwise. */
#ifndef CUZK_ENGINE_IMPL_H
#define CUZK_ENGINE_IMPL_H

#include "cuzk/engine.h"

#include <pthread.h>

/* ---- memory budget (budget.c) ------------------------------------------------------ */
/* The machine's memory in bytes: the cgroup limit when one is set, else MemTotal. */
uint64_t cuzk_engine_machine_memory(void);

/* ---- parameter residency (residency.c) ---------------------------------------------- */
typedef struct params_slot {
    char id[192];
    char path[1024];            /* "" for parameters an entry made in memory */
    cuzk_params *params;        /* NULL while loading */
    uint64_t bytes;
    uint32_t refs;
    bool loading;
    uint64_t last_use_ns;
    struct params_slot *next;
} params_slot;

/* ---- partitions and jobs --------------------------------------------------------------- */
enum { P_QUEUED, P_WITNESS, P_READY, P_PROVING, P_DONE, P_DROPPED };

typedef struct job job;

typedef struct {
    job *job;
    uint32_t k;
    int state;
    cuzk_witness w;
    void *wstate;
    uint64_t t_witness0, t_witness1, t_prove0, t_prove1;   /* ns since the engine's start */
    cuzk_prove_timings pt;
    int worker;                 /* prover that proved it, -1 before */
    uint32_t retries;           /* times a failed device gave it back */
} part;

struct job {
    char id[CUZK_JOB_ID_MAX];
    int kind;
    const cuzk_circuit_entry *entry;
    int cls;                    /* priority class 1..4 */
    uint64_t seq;               /* submit order */
    uint8_t digest[32];         /* of the request: the same id must carry the same input */
    cuzk_proof_request req;     /* owned copies of the byte fields */
    uint8_t *req_mem;
    void *input;                /* the entry's parsed input, once prepared */
    cuzk_job_plan plan;
    bool prepared, preparing;
    int state;                  /* cuzk_job_state */
    part *parts;
    uint32_t next_witness;      /* next partition to start */
    uint32_t in_flight;         /* partitions in witness, ready or proving */
    uint32_t done;
    bool ran;                   /* a partition has started */
    uint8_t *proof;
    size_t proof_len;
    int err_code;
    char error[256];
    params_slot *params;        /* held from prepare to the end */
    uint64_t t_submit, t_start, t_end, srs_ms;   /* ns since start; srs in ms */
    int waiters;
    job *next;
};

typedef struct {
    cuzk_engine *e;
    int index;
    int device;                 /* -1: the CPU prover */
    cuzk_prover *prover;
    pthread_t thread;
    bool started;
    job *current;
    uint64_t busy_ns, t_created;
    uint64_t proved;
    char name[128];
    uint64_t mem_total;
    bool failed;                /* out of service after a device fault */
    char fault[256];
} prover_worker;

typedef struct {
    cuzk_engine *e;
    bool express;               /* takes only items above the NORMAL class */
    pthread_t thread;
    bool started;
} witness_worker;

#define HIST_BUCKETS 14
typedef struct {
    uint64_t count[HIST_BUCKETS + 1];
    double sum;
} hist;
enum { PH_QUEUE, PH_SRS, PH_WITNESS, PH_PROVE, PH_JOB, PH__COUNT };

typedef struct {
    uint64_t submitted, completed, failed, cancelled, partitions;
    hist phase[PH__COUNT];
} kind_counters;

struct cuzk_engine {
    cuzk_engine_config cfg;
    char param_dir[1024];
    pthread_mutex_t lock;
    pthread_cond_t work;        /* new work or state for the workers */
    pthread_cond_t changed;     /* a job finished, a parameter set loaded */
    bool stopping;
    uint64_t t0;                /* CLOCK_MONOTONIC at creation */
    cuzk_circuit_entry entries[CUZK_KIND_MAX];
    bool has_entry[CUZK_KIND_MAX];
    job *jobs;                  /* every job known, newest first */
    uint64_t next_seq;
    uint64_t mem_budget, mem_used;
    params_slot *slots;
    uint64_t param_budget, param_used;
    cuzk_pool *witness_pool, *prove_pool;
    witness_worker *ww;
    size_t n_ww;
    prover_worker *pw;
    size_t n_pw;
    uint32_t n_witnessing, n_ready;
    uint32_t max_ahead;
    kind_counters counters[CUZK_KIND_MAX];
};

/* ns since the engine started */
static inline uint64_t eng_now(const cuzk_engine *e) { return cuzk_now_ns() - e->t0; }

/* residency.c: a reference to the parameters of id (loading them, evicting
 * idle sets to fit the budget); called WITHOUT the lock. */
int cuzk_engine_params_acquire(cuzk_engine *e, const cuzk_circuit_entry *entry, const char *id, const char *path,
                               params_slot **out, uint64_t *load_ms, cuzk_err *err);
void cuzk_engine_params_release(cuzk_engine *e, params_slot *s);
/* Frees every slot (engine teardown). */
void cuzk_engine_params_free_all(cuzk_engine *e);

/* registry_porep.c: the built-in PoRep entry. */
int cuzk_engine_porep_entry(cuzk_circuit_entry *out, cuzk_err *err);
/* registry_post.c: WindowPoSt or WinningPoSt (kind). */
int cuzk_engine_post_entry(cuzk_circuit_entry *out, int kind, cuzk_err *err);
/* registry_snap.c: SnapDeals. */
int cuzk_engine_snap_entry(cuzk_circuit_entry *out, cuzk_err *err);

/* report.c */
void cuzk_engine_hist_add(hist *h, double ms);

#endif
