/* The spool: a journal of accepted jobs and the results of finished ones, so
 * that a restart loses no job.
 *
 *   DIR/jobs/<h>.job     an accepted job: its id, priority and request bytes
 *   DIR/results/<h>.res  a finished job's result (state, proof, error, timings)
 *   DIR/corrupt/         entries that failed their checks, set aside
 *
 * <h> is the SHA-256 of the job id in hex, so any id makes a safe name. Every
 * file ends in the SHA-256 of its contents; it is written to a temporary
 * name, fsynced, renamed into place and the directory fsynced, so an entry
 * is either whole or absent. DIR and its folders are created mode 0700. */
#ifndef CUZK_SERVER_JOURNAL_H
#define CUZK_SERVER_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cuzk/engine.h"

typedef struct cuzk_journal cuzk_journal;

/* max_entry_bytes bounds what a read allocates (a request plus its header). */
int cuzk_journal_open(cuzk_journal **out, const char *dir, uint64_t result_ttl_ms, uint64_t result_max_bytes,
                      uint64_t max_entry_bytes, char *err, size_t err_len);
void cuzk_journal_close(cuzk_journal *j);

/* Records an accepted job (durable when this returns 0). *existed: an entry
 * for this id was already there and was kept. */
int cuzk_journal_add(cuzk_journal *j, const char *job_id, int priority, const uint8_t *req, size_t req_len,
                     bool *existed, char *err, size_t err_len);
/* Records a finished job's result and drops its job entry. */
int cuzk_journal_finish(cuzk_journal *j, const cuzk_job_result *r, char *err, size_t err_len);
/* A stored result: 0 and *out filled (proof malloc'd), 1 when there is none. */
int cuzk_journal_result(cuzk_journal *j, const char *job_id, cuzk_job_result *out);
/* Drops the job entry without a result. */
void cuzk_journal_drop(cuzk_journal *j, const char *job_id);

/* Calls fn for every intact job entry; entries that fail their checks are
 * moved to corrupt/ and counted. fn's request bytes live until it returns. */
typedef void (*cuzk_journal_visit_fn)(void *ctx, const char *job_id, int priority, const uint8_t *req,
                                      size_t req_len);
int cuzk_journal_replay(cuzk_journal *j, cuzk_journal_visit_fn fn, void *ctx, size_t *n_ok, size_t *n_corrupt);

/* Deletes results older than the TTL, then the oldest until the total is
 * within the byte bound. Returns how many were deleted. */
size_t cuzk_journal_prune(cuzk_journal *j);

typedef struct {
    uint64_t jobs_written, results_written, corrupt, pruned;
    uint64_t result_files, result_bytes;  /* as of the last prune */
} cuzk_journal_stats;
void cuzk_journal_get_stats(cuzk_journal *j, cuzk_journal_stats *out);

#endif
