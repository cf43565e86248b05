/* What the engine tells about itself: status, per-job timelines and the
 * /status JSON, and Prometheus text of its counters and phase histograms. */
#include "engine_impl.h"
#include "cuzk/gpu.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Upper bounds of the phase histograms, in ms. */
static const double bucket_ms[HIST_BUCKETS] = { 1,    5,     10,    50,    100,    250,    500,
                                                1000, 2500,  5000,  10000, 30000, 60000, 300000 };

void cuzk_engine_hist_add(hist *h, double ms)
{
    int b = 0;
    while (b < HIST_BUCKETS && ms > bucket_ms[b]) b++;
    h->count[b]++;
    h->sum += ms;
}

/* ---- a growing string ------------------------------------------------------------------ */
typedef struct {
    char *s;
    size_t len, cap;
    bool oom;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    if (b->oom) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = true;
            return;
        }
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)n;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

static int sb_done(sbuf *b, char **out, cuzk_err *err)
{
    if (b->oom || !b->s) {
        free(b->s);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "engine report");
    }
    *out = b->s;
    return 0;
}

/* JSON-safe copy of an engine string (ids are printable ASCII; errors may hold quotes). */
static void sb_jstr(sbuf *b, const char *s)
{
    sb_printf(b, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') sb_printf(b, "\\%c", c);
        else if (c < 0x20 || c > 0x7e) sb_printf(b, "\\u%04x", c);
        else sb_printf(b, "%c", c);
    }
    sb_printf(b, "\"");
}

static const char *part_state(int s)
{
    static const char *n[] = { "queued", "witness", "ready", "proving", "done", "dropped" };
    return s >= 0 && s <= P_DROPPED ? n[s] : "?";
}

static bool final(const job *j)
{
    return j->state == CUZK_JOB_COMPLETED || j->state == CUZK_JOB_FAILED || j->state == CUZK_JOB_CANCELLED;
}

/* lock held */
static void job_json(sbuf *b, const cuzk_engine *e, const job *j)
{
    const double ms = 1e-6;
    sb_printf(b, "{\"job_id\":");
    sb_jstr(b, j->id);
    sb_printf(b, ",\"kind\":\"%s\",\"class\":%d,\"state\":\"%s\",\"submitted_ms\":%.3f", j->entry ? j->entry->label : "?",
              j->cls, cuzk_job_state_name(j->state), (double)j->t_submit * ms);
    if (j->ran) sb_printf(b, ",\"started_ms\":%.3f", (double)j->t_start * ms);
    if (final(j)) sb_printf(b, ",\"ended_ms\":%.3f", (double)j->t_end * ms);
    if (*j->error) {
        sb_printf(b, ",\"error\":");
        sb_jstr(b, j->error);
    }
    sb_printf(b, ",\"params_load_ms\":%" PRIu64 ",\"partitions\":[", j->srs_ms);
    for (uint32_t k = 0; j->parts && k < j->plan.partitions; k++) {
        const part *p = &j->parts[k];
        sb_printf(b, "%s{\"partition\":%u,\"state\":\"%s\"", k ? "," : "", k, part_state(p->state));
        if (p->t_witness0) sb_printf(b, ",\"witness\":[%.3f,%.3f]", (double)p->t_witness0 * ms, (double)p->t_witness1 * ms);
        if (p->t_prove0) {
            sb_printf(b, ",\"prove\":[%.3f,%.3f]", (double)p->t_prove0 * ms, (double)p->t_prove1 * ms);
            if (p->worker >= 0 && (size_t)p->worker < e->n_pw) sb_printf(b, ",\"prover\":\"%s\"", e->pw[p->worker].name);
            sb_printf(b,
                      ",\"phases_ms\":{\"fft\":%.3f,\"msm_h\":%.3f,\"msm_l\":%.3f,\"msm_a\":%.3f,\"msm_b_g1\":%.3f,"
                      "\"msm_b_g2\":%.3f,\"total\":%.3f}",
                      p->pt.fft_ms, p->pt.msm_h_ms, p->pt.msm_l_ms, p->pt.msm_a_ms, p->pt.msm_b_g1_ms,
                      p->pt.msm_b_g2_ms, p->pt.total_ms);
        }
        sb_printf(b, "}");
    }
    sb_printf(b, "]}");
}

int cuzk_engine_timeline_json(cuzk_engine *e, const char *job_id, char **json, cuzk_err *err)
{
    if (!e || !job_id || !json) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "timeline: NULL argument");
    *json = NULL;
    sbuf b = { 0 };
    pthread_mutex_lock(&e->lock);
    const job *j = NULL;
    for (const job *o = e->jobs; o && !j; o = o->next)
        if (*job_id && !strcmp(o->id, job_id)) j = o;
    if (j) job_json(&b, e, j);
    pthread_mutex_unlock(&e->lock);
    if (!j) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "job not found: %s", job_id);
    return sb_done(&b, json, err);
}

/* lock held */
static void fill_status(cuzk_engine *e, cuzk_engine_status *st)
{
    memset(st, 0, sizeof *st);
    const uint64_t now = eng_now(e);
    for (int k = 1; k < CUZK_KIND_MAX && st->n_queues < CUZK_ENGINE_STATUS_MAX; k++) {
        if (!e->has_entry[k]) continue;
        cuzk_engine_queue_status *q = &st->queues[st->n_queues++];
        q->kind = k;
        q->label = e->entries[k].label;
        for (const job *j = e->jobs; j; j = j->next) {
            if (j->kind != k || final(j)) continue;
            if (j->ran) q->jobs_running++;
            else q->jobs_queued++;
            for (uint32_t i = 0; j->parts && i < j->plan.partitions; i++) {
                int s = j->parts[i].state;
                if (s == P_QUEUED || s == P_READY) q->partitions_queued++;
                else if (s == P_WITNESS || s == P_PROVING) q->partitions_running++;
            }
        }
        st->completed += e->counters[k].completed;
        st->failed += e->counters[k].failed;
        st->cancelled += e->counters[k].cancelled;
    }
    for (size_t i = 0; i < e->n_pw && st->n_workers < CUZK_ENGINE_STATUS_MAX; i++) {
        const prover_worker *pw = &e->pw[i];
        cuzk_engine_worker_status *w = &st->workers[st->n_workers++];
        w->device = pw->device;
        snprintf(w->name, sizeof w->name, "%s", pw->name);
        w->mem_total = pw->mem_total;
        if (pw->current) {
            snprintf(w->current_job, sizeof w->current_job, "%s", pw->current->id);
            w->current_label = pw->current->entry->label;
        }
        const uint64_t life = now > pw->t_created ? now - pw->t_created : 1;
        w->busy_fraction = (double)pw->busy_ns / (double)life;
        w->partitions_proved = pw->proved;
        w->in_service = !pw->failed;
        snprintf(w->fault, sizeof w->fault, "%.120s", pw->fault);
    }
    for (const params_slot *s = e->slots; s && st->n_params < CUZK_ENGINE_STATUS_MAX; s = s->next) {
        if (s->loading) continue;
        cuzk_engine_params_status *p = &st->params[st->n_params++];
        snprintf(p->id, sizeof p->id, "%s", s->id);
        p->bytes = s->bytes;
        p->ref_count = s->refs;
        p->idle_ms = s->refs ? 0 : (cuzk_now_ns() - s->last_use_ns) / 1000000;
    }
    st->mem_budget = e->mem_budget;
    st->mem_used = e->mem_used;
    st->param_budget = e->param_budget;
    st->param_used = e->param_used;
    st->uptime_s = now / 1000000000ull;
}

void cuzk_engine_get_status(cuzk_engine *e, cuzk_engine_status *out)
{
    pthread_mutex_lock(&e->lock);
    fill_status(e, out);
    pthread_mutex_unlock(&e->lock);
    /* free device memory is read outside the lock: it may take a moment */
    for (size_t i = 0; i < out->n_workers; i++) {
        if (out->workers[i].device < 0) continue;
        cuzk_gpu_device_info info;
        cuzk_err ie = { 0 };
        if (!cuzk_gpu_device_info_get(out->workers[i].device, &info, &ie)) {
            out->workers[i].mem_free = info.free_mem;
            out->workers[i].mem_total = info.total_mem;
        }
    }
}

int cuzk_engine_status_json(cuzk_engine *e, char **json, cuzk_err *err)
{
    if (!e || !json) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "status: NULL argument");
    *json = NULL;
    cuzk_engine_status st;
    cuzk_engine_get_status(e, &st);
    sbuf b = { 0 };
    sb_printf(&b, "{\"build_id\":");
    sb_jstr(&b, cuzk_build_id());
    sb_printf(&b,
              ",\"uptime_s\":%" PRIu64 ",\"memory\":{\"budget\":%" PRIu64 ",\"used\":%" PRIu64 "},\"parameters\":{"
              "\"budget\":%" PRIu64 ",\"used\":%" PRIu64 ",\"sets\":[",
              st.uptime_s, st.mem_budget, st.mem_used, st.param_budget, st.param_used);
    for (size_t i = 0; i < st.n_params; i++) {
        sb_printf(&b, "%s{\"id\":", i ? "," : "");
        sb_jstr(&b, st.params[i].id);
        sb_printf(&b, ",\"bytes\":%" PRIu64 ",\"ref_count\":%u,\"idle_ms\":%" PRIu64 "}", st.params[i].bytes,
                  st.params[i].ref_count, st.params[i].idle_ms);
    }
    sb_printf(&b, "]},\"workers\":[");
    for (size_t i = 0; i < st.n_workers; i++) {
        const cuzk_engine_worker_status *w = &st.workers[i];
        sb_printf(&b, "%s{\"device\":%d,\"name\":", i ? "," : "", w->device);
        sb_jstr(&b, w->name);
        sb_printf(&b, ",\"mem_total\":%" PRIu64 ",\"mem_free\":%" PRIu64 ",\"busy_fraction\":%.4f,\"partitions\":%" PRIu64
                  ",\"in_service\":%s,\"fault\":",
                  w->mem_total, w->mem_free, w->busy_fraction, w->partitions_proved, w->in_service ? "true" : "false");
        sb_jstr(&b, w->fault);
        sb_printf(&b, ",\"current_job\":");
        sb_jstr(&b, w->current_job);
        sb_printf(&b, "}");
    }
    sb_printf(&b, "],\"queues\":[");
    for (size_t i = 0; i < st.n_queues; i++) {
        const cuzk_engine_queue_status *q = &st.queues[i];
        sb_printf(&b,
                  "%s{\"kind\":\"%s\",\"jobs_queued\":%u,\"jobs_running\":%u,\"partitions_queued\":%u,"
                  "\"partitions_running\":%u}",
                  i ? "," : "", q->label, q->jobs_queued, q->jobs_running, q->partitions_queued, q->partitions_running);
    }
    sb_printf(&b, "],\"completed\":%" PRIu64 ",\"failed\":%" PRIu64 ",\"cancelled\":%" PRIu64 ",\"jobs\":[", st.completed,
              st.failed, st.cancelled);
    pthread_mutex_lock(&e->lock);
    bool first = true;
    for (const job *j = e->jobs; j; j = j->next) {
        if (!*j->id) continue;
        if (!first) sb_printf(&b, ",");
        first = false;
        job_json(&b, e, j);
    }
    pthread_mutex_unlock(&e->lock);
    sb_printf(&b, "]}");
    return sb_done(&b, json, err);
}

int cuzk_engine_metrics_text(cuzk_engine *e, char **text, cuzk_err *err)
{
    if (!e || !text) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "metrics: NULL argument");
    *text = NULL;
    cuzk_engine_status st;
    cuzk_engine_get_status(e, &st);
    sbuf b = { 0 };
    static const char *phase_names[PH__COUNT] = { "queue_wait", "params_load", "witness", "prove", "job_total" };
    sb_printf(&b, "# HELP cuzk_jobs_total Jobs by kind and outcome.\n# TYPE cuzk_jobs_total counter\n");
    pthread_mutex_lock(&e->lock);
    for (int k = 1; k < CUZK_KIND_MAX; k++) {
        if (!e->has_entry[k]) continue;
        const kind_counters *c = &e->counters[k];
        const char *l = e->entries[k].label;
        sb_printf(&b, "cuzk_jobs_total{kind=\"%s\",outcome=\"submitted\"} %" PRIu64 "\n", l, c->submitted);
        sb_printf(&b, "cuzk_jobs_total{kind=\"%s\",outcome=\"completed\"} %" PRIu64 "\n", l, c->completed);
        sb_printf(&b, "cuzk_jobs_total{kind=\"%s\",outcome=\"failed\"} %" PRIu64 "\n", l, c->failed);
        sb_printf(&b, "cuzk_jobs_total{kind=\"%s\",outcome=\"cancelled\"} %" PRIu64 "\n", l, c->cancelled);
    }
    sb_printf(&b, "# HELP cuzk_partitions_proved_total Partition proofs made, by kind.\n"
                  "# TYPE cuzk_partitions_proved_total counter\n");
    for (int k = 1; k < CUZK_KIND_MAX; k++)
        if (e->has_entry[k])
            sb_printf(&b, "cuzk_partitions_proved_total{kind=\"%s\"} %" PRIu64 "\n", e->entries[k].label,
                      e->counters[k].partitions);
    sb_printf(&b, "# HELP cuzk_phase_seconds Time spent per phase (queue wait, parameter load, witness, prove, job).\n"
                  "# TYPE cuzk_phase_seconds histogram\n");
    for (int k = 1; k < CUZK_KIND_MAX; k++) {
        if (!e->has_entry[k]) continue;
        for (int ph = 0; ph < PH__COUNT; ph++) {
            const hist *h = &e->counters[k].phase[ph];
            uint64_t cum = 0;
            for (int i = 0; i <= HIST_BUCKETS; i++) {
                cum += h->count[i];
                if (i < HIST_BUCKETS)
                    sb_printf(&b, "cuzk_phase_seconds_bucket{kind=\"%s\",phase=\"%s\",le=\"%g\"} %" PRIu64 "\n",
                              e->entries[k].label, phase_names[ph], bucket_ms[i] / 1000, cum);
                else
                    sb_printf(&b, "cuzk_phase_seconds_bucket{kind=\"%s\",phase=\"%s\",le=\"+Inf\"} %" PRIu64 "\n",
                              e->entries[k].label, phase_names[ph], cum);
            }
            sb_printf(&b, "cuzk_phase_seconds_sum{kind=\"%s\",phase=\"%s\"} %.6f\n", e->entries[k].label,
                      phase_names[ph], h->sum / 1000);
            sb_printf(&b, "cuzk_phase_seconds_count{kind=\"%s\",phase=\"%s\"} %" PRIu64 "\n", e->entries[k].label,
                      phase_names[ph], cum);
        }
    }
    pthread_mutex_unlock(&e->lock);
    sb_printf(&b, "# HELP cuzk_queue_partitions Partitions waiting or in work, by kind.\n"
                  "# TYPE cuzk_queue_partitions gauge\n"
                  "# HELP cuzk_queue_jobs Jobs waiting or in work, by kind.\n"
                  "# TYPE cuzk_queue_jobs gauge\n");
    for (size_t i = 0; i < st.n_queues; i++) {
        sb_printf(&b, "cuzk_queue_partitions{kind=\"%s\",state=\"queued\"} %u\n", st.queues[i].label,
                  st.queues[i].partitions_queued);
        sb_printf(&b, "cuzk_queue_partitions{kind=\"%s\",state=\"running\"} %u\n", st.queues[i].label,
                  st.queues[i].partitions_running);
        sb_printf(&b, "cuzk_queue_jobs{kind=\"%s\",state=\"queued\"} %u\n", st.queues[i].label,
                  st.queues[i].jobs_queued);
        sb_printf(&b, "cuzk_queue_jobs{kind=\"%s\",state=\"running\"} %u\n", st.queues[i].label,
                  st.queues[i].jobs_running);
    }
    sb_printf(&b, "# HELP cuzk_worker_busy_ratio Fraction of its life a prover spent proving.\n"
                  "# TYPE cuzk_worker_busy_ratio gauge\n"
                  "# HELP cuzk_worker_in_service 1 while a prover is in service, 0 after a device fault.\n"
                  "# TYPE cuzk_worker_in_service gauge\n"
                  "# HELP cuzk_gpu_memory_bytes Device memory of a prover's GPU.\n"
                  "# TYPE cuzk_gpu_memory_bytes gauge\n");
    for (size_t i = 0; i < st.n_workers; i++) {
        sb_printf(&b, "cuzk_worker_busy_ratio{worker=\"%zu\",device=\"%d\"} %.4f\n", i, st.workers[i].device,
                  st.workers[i].busy_fraction);
        sb_printf(&b, "cuzk_worker_in_service{worker=\"%zu\",device=\"%d\"} %d\n", i, st.workers[i].device,
                  st.workers[i].in_service);
        if (st.workers[i].device >= 0)
            sb_printf(&b, "cuzk_gpu_memory_bytes{device=\"%d\",state=\"free\"} %" PRIu64 "\n"
                          "cuzk_gpu_memory_bytes{device=\"%d\",state=\"total\"} %" PRIu64 "\n",
                      st.workers[i].device, st.workers[i].mem_free, st.workers[i].device, st.workers[i].mem_total);
    }
    sb_printf(&b, "# HELP cuzk_memory_budget_bytes The witness memory budget and what is taken of it.\n"
                  "# TYPE cuzk_memory_budget_bytes gauge\ncuzk_memory_budget_bytes{state=\"total\"} %" PRIu64
                  "\ncuzk_memory_budget_bytes{state=\"used\"} %" PRIu64 "\n",
              st.mem_budget, st.mem_used);
    sb_printf(&b, "# HELP cuzk_params_resident_bytes Resident parameter sets and their size.\n"
                  "# TYPE cuzk_params_resident_bytes gauge\n");
    for (size_t i = 0; i < st.n_params; i++)
        sb_printf(&b, "cuzk_params_resident_bytes{id=\"%s\",in_use=\"%d\"} %" PRIu64 "\n", st.params[i].id,
                  st.params[i].ref_count > 0, st.params[i].bytes);
    sb_printf(&b, "# HELP cuzk_uptime_seconds Seconds since the engine started.\n"
                  "# TYPE cuzk_uptime_seconds gauge\ncuzk_uptime_seconds %" PRIu64 "\n", st.uptime_s);
    return sb_done(&b, text, err);
}
