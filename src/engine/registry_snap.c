/* The SnapDeals (ProveReplicaUpdate2) entry of the circuit registry: the
 * registered update proof number (0..4: 2 KiB .. 64 GiB), comm_r_old,
 * comm_d_new and comm_r_new (32 bytes each) and one bincode PartitionProof per
 * partition in, one proof per partition out (h is filecoin-proofs' default).
 * Every partition's vanilla proof is checked before any proving; witnesses
 * come from the fast generator, one per sector size, built on first use. */
#include "engine_impl.h"
#include "cuzk/update.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    pthread_mutex_t lock;
    cuzk_update_wgen *gen[CUZK_UPDATE__COUNT];
} snap_ctx;

typedef struct {
    cuzk_update_config cfg;
    cuzk_update_partition_proof *proofs;
    uint32_t n_proofs;
    uint8_t comm_r_old[32], comm_d_new[32], comm_r_new[32];
    const cuzk_update_wgen *gen;
    uint64_t n_inputs, n_aux, n_constraints;
} snap_input;

static void snap_input_free(void *ctx, void *input)
{
    (void)ctx;
    snap_input *si = input;
    if (!si) return;
    for (uint32_t i = 0; i < si->n_proofs; i++) cuzk_update_partition_proof_free(&si->proofs[i]);
    free(si->proofs);
    free(si);
}

static int comm(uint8_t out[32], const uint8_t *p, size_t len, const char *name, cuzk_err *err)
{
    if (!p || len != 32) return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "%s: %zu bytes, want 32", name, len);
    memcpy(out, p, 32);
    return 0;
}

static int snap_prepare(void *ctx, const cuzk_proof_request *req, void **input, cuzk_job_plan *plan, cuzk_err *err)
{
    snap_ctx *sc = ctx;
    *input = NULL;
    if (req->registered_proof >= CUZK_UPDATE__COUNT)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "registered_proof %llu is not an update proof (0..4)",
                            (unsigned long long)req->registered_proof);
    snap_input *si = calloc(1, sizeof *si);
    if (!si) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "snap input");
    int rc = cuzk_update_config_init(&si->cfg, (cuzk_update_proof)req->registered_proof, false, err);
    if (!rc && req->sector_size && req->sector_size != si->cfg.sector_size)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sector_size %llu, but registered_proof %llu is for %llu",
                          (unsigned long long)req->sector_size, (unsigned long long)req->registered_proof,
                          (unsigned long long)si->cfg.sector_size);
    if (!rc) rc = comm(si->comm_r_old, req->comm_r_old, req->comm_r_old_len, "comm_r_old", err);
    if (!rc) rc = comm(si->comm_d_new, req->comm_d_new, req->comm_d_new_len, "comm_d_new", err);
    if (!rc) rc = comm(si->comm_r_new, req->comm_r_new, req->comm_r_new_len, "comm_r_new", err);
    if (!rc && req->n_vanilla_proofs != si->cfg.partitions)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "vanilla_proofs: %zu, want %u (one per partition)",
                          req->n_vanilla_proofs, si->cfg.partitions);
    if (!rc && !(si->proofs = calloc(si->cfg.partitions, sizeof *si->proofs)))
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "partition proofs");
    for (uint32_t k = 0; !rc && k < si->cfg.partitions; k++) {
        rc = cuzk_update_proof_read(&si->proofs[k], req->vanilla_proofs[k], req->vanilla_proof_lens[k], &si->cfg, err);
        if (!rc) si->n_proofs++;
        if (!rc) rc = cuzk_update_partition_verify(&si->proofs[k], &si->cfg, k, si->cfg.h, si->comm_r_old,
                                                   si->comm_d_new, si->comm_r_new, err);
        if (rc) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            cuzk_err_set(err, rc, "vanilla_proofs[%u]: %.200s", k, msg);
        }
    }
    if (!rc) {
        pthread_mutex_lock(&sc->lock);
        if (!sc->gen[si->cfg.update_proof]) rc = cuzk_update_wgen_new(&sc->gen[si->cfg.update_proof], &si->cfg, err);
        si->gen = sc->gen[si->cfg.update_proof];
        pthread_mutex_unlock(&sc->lock);
    }
    char name[184];
    if (!rc) rc = cuzk_update_param_name(&si->cfg, name, sizeof name, err);
    if (rc) {
        snap_input_free(ctx, si);
        return rc;
    }
    cuzk_update_wgen_sizes(si->gen, &si->n_inputs, &si->n_aux, &si->n_constraints);
    plan->partitions = si->cfg.partitions;
    snprintf(plan->params_id, sizeof plan->params_id, "%s.params", name);
    plan->witness_bytes = (si->n_inputs + si->n_aux + 3 * si->n_constraints) * sizeof(cuzk_fr);
    snprintf(plan->summary, sizeof plan->summary, "%s update, %u partition%s",
             cuzk_update_proof_name(si->cfg.update_proof), si->cfg.partitions, si->cfg.partitions == 1 ? "" : "s");
    *input = si;
    return 0;
}

static int snap_witness(void *ctx, const void *input, uint32_t k, cuzk_pool *pool, cuzk_witness *w, void **state,
                        cuzk_err *err)
{
    (void)ctx;
    const snap_input *si = input;
    *state = NULL;
    const uint64_t n = si->n_inputs + si->n_aux + 3 * si->n_constraints;
    cuzk_fr *mem = cuzk_alloc_array(n, sizeof *mem);
    if (!mem)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness buffers of %llu MiB",
                            (unsigned long long)((n * sizeof *mem) >> 20));
    cuzk_update_wgen_buffers buf = { mem, mem + si->n_inputs, mem + si->n_inputs + si->n_aux,
                                     mem + si->n_inputs + si->n_aux + si->n_constraints,
                                     mem + si->n_inputs + si->n_aux + 2 * si->n_constraints };
    cuzk_update_circuit *uc = NULL;
    int rc = cuzk_update_circuit_from_inputs(&uc, &si->cfg, k, si->cfg.h, si->comm_r_old, si->comm_d_new,
                                             si->comm_r_new, &si->proofs[k], err);
    if (!rc) rc = cuzk_update_wgen_fill(si->gen, uc, &buf, pool, err);
    cuzk_update_circuit_free(uc);
    if (rc) {
        cuzk_free(mem);
        return rc;
    }
    cuzk_update_wgen_witness(si->gen, &buf, w);
    *state = mem;
    return 0;
}

static void snap_witness_free(void *ctx, void *state)
{
    (void)ctx;
    cuzk_free(state);
}

static int snap_public_inputs(void *ctx, const void *input, uint32_t k, cuzk_fr **out, size_t *n, cuzk_err *err)
{
    (void)ctx;
    const snap_input *si = input;
    *n = CUZK_UPDATE_PUBLIC_INPUTS;
    *out = calloc(*n, sizeof **out);
    if (!*out) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "public inputs");
    int rc = cuzk_update_public_inputs(*out, &si->cfg, k, si->cfg.h, si->comm_r_old, si->comm_d_new, si->comm_r_new,
                                       err);
    if (rc) {
        free(*out);
        *out = NULL;
    }
    return rc;
}

/* "snap-2k", "snap-8m", "snap-512m", "snap-32g", "snap-64g" */
static int snap_params_of(void *ctx, const char *id, char params_id[192])
{
    (void)ctx;
    static const char *sizes[5] = { "2k", "8m", "512m", "32g", "64g" };
    if (strncmp(id, "snap-", 5)) return -1;
    for (int i = 0; i < 5; i++) {
        if (strcmp(id + 5, sizes[i])) continue;
        cuzk_update_config cfg;
        char name[184];
        if (cuzk_update_config_init(&cfg, (cuzk_update_proof)i, false, NULL) ||
            cuzk_update_param_name(&cfg, name, sizeof name, NULL))
            return -1;
        snprintf(params_id, 192, "%s.params", name);
        return 0;
    }
    return -1;
}

static void snap_ctx_free(void *ctx)
{
    snap_ctx *sc = ctx;
    if (!sc) return;
    for (int i = 0; i < CUZK_UPDATE__COUNT; i++) cuzk_update_wgen_free(sc->gen[i]);
    pthread_mutex_destroy(&sc->lock);
    free(sc);
}

int cuzk_engine_snap_entry(cuzk_circuit_entry *out, cuzk_err *err)
{
    memset(out, 0, sizeof *out);
    snap_ctx *sc = calloc(1, sizeof *sc);
    if (!sc) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "snap entry");
    pthread_mutex_init(&sc->lock, NULL);
    out->label = "snap-update";
    out->kind = CUZK_KIND_SNAP;
    out->ctx = sc;
    out->prepare = snap_prepare;
    out->input_free = snap_input_free;
    out->witness = snap_witness;
    out->witness_free = snap_witness_free;
    out->public_inputs = snap_public_inputs;
    out->params_of = snap_params_of;
    out->ctx_free = snap_ctx_free;
    return 0;
}
