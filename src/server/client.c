/* A C client of cuzk.v1.ProvingEngine (client.h). */
#include "cuzk/client.h"
#include "server/config.h"

#include <grpc/byte_buffer.h>
#include <grpc/byte_buffer_reader.h>
#include <grpc/grpc.h>
#include <grpc/grpc_security.h>
#include <grpc/slice.h>
#include <grpc/support/time.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuzk/v1/proving.pb-c.h"

struct cuzk_client {
    grpc_channel *ch;
    grpc_completion_queue *cq;
    char *auth; /* "Bearer <token>" or NULL */
};

static const char *const CODES[17] = {"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
                                      "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
                                      "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED",
                                      "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};


int cuzk_client_open(cuzk_client **out, const char *addr, const char *token, char *err, size_t err_len) {
    *out = NULL;
    if (!addr || !*addr) {
        cuzk_server_seterr(err, err_len, "no daemon address");
        return -1;
    }
    cuzk_client *c = calloc(1, sizeof *c);
    if (!c) {
        cuzk_server_seterr(err, err_len, "out of memory");
        return -1;
    }
    if (token && *token) {
        size_t n = strlen(token) + 8;
        c->auth = malloc(n);
        if (!c->auth) {
            free(c);
            cuzk_server_seterr(err, err_len, "out of memory");
            return -1;
        }
        snprintf(c->auth, n, "Bearer %s", token);
    }
    grpc_init();
    grpc_arg args[2];
    memset(args, 0, sizeof args);
    args[0].type = GRPC_ARG_INTEGER;
    args[0].key = (char *)GRPC_ARG_MAX_RECEIVE_MESSAGE_LENGTH;
    args[0].value.integer = 256 << 20;
    args[1].type = GRPC_ARG_INTEGER;
    args[1].key = (char *)GRPC_ARG_MAX_SEND_MESSAGE_LENGTH;
    args[1].value.integer = 256 << 20;
    grpc_channel_args ca = {2, args};
    grpc_channel_credentials *creds = grpc_insecure_credentials_create();
    c->ch = grpc_channel_create(addr, creds, &ca);
    grpc_channel_credentials_release(creds);
    c->cq = grpc_completion_queue_create_for_pluck(NULL);
    if (!c->ch || !c->cq) {
        cuzk_client_close(c);
        cuzk_server_seterr(err, err_len, "cannot make a channel to %s", addr);
        return -1;
    }
    *out = c;
    return 0;
}

void cuzk_client_close(cuzk_client *c) {
    if (!c) return;
    if (c->ch) grpc_channel_destroy(c->ch);
    if (c->cq) {
        grpc_completion_queue_shutdown(c->cq);
        grpc_completion_queue_destroy(c->cq);
    }
    grpc_shutdown();
    free(c->auth);
    free(c);
}

int cuzk_client_call(cuzk_client *c, const char *method, const uint8_t *req, size_t req_len, uint64_t timeout_ms,
                     uint8_t **resp, size_t *resp_len, int *status, char *details, size_t details_len) {
    *resp = NULL;
    *resp_len = 0;
    *status = GRPC_STATUS_UNKNOWN;
    if (details && details_len) details[0] = '\0';
    gpr_timespec deadline = timeout_ms ? gpr_time_add(gpr_now(GPR_CLOCK_REALTIME),
                                                      gpr_time_from_millis((int64_t)timeout_ms, GPR_TIMESPAN))
                                       : gpr_inf_future(GPR_CLOCK_REALTIME);
    grpc_slice msl = grpc_slice_from_copied_string(method);
    grpc_call *call = grpc_channel_create_call(c->ch, NULL, GRPC_PROPAGATE_DEFAULTS, c->cq, msl, NULL, deadline, NULL);
    grpc_slice_unref(msl);
    if (!call) {
        cuzk_server_seterr(details, details_len, "cannot start a call of %s", method);
        return -1;
    }
    grpc_metadata md;
    memset(&md, 0, sizeof md);
    if (c->auth) {
        md.key = grpc_slice_from_static_string("authorization");
        md.value = grpc_slice_from_copied_string(c->auth);
    }
    grpc_slice rsl = grpc_slice_from_copied_buffer((const char *)req, req_len);
    grpc_byte_buffer *send = grpc_raw_byte_buffer_create(&rsl, 1);
    grpc_slice_unref(rsl);
    grpc_byte_buffer *recv = NULL;
    grpc_metadata_array init_md, trail_md;
    grpc_metadata_array_init(&init_md);
    grpc_metadata_array_init(&trail_md);
    grpc_status_code code = GRPC_STATUS_UNKNOWN;
    grpc_slice st_details = grpc_empty_slice();
    grpc_op ops[6];
    memset(ops, 0, sizeof ops);
    ops[0].op = GRPC_OP_SEND_INITIAL_METADATA;
    ops[0].data.send_initial_metadata.count = c->auth ? 1 : 0;
    ops[0].data.send_initial_metadata.metadata = c->auth ? &md : NULL;
    ops[1].op = GRPC_OP_SEND_MESSAGE;
    ops[1].data.send_message.send_message = send;
    ops[2].op = GRPC_OP_SEND_CLOSE_FROM_CLIENT;
    ops[3].op = GRPC_OP_RECV_INITIAL_METADATA;
    ops[3].data.recv_initial_metadata.recv_initial_metadata = &init_md;
    ops[4].op = GRPC_OP_RECV_MESSAGE;
    ops[4].data.recv_message.recv_message = &recv;
    ops[5].op = GRPC_OP_RECV_STATUS_ON_CLIENT;
    ops[5].data.recv_status_on_client.trailing_metadata = &trail_md;
    ops[5].data.recv_status_on_client.status = &code;
    ops[5].data.recv_status_on_client.status_details = &st_details;
    int rc = -1;
    if (grpc_call_start_batch(call, ops, 6, call, NULL) == GRPC_CALL_OK) {
        grpc_event ev = grpc_completion_queue_pluck(c->cq, call, gpr_inf_future(GPR_CLOCK_REALTIME), NULL);
        if (ev.type == GRPC_OP_COMPLETE) {
            rc = 0;
            *status = (int)code;
            if (details && details_len) {
                size_t n = GRPC_SLICE_LENGTH(st_details);
                if (n >= details_len) n = details_len - 1;
                memcpy(details, GRPC_SLICE_START_PTR(st_details), n);
                details[n] = '\0';
            }
            if (code == GRPC_STATUS_OK && recv) {
                size_t n = grpc_byte_buffer_length(recv);
                uint8_t *p = malloc(n ? n : 1);
                grpc_byte_buffer_reader rd;
                if (p && grpc_byte_buffer_reader_init(&rd, recv)) {
                    size_t off = 0;
                    grpc_slice sl;
                    while (grpc_byte_buffer_reader_next(&rd, &sl)) {
                        size_t k = GRPC_SLICE_LENGTH(sl);
                        if (k > n - off) k = n - off;
                        memcpy(p + off, GRPC_SLICE_START_PTR(sl), k);
                        off += k;
                        grpc_slice_unref(sl);
                    }
                    grpc_byte_buffer_reader_destroy(&rd);
                    *resp = p;
                    *resp_len = off;
                } else {
                    free(p);
                    rc = -1;
                    cuzk_server_seterr(details, details_len, "out of memory reading the reply");
                }
            }
        }
    }
    if (c->auth) grpc_slice_unref(md.value);
    grpc_slice_unref(st_details);
    grpc_metadata_array_destroy(&init_md);
    grpc_metadata_array_destroy(&trail_md);
    grpc_byte_buffer_destroy(send);
    if (recv) grpc_byte_buffer_destroy(recv);
    grpc_call_unref(call);
    return rc;
}

static int call_msg(cuzk_client *c, const char *method, const ProtobufCMessage *m, uint64_t timeout_ms,
                    const ProtobufCMessageDescriptor *rd, ProtobufCMessage **out, char *err, size_t el) {
    size_t n = protobuf_c_message_get_packed_size(m);
    uint8_t *b = malloc(n ? n : 1);
    if (!b) {
        cuzk_server_seterr(err, el, "out of memory");
        return -1;
    }
    protobuf_c_message_pack(m, b);
    uint8_t *resp;
    size_t rl;
    int status;
    char det[512];
    int rc = cuzk_client_call(c, method, b, n, timeout_ms, &resp, &rl, &status, det, sizeof det);
    free(b);
    if (rc) {
        cuzk_server_seterr(err, el, "%s: %s", method, det);
        return -1;
    }
    if (status != GRPC_STATUS_OK) {
        cuzk_server_seterr(err, el, "%s: %s", status >= 0 && status < 17 ? CODES[status] : "?", det);
        return -1;
    }
    *out = protobuf_c_message_unpack(rd, NULL, rl, resp);
    free(resp);
    if (!*out) {
        cuzk_server_seterr(err, el, "%s: the reply does not decode", method);
        return -1;
    }
    return 0;
}

int cuzk_client_prove(cuzk_client *c, const cuzk_proof_request *q, int priority, const char *request_id,
                      uint64_t timeout_ms, cuzk_job_result *out, char *err, size_t err_len) {
    memset(out, 0, sizeof *out);
    Cuzk__V1__SubmitProofRequest s;
    cuzk__v1__submit_proof_request__init(&s);
    s.request_id = (char *)(request_id ? request_id : "");
    s.proof_kind = (Cuzk__V1__ProofKind)q->kind;
    s.sector_size = q->sector_size;
    s.registered_proof = q->registered_proof;
    s.priority = (Cuzk__V1__Priority)priority;
    s.vanilla_proof.data = (uint8_t *)q->vanilla_proof;
    s.vanilla_proof.len = q->vanilla_proof ? q->vanilla_proof_len : 0;
    ProtobufCBinaryData *vp = NULL;
    if (q->n_vanilla_proofs) {
        vp = calloc(q->n_vanilla_proofs, sizeof *vp);
        if (!vp) {
            cuzk_server_seterr(err, err_len, "out of memory");
            return -1;
        }
        for (size_t i = 0; i < q->n_vanilla_proofs; i++) {
            vp[i].data = (uint8_t *)q->vanilla_proofs[i];
            vp[i].len = q->vanilla_proof_lens[i];
        }
    }
    s.n_vanilla_proofs = q->n_vanilla_proofs;
    s.vanilla_proofs = vp;
    s.sector_number = q->sector_number;
    s.miner_id = q->miner_id;
    s.randomness.data = (uint8_t *)q->randomness;
    s.randomness.len = q->randomness ? q->randomness_len : 0;
    s.partition_index = q->partition_index;
    s.comm_r_old.data = (uint8_t *)q->comm_r_old;
    s.comm_r_old.len = q->comm_r_old ? q->comm_r_old_len : 0;
    s.comm_r_new.data = (uint8_t *)q->comm_r_new;
    s.comm_r_new.len = q->comm_r_new ? q->comm_r_new_len : 0;
    s.comm_d_new.data = (uint8_t *)q->comm_d_new;
    s.comm_d_new.len = q->comm_d_new ? q->comm_d_new_len : 0;
    Cuzk__V1__ProveRequest pr;
    cuzk__v1__prove_request__init(&pr);
    pr.submit = &s;
    Cuzk__V1__ProveResponse *resp = NULL;
    int rc = call_msg(c, "/cuzk.v1.ProvingEngine/Prove", &pr.base, timeout_ms, &cuzk__v1__prove_response__descriptor,
                      (ProtobufCMessage **)&resp, err, err_len);
    free(vp);
    if (rc) return -1;
    const Cuzk__V1__AwaitProofResponse *r = resp->result;
    if (!r) {
        cuzk__v1__prove_response__free_unpacked(resp, NULL);
        cuzk_server_seterr(err, err_len, "Prove: the reply has no result");
        return -1;
    }
    snprintf(out->job_id, sizeof out->job_id, "%s", r->job_id ? r->job_id : "");
    switch (r->status) {
    case CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__COMPLETED: out->state = CUZK_JOB_COMPLETED; break;
    case CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__FAILED: out->state = CUZK_JOB_FAILED; break;
    case CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__CANCELLED: out->state = CUZK_JOB_CANCELLED; break;
    case CUZK__V1__AWAIT_PROOF_RESPONSE__STATUS__TIMEOUT: out->state = CUZK_JOB_TIMEOUT; break;
    default: out->state = CUZK_JOB_UNKNOWN; break;
    }
    snprintf(out->error, sizeof out->error, "%s", r->error_message ? r->error_message : "");
    if (r->proof.len) {
        out->proof = malloc(r->proof.len);
        if (!out->proof) {
            cuzk__v1__prove_response__free_unpacked(resp, NULL);
            cuzk_server_seterr(err, err_len, "out of memory");
            return -1;
        }
        memcpy(out->proof, r->proof.data, r->proof.len);
        out->proof_len = r->proof.len;
    }
    out->queue_wait_ms = r->queue_wait_ms;
    out->srs_load_ms = r->srs_load_ms;
    out->synthesis_ms = r->synthesis_ms;
    out->gpu_compute_ms = r->gpu_compute_ms;
    out->total_ms = r->total_ms;
    cuzk__v1__prove_response__free_unpacked(resp, NULL);
    return 0;
}

int cuzk_client_status_text(cuzk_client *c, char **text, char *err, size_t err_len) {
    *text = NULL;
    Cuzk__V1__GetStatusRequest q;
    cuzk__v1__get_status_request__init(&q);
    Cuzk__V1__GetStatusResponse *r = NULL;
    if (call_msg(c, "/cuzk.v1.ProvingEngine/GetStatus", &q.base, 5000, &cuzk__v1__get_status_response__descriptor,
                 (ProtobufCMessage **)&r, err, err_len))
        return -1;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        cuzk__v1__get_status_response__free_unpacked(r, NULL);
        cuzk_server_seterr(err, err_len, "out of memory");
        return -1;
    }
    fprintf(f, "uptime_seconds %" PRIu64 "\nproofs_completed %" PRIu64 "\nproofs_failed %" PRIu64 "\n",
            r->uptime_seconds, r->total_proofs_completed, r->total_proofs_failed);
    for (size_t i = 0; i < r->n_gpus; i++)
        fprintf(f, "worker %u %s vram_total %" PRIu64 " vram_free %" PRIu64 " job %s %s\n", r->gpus[i]->ordinal,
                r->gpus[i]->name, r->gpus[i]->vram_total_bytes, r->gpus[i]->vram_free_bytes,
                r->gpus[i]->current_job_id[0] ? r->gpus[i]->current_job_id : "-",
                r->gpus[i]->current_proof_kind[0] ? r->gpus[i]->current_proof_kind : "-");
    for (size_t i = 0; i < r->n_queues; i++)
        fprintf(f, "queue %s pending %u in_progress %u\n", r->queues[i]->proof_kind, r->queues[i]->pending,
                r->queues[i]->in_progress);
    for (size_t i = 0; i < r->n_loaded_srs; i++)
        fprintf(f, "params %s bytes %" PRIu64 " users %u\n", r->loaded_srs[i]->circuit_id, r->loaded_srs[i]->size_bytes,
                r->loaded_srs[i]->ref_count);
    fprintf(f, "params_resident_bytes %" PRIu64 " params_budget_bytes %" PRIu64 "\n", r->pinned_memory_bytes,
            r->pinned_memory_limit_bytes);
    fclose(f);
    cuzk__v1__get_status_response__free_unpacked(r, NULL);
    *text = buf;
    return 0;
}
