/* cuzk util: errors, logging, timers, the thread pool, allocation, build id. */
#ifndef CUZK_UTIL_H
#define CUZK_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors ----------------------------------------------------------------
 * Functions that can fail return int (0 = success, else a cuzk_err_code) and,
 * when given a non-NULL cuzk_err, fill it with the code and a message naming
 * the input, offset or field at fault. */
typedef enum {
    CUZK_OK = 0,
    CUZK_ERR_INVALID_ARGUMENT,   /* caller passed something meaningless */
    CUZK_ERR_OUT_OF_MEMORY,
    CUZK_ERR_IO,
    CUZK_ERR_NOT_CANONICAL,      /* a field element >= its modulus */
    CUZK_ERR_BAD_LENGTH,         /* an encoding of the wrong size */
    CUZK_ERR_BAD_FLAGS,          /* compression/infinity/sort flags that make no sense */
    CUZK_ERR_NOT_ON_CURVE,       /* coordinates that do not satisfy the curve equation */
    CUZK_ERR_NOT_IN_SUBGROUP,    /* on the curve but outside the prime-order subgroup */
    CUZK_ERR_PARSE,              /* malformed text or structure */
    CUZK_ERR_UNSUPPORTED,        /* e.g. no GPU in this build */
    CUZK_ERR_DEVICE,             /* a GPU runtime failure */
    CUZK_ERR_PROOF_INVALID,      /* a well-formed proof that does not verify */
    CUZK_ERR_TRUNCATED,          /* input ended before a structure was complete */
    CUZK_ERR_TOO_LARGE,          /* a length field beyond what the input or a limit allows */
    CUZK_ERR__COUNT
} cuzk_err_code;

typedef struct {
    int code;
    char msg[256];
} cuzk_err;

/* Sets err (if non-NULL) and returns code, so callers can `return cuzk_err_set(...)`. */
int cuzk_err_set(cuzk_err *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void cuzk_err_clear(cuzk_err *err);
/* Stable short name of a code: "not_on_curve", "bad_flags", ... */
const char *cuzk_err_name(int code);

/* ---- logging ---------------------------------------------------------------
 * Lines go to stderr with a monotonic timestamp and are flushed as written. */
void cuzk_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- time ------------------------------------------------------------------ */
uint64_t cuzk_now_ns(void); /* CLOCK_MONOTONIC */

/* ---- build identity --------------------------------------------------------
 * "cuzk 0.1.0 <commit>[-dirty] <compiler> <version> <sm_90|cpu> <build type>" */
const char *cuzk_build_id(void);
const char *cuzk_build_commit(void);
const char *cuzk_build_arch(void);

/* ---- memory ------------------------------------------------------------------ */
/* 64-byte aligned allocation; returns NULL on overflow or exhaustion. Free with cuzk_free. */
void *cuzk_alloc(size_t size);
void *cuzk_alloc_array(size_t count, size_t elem_size); /* checks count*elem_size */
void cuzk_free(void *p);

/* ---- thread pool ---------------------------------------------------------------
 * A fixed set of pthreads. cuzk_pool_run executes fn(ctx, i) for every i in
 * [0, n_tasks) and returns when all are done. A call from inside a task runs
 * inline on the calling thread (no oversubscription, no deadlock). */
typedef struct cuzk_pool cuzk_pool;
typedef void (*cuzk_task_fn)(void *ctx, size_t index);

/* n_threads = 0 means one per online core. Returns NULL on failure. */
cuzk_pool *cuzk_pool_create(unsigned n_threads);
void cuzk_pool_destroy(cuzk_pool *pool);
unsigned cuzk_pool_threads(const cuzk_pool *pool); /* NULL pool -> 1 */
/* pool may be NULL: runs inline. */
void cuzk_pool_run(cuzk_pool *pool, size_t n_tasks, cuzk_task_fn fn, void *ctx);

/* ---- randomness for tests and benches ------------------------------------------ */
/* Deterministic splitmix64/xoshiro stream; not for secrets. */
typedef struct { uint64_t s[4]; } cuzk_rng;
void cuzk_rng_seed(cuzk_rng *rng, uint64_t seed);
uint64_t cuzk_rng_u64(cuzk_rng *rng);
/* Secrets (Groth16 r, s): the OS CSPRNG. Returns 0 on success. */
int cuzk_os_random(void *buf, size_t len, cuzk_err *err);

#ifdef __cplusplus
}
#endif
#endif
