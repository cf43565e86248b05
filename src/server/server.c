/* cuzk-daemon's gRPC service (server.h) on the gRPC C core.
 *
 * One completion queue, polled by the thread in cuzk_server_run. Every
 * method is registered so its request arrives with the call; a call is
 * answered on a thread of its own (Prove and AwaitProof block for minutes),
 * which sends the reply with one batch. Each call also has a
 * RECV_CLOSE_ON_SERVER op from the start: its completion with cancelled set
 * says the client went away or its deadline passed, and the call's thread
 * notices within half a second.
 *
 * Every accepted job is journaled (journal.h) before the call is answered,
 * and a watcher thread per job records its result in the journal when it
 * finishes. A job of a Prove whose client went away is cancelled unless
 * another Prove or AwaitProof call is waiting on it. */
#include "server/server.h"

#include <errno.h>
#include <grpc/byte_buffer.h>
#include <grpc/byte_buffer_reader.h>
#include <grpc/grpc.h>
#include <grpc/grpc_security.h>
#include <grpc/slice.h>
#include <grpc/support/time.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuzk/v1/proving.pb-c.h"
#include "server/log.h"
#include "server/config.h"
#include "server/bytebuf.h"

enum { M_SUBMIT, M_AWAIT, M_PROVE, M_CANCEL, M_STATUS, M_METRICS, M_PRELOAD, M_EVICT, M_HEALTH, M_COUNT };
#define M_UNKNOWN M_COUNT
#define M_REFL (M_COUNT + 1) /* server reflection (a stream), both versions */
#define N_METHODS (M_COUNT + 2)
static const char *const REFL_PATH[2] = {"/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
                                         "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo"};
static const char *const METHOD_PATH[M_COUNT] = {
    "/cuzk.v1.ProvingEngine/SubmitProof", "/cuzk.v1.ProvingEngine/AwaitProof",
    "/cuzk.v1.ProvingEngine/Prove",       "/cuzk.v1.ProvingEngine/CancelProof",
    "/cuzk.v1.ProvingEngine/GetStatus",   "/cuzk.v1.ProvingEngine/GetMetrics",
    "/cuzk.v1.ProvingEngine/PreloadSRS",  "/cuzk.v1.ProvingEngine/EvictSRS",
    "/grpc.health.v1.Health/Check",
};
static const char *const METHOD_NAME[N_METHODS] = {"SubmitProof", "AwaitProof", "Prove",      "CancelProof",
                                                   "GetStatus",   "GetMetrics", "PreloadSRS", "EvictSRS",
                                                   "HealthCheck", "unknown",    "ServerReflection"};
#define N_CODES 17
static const char *const CODE_NAME[N_CODES] = {
    "OK",        "CANCELLED",          "UNKNOWN",           "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
    "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",
    "OUT_OF_RANGE", "UNIMPLEMENTED",   "INTERNAL",          "UNAVAILABLE",      "DATA_LOSS",        "UNAUTHENTICATED"};

/* requests other than SubmitProof / Prove are small */
#define SMALL_REQUEST_MAX (64u * 1024u)
#define MAX_UNKNOWN_FIELDS 1024u
#define AWAIT_SLICE_MS 500

typedef enum { T_NEW, T_CLOSE, T_SEND, T_RECV, T_SHUTDOWN } tag_kind;
struct call;
typedef struct {
    tag_kind kind;
    struct call *c;
} tag;

typedef struct call {
    cuzk_server *s;
    int method;
    grpc_call *call;
    gpr_timespec deadline;
    grpc_call_details details;  /* unregistered methods only */
    grpc_metadata_array md;
    grpc_byte_buffer *payload;
    int cancelled;
    atomic_bool gone;
    atomic_int refs;
    tag t_new, t_close, t_send, t_recv;
    int refl_version;          /* M_REFL: index into REFL_PATH */
    grpc_byte_buffer *recv;    /* M_REFL: the latest request of the stream */
    bool headers_sent;         /* M_REFL */
    grpc_byte_buffer *resp;
    grpc_slice resp_details;
    bool have_details;
} call;

typedef struct named {
    struct named *next;
    char id[CUZK_JOB_ID_MAX];
    int n;
} named;

struct cuzk_server {
    const cuzk_daemon_config *cfg;
    cuzk_engine *engine;
    cuzk_journal *journal;
    char *token;
    bool test_kinds;
    grpc_server *srv;
    grpc_completion_queue *cq;
    void *rm[M_COUNT];
    void *rm_refl[2];
    tag t_shutdown;
    atomic_bool draining;
    atomic_bool stop_watchers;
    atomic_int calls_in_flight;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    named *awaiters;   /* job id -> Prove / AwaitProof calls waiting on it */
    named *watched;    /* job ids with a watcher thread */
    int n_watchers;
    uint64_t start_ns;
    atomic_ullong rpc[N_METHODS][N_CODES];
    atomic_ullong clients_gone, cancelled_on_disconnect, resumed, resume_failed, jobs_accepted;
    size_t corrupt_at_start;
};


/* ---- job id sets ---------------------------------------------------------------- */
/* with s->mu held */
static int named_add(named **list, const char *id) {
    for (named *x = *list; x; x = x->next)
        if (strcmp(x->id, id) == 0) return ++x->n;
    named *x = calloc(1, sizeof *x);
    if (!x) return -1;
    snprintf(x->id, sizeof x->id, "%s", id);
    x->n = 1;
    x->next = *list;
    *list = x;
    return 1;
}
static int named_del(named **list, const char *id) {
    for (named **pp = list; *pp; pp = &(*pp)->next) {
        named *x = *pp;
        if (strcmp(x->id, id) != 0) continue;
        int n = --x->n;
        if (n <= 0) {
            *pp = x->next;
            free(x);
        }
        return n;
    }
    return 0;
}

/* ---- wire checks ------------------------------------------------------------------ */
static int rd_varint(const uint8_t *p, size_t n, size_t *off, uint64_t *v) {
    uint64_t x = 0;
    for (int i = 0; i < 10; i++) {
        if (*off >= n) return -1;
        uint8_t b = p[(*off)++];
        if (i == 9 && b > 1) return -1;
        x |= (uint64_t)(b & 0x7f) << (7 * i);
        if (!(b & 0x80)) {
            *v = x;
            return 0;
        }
    }
    return -1;
}

/* Walks a message's fields; for each calls check(field, wire type, payload)
 * where payload/len are set for length-delimited fields. */
typedef int (*field_fn)(void *ctx, uint32_t field, int wt, const uint8_t *p, size_t len, char *why, size_t wl);
static int walk_fields(const uint8_t *p, size_t n, field_fn fn, void *ctx, char *why, size_t wl) {
    size_t off = 0;
    while (off < n) {
        size_t at = off;
        uint64_t key, v;
        if (rd_varint(p, n, &off, &key)) {
            cuzk_server_seterr(why, wl, "malformed protobuf: bad field key at byte %zu", at);
            return -1;
        }
        uint64_t field = key >> 3;
        int wt = (int)(key & 7);
        if (field == 0 || field > 536870911u) {
            cuzk_server_seterr(why, wl, "malformed protobuf: field number %" PRIu64 " at byte %zu", field, at);
            return -1;
        }
        const uint8_t *pl = NULL;
        size_t len = 0;
        switch (wt) {
        case 0:
            if (rd_varint(p, n, &off, &v)) {
                cuzk_server_seterr(why, wl, "malformed protobuf: field %" PRIu64 ": truncated varint at byte %zu", field, at);
                return -1;
            }
            break;
        case 1:
        case 5: {
            size_t w = wt == 1 ? 8 : 4;
            if (n - off < w) {
                cuzk_server_seterr(why, wl, "malformed protobuf: field %" PRIu64 ": truncated at byte %zu", field, at);
                return -1;
            }
            off += w;
            break;
        }
        case 2:
            if (rd_varint(p, n, &off, &v) || v > n - off) {
                cuzk_server_seterr(why, wl, "malformed protobuf: field %" PRIu64 ": length runs past the end (byte %zu)", field,
                       at);
                return -1;
            }
            pl = p + off;
            len = (size_t)v;
            off += len;
            break;
        default:
            cuzk_server_seterr(why, wl, "malformed protobuf: field %" PRIu64 ": wire type %d not accepted (byte %zu)", field, wt,
                   at);
            return -1;
        }
        if (fn(ctx, (uint32_t)field, wt, pl, len, why, wl)) return -1;
    }
    return 0;
}

typedef struct {
    uint32_t max_vp, n_vp, n_unknown;
} submit_scan;

static int submit_field(void *ctx, uint32_t f, int wt, const uint8_t *p, size_t len, char *why, size_t wl) {
    (void)p;
    submit_scan *sc = ctx;
    static const char *const names[33] = {[1] = "request_id", [2] = "proof_kind", [3] = "sector_size",
                                          [4] = "registered_proof", [5] = "priority", [10] = "vanilla_proof",
                                          [11] = "vanilla_proofs", [20] = "sector_number", [21] = "miner_id",
                                          [22] = "randomness", [23] = "partition_index", [30] = "comm_r_old",
                                          [31] = "comm_r_new", [32] = "comm_d_new"};
    const char *nm = f < 33 ? names[f] : NULL;
    if (!nm) {
        if (++sc->n_unknown > MAX_UNKNOWN_FIELDS) {
            cuzk_server_seterr(why, wl, "more than %u unknown fields", MAX_UNKNOWN_FIELDS);
            return -1;
        }
        return 0;
    }
    bool bytes = f == 1 || f == 10 || f == 11 || f == 22 || f >= 30;
    /* scalars may arrive packed (wire type 2) under proto3's rules only when repeated; none are */
    if ((bytes && wt != 2) || (!bytes && wt != 0)) {
        cuzk_server_seterr(why, wl, "%s: wire type %d, expected %d", nm, wt, bytes ? 2 : 0);
        return -1;
    }
    if (f == 1 && len >= CUZK_JOB_ID_MAX) {
        cuzk_server_seterr(why, wl, "request_id: %zu bytes, at most %d", len, CUZK_JOB_ID_MAX - 1);
        return -1;
    }
    if ((f == 22 || f >= 30) && len > 32) {
        cuzk_server_seterr(why, wl, "%s: %zu bytes, expected 32", nm, len);
        return -1;
    }
    if (f == 11 && ++sc->n_vp > sc->max_vp) {
        cuzk_server_seterr(why, wl, "vanilla_proofs: more than %u entries", sc->max_vp);
        return -1;
    }
    return 0;
}

int cuzk_server_scan_submit(const uint8_t *p, size_t n, uint32_t max_vanilla_proofs, char *why, size_t wl) {
    submit_scan sc = {max_vanilla_proofs, 0, 0};
    return walk_fields(p, n, submit_field, &sc, why, wl);
}

typedef struct {
    uint32_t max_vp;
    submit_scan sc;
    uint32_t n_unknown;
} prove_scan;

static int prove_field(void *ctx, uint32_t f, int wt, const uint8_t *p, size_t len, char *why, size_t wl) {
    prove_scan *ps = ctx;
    if (f != 1) {
        if (++ps->n_unknown > MAX_UNKNOWN_FIELDS) {
            cuzk_server_seterr(why, wl, "more than %u unknown fields", MAX_UNKNOWN_FIELDS);
            return -1;
        }
        return 0;
    }
    if (wt != 2) {
        cuzk_server_seterr(why, wl, "submit: wire type %d, expected 2", wt);
        return -1;
    }
    /* repeated occurrences merge: their counts add up */
    return walk_fields(p, len, submit_field, &ps->sc, why, wl);
}

static int small_field(void *ctx, uint32_t f, int wt, const uint8_t *p, size_t len, char *why, size_t wl) {
    (void)f, (void)wt, (void)p, (void)len;
    uint32_t *n = ctx;
    if (++*n > MAX_UNKNOWN_FIELDS) {
        cuzk_server_seterr(why, wl, "more than %u fields", MAX_UNKNOWN_FIELDS);
        return -1;
    }
    return 0;
}

/* ---- calls ------------------------------------------------------------------------ */
static void call_unref(call *c) {
    if (atomic_fetch_sub(&c->refs, 1) != 1) return;
    if (c->call) grpc_call_unref(c->call);
    grpc_metadata_array_destroy(&c->md);
    if (c->method == M_UNKNOWN) grpc_call_details_destroy(&c->details);
    if (c->payload) grpc_byte_buffer_destroy(c->payload);
    if (c->recv) grpc_byte_buffer_destroy(c->recv);
    if (c->resp) grpc_byte_buffer_destroy(c->resp);
    if (c->have_details) grpc_slice_unref(c->resp_details);
    free(c);
}

static bool client_gone(call *c) { return atomic_load(&c->gone); }

static int arm(cuzk_server *s, int m) {
    call *c = calloc(1, sizeof *c);
    if (!c) return -1;
    c->s = s;
    c->method = m;
    atomic_init(&c->refs, 1);
    c->t_new = (tag){T_NEW, c};
    c->t_close = (tag){T_CLOSE, c};
    c->t_send = (tag){T_SEND, c};
    c->t_recv = (tag){T_RECV, c};
    grpc_metadata_array_init(&c->md);
    grpc_call_error e;
    if (m >= M_REFL) {
        c->method = M_REFL;
        c->refl_version = m - M_REFL;
        e = grpc_server_request_registered_call(s->srv, s->rm_refl[c->refl_version], &c->call, &c->deadline, &c->md,
                                                NULL, s->cq, s->cq, &c->t_new);
    } else if (m == M_UNKNOWN) {
        grpc_call_details_init(&c->details);
        e = grpc_server_request_call(s->srv, &c->call, &c->details, &c->md, s->cq, s->cq, &c->t_new);
    } else {
        e = grpc_server_request_registered_call(s->srv, s->rm[m], &c->call, &c->deadline, &c->md, &c->payload, s->cq,
                                                s->cq, &c->t_new);
    }
    if (e != GRPC_CALL_OK) {
        call_unref(c);
        return -1;
    }
    return 0;
}

/* Sends the reply: status, and the message when code is OK. msg is packed
 * bytes (taken over: freed here). */
static void reply(call *c, grpc_status_code code, const char *detail, uint8_t *msg, size_t len) {
    cuzk_server *s = c->s;
    if ((unsigned)code < N_CODES) atomic_fetch_add(&s->rpc[c->method][code], 1);
    grpc_op ops[3];
    memset(ops, 0, sizeof ops);
    size_t n = 0;
    ops[n].op = GRPC_OP_SEND_INITIAL_METADATA;
    n++;
    if (code == GRPC_STATUS_OK) {
        grpc_slice sl = msg ? grpc_slice_new(msg, len, free) : grpc_empty_slice();
        c->resp = grpc_raw_byte_buffer_create(&sl, 1);
        grpc_slice_unref(sl);
        ops[n].op = GRPC_OP_SEND_MESSAGE;
        ops[n].data.send_message.send_message = c->resp;
        n++;
    } else {
        free(msg);
    }
    c->resp_details = grpc_slice_from_copied_string(detail ? detail : "");
    c->have_details = true;
    ops[n].op = GRPC_OP_SEND_STATUS_FROM_SERVER;
    ops[n].data.send_status_from_server.status = code;
    ops[n].data.send_status_from_server.status_details = &c->resp_details;
    n++;
    atomic_fetch_add(&c->refs, 1);
    if (grpc_call_start_batch(c->call, ops, n, &c->t_send, NULL) != GRPC_CALL_OK) call_unref(c);
    if (code != GRPC_STATUS_OK && code != GRPC_STATUS_CANCELLED)
        dlog_info("rpc=%s code=%s reason=\"%s\"", METHOD_NAME[c->method], CODE_NAME[code], detail ? detail : "");
}

static void reply_msg(call *c, const ProtobufCMessage *m) {
    size_t len = protobuf_c_message_get_packed_size(m);
    uint8_t *b = malloc(len ? len : 1);
    if (!b) {
        reply(c, GRPC_STATUS_RESOURCE_EXHAUSTED, "out of memory packing the reply", NULL, 0);
        return;
    }
    protobuf_c_message_pack(m, b);
    reply(c, GRPC_STATUS_OK, NULL, b, len);
}

/* The request bytes, slice by slice into one block. */
static uint8_t *read_payload(call *c, size_t *len) {
    *len = 0;
    if (!c->payload) return calloc(1, 1);
    size_t n = grpc_byte_buffer_length(c->payload);
    grpc_byte_buffer_reader r;
    if (!grpc_byte_buffer_reader_init(&r, c->payload)) return NULL;
    uint8_t *p = malloc(n ? n : 1);
    if (!p) {
        grpc_byte_buffer_reader_destroy(&r);
        return NULL;
    }
    size_t off = 0;
    grpc_slice sl;
    while (grpc_byte_buffer_reader_next(&r, &sl)) {
        size_t sn = GRPC_SLICE_LENGTH(sl);
        if (sn > n - off) sn = n - off;
        memcpy(p + off, GRPC_SLICE_START_PTR(sl), sn);
        off += sn;
        grpc_slice_unref(sl);
    }
    grpc_byte_buffer_reader_destroy(&r);
    *len = off;
    /* the request is decoded from p; drop gRPC's copy now */
    grpc_byte_buffer_destroy(c->payload);
    c->payload = NULL;
    return p;
}

static bool authorized(call *c) {
    const char *tok = c->s->token;
    if (!tok) return true;
    size_t tl = strlen(tok);
    for (size_t i = 0; i < c->md.count; i++) {
        const grpc_metadata *m = &c->md.metadata[i];
        if (GRPC_SLICE_LENGTH(m->key) != 13 || memcmp(GRPC_SLICE_START_PTR(m->key), "authorization", 13) != 0)
            continue;
        size_t vl = GRPC_SLICE_LENGTH(m->value);
        const uint8_t *v = GRPC_SLICE_START_PTR(m->value);
        if (vl != tl + 7 || memcmp(v, "Bearer ", 7) != 0) return false;
        unsigned diff = 0;
        for (size_t k = 0; k < tl; k++) diff |= (unsigned)(v[7 + k] ^ (uint8_t)tok[k]);
        return diff == 0;
    }
    return false;
}

/* ---- engine helpers ----------------------------------------------------------------- */
static grpc_status_code code_of(int err_code) {
    switch (err_code) {
    case CUZK_ERR_INVALID_ARGUMENT:
    case CUZK_ERR_PARSE:
    case CUZK_ERR_BAD_LENGTH:
    case CUZK_ERR_TRUNCATED:
    case CUZK_ERR_TOO_LARGE:
        return GRPC_STATUS_INVALID_ARGUMENT;
    case CUZK_ERR_OUT_OF_MEMORY:
        return GRPC_STATUS_RESOURCE_EXHAUSTED;
    case CUZK_ERR_IO:
        return GRPC_STATUS_NOT_FOUND;
    case CUZK_ERR_UNSUPPORTED:
        return GRPC_STATUS_UNIMPLEMENTED;
    default:
        return GRPC_STATUS_INTERNAL;
    }
}

/* Waits for a job in slices so a departed client is noticed. timeout_ms 0:
 * no limit. *gone: the client went away (out is then TIMEOUT). */
static int await_job(cuzk_server *s, call *c, const char *id, uint64_t timeout_ms, cuzk_job_result *out,
                     cuzk_err *err, bool *gone) {
    uint64_t t0 = cuzk_now_ns();
    *gone = false;
    for (;;) {
        uint64_t slice = AWAIT_SLICE_MS;
        if (timeout_ms) {
            uint64_t spent = (cuzk_now_ns() - t0) / 1000000u;
            if (spent >= timeout_ms) {
                memset(out, 0, sizeof *out);
                snprintf(out->job_id, sizeof out->job_id, "%s", id);
                out->state = CUZK_JOB_TIMEOUT;
                return 0;
            }
            if (timeout_ms - spent < slice) slice = timeout_ms - spent;
        }
        int rc = cuzk_engine_await(s->engine, id, slice, out, err);
        if (rc) return rc;
        if (out->state != CUZK_JOB_TIMEOUT) return 0;
        cuzk_job_result_free(out);
        if (c && client_gone(c)) {
            *gone = true;
            out->state = CUZK_JOB_TIMEOUT;
            return 0;
        }
    }
}

static void fill_await(Cuzk__V1__AwaitProofResponse *r, const cuzk_job_result *res, const char *id) {
    cuzk__v1__await_proof_response__init(r);
    r->job_id = (char *)id;
    switch (res->state) {
    case CUZK_JOB_COMPLETED: r->status = CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__COMPLETED; break;
    case CUZK_JOB_FAILED: r->status = CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__FAILED; break;
    case CUZK_JOB_CANCELLED: r->status = CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__CANCELLED; break;
    case CUZK_JOB_TIMEOUT: r->status = CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__TIMEOUT; break;
    default: r->status = CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__UNKNOWN; break;
    }
    if (res->state == CUZK_JOB_COMPLETED && res->proof) {
        r->proof.data = res->proof;
        r->proof.len = res->proof_len;
    }
    r->error_message = (char *)res->error;
    if (res->state == CUZK_JOB_COMPLETED) {
        r->queue_wait_ms = res->queue_wait_ms;
        r->srs_load_ms = res->srs_load_ms;
        r->synthesis_ms = res->synthesis_ms;
        r->gpu_compute_ms = res->gpu_compute_ms;
        r->total_ms = res->total_ms;
    }
}

/* ---- job watchers -------------------------------------------------------------------- */
typedef struct {
    cuzk_server *s;
    char id[CUZK_JOB_ID_MAX];
} watch_arg;

static void *watcher(void *arg) {
    watch_arg *w = arg;
    cuzk_server *s = w->s;
    for (;;) {
        if (atomic_load(&s->stop_watchers)) break;
        cuzk_job_result r;
        cuzk_err err = {0};
        if (cuzk_engine_await(s->engine, w->id, 1000, &r, &err)) {
            /* the engine no longer knows it: record that, so AwaitProof answers */
            memset(&r, 0, sizeof r);
            snprintf(r.job_id, sizeof r.job_id, "%s", w->id);
            r.state = CUZK_JOB_FAILED;
            r.err_code = err.code;
            snprintf(r.error, sizeof r.error, "job lost by the engine: %.200s", err.msg);
        }
        if (r.state == CUZK_JOB_TIMEOUT) {
            cuzk_job_result_free(&r);
            continue;
        }
        if (atomic_load(&s->stop_watchers) && r.state == CUZK_JOB_CANCELLED) {
            /* cancelled by shutdown: stays journaled for the next start */
            cuzk_job_result_free(&r);
            break;
        }
        char e[256];
        if (cuzk_journal_finish(s->journal, &r, e, sizeof e)) dlog_error("job=%s %s", w->id, e);
        dlog_info("job=%s state=%s proof_bytes=%zu total_ms=%" PRIu64 "%s%s%s", w->id, cuzk_job_state_name(r.state),
                  r.proof_len, r.total_ms, r.error[0] ? " error=\"" : "", r.error, r.error[0] ? "\"" : "");
        cuzk_job_result_free(&r);
        break;
    }
    pthread_mutex_lock(&s->mu);
    named_del(&s->watched, w->id);
    s->n_watchers--;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    free(w);
    return NULL;
}

static int start_watcher(cuzk_server *s, const char *id) {
    pthread_mutex_lock(&s->mu);
    for (named *x = s->watched; x; x = x->next) {
        if (strcmp(x->id, id) == 0) {
            pthread_mutex_unlock(&s->mu);
            return 0;
        }
    }
    watch_arg *w = calloc(1, sizeof *w);
    int rc = -1;
    if (w && named_add(&s->watched, id) > 0) {
        w->s = s;
        snprintf(w->id, sizeof w->id, "%s", id);
        pthread_attr_t at;
        pthread_attr_init(&at);
        pthread_attr_setstacksize(&at, 256 * 1024);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        pthread_t th;
        if (pthread_create(&th, &at, watcher, w) == 0) {
            s->n_watchers++;
            rc = 0;
            w = NULL;
        } else {
            named_del(&s->watched, id);
        }
        pthread_attr_destroy(&at);
    }
    free(w);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

/* ---- requests -------------------------------------------------------------------- */
static const char *kind_name(int k) {
    switch (k) {
    case 1: return "POREP_SEAL_COMMIT";
    case 2: return "SNAP_DEALS_UPDATE";
    case 3: return "WINDOW_POST_PARTITION";
    case 4: return "WINNING_POST";
    default: return "test";
    }
}

/* Checks a decoded request; INVALID_ARGUMENT reasons name the field. */
static int validate_submit(cuzk_server *s, const Cuzk__V1__SubmitProofRequest *r, char *why, size_t wl) {
    int k = (int)r->proof_kind;
    bool known = (k >= 1 && k <= 4) || (s->test_kinds && (k == CUZK_KIND_TEST_A || k == CUZK_KIND_TEST_B));
    if (!known) {
        cuzk_server_seterr(why, wl, "invalid proof_kind: %d", k);
        return -1;
    }
    if (!cuzk_engine_entry(s->engine, k)) {
        cuzk_server_seterr(why, wl, "proof_kind %s (%d): not supported by this daemon", kind_name(k), k);
        return -1;
    }
    if ((int)r->priority < 0 || (int)r->priority > 4) {
        cuzk_server_seterr(why, wl, "invalid priority: %d", (int)r->priority);
        return -1;
    }
    const char *id = r->request_id ? r->request_id : "";
    for (size_t i = 0; id[i]; i++) {
        unsigned char ch = (unsigned char)id[i];
        if (ch < 0x20 || ch > 0x7e) {
            cuzk_server_seterr(why, wl, "request_id: byte 0x%02x at offset %zu is not printable ASCII", ch, i);
            return -1;
        }
    }
    struct {
        const char *name;
        size_t len;
    } b32[] = {{"randomness", r->randomness.len},
               {"comm_r_old", r->comm_r_old.len},
               {"comm_r_new", r->comm_r_new.len},
               {"comm_d_new", r->comm_d_new.len}};
    for (size_t i = 0; i < 4; i++) {
        if (b32[i].len != 0 && b32[i].len != 32) {
            cuzk_server_seterr(why, wl, "%s: %zu bytes, expected 32", b32[i].name, b32[i].len);
            return -1;
        }
    }
    if (k == CUZK_KIND_POREP && r->vanilla_proof.len == 0) {
        cuzk_server_seterr(why, wl, "vanilla_proof: empty (PoRep needs the C1 output envelope)");
        return -1;
    }
    if ((k == CUZK_KIND_SNAP || k == CUZK_KIND_WINDOW_POST || k == CUZK_KIND_WINNING_POST) &&
        r->n_vanilla_proofs == 0) {
        cuzk_server_seterr(why, wl, "vanilla_proofs: empty (%s needs them)", kind_name(k));
        return -1;
    }
    if ((k == CUZK_KIND_WINDOW_POST || k == CUZK_KIND_WINNING_POST) && r->randomness.len != 32) {
        cuzk_server_seterr(why, wl, "randomness: %zu bytes, expected 32", r->randomness.len);
        return -1;
    }
    return 0;
}

typedef struct {
    cuzk_proof_request q;
    const uint8_t **ptrs;
    size_t *lens;
} eng_req;

static int to_engine(const Cuzk__V1__SubmitProofRequest *r, eng_req *e) {
    memset(e, 0, sizeof *e);
    e->q.kind = (int)r->proof_kind;
    e->q.registered_proof = r->registered_proof;
    e->q.sector_size = r->sector_size;
    e->q.vanilla_proof = r->vanilla_proof.data;
    e->q.vanilla_proof_len = r->vanilla_proof.len;
    if (r->n_vanilla_proofs) {
        e->ptrs = calloc(r->n_vanilla_proofs, sizeof *e->ptrs);
        e->lens = calloc(r->n_vanilla_proofs, sizeof *e->lens);
        if (!e->ptrs || !e->lens) {
            free(e->ptrs);
            free(e->lens);
            return -1;
        }
        for (size_t i = 0; i < r->n_vanilla_proofs; i++) {
            e->ptrs[i] = r->vanilla_proofs[i].data;
            e->lens[i] = r->vanilla_proofs[i].len;
        }
    }
    e->q.vanilla_proofs = e->ptrs;
    e->q.vanilla_proof_lens = e->lens;
    e->q.n_vanilla_proofs = r->n_vanilla_proofs;
    e->q.sector_number = r->sector_number;
    e->q.miner_id = r->miner_id;
    e->q.randomness = r->randomness.data;
    e->q.randomness_len = r->randomness.len;
    e->q.partition_index = r->partition_index;
    e->q.comm_r_old = r->comm_r_old.data;
    e->q.comm_r_old_len = r->comm_r_old.len;
    e->q.comm_r_new = r->comm_r_new.data;
    e->q.comm_r_new_len = r->comm_r_new.len;
    e->q.comm_d_new = r->comm_d_new.data;
    e->q.comm_d_new_len = r->comm_d_new.len;
    return 0;
}

static void eng_req_free(eng_req *e) {
    free(e->ptrs);
    free(e->lens);
}

static int count_watchers(cuzk_server *s) {
    pthread_mutex_lock(&s->mu);
    int n = s->n_watchers;
    pthread_mutex_unlock(&s->mu);
    return n;
}

/* The engine id for a request id. The engine keeps a finished job's result
 * under its id (so the same id and input join it); but a caller that sends
 * the id of a FAILED or CANCELLED job again (Curio retries a failed task
 * with the same request_id) means a new attempt, which then runs as
 * "<id>~rN". Returns the attempt number N (0: the id itself), -1 when 16
 * finished attempts are still kept. */
static int retry_id(cuzk_server *s, const char *request_id, char out[CUZK_JOB_ID_MAX]) {
    out[0] = '\0';
    if (!request_id || !request_id[0]) return 0;
    for (int n = 0; n < 16; n++) {
        if (n == 0) snprintf(out, CUZK_JOB_ID_MAX, "%s", request_id);
        else if (snprintf(out, CUZK_JOB_ID_MAX, "%.118s~r%d", request_id, n) >= CUZK_JOB_ID_MAX) return -1;
        cuzk_job_result res;
        cuzk_err err = {0};
        /* a 1 ms look: unknown ids are errors, running ones TIMEOUT */
        if (cuzk_engine_await(s->engine, out, 1, &res, &err)) return n;
        int st = res.state;
        cuzk_job_result_free(&res);
        if (st != CUZK_JOB_FAILED && st != CUZK_JOB_CANCELLED) return n;
    }
    return -1;
}

/* Validates, submits, journals and watches a job. 0: job_id set; else the
 * gRPC code with its reason in why. */
static grpc_status_code accept_job(cuzk_server *s, Cuzk__V1__SubmitProofRequest *r, char job_id[CUZK_JOB_ID_MAX],
                                   uint32_t *qpos, char *why, size_t wl) {
    if (validate_submit(s, r, why, wl)) return GRPC_STATUS_INVALID_ARGUMENT;
    if (atomic_load(&s->draining)) {
        cuzk_server_seterr(why, wl, "the daemon is shutting down");
        return GRPC_STATUS_UNAVAILABLE;
    }
    if (count_watchers(s) >= (int)s->cfg->max_jobs) {
        cuzk_server_seterr(why, wl, "too many jobs in flight (daemon.max_jobs = %u)", s->cfg->max_jobs);
        return GRPC_STATUS_RESOURCE_EXHAUSTED;
    }
    eng_req e;
    if (to_engine(r, &e)) {
        cuzk_server_seterr(why, wl, "out of memory");
        return GRPC_STATUS_RESOURCE_EXHAUSTED;
    }
    cuzk_err err = {0};
    char rid[CUZK_JOB_ID_MAX];
    int retry = retry_id(s, r->request_id, rid);
    if (retry < 0) {
        eng_req_free(&e);
        cuzk_server_seterr(why, wl, "request_id %s: too many failed attempts kept (retry later)", r->request_id);
        return GRPC_STATUS_RESOURCE_EXHAUSTED;
    }
    int rc = cuzk_engine_submit(s->engine, &e.q, (int)r->priority, rid[0] ? rid : NULL, job_id, qpos, &err);
    eng_req_free(&e);
    if (rc == 0 && retry > 0)
        dlog_info("job=%s a new attempt of request_id %s (its earlier attempt failed or was cancelled)", job_id,
                  r->request_id);
    if (rc) {
        cuzk_server_seterr(why, wl, "%s", err.msg);
        return code_of(rc);
    }
    /* the journal holds the request under its job id */
    char *saved = r->request_id;
    r->request_id = job_id;
    size_t len = cuzk__v1__submit_proof_request__get_packed_size(r);
    uint8_t *b = malloc(len ? len : 1);
    if (b) cuzk__v1__submit_proof_request__pack(r, b);
    r->request_id = saved;
    bool existed = false;
    char jerr[256] = "out of memory";
    if (!b || cuzk_journal_add(s->journal, job_id, (int)r->priority, b, len, &existed, jerr, sizeof jerr)) {
        free(b);
        cuzk_engine_cancel(s->engine, job_id, NULL, NULL);
        cuzk_server_seterr(why, wl, "job not accepted: %s", jerr);
        return GRPC_STATUS_UNAVAILABLE;
    }
    free(b);
    if (start_watcher(s, job_id)) {
        cuzk_engine_cancel(s->engine, job_id, NULL, NULL);
        cuzk_journal_drop(s->journal, job_id);
        cuzk_server_seterr(why, wl, "job not accepted: no thread to watch it");
        return GRPC_STATUS_RESOURCE_EXHAUSTED;
    }
    atomic_fetch_add(&s->jobs_accepted, 1);
    dlog_info("job=%s accepted kind=%s(%d) priority=%d bytes=%zu+%zux%zu%s", job_id, kind_name((int)r->proof_kind),
              (int)r->proof_kind, (int)r->priority, r->vanilla_proof.len, r->n_vanilla_proofs,
              r->n_vanilla_proofs ? r->vanilla_proofs[0].len : (size_t)0, existed ? " (joined)" : "");
    return GRPC_STATUS_OK;
}

/* Decodes a SubmitProofRequest / ProveRequest after its wire checks. */
static void *decode(call *c, const ProtobufCMessageDescriptor *d, char *why, size_t wl) {
    size_t n;
    uint8_t *p = read_payload(c, &n);
    if (!p) {
        cuzk_server_seterr(why, wl, "out of memory reading the request");
        return NULL;
    }
    int rc;
    uint32_t count = 0;
    if (d == &cuzk__v1__submit_proof_request__descriptor) {
        rc = cuzk_server_scan_submit(p, n, c->s->cfg->max_vanilla_proofs, why, wl);
    } else if (d == &cuzk__v1__prove_request__descriptor) {
        prove_scan ps = {0};
        ps.sc.max_vp = c->s->cfg->max_vanilla_proofs;
        rc = walk_fields(p, n, prove_field, &ps, why, wl);
    } else if (n > SMALL_REQUEST_MAX) {
        cuzk_server_seterr(why, wl, "request of %zu bytes; at most %u for %s", n, SMALL_REQUEST_MAX, METHOD_NAME[c->method]);
        rc = -1;
    } else {
        rc = walk_fields(p, n, small_field, &count, why, wl);
    }
    void *m = NULL;
    if (rc == 0) {
        m = protobuf_c_message_unpack(d, NULL, n, p);
        if (!m) cuzk_server_seterr(why, wl, "malformed protobuf: %s does not decode", d->name);
    }
    free(p);
    return m;
}

static bool valid_id(const char *id, const char *field, char *why, size_t wl) {
    size_t n = id ? strlen(id) : 0;
    if (n == 0 || n >= CUZK_JOB_ID_MAX) {
        cuzk_server_seterr(why, wl, "%s: %s", field, n ? "longer than 127 bytes" : "empty");
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)id[i];
        if (ch < 0x20 || ch > 0x7e) {
            cuzk_server_seterr(why, wl, "%s: byte 0x%02x at offset %zu is not printable ASCII", field, ch, i);
            return false;
        }
    }
    return true;
}

/* A circuit id or parameter file name: no path of its own. */
static bool valid_circuit_id(const char *id, char *why, size_t wl) {
    size_t n = id ? strlen(id) : 0;
    if (n == 0 || n >= 192) {
        cuzk_server_seterr(why, wl, "circuit_id: %s", n ? "longer than 191 bytes" : "empty");
        return false;
    }
    if (strchr(id, '/') || strcmp(id, ".") == 0 || strcmp(id, "..") == 0 || id[0] == '.') {
        cuzk_server_seterr(why, wl, "circuit_id '%s': a name within the parameter directory, not a path", id);
        return false;
    }
    return valid_id(id, "circuit_id", why, wl);
}

static void h_submit(call *c) {
    char why[320];
    Cuzk__V1__SubmitProofRequest *r =
        decode(c, &cuzk__v1__submit_proof_request__descriptor, why, sizeof why);
    if (!r) {
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    char job_id[CUZK_JOB_ID_MAX];
    uint32_t qpos = 0;
    grpc_status_code code = accept_job(c->s, r, job_id, &qpos, why, sizeof why);
    cuzk__v1__submit_proof_request__free_unpacked(r, NULL);
    if (code != GRPC_STATUS_OK) {
        reply(c, code, why, NULL, 0);
        return;
    }
    Cuzk__V1__SubmitProofResponse resp;
    cuzk__v1__submit_proof_response__init(&resp);
    resp.job_id = job_id;
    resp.queue_position = qpos;
    reply_msg(c, &resp.base);
}

static void h_await(call *c) {
    cuzk_server *s = c->s;
    char why[320];
    Cuzk__V1__AwaitProofRequest *r = decode(c, &cuzk__v1__await_proof_request__descriptor, why, sizeof why);
    if (!r) {
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    char id[CUZK_JOB_ID_MAX];
    if (!valid_id(r->job_id, "job_id", why, sizeof why)) {
        cuzk__v1__await_proof_request__free_unpacked(r, NULL);
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    snprintf(id, sizeof id, "%s", r->job_id);
    uint64_t timeout = r->timeout_ms;
    cuzk__v1__await_proof_request__free_unpacked(r, NULL);
    pthread_mutex_lock(&s->mu);
    named_add(&s->awaiters, id);
    pthread_mutex_unlock(&s->mu);
    cuzk_job_result res;
    cuzk_err err = {0};
    bool gone;
    int rc = await_job(s, c, id, timeout, &res, &err, &gone);
    pthread_mutex_lock(&s->mu);
    named_del(&s->awaiters, id);
    pthread_mutex_unlock(&s->mu);
    if (rc && cuzk_journal_result(s->journal, id, &res) == 0) rc = 0;
    if (rc) {
        char msg[300];
        snprintf(msg, sizeof msg, "job not found: %s", id);
        reply(c, GRPC_STATUS_NOT_FOUND, msg, NULL, 0);
        return;
    }
    if (gone) {
        atomic_fetch_add(&s->clients_gone, 1);
        reply(c, GRPC_STATUS_CANCELLED, "client went away", NULL, 0);
        return;
    }
    Cuzk__V1__AwaitProofResponse resp;
    fill_await(&resp, &res, id);
    reply_msg(c, &resp.base);
    cuzk_job_result_free(&res);
}

static void h_prove(call *c) {
    cuzk_server *s = c->s;
    char why[320];
    Cuzk__V1__ProveRequest *r = decode(c, &cuzk__v1__prove_request__descriptor, why, sizeof why);
    if (!r) {
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    if (!r->submit) {
        cuzk__v1__prove_request__free_unpacked(r, NULL);
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, "missing submit field", NULL, 0);
        return;
    }
    char id[CUZK_JOB_ID_MAX];
    uint32_t qpos;
    grpc_status_code code = accept_job(s, r->submit, id, &qpos, why, sizeof why);
    cuzk__v1__prove_request__free_unpacked(r, NULL);
    if (code != GRPC_STATUS_OK) {
        reply(c, code, why, NULL, 0);
        return;
    }
    pthread_mutex_lock(&s->mu);
    named_add(&s->awaiters, id);
    pthread_mutex_unlock(&s->mu);
    cuzk_job_result res;
    cuzk_err err = {0};
    bool gone;
    int rc = await_job(s, c, id, 0, &res, &err, &gone);
    pthread_mutex_lock(&s->mu);
    int left = named_del(&s->awaiters, id);
    pthread_mutex_unlock(&s->mu);
    if (rc && cuzk_journal_result(s->journal, id, &res) == 0) rc = 0;
    if (rc) {
        reply(c, code_of(rc), err.msg, NULL, 0);
        return;
    }
    if (gone) {
        atomic_fetch_add(&s->clients_gone, 1);
        if (left == 0 && !atomic_load(&s->draining)) {
            bool was_running = false;
            cuzk_engine_cancel(s->engine, id, &was_running, NULL);
            atomic_fetch_add(&s->cancelled_on_disconnect, 1);
            dlog_info("job=%s client went away; cancelled (was_running=%d)", id, was_running);
        } else {
            dlog_info("job=%s client went away; job kept (%d other callers wait on it)", id, left);
        }
        reply(c, GRPC_STATUS_CANCELLED, "client went away", NULL, 0);
        return;
    }
    Cuzk__V1__AwaitProofResponse ar;
    fill_await(&ar, &res, id);
    Cuzk__V1__ProveResponse resp;
    cuzk__v1__prove_response__init(&resp);
    resp.result = &ar;
    reply_msg(c, &resp.base);
    cuzk_job_result_free(&res);
}

static void h_cancel(call *c) {
    char why[320];
    Cuzk__V1__CancelProofRequest *r = decode(c, &cuzk__v1__cancel_proof_request__descriptor, why, sizeof why);
    if (!r) {
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    if (!valid_id(r->job_id, "job_id", why, sizeof why)) {
        cuzk__v1__cancel_proof_request__free_unpacked(r, NULL);
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    bool was_running = false;
    cuzk_err err = {0};
    int rc = cuzk_engine_cancel(c->s->engine, r->job_id, &was_running, &err);
    if (rc == CUZK_ERR_INVALID_ARGUMENT) {
        cuzk_job_result res;
        if (cuzk_journal_result(c->s->journal, r->job_id, &res) == 0) {
            cuzk_job_result_free(&res); /* finished before: nothing to cancel */
            rc = 0;
        } else {
            snprintf(why, sizeof why, "job not found: %s", r->job_id);
            cuzk__v1__cancel_proof_request__free_unpacked(r, NULL);
            reply(c, GRPC_STATUS_NOT_FOUND, why, NULL, 0);
            return;
        }
    }
    if (rc == 0) dlog_info("job=%s cancel requested (was_running=%d)", r->job_id, was_running);
    cuzk__v1__cancel_proof_request__free_unpacked(r, NULL);
    if (rc) {
        reply(c, code_of(rc), err.msg, NULL, 0);
        return;
    }
    Cuzk__V1__CancelProofResponse resp;
    cuzk__v1__cancel_proof_response__init(&resp);
    resp.was_running = was_running;
    reply_msg(c, &resp.base);
}

static void h_status(call *c) {
    char why[320];
    Cuzk__V1__GetStatusRequest *r = decode(c, &cuzk__v1__get_status_request__descriptor, why, sizeof why);
    if (!r) {
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    cuzk__v1__get_status_request__free_unpacked(r, NULL);
    cuzk_engine_status *st = calloc(1, sizeof *st);
    if (!st) {
        reply(c, GRPC_STATUS_RESOURCE_EXHAUSTED, "out of memory", NULL, 0);
        return;
    }
    cuzk_engine_get_status(c->s->engine, st);
    Cuzk__V1__GetStatusResponse resp;
    cuzk__v1__get_status_response__init(&resp);
    Cuzk__V1__GPUStatus gpus[CUZK_ENGINE_STATUS_MAX], *pg[CUZK_ENGINE_STATUS_MAX];
    Cuzk__V1__SRSStatus srs[CUZK_ENGINE_STATUS_MAX], *ps[CUZK_ENGINE_STATUS_MAX];
    Cuzk__V1__QueueStatus qs[CUZK_ENGINE_STATUS_MAX], *pq[CUZK_ENGINE_STATUS_MAX];
    size_t ng = 0;
    for (size_t i = 0; i < st->n_workers && i < CUZK_ENGINE_STATUS_MAX; i++) {
        const cuzk_engine_worker_status *w = &st->workers[i];
        cuzk__v1__gpustatus__init(&gpus[ng]);
        gpus[ng].ordinal = w->device >= 0 ? (uint32_t)w->device : 0;
        gpus[ng].name = (char *)w->name;
        gpus[ng].vram_total_bytes = w->mem_total;
        gpus[ng].vram_free_bytes = w->mem_free;
        gpus[ng].current_job_id = (char *)w->current_job;
        gpus[ng].current_proof_kind = (char *)(w->current_label ? w->current_label : "");
        pg[ng] = &gpus[ng];
        ng++;
    }
    for (size_t i = 0; i < st->n_params && i < CUZK_ENGINE_STATUS_MAX; i++) {
        cuzk__v1__srsstatus__init(&srs[i]);
        srs[i].circuit_id = st->params[i].id;
        srs[i].tier = CUZK__V1__SRSSTATUS__TIER__HOT;
        srs[i].size_bytes = st->params[i].bytes;
        srs[i].ref_count = st->params[i].ref_count;
        ps[i] = &srs[i];
    }
    for (size_t i = 0; i < st->n_queues && i < CUZK_ENGINE_STATUS_MAX; i++) {
        cuzk__v1__queue_status__init(&qs[i]);
        qs[i].proof_kind = (char *)(st->queues[i].label ? st->queues[i].label : "");
        qs[i].pending = st->queues[i].jobs_queued;
        qs[i].in_progress = st->queues[i].jobs_running;
        pq[i] = &qs[i];
    }
    resp.n_gpus = ng;
    resp.gpus = pg;
    resp.n_loaded_srs = st->n_params < CUZK_ENGINE_STATUS_MAX ? st->n_params : CUZK_ENGINE_STATUS_MAX;
    resp.loaded_srs = ps;
    resp.n_queues = st->n_queues < CUZK_ENGINE_STATUS_MAX ? st->n_queues : CUZK_ENGINE_STATUS_MAX;
    resp.queues = pq;
    resp.total_proofs_completed = st->completed;
    resp.total_proofs_failed = st->failed;
    resp.uptime_seconds = (cuzk_now_ns() - c->s->start_ns) / 1000000000u;
    /* resident parameter memory against its budget */
    resp.pinned_memory_bytes = st->param_used;
    resp.pinned_memory_limit_bytes = st->param_budget;
    reply_msg(c, &resp.base);
    free(st);
}

static void h_metrics(call *c) {
    char why[320];
    Cuzk__V1__GetMetricsRequest *r = decode(c, &cuzk__v1__get_metrics_request__descriptor, why, sizeof why);
    if (!r) {
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    cuzk__v1__get_metrics_request__free_unpacked(r, NULL);
    char *text = cuzk_server_metrics_text(c->s);
    if (!text) {
        reply(c, GRPC_STATUS_RESOURCE_EXHAUSTED, "out of memory", NULL, 0);
        return;
    }
    Cuzk__V1__GetMetricsResponse resp;
    cuzk__v1__get_metrics_response__init(&resp);
    resp.prometheus_text = text;
    reply_msg(c, &resp.base);
    free(text);
}

static void h_srs(call *c, bool preload) {
    char why[320];
    const ProtobufCMessageDescriptor *d =
        preload ? &cuzk__v1__preload_srs_request__descriptor : &cuzk__v1__evict_srs_request__descriptor;
    ProtobufCMessage *m = decode(c, d, why, sizeof why);
    if (!m) {
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    const char *cid = preload ? ((Cuzk__V1__PreloadSrsRequest *)m)->circuit_id : ((Cuzk__V1__EvictSrsRequest *)m)->circuit_id;
    if (!valid_circuit_id(cid, why, sizeof why)) {
        protobuf_c_message_free_unpacked(m, NULL);
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    cuzk_err err = {0};
    bool flag = false;
    uint64_t v = 0;
    int rc = preload ? cuzk_engine_preload(c->s->engine, cid, &flag, &v, &err)
                     : cuzk_engine_evict(c->s->engine, cid, &flag, &v, &err);
    if (rc == 0) dlog_info("%s circuit_id=%s %s=%d %s=%" PRIu64, preload ? "preload" : "evict", cid,
                           preload ? "already_loaded" : "was_loaded", flag, preload ? "load_ms" : "freed_bytes", v);
    protobuf_c_message_free_unpacked(m, NULL);
    if (rc) {
        reply(c, code_of(rc), err.msg, NULL, 0);
        return;
    }
    if (preload) {
        Cuzk__V1__PreloadSrsResponse resp;
        cuzk__v1__preload_srs_response__init(&resp);
        resp.already_loaded = flag;
        resp.load_time_ms = v;
        reply_msg(c, &resp.base);
    } else {
        Cuzk__V1__EvictSrsResponse resp;
        cuzk__v1__evict_srs_response__init(&resp);
        resp.was_loaded = flag;
        resp.freed_bytes = v;
        reply_msg(c, &resp.base);
    }
}

/* grpc.health.v1.Health/Check: HealthCheckRequest{string service = 1} ->
 * HealthCheckResponse{ServingStatus status = 1} (SERVING 1, NOT_SERVING 2). */
typedef struct {
    const uint8_t *svc;
    size_t len;
    uint32_t n;
} health_req;
static int health_field(void *ctx, uint32_t f, int wt, const uint8_t *p, size_t len, char *why, size_t wl) {
    health_req *h = ctx;
    if (++h->n > MAX_UNKNOWN_FIELDS) {
        cuzk_server_seterr(why, wl, "more than %u fields", MAX_UNKNOWN_FIELDS);
        return -1;
    }
    if (f == 1) {
        if (wt != 2) {
            cuzk_server_seterr(why, wl, "service: wire type %d, expected 2", wt);
            return -1;
        }
        h->svc = p;
        h->len = len;
    }
    return 0;
}

static void h_health(call *c) {
    char why[320];
    size_t n;
    uint8_t *p = read_payload(c, &n);
    health_req h = {0};
    if (!p || n > SMALL_REQUEST_MAX || walk_fields(p, n, health_field, &h, why, sizeof why)) {
        if (!p || n > SMALL_REQUEST_MAX) snprintf(why, sizeof why, "request too large");
        free(p);
        reply(c, GRPC_STATUS_INVALID_ARGUMENT, why, NULL, 0);
        return;
    }
    static const char *const known[] = {"", "cuzk.v1.ProvingEngine", "grpc.health.v1.Health"};
    bool ok = false;
    for (size_t i = 0; i < 3; i++)
        if (h.len == strlen(known[i]) && (h.len == 0 || memcmp(h.svc, known[i], h.len) == 0)) ok = true;
    free(p);
    if (!ok) {
        reply(c, GRPC_STATUS_NOT_FOUND, "unknown service", NULL, 0);
        return;
    }
    uint8_t *b = malloc(2);
    if (!b) {
        reply(c, GRPC_STATUS_RESOURCE_EXHAUSTED, "out of memory", NULL, 0);
        return;
    }
    b[0] = 0x08;
    b[1] = atomic_load(&c->s->draining) ? 2 : 1;
    reply(c, GRPC_STATUS_OK, NULL, b, 2);
}

static void *worker(void *arg) {
    call *c = arg;
    cuzk_server *s = c->s;
    if (c->method != M_HEALTH && !authorized(c)) {
        reply(c, GRPC_STATUS_UNAUTHENTICATED, "missing or wrong bearer token", NULL, 0);
    } else {
        switch (c->method) {
        case M_SUBMIT: h_submit(c); break;
        case M_AWAIT: h_await(c); break;
        case M_PROVE: h_prove(c); break;
        case M_CANCEL: h_cancel(c); break;
        case M_STATUS: h_status(c); break;
        case M_METRICS: h_metrics(c); break;
        case M_PRELOAD: h_srs(c, true); break;
        case M_EVICT: h_srs(c, false); break;
        case M_HEALTH: h_health(c); break;
        default: reply(c, GRPC_STATUS_UNIMPLEMENTED, "unknown method", NULL, 0); break;
        }
    }
    call_unref(c);
    atomic_fetch_sub(&s->calls_in_flight, 1);
    return NULL;
}

/* A new call: watch for its end, answer it on a thread of its own. */
static void on_new(cuzk_server *s, call *c) {
    atomic_fetch_add(&c->refs, 1);
    grpc_op op;
    memset(&op, 0, sizeof op);
    op.op = GRPC_OP_RECV_CLOSE_ON_SERVER;
    op.data.recv_close_on_server.cancelled = &c->cancelled;
    if (grpc_call_start_batch(c->call, &op, 1, &c->t_close, NULL) != GRPC_CALL_OK) call_unref(c);
    if (c->method == M_UNKNOWN) {
        reply(c, GRPC_STATUS_UNIMPLEMENTED, "unknown method", NULL, 0);
        call_unref(c);
        return;
    }
    if (atomic_fetch_add(&s->calls_in_flight, 1) >= (int)s->cfg->max_calls) {
        atomic_fetch_sub(&s->calls_in_flight, 1);
        reply(c, GRPC_STATUS_RESOURCE_EXHAUSTED, "too many calls in flight (daemon.max_calls)", NULL, 0);
        call_unref(c);
        return;
    }
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setstacksize(&at, 512 * 1024);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    pthread_t th;
    int rc = pthread_create(&th, &at, worker, c);
    pthread_attr_destroy(&at);
    if (rc) {
        atomic_fetch_sub(&s->calls_in_flight, 1);
        reply(c, GRPC_STATUS_RESOURCE_EXHAUSTED, "no thread for the call", NULL, 0);
        call_unref(c);
    }
}

/* ---- server reflection ----------------------------------------------------------------
 * grpc.reflection.v1alpha / v1 ServerReflectionInfo, a bidirectional stream,
 * driven from the completion queue thread: each request is answered from the
 * .proto's FileDescriptorProto, embedded at build time. Requests
 * (ServerReflectionRequest): host 1, file_by_filename 3,
 * file_containing_symbol 4, file_containing_extension 5,
 * all_extension_numbers_of_type 6, list_services 7. Responses
 * (ServerReflectionResponse): valid_host 1, original_request 2,
 * file_descriptor_response 4 {file_descriptor_proto 1}, all_extension_numbers_response
 * 5 {base_type_name 1}, list_services_response 6 {service 1 {name 1}},
 * error_response 7 {error_code 1, error_message 2}. */
extern const unsigned char cuzk_proving_descriptor_set[];
extern const size_t cuzk_proving_descriptor_set_len;

typedef cuzk_bytebuf pbuf;
static void pb_varint(pbuf *b, uint64_t v) {
    uint8_t x[10];
    size_t n = 0;
    do {
        x[n] = (uint8_t)(v & 0x7f);
        v >>= 7;
        if (v) x[n] |= 0x80;
        n++;
    } while (v);
    cuzk_bytebuf_put(b, x, n);
}
static void pb_bytes(pbuf *b, uint32_t field, const void *d, size_t n) {
    pb_varint(b, (uint64_t)field << 3 | 2);
    pb_varint(b, n);
    cuzk_bytebuf_put(b, d, n);
}

/* the FileDescriptorProto inside the embedded FileDescriptorSet (its field 1) */
typedef struct {
    const uint8_t *p;
    size_t n;
} span;
static int first_file(void *ctx, uint32_t f, int wt, const uint8_t *p, size_t len, char *why, size_t wl) {
    (void)why, (void)wl;
    span *sp = ctx;
    if (f == 1 && wt == 2 && !sp->p) {
        sp->p = p;
        sp->n = len;
    }
    return 0;
}

typedef struct {
    span host, req[8];
    int which;
} refl_req;
static int refl_field(void *ctx, uint32_t f, int wt, const uint8_t *p, size_t len, char *why, size_t wl) {
    (void)why, (void)wl;
    refl_req *r = ctx;
    if (wt != 2) return 0;
    if (f == 1) r->host = (span){p, len};
    else if (f >= 3 && f <= 7) {
        r->req[f] = (span){p, len};
        r->which = (int)f;
    }
    return 0;
}

static bool span_is(span s, const char *lit) { return s.n == strlen(lit) && memcmp(s.p, lit, s.n) == 0; }

/* Our symbols: the package, and anything inside it. */
static bool our_symbol(span s) {
    return span_is(s, "cuzk.v1") || (s.n > 8 && memcmp(s.p, "cuzk.v1.", 8) == 0);
}

static uint8_t *refl_answer(const uint8_t *q, size_t qn, size_t *out_len) {
    refl_req r;
    memset(&r, 0, sizeof r);
    char why[128];
    pbuf b = {0};
    span file = {0};
    walk_fields(cuzk_proving_descriptor_set, cuzk_proving_descriptor_set_len, first_file, &file, why, sizeof why);
    int bad = walk_fields(q, qn, refl_field, &r, why, sizeof why);
    pb_bytes(&b, 1, r.host.p ? r.host.p : (const uint8_t *)"", r.host.n);
    pb_bytes(&b, 2, q, qn);
    pbuf inner = {0};
    const char *err = NULL;
    if (bad) {
        err = why;
    } else if (r.which == 7) {
        pbuf svc = {0};
        pb_bytes(&svc, 1, "cuzk.v1.ProvingEngine", strlen("cuzk.v1.ProvingEngine"));
        pb_bytes(&inner, 1, svc.p, svc.n);
        free(svc.p);
        pb_bytes(&b, 6, inner.p, inner.n);
    } else if ((r.which == 3 && span_is(r.req[3], "cuzk/v1/proving.proto")) ||
               (r.which == 4 && our_symbol(r.req[4]))) {
        pb_bytes(&inner, 1, file.p, file.n);
        pb_bytes(&b, 4, inner.p, inner.n);
    } else if (r.which == 6 && our_symbol(r.req[6])) {
        pb_bytes(&inner, 1, r.req[6].p, r.req[6].n);
        pb_bytes(&b, 5, inner.p, inner.n);
    } else {
        err = r.which == 3 ? "file not found" : r.which == 5 ? "no extensions" : "symbol not found";
    }
    if (err) {
        pb_varint(&inner, 1 << 3 | 0);
        pb_varint(&inner, 5); /* NOT_FOUND */
        pb_bytes(&inner, 2, err, strlen(err));
        pb_bytes(&b, 7, inner.p, inner.n);
    }
    free(inner.p);
    if (b.oom) {
        free(b.p);
        return NULL;
    }
    *out_len = b.n;
    return b.p;
}

/* Waits for the stream's next request (after sending msg, if any). */
static void refl_next(call *c, uint8_t *msg, size_t len) {
    grpc_op ops[3];
    memset(ops, 0, sizeof ops);
    size_t n = 0;
    if (c->resp) {
        grpc_byte_buffer_destroy(c->resp);
        c->resp = NULL;
    }
    if (!c->headers_sent) { /* the first turn: the stream's headers */
        ops[n++].op = GRPC_OP_SEND_INITIAL_METADATA;
        c->headers_sent = true;
    }
    if (msg) {
        grpc_slice sl = grpc_slice_new(msg, len, free);
        c->resp = grpc_raw_byte_buffer_create(&sl, 1);
        grpc_slice_unref(sl);
        ops[n].op = GRPC_OP_SEND_MESSAGE;
        ops[n].data.send_message.send_message = c->resp;
        n++;
    }
    ops[n].op = GRPC_OP_RECV_MESSAGE;
    ops[n].data.recv_message.recv_message = &c->recv;
    n++;
    atomic_fetch_add(&c->refs, 1);
    if (grpc_call_start_batch(c->call, ops, n, &c->t_recv, NULL) != GRPC_CALL_OK) call_unref(c);
}

static void refl_start(cuzk_server *s, call *c) {
    (void)s;
    atomic_fetch_add(&c->refs, 1);
    grpc_op op;
    memset(&op, 0, sizeof op);
    op.op = GRPC_OP_RECV_CLOSE_ON_SERVER;
    op.data.recv_close_on_server.cancelled = &c->cancelled;
    if (grpc_call_start_batch(c->call, &op, 1, &c->t_close, NULL) != GRPC_CALL_OK) call_unref(c);
    refl_next(c, NULL, 0);
    call_unref(c); /* the ref of the request */
}

static void refl_on_recv(call *c, bool ok) {
    if (!ok || !c->recv) {
        /* the client closed its side (or the call ended): finish */
        if (ok) {
            c->resp_details = grpc_slice_from_static_string("");
            c->have_details = true;
            grpc_op op;
            memset(&op, 0, sizeof op);
            op.op = GRPC_OP_SEND_STATUS_FROM_SERVER;
            op.data.send_status_from_server.status = GRPC_STATUS_OK;
            op.data.send_status_from_server.status_details = &c->resp_details;
            atomic_fetch_add(&c->s->rpc[M_REFL][GRPC_STATUS_OK], 1);
            atomic_fetch_add(&c->refs, 1);
            if (grpc_call_start_batch(c->call, &op, 1, &c->t_send, NULL) != GRPC_CALL_OK) call_unref(c);
        }
        call_unref(c);
        return;
    }
    size_t n = grpc_byte_buffer_length(c->recv);
    uint8_t *q = NULL, *ans = NULL;
    size_t alen = 0;
    if (n <= SMALL_REQUEST_MAX) {
        grpc_byte_buffer *keep = c->payload;
        c->payload = c->recv;
        c->recv = NULL;
        q = read_payload(c, &n); /* frees the buffer */
        c->payload = keep;
    } else {
        grpc_byte_buffer_destroy(c->recv);
        c->recv = NULL;
    }
    if (q) ans = refl_answer(q, n, &alen);
    free(q);
    if (!ans) {
        /* too large or no memory: end the stream */
        c->resp_details = grpc_slice_from_static_string("reflection request too large");
        c->have_details = true;
        grpc_op op;
        memset(&op, 0, sizeof op);
        op.op = GRPC_OP_SEND_STATUS_FROM_SERVER;
        op.data.send_status_from_server.status = GRPC_STATUS_INVALID_ARGUMENT;
        op.data.send_status_from_server.status_details = &c->resp_details;
        atomic_fetch_add(&c->refs, 1);
        if (grpc_call_start_batch(c->call, &op, 1, &c->t_send, NULL) != GRPC_CALL_OK) call_unref(c);
        call_unref(c);
        return;
    }
    refl_next(c, ans, alen);
    call_unref(c);
}

/* ---- resume ----------------------------------------------------------------------- */
static void resume_one(void *ctx, const char *job_id, int priority, const uint8_t *req, size_t len) {
    cuzk_server *s = ctx;
    Cuzk__V1__SubmitProofRequest *r = cuzk__v1__submit_proof_request__unpack(NULL, len, req);
    char why[320] = "the journaled request does not decode";
    eng_req e;
    cuzk_err err = {0};
    char id[CUZK_JOB_ID_MAX];
    int ok = r && validate_submit(s, r, why, sizeof why) == 0;
    if (ok && to_engine(r, &e) == 0) {
        if (cuzk_engine_submit(s->engine, &e.q, priority, job_id, id, NULL, &err) == 0 &&
            start_watcher(s, id) == 0) {
            atomic_fetch_add(&s->resumed, 1);
            dlog_info("job=%s resumed from the spool", job_id);
        } else {
            snprintf(why, sizeof why, "resubmission failed: %s", err.msg[0] ? err.msg : "no watcher thread");
            ok = 0;
        }
        eng_req_free(&e);
    } else {
        ok = 0;
    }
    if (r) cuzk__v1__submit_proof_request__free_unpacked(r, NULL);
    if (!ok) {
        cuzk_job_result res;
        memset(&res, 0, sizeof res);
        snprintf(res.job_id, sizeof res.job_id, "%s", job_id);
        res.state = CUZK_JOB_FAILED;
        res.err_code = CUZK_ERR_INVALID_ARGUMENT;
        snprintf(res.error, sizeof res.error, "not resumed after restart: %.200s", why);
        char je[256];
        if (cuzk_journal_finish(s->journal, &res, je, sizeof je)) dlog_error("job=%s %s", job_id, je);
        atomic_fetch_add(&s->resume_failed, 1);
        dlog_error("job=%s not resumed: %s", job_id, why);
    }
}

/* ---- lifecycle ------------------------------------------------------------------- */
/* A PEM file, NUL-terminated, at most 1 MiB. */
static char *read_pem(const char *path, const char *key, char *err, size_t el) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        cuzk_server_seterr(err, el, "%s %s: %s", key, path, strerror(errno));
        return NULL;
    }
    const size_t cap = 1u << 20;
    char *b = malloc(cap + 1);
    size_t n = b ? fread(b, 1, cap + 1, f) : 0;
    fclose(f);
    const char *why = NULL;
    if (!b) why = "out of memory";
    else if (n == 0) why = "empty";
    else if (n > cap) why = "larger than 1 MiB";
    else {
        b[n] = '\0';
        if (!strstr(b, "-----BEGIN")) why = "not PEM";
    }
    if (why) {
        cuzk_server_seterr(err, el, "%s %s: %s", key, path, why);
        free(b);
        return NULL;
    }
    return b;
}

static grpc_server_credentials *make_creds(const cuzk_daemon_config *cfg, char *err, size_t el) {
    if (!cfg->tls_cert_file[0]) return grpc_insecure_server_credentials_create();
    char *cert = read_pem(cfg->tls_cert_file, "daemon.tls_cert_file", err, el);
    char *key = cert ? read_pem(cfg->tls_key_file, "daemon.tls_key_file", err, el) : NULL;
    char *ca = NULL;
    if (key && cfg->tls_client_ca_file[0]) ca = read_pem(cfg->tls_client_ca_file, "daemon.tls_client_ca_file", err, el);
    grpc_server_credentials *c = NULL;
    if (key && (ca || !cfg->tls_client_ca_file[0])) {
        grpc_ssl_pem_key_cert_pair pair = {key, cert};
        c = grpc_ssl_server_credentials_create_ex(
            ca, &pair, 1,
            ca ? GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY : GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE, NULL);
        if (!c) cuzk_server_seterr(err, el, "TLS: the certificate or key was refused");
    }
    free(cert);
    free(key);
    free(ca);
    return c;
}

static int prepare_unix_socket(const char *addr, char *err, size_t el) {
    const char *p = addr + 5;
    if (strncmp(p, "//", 2) == 0) p += 2;
    char dir[512];
    snprintf(dir, sizeof dir, "%s", p);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = '\0';
        /* its folder, one level, owner-only when made here */
        if (mkdir(dir, 0700) && errno != EEXIST) {
            cuzk_server_seterr(err, el, "listen %s: mkdir %s: %s", addr, dir, strerror(errno));
            return -1;
        }
    }
    struct stat st;
    if (lstat(p, &st) == 0) {
        if (!S_ISSOCK(st.st_mode)) {
            cuzk_server_seterr(err, el, "listen %s: %s exists and is not a socket", addr, p);
            return -1;
        }
        unlink(p); /* a stale socket of an earlier run */
    }
    return 0;
}

int cuzk_server_start(cuzk_server **out, const cuzk_server_opts *o, char *err, size_t err_len) {
    *out = NULL;
    cuzk_server *s = calloc(1, sizeof *s);
    if (!s) {
        cuzk_server_seterr(err, err_len, "out of memory");
        return -1;
    }
    s->cfg = o->cfg;
    s->engine = o->engine;
    s->journal = o->journal;
    s->test_kinds = o->test_kinds;
    s->token = o->auth_token ? strdup(o->auth_token) : NULL;
    s->start_ns = cuzk_now_ns();
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    s->t_shutdown = (tag){T_SHUTDOWN, NULL};

    const char *listen = s->cfg->listen;
    if (strncmp(listen, "unix:", 5) == 0 && prepare_unix_socket(listen, err, err_len)) goto fail_early;

    grpc_init();
    int max = (int)s->cfg->max_message_bytes;
    grpc_arg args[3];
    memset(args, 0, sizeof args);
    args[0].type = GRPC_ARG_INTEGER;
    args[0].key = (char *)GRPC_ARG_MAX_RECEIVE_MESSAGE_LENGTH;
    args[0].value.integer = max;
    args[1].type = GRPC_ARG_INTEGER;
    args[1].key = (char *)GRPC_ARG_MAX_SEND_MESSAGE_LENGTH;
    args[1].value.integer = max;
    args[2].type = GRPC_ARG_INTEGER;
    args[2].key = (char *)GRPC_ARG_ALLOW_REUSEPORT;
    args[2].value.integer = 0;
    grpc_channel_args ca = {3, args};
    s->srv = grpc_server_create(&ca, NULL);
    s->cq = grpc_completion_queue_create_for_next(NULL);
    grpc_server_register_completion_queue(s->srv, s->cq, NULL);
    for (int m = 0; m < M_COUNT; m++) {
        s->rm[m] = grpc_server_register_method(s->srv, METHOD_PATH[m], NULL, GRPC_SRM_PAYLOAD_READ_INITIAL_BYTE_BUFFER, 0);
        if (!s->rm[m]) {
            cuzk_server_seterr(err, err_len, "could not register %s", METHOD_PATH[m]);
            goto fail;
        }
    }
    for (int v = 0; v < 2; v++) {
        s->rm_refl[v] = grpc_server_register_method(s->srv, REFL_PATH[v], NULL, GRPC_SRM_PAYLOAD_NONE, 0);
        if (!s->rm_refl[v]) {
            cuzk_server_seterr(err, err_len, "could not register %s", REFL_PATH[v]);
            goto fail;
        }
    }
    grpc_server_credentials *creds = make_creds(s->cfg, err, err_len);
    if (!creds) goto fail;
    int port = grpc_server_add_http2_port(s->srv, listen, creds);
    grpc_server_credentials_release(creds);
    if (port == 0) {
        cuzk_server_seterr(err, err_len, "could not listen on %s (in use, or not permitted)", listen);
        goto fail;
    }
    /* resubmit what the journal holds before serving */
    size_t n_ok = 0, n_bad = 0;
    cuzk_journal_replay(s->journal, resume_one, s, &n_ok, &n_bad);
    s->corrupt_at_start = n_bad;
    if (n_ok || n_bad) dlog_info("spool: %zu jobs resumed, %zu damaged entries set aside", n_ok, n_bad);
    cuzk_journal_prune(s->journal);

    grpc_server_start(s->srv);
    for (int m = 0; m <= M_REFL + 1; m++) {
        if (arm(s, m)) {
            cuzk_server_seterr(err, err_len, "could not await calls of %s", METHOD_NAME[m]);
            goto fail_started;
        }
    }
    *out = s;
    return 0;

fail_started:
    grpc_server_shutdown_and_notify(s->srv, s->cq, &s->t_shutdown);
    grpc_server_cancel_all_calls(s->srv);
    for (;;) {
        grpc_event ev = grpc_completion_queue_next(s->cq, gpr_inf_future(GPR_CLOCK_REALTIME), NULL);
        tag *t = ev.tag;
        if (t->kind == T_SHUTDOWN) break;
        if (t->c) call_unref(t->c);
    }
fail:
    if (s->srv) grpc_server_destroy(s->srv);
    if (s->cq) {
        grpc_completion_queue_shutdown(s->cq);
        while (grpc_completion_queue_next(s->cq, gpr_inf_future(GPR_CLOCK_REALTIME), NULL).type != GRPC_QUEUE_SHUTDOWN) {
        }
        grpc_completion_queue_destroy(s->cq);
    }
    grpc_shutdown();
fail_early:
    free(s->token);
    free(s);
    return -1;
}

static void handle_event(cuzk_server *s, grpc_event ev, bool *shutdown_done) {
    tag *t = ev.tag;
    switch (t->kind) {
    case T_SHUTDOWN:
        *shutdown_done = true;
        break;
    case T_NEW:
        if (!ev.success) {
            call_unref(t->c);
            break;
        }
        if (t->c->method == M_REFL) {
            if (!atomic_load(&s->draining)) arm(s, M_REFL + t->c->refl_version);
            refl_start(s, t->c);
            break;
        }
        if (!atomic_load(&s->draining)) arm(s, t->c->method);
        on_new(s, t->c);
        break;
    case T_RECV:
        refl_on_recv(t->c, ev.success);
        break;
    case T_CLOSE:
        if (t->c->cancelled) atomic_store(&t->c->gone, true);
        call_unref(t->c);
        break;
    case T_SEND:
        call_unref(t->c);
        break;
    }
}

void cuzk_server_run(cuzk_server *s, volatile sig_atomic_t *stop, void (*tick)(void *), void *ctx) {
    bool shutdown_done = false;
    uint64_t last_prune = cuzk_now_ns();
    while (!*stop) {
        grpc_event ev = grpc_completion_queue_next(s->cq, gpr_time_add(gpr_now(GPR_CLOCK_MONOTONIC),
                                                                       gpr_time_from_millis(200, GPR_TIMESPAN)),
                                                   NULL);
        if (ev.type == GRPC_OP_COMPLETE) handle_event(s, ev, &shutdown_done);
        if (tick) tick(ctx);
        if (cuzk_now_ns() - last_prune > 60ull * 1000000000u) {
            cuzk_journal_prune(s->journal);
            last_prune = cuzk_now_ns();
        }
    }
    /* drain: refuse new calls, let running ones finish for a while */
    dlog_info("draining: %d calls in flight, %d jobs watched", atomic_load(&s->calls_in_flight), count_watchers(s));
    atomic_store(&s->draining, true);
    grpc_server_shutdown_and_notify(s->srv, s->cq, &s->t_shutdown);
    uint64_t t0 = cuzk_now_ns();
    bool cancelled = false;
    while (!shutdown_done || atomic_load(&s->calls_in_flight) > 0) {
        if (!cancelled && (cuzk_now_ns() - t0) / 1000000u >= s->cfg->drain_timeout_ms) {
            dlog_info("drain timeout: cancelling %d calls (their jobs stay journaled)", atomic_load(&s->calls_in_flight));
            grpc_server_cancel_all_calls(s->srv);
            cancelled = true;
        }
        grpc_event ev = grpc_completion_queue_next(s->cq, gpr_time_add(gpr_now(GPR_CLOCK_MONOTONIC),
                                                                       gpr_time_from_millis(100, GPR_TIMESPAN)),
                                                   NULL);
        if (ev.type == GRPC_OP_COMPLETE) handle_event(s, ev, &shutdown_done);
        if (tick) tick(ctx);
    }
}

void cuzk_server_free(cuzk_server *s) {
    if (!s) return;
    atomic_store(&s->stop_watchers, true);
    pthread_mutex_lock(&s->mu);
    while (s->n_watchers > 0) pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
    grpc_server_destroy(s->srv);
    grpc_completion_queue_shutdown(s->cq);
    for (;;) {
        grpc_event ev = grpc_completion_queue_next(s->cq, gpr_inf_future(GPR_CLOCK_REALTIME), NULL);
        if (ev.type == GRPC_QUEUE_SHUTDOWN) break;
        if (ev.type == GRPC_OP_COMPLETE) {
            tag *t = ev.tag;
            if (t->c) call_unref(t->c);
        }
    }
    grpc_completion_queue_destroy(s->cq);
    grpc_shutdown();
    while (s->awaiters) named_del(&s->awaiters, s->awaiters->id);
    while (s->watched) named_del(&s->watched, s->watched->id);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s->token);
    free(s);
}

/* ---- metrics ----------------------------------------------------------------------- */
typedef struct {
    char *p;
    size_t n, cap;
    bool oom;
} sbuf;
static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...) {
    if (b->oom) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->oom = true;
            return;
        }
        if (b->p && (size_t)k < b->cap - b->n) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + (size_t)k + 1) cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->oom = true;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
}

static void label_escape(char *out, size_t cap, const char *in) {
    size_t o = 0;
    for (; *in && o + 3 < cap; in++) {
        if (*in == '"' || *in == '\\') out[o++] = '\\', out[o++] = *in;
        else if (*in == '\n') out[o++] = '\\', out[o++] = 'n';
        else out[o++] = *in;
    }
    out[o] = '\0';
}

char *cuzk_server_metrics_text(cuzk_server *s) {
    sbuf b = {0};
    char bid[512];
    label_escape(bid, sizeof bid, cuzk_build_id());
    sb_printf(&b, "# HELP cuzk_daemon_build_info The daemon's build (value always 1).\n"
                  "# TYPE cuzk_daemon_build_info gauge\ncuzk_daemon_build_info{build_id=\"%s\"} 1\n", bid);
    sb_printf(&b, "# HELP cuzk_daemon_uptime_seconds Seconds since the daemon started.\n"
                  "# TYPE cuzk_daemon_uptime_seconds gauge\ncuzk_daemon_uptime_seconds %" PRIu64 "\n",
              (cuzk_now_ns() - s->start_ns) / 1000000000u);
    sb_printf(&b, "# HELP cuzk_daemon_rpc_total RPCs answered, by method and gRPC status.\n"
                  "# TYPE cuzk_daemon_rpc_total counter\n");
    for (int m = 0; m < N_METHODS; m++)
        for (int k = 0; k < N_CODES; k++) {
            unsigned long long v = atomic_load(&s->rpc[m][k]);
            if (v || (k == 0 && m < M_COUNT))
                sb_printf(&b, "cuzk_daemon_rpc_total{method=\"%s\",code=\"%s\"} %llu\n", METHOD_NAME[m],
                          CODE_NAME[k], v);
        }
    sb_printf(&b, "# HELP cuzk_daemon_calls_in_flight RPCs being answered now.\n"
                  "# TYPE cuzk_daemon_calls_in_flight gauge\ncuzk_daemon_calls_in_flight %d\n",
              atomic_load(&s->calls_in_flight));
    sb_printf(&b, "# HELP cuzk_daemon_jobs_in_flight Accepted jobs not finished yet (journaled).\n"
                  "# TYPE cuzk_daemon_jobs_in_flight gauge\ncuzk_daemon_jobs_in_flight %d\n",
              count_watchers(s));
    struct {
        const char *name, *help;
        unsigned long long v;
    } ctr[] = {
        {"cuzk_daemon_jobs_accepted_total", "Jobs accepted by SubmitProof and Prove.", atomic_load(&s->jobs_accepted)},
        {"cuzk_daemon_jobs_resumed_total", "Jobs resubmitted from the spool at start.", atomic_load(&s->resumed)},
        {"cuzk_daemon_jobs_resume_failed_total", "Journaled jobs that could not be resubmitted.",
         atomic_load(&s->resume_failed)},
        {"cuzk_daemon_clients_gone_total", "Prove and AwaitProof calls whose client went away.",
         atomic_load(&s->clients_gone)},
        {"cuzk_daemon_jobs_cancelled_on_disconnect_total", "Jobs cancelled because their Prove caller went away.",
         atomic_load(&s->cancelled_on_disconnect)},
    };
    for (size_t i = 0; i < sizeof ctr / sizeof ctr[0]; i++)
        sb_printf(&b, "# HELP %s %s\n# TYPE %s counter\n%s %llu\n", ctr[i].name, ctr[i].help, ctr[i].name,
                  ctr[i].name, ctr[i].v);
    cuzk_journal_stats js;
    cuzk_journal_get_stats(s->journal, &js);
    sb_printf(&b,
              "# HELP cuzk_daemon_spool_corrupt_total Damaged spool entries set aside.\n"
              "# TYPE cuzk_daemon_spool_corrupt_total counter\ncuzk_daemon_spool_corrupt_total %" PRIu64 "\n"
              "# HELP cuzk_daemon_spool_results Finished results kept in the spool.\n"
              "# TYPE cuzk_daemon_spool_results gauge\ncuzk_daemon_spool_results %" PRIu64 "\n"
              "# HELP cuzk_daemon_spool_result_bytes Bytes of the finished results kept in the spool.\n"
              "# TYPE cuzk_daemon_spool_result_bytes gauge\ncuzk_daemon_spool_result_bytes %" PRIu64 "\n",
              js.corrupt, js.result_files, js.result_bytes);
    char *eng = NULL;
    cuzk_err err = {0};
    if (cuzk_engine_metrics_text(s->engine, &eng, &err) == 0 && eng) {
        sb_printf(&b, "%s", eng);
        free(eng);
    }
    if (b.oom) {
        free(b.p);
        return NULL;
    }
    return b.p ? b.p : strdup("");
}
