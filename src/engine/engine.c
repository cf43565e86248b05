/* The engine: jobs, the two-stage partition pipeline and its scheduler.
 *
 * Stage 1 (witness workers): pick the best startable partition (highest
 * class, then oldest job, then lowest partition), prepare its job first if
 * nobody has, take its witness memory from the budget, make the witness on
 * the witness pool. Stage 2 (prover workers, one or more per GPU, or one CPU
 * prover): pick the best ready partition and prove it. At most max_ahead
 * partitions are in stage 1 or waiting between the stages, so memory stays
 * bounded; an express witness worker takes only items above the NORMAL
 * class, so PoSt never waits for PoRep witnesses to finish. Cancellation and
 * failure are checked at every phase boundary. */
#include "engine_impl.h"
#include "cuzk/gpu.h"
#include "cuzk/hash.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const int default_class[5] = { CUZK_PRIORITY_NORMAL, CUZK_PRIORITY_NORMAL, CUZK_PRIORITY_NORMAL,
                                       CUZK_PRIORITY_HIGH, CUZK_PRIORITY_CRITICAL };

void cuzk_engine_config_default(cuzk_engine_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->backend = CUZK_BACKEND_AUTO;
    cfg->gpu_workers_per_device = 1;
    cfg->synth_workers = 2;
    for (int k = 0; k < CUZK_KIND_MAX; k++) cfg->kind_class[k] = k < 5 ? default_class[k] : CUZK_PRIORITY_NORMAL;
    cfg->result_ttl_ms = 10 * 60 * 1000;
    cfg->result_max_bytes = 64u << 20;
}

const char *cuzk_job_state_name(int s)
{
    static const char *names[] = { "unknown", "completed", "failed", "cancelled", "timeout", "queued", "running" };
    return s >= 0 && s < (int)(sizeof names / sizeof names[0]) ? names[s] : "?";
}

void cuzk_job_result_free(cuzk_job_result *r)
{
    if (!r) return;
    free(r->proof);
    r->proof = NULL;
    r->proof_len = 0;
}

static bool job_final(const job *j)
{
    return j->state == CUZK_JOB_COMPLETED || j->state == CUZK_JOB_FAILED || j->state == CUZK_JOB_CANCELLED;
}

/* ---- the fixed r, s of tests ------------------------------------------------------ */
void cuzk_engine_fixed_rs(uint64_t rs_seed, uint32_t partition, cuzk_fr *r, cuzk_fr *s)
{
    uint8_t buf[32];
    for (int which = 0; which < 2; which++) {
        uint8_t in[24] = { 'c', 'u', 'z', 'k', '-', 'r', 's', (uint8_t)which };
        memcpy(in + 8, &rs_seed, 8);
        memcpy(in + 16, &partition, 4);
        cuzk_sha256(buf, in, sizeof in);
        buf[31] &= 0x0f; /* below the modulus */
        cuzk_fr_from_bytes_le(which ? s : r, buf, NULL);
    }
}

/* ---- request copy and digest --------------------------------------------------------- */
static void digest_field(cuzk_sha256_ctx *h, const void *p, size_t n)
{
    uint64_t len = n;
    cuzk_sha256_update(h, &len, sizeof len);
    if (n) cuzk_sha256_update(h, p, n);
}

static void request_digest(const cuzk_proof_request *r, uint8_t out[32])
{
    cuzk_sha256_ctx h;
    cuzk_sha256_init(&h);
    uint64_t nums[7] = { (uint64_t)r->kind, r->registered_proof, r->sector_size, r->sector_number, r->miner_id,
                         r->partition_index, r->n_vanilla_proofs };
    cuzk_sha256_update(&h, nums, sizeof nums);
    digest_field(&h, r->vanilla_proof, r->vanilla_proof_len);
    for (size_t i = 0; i < r->n_vanilla_proofs; i++) digest_field(&h, r->vanilla_proofs[i], r->vanilla_proof_lens[i]);
    digest_field(&h, r->randomness, r->randomness_len);
    digest_field(&h, r->comm_r_old, r->comm_r_old_len);
    digest_field(&h, r->comm_r_new, r->comm_r_new_len);
    digest_field(&h, r->comm_d_new, r->comm_d_new_len);
    digest_field(&h, r->params_path, r->params_path ? strlen(r->params_path) : 0);
    uint64_t rs[4] = { r->fixed_rs, r->rs_seed, r->first_partition, r->partition_count };
    cuzk_sha256_update(&h, rs, sizeof rs);
    cuzk_sha256_final(&h, out);
}

/* One allocation holds every byte field of the copy. */
static int request_copy(job *j, const cuzk_proof_request *r, cuzk_err *err)
{
    size_t total = r->vanilla_proof_len + r->randomness_len + r->comm_r_old_len + r->comm_r_new_len +
                   r->comm_d_new_len + (r->params_path ? strlen(r->params_path) + 1 : 0);
    if (r->n_vanilla_proofs > (SIZE_MAX / 4) / (sizeof(uint8_t *) + sizeof(size_t)))
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "vanilla_proofs: %zu entries", r->n_vanilla_proofs);
    total += r->n_vanilla_proofs * (sizeof(uint8_t *) + sizeof(size_t));
    for (size_t i = 0; i < r->n_vanilla_proofs; i++) total += r->vanilla_proof_lens[i];
    uint8_t *m = malloc(total ? total : 1);
    if (!m) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "request copy of %zu bytes", total);
    j->req = *r;
    j->req_mem = m;
    const uint8_t **vp = (const uint8_t **)(void *)m;
    size_t *vl = (size_t *)(void *)(m + r->n_vanilla_proofs * sizeof(uint8_t *));
    uint8_t *p = m + r->n_vanilla_proofs * (sizeof(uint8_t *) + sizeof(size_t));
#define COPY(field, len)                                                                                       \
    do {                                                                                                       \
        if (r->field && (len)) {                                                                               \
            memcpy(p, r->field, (len));                                                                        \
            j->req.field = p;                                                                                  \
            p += (len);                                                                                        \
        } else {                                                                                               \
            j->req.field = NULL;                                                                               \
        }                                                                                                      \
    } while (0)
    COPY(vanilla_proof, r->vanilla_proof_len);
    COPY(randomness, r->randomness_len);
    COPY(comm_r_old, r->comm_r_old_len);
    COPY(comm_r_new, r->comm_r_new_len);
    COPY(comm_d_new, r->comm_d_new_len);
#undef COPY
    for (size_t i = 0; i < r->n_vanilla_proofs; i++) {
        vl[i] = r->vanilla_proof_lens[i];
        vp[i] = p;
        if (vl[i]) memcpy(p, r->vanilla_proofs[i], vl[i]);
        p += vl[i];
    }
    j->req.vanilla_proofs = r->n_vanilla_proofs ? vp : NULL;
    j->req.vanilla_proof_lens = r->n_vanilla_proofs ? vl : NULL;
    if (r->params_path) {
        strcpy((char *)p, r->params_path);
        j->req.params_path = (const char *)p;
    }
    return 0;
}

/* ---- job lifecycle (lock held) ------------------------------------------------------------ */
static job *find_job(cuzk_engine *e, const char *id)
{
    for (job *j = e->jobs; j; j = j->next)
        if (!strcmp(j->id, id)) return j;
    return NULL;
}

static void part_release(cuzk_engine *e, part *p)
{
    job *j = p->job;
    if (p->wstate || p->w.aux) {
        j->entry->witness_free(j->entry->ctx, p->wstate);
        p->wstate = NULL;
        memset(&p->w, 0, sizeof p->w);
    }
    e->mem_used -= j->plan.witness_bytes;
    j->in_flight--;
}

/* Frees what a finished job no longer needs once nothing of it is in flight. */
static void job_settle(cuzk_engine *e, job *j)
{
    if (!job_final(j) || j->in_flight || j->preparing) return;
    if (j->input) {
        j->entry->input_free(j->entry->ctx, j->input);
        j->input = NULL;
    }
    if (j->params) {
        cuzk_engine_params_release(e, j->params);
        j->params = NULL;
    }
    free(j->req_mem);
    j->req_mem = NULL;
    memset(&j->req, 0, sizeof j->req);
}

static void job_finish(cuzk_engine *e, job *j, int state, int code, const char *msg)
{
    if (job_final(j)) return;
    j->state = state;
    j->t_end = eng_now(e);
    kind_counters *kc = &e->counters[j->kind];
    if (state == CUZK_JOB_COMPLETED) {
        kc->completed++;
        cuzk_engine_hist_add(&kc->phase[PH_JOB], (double)(j->t_end - j->t_submit) / 1e6);
    } else {
        free(j->proof);
        j->proof = NULL;
        j->proof_len = 0;
        if (state == CUZK_JOB_FAILED) kc->failed++;
        else kc->cancelled++;
        j->err_code = code;
        snprintf(j->error, sizeof j->error, "%s", msg ? msg : "");
        /* drop what waits between the stages */
        for (uint32_t k = 0; j->parts && k < j->plan.partitions; k++) {
            part *p = &j->parts[k];
            if (p->state == P_READY) {
                e->n_ready--;
                part_release(e, p);
                p->state = P_DROPPED;
            } else if (p->state == P_QUEUED) {
                p->state = P_DROPPED;
            }
        }
    }
    if (!e->cfg.quiet || state != CUZK_JOB_COMPLETED)
        cuzk_log("engine: job %s (%s) %s%s%s in %.0f ms", j->id, j->entry ? j->entry->label : "?",
                 cuzk_job_state_name(state), msg && *msg ? ": " : "", msg ? msg : "",
                 (double)(j->t_end - j->t_submit) / 1e6);
    job_settle(e, j);
    pthread_cond_broadcast(&e->changed);
    pthread_cond_broadcast(&e->work);
}

/* Results kept for result_ttl_ms and within result_max_bytes; oldest go first. */
static void gc_results(cuzk_engine *e)
{
    const uint64_t now = eng_now(e), ttl = e->cfg.result_ttl_ms * 1000000ull;
    job **pp = &e->jobs;
    /* newest first: walk to the end, dropping old or over-budget finished jobs */
    job *keep = NULL, **tail = &keep;
    uint64_t kept = 0;
    while (*pp) {
        job *j = *pp;
        *pp = j->next;
        bool drop = job_final(j) && !j->waiters && !j->in_flight && !j->preparing &&
                    (now - j->t_end > ttl || kept + j->proof_len + sizeof *j > e->cfg.result_max_bytes);
        if (drop) {
            free(j->proof);
            free(j->parts);
            free(j);
            continue;
        }
        if (job_final(j)) kept += j->proof_len + sizeof *j;
        j->next = NULL;
        *tail = j;
        tail = &j->next;
    }
    e->jobs = keep;
}

/* ---- scheduling (lock held) ----------------------------------------------------------------- */
static bool better(const job *a, const job *b)
{
    if (!b) return true;
    if (a->cls != b->cls) return a->cls > b->cls;
    return a->seq < b->seq;
}

/* The job whose next step a witness worker should take: prepare it, or start
 * its next partition. NULL when nothing may start now. */
static job *pick_witness(cuzk_engine *e, bool express)
{
    job *best = NULL;
    for (job *j = e->jobs; j; j = j->next) {
        if (job_final(j) || j->preparing) continue;
        if (j->prepared && j->next_witness >= j->plan.partitions) continue;
        if (express && j->cls <= CUZK_PRIORITY_NORMAL) continue;
        if (better(j, best)) best = j;
    }
    if (!best) return NULL;
    if (!best->prepared) return best;
    /* memory bounds: witnesses ahead of the provers, and the byte budget */
    if (best->cls <= CUZK_PRIORITY_NORMAL && e->n_witnessing + e->n_ready >= e->max_ahead) return NULL;
    if (e->mem_used + best->plan.witness_bytes > e->mem_budget && e->mem_used > 0) return NULL;
    return best;
}

static part *pick_ready(cuzk_engine *e)
{
    part *best = NULL;
    for (job *j = e->jobs; j; j = j->next) {
        if (job_final(j) || !j->parts) continue;
        for (uint32_t k = 0; k < j->plan.partitions; k++) {
            part *p = &j->parts[k];
            if (p->state != P_READY) continue;
            if (!best || better(j, best->job)) best = p;
            break; /* a job's lowest ready partition first */
        }
    }
    return best;
}

/* ---- stage 1: prepare and witness ------------------------------------------------------------ */
static void do_prepare(cuzk_engine *e, job *j)
{
    cuzk_err err = { 0 };
    void *input = NULL;
    cuzk_job_plan plan;
    memset(&plan, 0, sizeof plan);
    const uint64_t t0 = cuzk_now_ns();
    int rc = j->entry->prepare(j->entry->ctx, &j->req, &input, &plan, &err);
    if (!rc && (plan.partitions == 0 || plan.partitions > 1024))
        rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "%s: %u partitions", j->entry->label, plan.partitions);
    if (!rc && plan.witness_bytes > e->mem_budget)
        rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY,
                          "a partition's witness needs %" PRIu64 " bytes, more than the whole memory budget (%" PRIu64
                          " bytes)",
                          plan.witness_bytes, e->mem_budget);
    uint32_t first = 0;
    if (!rc && j->req.partition_count) {
        first = j->req.first_partition;
        if (first >= plan.partitions || j->req.partition_count > plan.partitions - first)
            rc = cuzk_err_set(&err, CUZK_ERR_INVALID_ARGUMENT, "partitions %u..%u: the job has %u", first,
                              first + j->req.partition_count - 1, plan.partitions);
        else plan.partitions = j->req.partition_count;
    }
    const double prep_ms = (double)(cuzk_now_ns() - t0) / 1e6;
    params_slot *slot = NULL;
    uint64_t load_ms = 0;
    if (!rc) rc = cuzk_engine_params_acquire(e, j->entry, plan.params_id, j->req.params_path, &slot, &load_ms, &err);
    part *parts = NULL;
    if (!rc && !(parts = calloc(plan.partitions, sizeof *parts)))
        rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "partitions");
    uint8_t *proof = NULL;
    if (!rc && !(proof = calloc(plan.partitions, CUZK_PROOF_BYTES)))
        rc = cuzk_err_set(&err, CUZK_ERR_OUT_OF_MEMORY, "proof bytes");

    pthread_mutex_lock(&e->lock);
    j->preparing = false;
    if (rc || job_final(j)) {
        if (input) j->entry->input_free(j->entry->ctx, input);
        if (slot) cuzk_engine_params_release(e, slot);
        free(parts);
        free(proof);
        if (rc) job_finish(e, j, CUZK_JOB_FAILED, err.code, err.msg);
        else job_settle(e, j);
    } else {
        j->input = input;
        j->plan = plan;
        j->params = slot;
        j->srs_ms = load_ms;
        j->parts = parts;
        j->proof = proof;
        j->proof_len = (size_t)plan.partitions * CUZK_PROOF_BYTES;
        for (uint32_t k = 0; k < plan.partitions; k++) {
            parts[k].job = j;
            parts[k].k = first + k;
            parts[k].worker = -1;
        }
        j->prepared = true;
        cuzk_engine_hist_add(&e->counters[j->kind].phase[PH_SRS], (double)load_ms);
        if (!e->cfg.quiet)
            cuzk_log("engine: job %s (%s) prepared in %.0f ms: %s; parameters %s%s", j->id, j->entry->label, prep_ms,
                     plan.summary, plan.params_id, load_ms ? " (loaded now)" : "");
    }
    pthread_cond_broadcast(&e->work);
    pthread_mutex_unlock(&e->lock);
}

static void do_witness(cuzk_engine *e, part *p)
{
    job *j = p->job;
    cuzk_err err = { 0 };
    cuzk_witness w;
    void *state = NULL;
    memset(&w, 0, sizeof w);
    int rc = j->entry->witness(j->entry->ctx, j->input, p->k, e->witness_pool, &w, &state, &err);
    pthread_mutex_lock(&e->lock);
    p->t_witness1 = eng_now(e);
    e->n_witnessing--;
    p->w = w;
    p->wstate = state;
    kind_counters *kc = &e->counters[j->kind];
    cuzk_engine_hist_add(&kc->phase[PH_WITNESS], (double)(p->t_witness1 - p->t_witness0) / 1e6);
    if (rc) {
        part_release(e, p);
        p->state = P_DROPPED;
        char msg[300];
        snprintf(msg, sizeof msg, "partition %u: witness: %s", p->k, err.msg);
        job_finish(e, j, CUZK_JOB_FAILED, err.code, msg);
    } else if (job_final(j)) {
        part_release(e, p);
        p->state = P_DROPPED;
        job_settle(e, j);
    } else {
        p->state = P_READY;
        e->n_ready++;
    }
    pthread_cond_broadcast(&e->work);
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
}

static void *witness_main(void *arg)
{
    witness_worker *w = arg;
    cuzk_engine *e = w->e;
    pthread_mutex_lock(&e->lock);
    while (!e->stopping) {
        job *j = pick_witness(e, w->express);
        if (!j) {
            pthread_cond_wait(&e->work, &e->lock);
            continue;
        }
        if (!j->prepared) {
            j->preparing = true;
            if (j->state == CUZK_JOB_QUEUED) j->state = CUZK_JOB_RUNNING;
            pthread_mutex_unlock(&e->lock);
            do_prepare(e, j);
            pthread_mutex_lock(&e->lock);
            continue;
        }
        part *p = &j->parts[j->next_witness++];
        p->state = P_WITNESS;
        p->t_witness0 = eng_now(e);
        if (!j->ran) {
            j->ran = true;
            j->t_start = p->t_witness0;
            cuzk_engine_hist_add(&e->counters[j->kind].phase[PH_QUEUE], (double)(j->t_start - j->t_submit) / 1e6);
        }
        j->in_flight++;
        e->n_witnessing++;
        e->mem_used += j->plan.witness_bytes;
        pthread_mutex_unlock(&e->lock);
        do_witness(e, p);
        pthread_mutex_lock(&e->lock);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* ---- stage 2: prove ------------------------------------------------------------------------------ */
/* lock held. A prover whose device failed leaves service; the partition it
 * held goes back to the ready queue for another prover (its witness is kept),
 * unless none is left, when every unfinished job fails. true: the partition
 * was requeued. */
static bool take_out_of_service(cuzk_engine *e, prover_worker *pw, part *p, const char *why)
{
    pw->failed = true;
    snprintf(pw->fault, sizeof pw->fault, "%s", why);
    size_t healthy = 0;
    for (size_t i = 0; i < e->n_pw; i++) healthy += !e->pw[i].failed;
    cuzk_log("engine: %s is out of service: %s; %zu prover%s left", pw->name, why, healthy, healthy == 1 ? "" : "s");
    if (healthy && p->retries < e->n_pw) {
        p->retries++;
        p->state = P_READY;
        p->t_prove0 = p->t_prove1 = 0;
        p->worker = -1;
        e->n_ready++;
        pthread_cond_broadcast(&e->work);
        return true;
    }
    if (!healthy)
        for (job *j = e->jobs; j; j = j->next)
            if (!job_final(j) && j != p->job) job_finish(e, j, CUZK_JOB_FAILED, CUZK_ERR_DEVICE, "no prover left in service");
    return false;
}

static void *prover_main(void *arg)
{
    prover_worker *pw = arg;
    cuzk_engine *e = pw->e;
    pthread_mutex_lock(&e->lock);
    while (!e->stopping && !pw->failed) {
        part *p = pick_ready(e);
        if (!p) {
            pthread_cond_wait(&e->work, &e->lock);
            continue;
        }
        job *j = p->job;
        p->state = P_PROVING;
        e->n_ready--;
        p->t_prove0 = eng_now(e);
        p->worker = pw->index;
        pw->current = j;
        pthread_cond_broadcast(&e->work); /* a slot ahead of the provers is free */
        pthread_mutex_unlock(&e->lock);

        cuzk_err err = { 0 };
        cuzk_proof proof;
        cuzk_fr r, s;
        if (j->req.fixed_rs) cuzk_engine_fixed_rs(j->req.rs_seed, p->k, &r, &s);
        memset(&p->pt, 0, sizeof p->pt);
        int rc;
        if (e->cfg.fault_worker == pw->index + 1 && pw->proved >= e->cfg.fault_after)
            rc = cuzk_err_set(&err, CUZK_ERR_DEVICE, "injected device fault (engine config fault_worker)");
        else
            rc = cuzk_prover_prove(pw->prover, j->params->params, &p->w, j->req.fixed_rs ? &r : NULL,
                                   j->req.fixed_rs ? &s : NULL, e->prove_pool, &proof, &p->pt, &err);
        if (!rc && e->cfg.verify_proofs && j->entry->public_inputs) {
            cuzk_fr *in = NULL;
            size_t n = 0;
            cuzk_pvk *pvk = NULL;
            rc = j->entry->public_inputs(j->entry->ctx, j->input, p->k, &in, &n, &err);
            if (!rc) rc = cuzk_pvk_prepare(cuzk_params_vk(j->params->params), &pvk, &err);
            if (!rc) rc = cuzk_groth16_verify(pvk, &proof, in, n, &err);
            cuzk_pvk_free(pvk);
            free(in);
        }
        uint8_t bytes[CUZK_PROOF_BYTES];
        if (!rc) cuzk_proof_serialize(bytes, &proof);

        pthread_mutex_lock(&e->lock);
        p->t_prove1 = eng_now(e);
        pw->busy_ns += p->t_prove1 - p->t_prove0;
        pw->current = NULL;
        if (rc == CUZK_ERR_DEVICE && !job_final(j) && take_out_of_service(e, pw, p, err.msg)) continue;
        pw->proved++;
        kind_counters *kc = &e->counters[j->kind];
        kc->partitions++;
        cuzk_engine_hist_add(&kc->phase[PH_PROVE], (double)(p->t_prove1 - p->t_prove0) / 1e6);
        part_release(e, p);
        p->state = rc ? P_DROPPED : P_DONE;
        if (!e->cfg.quiet)
            cuzk_log("engine: job %s partition %u: witness %.0f ms, prove %.0f ms on %s (fft %.0f, msm h %.0f l %.0f "
                     "a %.0f b_g1 %.0f b_g2 %.0f)%s%s",
                     j->id, p->k, (double)(p->t_witness1 - p->t_witness0) / 1e6,
                     (double)(p->t_prove1 - p->t_prove0) / 1e6, pw->name, p->pt.fft_ms, p->pt.msm_h_ms,
                     p->pt.msm_l_ms, p->pt.msm_a_ms, p->pt.msm_b_g1_ms, p->pt.msm_b_g2_ms, rc ? ": " : "",
                     rc ? err.msg : "");
        if (rc) {
            char msg[300];
            snprintf(msg, sizeof msg, "partition %u: prove: %s", p->k, err.msg);
            job_finish(e, j, CUZK_JOB_FAILED, err.code, msg);
        } else if (!job_final(j)) {
            memcpy(j->proof + (size_t)(p - j->parts) * CUZK_PROOF_BYTES, bytes, CUZK_PROOF_BYTES);
            if (++j->done == j->plan.partitions) job_finish(e, j, CUZK_JOB_COMPLETED, 0, NULL);
        } else {
            job_settle(e, j);
        }
        pthread_cond_broadcast(&e->work);
        pthread_cond_broadcast(&e->changed);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* ---- creation ----------------------------------------------------------------------------------- */
int cuzk_engine_register(cuzk_engine *e, const cuzk_circuit_entry *entry, cuzk_err *err)
{
    if (!e || !entry || entry->kind <= 0 || entry->kind >= CUZK_KIND_MAX || !entry->prepare || !entry->witness ||
        !entry->witness_free || !entry->input_free || !entry->label)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "engine: incomplete circuit entry");
    pthread_mutex_lock(&e->lock);
    if (e->has_entry[entry->kind] && e->entries[entry->kind].ctx_free) {
        for (job *j = e->jobs; j; j = j->next)
            if (j->kind == entry->kind && !job_final(j)) {
                pthread_mutex_unlock(&e->lock);
                return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "engine: kind %d has jobs in work", entry->kind);
            }
        e->entries[entry->kind].ctx_free(e->entries[entry->kind].ctx);
    }
    e->entries[entry->kind] = *entry;
    e->has_entry[entry->kind] = true;
    pthread_mutex_unlock(&e->lock);
    return 0;
}

const cuzk_circuit_entry *cuzk_engine_entry(cuzk_engine *e, int kind)
{
    if (!e || kind <= 0 || kind >= CUZK_KIND_MAX) return NULL;
    pthread_mutex_lock(&e->lock);
    const cuzk_circuit_entry *c = e->has_entry[kind] ? &e->entries[kind] : NULL;
    pthread_mutex_unlock(&e->lock);
    return c;
}

static int add_prover(cuzk_engine *e, cuzk_backend_kind kind, int device, cuzk_err *err)
{
    prover_worker *pw = &e->pw[e->n_pw];
    memset(pw, 0, sizeof *pw);
    pw->e = e;
    pw->index = (int)e->n_pw;
    pw->device = kind == CUZK_BACKEND_GPU ? device : -1;
    int rc = cuzk_prover_create(&pw->prover, kind, device, err);
    if (rc) return rc;
    if (pw->device >= 0) {
        cuzk_gpu_device_info info;
        cuzk_err ie = { 0 };
        if (!cuzk_gpu_device_info_get(device, &info, &ie)) {
            snprintf(pw->name, sizeof pw->name, "gpu%d %.100s", device, info.name);
            pw->mem_total = info.total_mem;
        } else {
            snprintf(pw->name, sizeof pw->name, "gpu%d", device);
        }
    } else {
        snprintf(pw->name, sizeof pw->name, "cpu%zu", e->n_pw);
    }
    pw->t_created = eng_now(e);
    e->n_pw++;
    return 0;
}

int cuzk_engine_create(cuzk_engine **out, const cuzk_engine_config *cfg_in, cuzk_err *err)
{
    if (!out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "engine: NULL output");
    *out = NULL;
    cuzk_engine_config cfg;
    if (cfg_in) cfg = *cfg_in;
    else cuzk_engine_config_default(&cfg);
    if (!cfg.gpu_workers_per_device) cfg.gpu_workers_per_device = 1;
    if (!cfg.synth_workers) cfg.synth_workers = 1;
    if (cfg.gpu_workers_per_device > 8 || cfg.synth_workers > 64)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "engine: %u workers per GPU, %u witness workers",
                            cfg.gpu_workers_per_device, cfg.synth_workers);
    for (int k = 0; k < CUZK_KIND_MAX; k++)
        if (cfg.kind_class[k] < CUZK_PRIORITY_LOW || cfg.kind_class[k] > CUZK_PRIORITY_CRITICAL)
            cfg.kind_class[k] = CUZK_PRIORITY_NORMAL;
    cuzk_engine *e = calloc(1, sizeof *e);
    if (!e) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "engine");
    e->cfg = cfg;
    snprintf(e->param_dir, sizeof e->param_dir, "%s", cfg.param_dir ? cfg.param_dir : ".");
    e->cfg.param_dir = e->param_dir;
    e->cfg.devices = NULL;
    e->cfg.n_devices = 0;
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->work, NULL);
    pthread_cond_init(&e->changed, NULL);
    e->t0 = cuzk_now_ns();
    const uint64_t machine = cuzk_engine_machine_memory();
    e->mem_budget = cfg.mem_budget_bytes ? cfg.mem_budget_bytes : machine / 4 * 3;
    e->param_budget = cfg.param_budget_bytes ? cfg.param_budget_bytes : machine / 2;
    int rc = 0;
    e->witness_pool = cuzk_pool_create(cfg.synth_threads);
    e->prove_pool = cuzk_pool_create(cfg.prove_threads);
    if (!e->witness_pool || !e->prove_pool) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "engine: thread pools");

    /* provers: every chosen GPU x workers, else one CPU prover */
    int count = 0;
    cuzk_err probe = { 0 };
    bool gpu = false;
    if (!rc && cfg.backend != CUZK_BACKEND_CPU) {
        int qrc = cuzk_gpu_device_count(&count, &probe);
        gpu = qrc == 0 && count > 0;
        if (!gpu && cfg.backend == CUZK_BACKEND_GPU)
            rc = cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "engine: backend gpu, but %s",
                              qrc ? probe.msg : "no device is visible");
    }
    size_t n_dev = gpu ? (cfg_in && cfg_in->devices ? cfg_in->n_devices : (size_t)count) : 0;
    if (!cfg.cpu_provers) cfg.cpu_provers = 1;
    if (cfg.cpu_provers > 8) rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "engine: %u CPU provers", cfg.cpu_provers);
    if (!rc && !(e->pw = calloc(n_dev ? n_dev * cfg.gpu_workers_per_device : cfg.cpu_provers, sizeof *e->pw)))
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "engine: workers");
    for (size_t d = 0; !rc && d < n_dev; d++) {
        int dev = cfg_in && cfg_in->devices ? cfg_in->devices[d] : (int)d;
        if (dev < 0 || dev >= count) {
            rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "engine: GPU %d: %d visible", dev, count);
            break;
        }
        for (unsigned w = 0; !rc && w < cfg.gpu_workers_per_device; w++) rc = add_prover(e, CUZK_BACKEND_GPU, dev, err);
    }
    for (unsigned i = 0; !rc && !n_dev && i < cfg.cpu_provers; i++) rc = add_prover(e, CUZK_BACKEND_CPU, 0, err);
    e->max_ahead = cfg.queue_depth ? cfg.queue_depth : (uint32_t)(2 * e->n_pw);
    if (e->max_ahead < cfg.synth_workers) e->max_ahead = cfg.synth_workers;

    /* built-in circuits */
    cuzk_circuit_entry porep;
    if (!rc && !(rc = cuzk_engine_porep_entry(&porep, err))) rc = cuzk_engine_register(e, &porep, err);
    cuzk_circuit_entry snap;
    if (!rc && !(rc = cuzk_engine_snap_entry(&snap, err))) rc = cuzk_engine_register(e, &snap, err);
    for (int kind = CUZK_KIND_WINDOW_POST; !rc && kind <= CUZK_KIND_WINNING_POST; kind++) {
        cuzk_circuit_entry post;
        if (!(rc = cuzk_engine_post_entry(&post, kind, err))) rc = cuzk_engine_register(e, &post, err);
    }

    e->n_ww = cfg.synth_workers + 1;
    if (!rc && !(e->ww = calloc(e->n_ww, sizeof *e->ww))) rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "workers");
    for (size_t i = 0; !rc && i < e->n_ww; i++) {
        e->ww[i].e = e;
        e->ww[i].express = i == cfg.synth_workers;
        if (pthread_create(&e->ww[i].thread, NULL, witness_main, &e->ww[i]))
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "engine: thread");
        else e->ww[i].started = true;
    }
    for (size_t i = 0; !rc && i < e->n_pw; i++) {
        if (pthread_create(&e->pw[i].thread, NULL, prover_main, &e->pw[i]))
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "engine: thread");
        else e->pw[i].started = true;
    }
    if (rc) {
        cuzk_engine_destroy(e);
        return rc;
    }
    cuzk_log("engine: %s; %zu prover%s (%s%s), %u witness workers + 1 express, memory budget %" PRIu64
             " MiB, parameter budget %" PRIu64 " MiB, parameters from %s",
             cuzk_build_id(), e->n_pw, e->n_pw == 1 ? "" : "s", e->pw[0].name, e->n_pw > 1 ? ", ..." : "",
             cfg.synth_workers, e->mem_budget >> 20, e->param_budget >> 20, e->param_dir);
    *out = e;
    return 0;
}

void cuzk_engine_destroy(cuzk_engine *e)
{
    if (!e) return;
    pthread_mutex_lock(&e->lock);
    for (job *j = e->jobs; j; j = j->next)
        if (!job_final(j)) job_finish(e, j, CUZK_JOB_CANCELLED, CUZK_ERR_INVALID_ARGUMENT, "engine shut down");
    e->stopping = true;
    pthread_cond_broadcast(&e->work);
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
    for (size_t i = 0; e->ww && i < e->n_ww; i++)
        if (e->ww[i].started) pthread_join(e->ww[i].thread, NULL);
    for (size_t i = 0; e->pw && i < e->n_pw; i++)
        if (e->pw[i].started) pthread_join(e->pw[i].thread, NULL);
    /* awaiters are gone once the caller destroys; free the jobs */
    pthread_mutex_lock(&e->lock);
    for (job *j = e->jobs; j; j = j->next) job_settle(e, j);
    job *j = e->jobs;
    e->jobs = NULL;
    pthread_mutex_unlock(&e->lock);
    while (j) {
        job *n = j->next;
        free(j->proof);
        free(j->parts);
        free(j);
        j = n;
    }
    for (size_t i = 0; e->pw && i < e->n_pw; i++) cuzk_prover_free(e->pw[i].prover);
    for (int k = 0; k < CUZK_KIND_MAX; k++)
        if (e->has_entry[k] && e->entries[k].ctx_free) e->entries[k].ctx_free(e->entries[k].ctx);
    cuzk_engine_params_free_all(e);
    cuzk_pool_destroy(e->witness_pool);
    cuzk_pool_destroy(e->prove_pool);
    free(e->ww);
    free(e->pw);
    pthread_cond_destroy(&e->work);
    pthread_cond_destroy(&e->changed);
    pthread_mutex_destroy(&e->lock);
    free(e);
}

/* ---- the job API ---------------------------------------------------------------------------------- */
static bool id_ok(const char *id)
{
    size_t n = strlen(id);
    if (!n || n >= CUZK_JOB_ID_MAX) return false;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)id[i] < 0x21 || (unsigned char)id[i] > 0x7e || id[i] == '/' || id[i] == '\\') return false;
    return true;
}

int cuzk_engine_submit(cuzk_engine *e, const cuzk_proof_request *req, int priority, const char *request_id,
                       char job_id[CUZK_JOB_ID_MAX], uint32_t *queue_position, cuzk_err *err)
{
    if (!e || !req || !job_id) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "submit: NULL argument");
    job_id[0] = 0;
    if (req->kind <= 0 || req->kind >= CUZK_KIND_MAX)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "invalid proof_kind: %d", req->kind);
    if (priority < CUZK_PRIORITY_DEFAULT || priority > CUZK_PRIORITY_CRITICAL)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "invalid priority: %d", priority);
    if (req->n_vanilla_proofs && (!req->vanilla_proofs || !req->vanilla_proof_lens))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "vanilla_proofs: %zu entries without data",
                            req->n_vanilla_proofs);
    if (request_id && *request_id && !id_ok(request_id))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                            "request_id: 1 to %d printable characters without spaces or slashes", CUZK_JOB_ID_MAX - 1);
    uint8_t digest[32];
    request_digest(req, digest);

    pthread_mutex_lock(&e->lock);
    gc_results(e);
    size_t healthy = 0;
    for (size_t i = 0; i < e->n_pw; i++) healthy += !e->pw[i].failed;
    if (!healthy) {
        pthread_mutex_unlock(&e->lock);
        return cuzk_err_set(err, CUZK_ERR_DEVICE, "no prover left in service (%s)", e->pw[0].fault);
    }
    if (!e->has_entry[req->kind]) {
        pthread_mutex_unlock(&e->lock);
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "proof_kind %d: no circuit is registered for it", req->kind);
    }
    if (request_id && *request_id) {
        job *old = find_job(e, request_id);
        if (old) {
            bool same = !memcmp(old->digest, digest, 32);
            /* a job that failed or was cancelled is retried under its id: a new job, same input or not */
            if (!(old->state == CUZK_JOB_FAILED || old->state == CUZK_JOB_CANCELLED)) {
                pthread_mutex_unlock(&e->lock);
                if (!same)
                    return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT,
                                        "request_id %s is already used by a job with other input", request_id);
                snprintf(job_id, CUZK_JOB_ID_MAX, "%s", request_id);
                if (queue_position) *queue_position = 0;
                return 0;
            }
            old->id[0] = 0; /* the retry takes the id; the old record stays anonymous until dropped */
        }
    }
    job *j = calloc(1, sizeof *j);
    int rc = j ? request_copy(j, req, err) : cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "job");
    if (rc) {
        free(j);
        pthread_mutex_unlock(&e->lock);
        return rc;
    }
    if (request_id && *request_id) {
        snprintf(j->id, sizeof j->id, "%s", request_id);
    } else {
        uint64_t rnd[2] = { 0, 0 };
        cuzk_os_random(rnd, sizeof rnd, NULL);
        snprintf(j->id, sizeof j->id, "job-%016" PRIx64 "%016" PRIx64, rnd[0], rnd[1] ^ e->next_seq);
    }
    memcpy(j->digest, digest, 32);
    j->kind = req->kind;
    j->entry = &e->entries[req->kind];
    j->cls = priority ? priority : e->cfg.kind_class[req->kind];
    j->seq = e->next_seq++;
    j->state = CUZK_JOB_QUEUED;
    j->t_submit = eng_now(e);
    uint32_t ahead = 0;
    for (job *o = e->jobs; o; o = o->next)
        if (!job_final(o) && (o->cls >= j->cls))
            ahead += o->prepared ? o->plan.partitions - o->next_witness : 1;
    j->next = e->jobs;
    e->jobs = j;
    e->counters[j->kind].submitted++;
    snprintf(job_id, CUZK_JOB_ID_MAX, "%s", j->id);
    if (queue_position) *queue_position = ahead;
    pthread_cond_broadcast(&e->work);
    pthread_mutex_unlock(&e->lock);
    if (!e->cfg.quiet)
        cuzk_log("engine: job %s (%s) submitted, class %d, %u partitions ahead", job_id, e->entries[req->kind].label,
                 j->cls, ahead);
    return 0;
}

static void fill_result(const job *j, cuzk_job_result *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->job_id, sizeof out->job_id, "%s", j->id);
    out->state = job_final(j) ? j->state : CUZK_JOB_TIMEOUT;
    if (j->state == CUZK_JOB_COMPLETED && j->proof) {
        out->proof = malloc(j->proof_len);
        if (out->proof) {
            memcpy(out->proof, j->proof, j->proof_len);
            out->proof_len = j->proof_len;
        } else {
            out->state = CUZK_JOB_FAILED;
            out->err_code = CUZK_ERR_OUT_OF_MEMORY;
            snprintf(out->error, sizeof out->error, "out of memory copying the proof");
            return;
        }
    }
    out->err_code = j->err_code;
    snprintf(out->error, sizeof out->error, "%s", j->error);
    if (j->state != CUZK_JOB_COMPLETED) return;
    out->total_ms = (j->t_end - j->t_submit) / 1000000;
    out->queue_wait_ms = j->ran ? (j->t_start - j->t_submit) / 1000000 : 0;
    out->srs_load_ms = j->srs_ms;
    for (uint32_t k = 0; j->parts && k < j->plan.partitions; k++) {
        out->synthesis_ms += (j->parts[k].t_witness1 - j->parts[k].t_witness0) / 1000000;
        out->gpu_compute_ms += (j->parts[k].t_prove1 - j->parts[k].t_prove0) / 1000000;
    }
}

int cuzk_engine_await(cuzk_engine *e, const char *job_id, uint64_t timeout_ms, cuzk_job_result *out, cuzk_err *err)
{
    if (!e || !job_id || !out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "await: NULL argument");
    memset(out, 0, sizeof *out);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += (time_t)(timeout_ms / 1000);
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&e->lock);
    job *j = *job_id ? find_job(e, job_id) : NULL;
    if (!j) {
        pthread_mutex_unlock(&e->lock);
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "job not found: %s", job_id);
    }
    j->waiters++;
    int wrc = 0;
    while (!job_final(j) && wrc == 0) {
        if (timeout_ms) wrc = pthread_cond_timedwait(&e->changed, &e->lock, &deadline);
        else pthread_cond_wait(&e->changed, &e->lock);
    }
    j->waiters--;
    fill_result(j, out);
    pthread_mutex_unlock(&e->lock);
    return 0;
}

int cuzk_engine_peek(cuzk_engine *e, const char *job_id, cuzk_job_result *out, cuzk_err *err)
{
    if (!e || !job_id || !out) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "peek: NULL argument");
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&e->lock);
    job *j = *job_id ? find_job(e, job_id) : NULL;
    if (j) {
        fill_result(j, out);
        if (!job_final(j)) out->state = j->ran ? CUZK_JOB_RUNNING : CUZK_JOB_QUEUED;
    }
    pthread_mutex_unlock(&e->lock);
    return j ? 0 : cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "job not found: %s", job_id);
}

int cuzk_engine_prove(cuzk_engine *e, const cuzk_proof_request *req, int priority, const char *request_id,
                      cuzk_job_result *out, cuzk_err *err)
{
    char id[CUZK_JOB_ID_MAX];
    int rc = cuzk_engine_submit(e, req, priority, request_id, id, NULL, err);
    return rc ? rc : cuzk_engine_await(e, id, 0, out, err);
}

int cuzk_engine_cancel(cuzk_engine *e, const char *job_id, bool *was_running, cuzk_err *err)
{
    if (was_running) *was_running = false;
    if (!e || !job_id) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cancel: NULL argument");
    pthread_mutex_lock(&e->lock);
    job *j = *job_id ? find_job(e, job_id) : NULL;
    if (!j) {
        pthread_mutex_unlock(&e->lock);
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "job not found: %s", job_id);
    }
    if (!job_final(j)) {
        if (was_running) *was_running = j->in_flight > 0 || j->preparing;
        job_finish(e, j, CUZK_JOB_CANCELLED, 0, "cancelled");
    }
    pthread_mutex_unlock(&e->lock);
    return 0;
}

int cuzk_engine_abandon(cuzk_engine *e, const char *job_id, bool *cancelled, cuzk_err *err)
{
    if (cancelled) *cancelled = false;
    if (!e || !job_id) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "abandon: NULL argument");
    pthread_mutex_lock(&e->lock);
    job *j = *job_id ? find_job(e, job_id) : NULL;
    if (!j) {
        pthread_mutex_unlock(&e->lock);
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "job not found: %s", job_id);
    }
    if (!job_final(j) && j->waiters == 0) {
        job_finish(e, j, CUZK_JOB_CANCELLED, 0, "cancelled: the client went away");
        if (cancelled) *cancelled = true;
    }
    pthread_mutex_unlock(&e->lock);
    return 0;
}

/* ---- verification ------------------------------------------------------------------------------------ */
int cuzk_engine_verify(cuzk_engine *e, const cuzk_proof_request *req, const char *vk_path, const uint8_t *proof,
                       size_t proof_len, cuzk_err *err)
{
    if (!e || !req || !proof) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "verify: NULL argument");
    const cuzk_circuit_entry *c = cuzk_engine_entry(e, req->kind);
    if (!c || !c->public_inputs)
        return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "proof_kind %d: nothing to verify it with", req->kind);
    void *input = NULL;
    cuzk_job_plan plan;
    memset(&plan, 0, sizeof plan);
    int rc = c->prepare(c->ctx, req, &input, &plan, err);
    if (rc) return rc;
    uint32_t first = 0;
    if (req->partition_count) {
        if (req->first_partition >= plan.partitions || req->partition_count > plan.partitions - req->first_partition) {
            c->input_free(c->ctx, input);
            return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "partitions %u..%u: the job has %u",
                                req->first_partition, req->first_partition + req->partition_count - 1, plan.partitions);
        }
        first = req->first_partition;
        plan.partitions = req->partition_count;
    }
    if (proof_len != (size_t)plan.partitions * CUZK_PROOF_BYTES) {
        c->input_free(c->ctx, input);
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "proof: %zu bytes, want %u proofs of 192", proof_len,
                            plan.partitions);
    }
    cuzk_vk vk = { 0 };
    params_slot *slot = NULL;
    const cuzk_vk *key = NULL;
    if (vk_path) {
        if (!(rc = cuzk_vk_read(vk_path, &vk, err))) key = &vk;
    } else if (!(rc = cuzk_engine_params_acquire(e, c, plan.params_id, req->params_path, &slot, NULL, err))) {
        key = cuzk_params_vk(slot->params);
    }
    cuzk_pvk *pvk = NULL;
    if (!rc) rc = cuzk_pvk_prepare(key, &pvk, err);
    for (uint32_t k = 0; !rc && k < plan.partitions; k++) {
        cuzk_fr *in = NULL;
        size_t n = 0;
        cuzk_proof pf;
        if (!(rc = c->public_inputs(c->ctx, input, first + k, &in, &n, err)) &&
            !(rc = cuzk_proof_deserialize(&pf, proof + (size_t)k * CUZK_PROOF_BYTES, CUZK_PROOF_BYTES, err))) {
            rc = cuzk_groth16_verify(pvk, &pf, in, n, err);
            if (rc == CUZK_ERR_PROOF_INVALID)
                cuzk_err_set(err, CUZK_ERR_PROOF_INVALID, "partition %u: proof INVALID", first + k);
        }
        free(in);
    }
    cuzk_pvk_free(pvk);
    if (slot) {
        pthread_mutex_lock(&e->lock);
        cuzk_engine_params_release(e, slot);
        pthread_mutex_unlock(&e->lock);
    }
    cuzk_vk_free(&vk);
    c->input_free(c->ctx, input);
    return rc;
}
