/* The WindowPoSt and WinningPoSt entries of the circuit registry. A request
 * carries the registered PoSt proof number (0..4 Winning, 5..14 Window), the
 * 32-byte randomness, the miner id and one bincode FallbackPoStSectorProof per
 * sector; a WindowPoSt request is one partition (partition_index) and carries
 * that partition's sectors. Randomness has its top two bits cleared, as the
 * chain's callers do before proving (it must be a field element). The vanilla
 * proofs are checked before any proving; witnesses come from the fast
 * generator, one per proof kind, built on first use and shared. */
#include "engine_impl.h"
#include "cuzk/porep_synth.h"
#include "cuzk/post.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int kind;                                  /* CUZK_KIND_WINDOW_POST or _WINNING_POST */
    pthread_mutex_t lock;
    cuzk_post_wgen *gen[CUZK_POST__COUNT];
} post_ctx;

typedef struct {
    cuzk_post_config cfg;
    cuzk_post_vanilla *vanilla;
    size_t n_vanilla;
    cuzk_post_sector *sectors;                 /* partition p's sectors, after p * sector_count placeholders */
    size_t n_sectors;
    cuzk_post_inputs in;
    uint32_t partition;
    const cuzk_post_wgen *gen;
    uint64_t n_inputs, n_aux, n_constraints;
} post_input;

static void post_input_free(void *ctx, void *input)
{
    (void)ctx;
    post_input *pi = input;
    if (!pi) return;
    for (size_t i = 0; i < pi->n_vanilla; i++) cuzk_post_vanilla_free(&pi->vanilla[i]);
    free(pi->vanilla);
    free(pi->sectors);
    free(pi);
}

static int post_prepare(void *ctx, const cuzk_proof_request *req, void **input, cuzk_job_plan *plan, cuzk_err *err)
{
    post_ctx *pc = ctx;
    *input = NULL;
    const bool window = pc->kind == CUZK_KIND_WINDOW_POST;
    if (req->registered_proof >= CUZK_POST__COUNT ||
        (window != (req->registered_proof >= CUZK_POST_WINDOW_2KIB_V1)))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "registered_proof %llu is not a %s PoSt proof",
                            (unsigned long long)req->registered_proof, window ? "Window" : "Winning");
    if (!req->randomness || req->randomness_len != 32)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "randomness: %zu bytes, want 32", req->randomness_len);
    if (!req->n_vanilla_proofs)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "vanilla_proofs: none (one per sector)");
    post_input *pi = calloc(1, sizeof *pi);
    if (!pi) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post input");
    int rc = cuzk_post_config_init(&pi->cfg, (cuzk_post_proof)req->registered_proof, err);
    if (!rc && req->sector_size && req->sector_size != pi->cfg.sector_size)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sector_size %llu, but registered_proof %llu is for %llu",
                          (unsigned long long)req->sector_size, (unsigned long long)req->registered_proof,
                          (unsigned long long)pi->cfg.sector_size);
    const size_t limit = window ? pi->cfg.sector_count : 1;
    if (!rc && req->n_vanilla_proofs > limit)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "vanilla_proofs: %zu, at most %zu for %s",
                          req->n_vanilla_proofs, limit, cuzk_post_proof_name((int)req->registered_proof));
    const uint32_t p = window ? req->partition_index : 0;
    if (!rc && window && p > 100000)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "partition_index %u", p);
    if (!rc && !(pi->vanilla = calloc(req->n_vanilla_proofs, sizeof *pi->vanilla)))
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "vanilla proofs");
    for (size_t i = 0; !rc && i < req->n_vanilla_proofs; i++) {
        rc = cuzk_post_vanilla_read(&pi->vanilla[i], req->vanilla_proofs[i], req->vanilla_proof_lens[i], &pi->cfg, err);
        if (rc) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            cuzk_err_set(err, rc, "vanilla_proofs[%zu]: %.200s", i, msg);
        } else {
            pi->n_vanilla++;
        }
    }
    /* sectors in partition order: p * sector_count placeholders, then this partition's */
    const size_t before = (size_t)p * pi->cfg.sector_count;
    if (!rc && !(pi->sectors = calloc(before + pi->n_vanilla, sizeof *pi->sectors)))
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "sectors");
    for (size_t i = 0; !rc && i < before + pi->n_vanilla; i++) {
        const cuzk_post_vanilla *v = &pi->vanilla[i < before ? 0 : i - before];
        pi->sectors[i].sector_id = v->sector_id;
        memcpy(pi->sectors[i].comm_r, v->comm_r, 32);
    }
    if (!rc) {
        pi->n_sectors = before + pi->n_vanilla;
        pi->partition = p;
        memcpy(pi->in.randomness, req->randomness, 32);
        pi->in.randomness[31] &= 0x3f;
        cuzk_porep_prover_id_from_miner(pi->in.prover_id, req->miner_id);
        pi->in.sectors = pi->sectors;
        pi->in.n_sectors = pi->n_sectors;
        pi->in.vanilla = pi->vanilla;
        pi->in.n_vanilla = pi->n_vanilla;
        rc = cuzk_post_vanilla_verify(&pi->cfg, &pi->in, p, err);
    }
    if (!rc) {
        pthread_mutex_lock(&pc->lock);
        if (!pc->gen[pi->cfg.post_proof]) rc = cuzk_post_wgen_new(&pc->gen[pi->cfg.post_proof], &pi->cfg, err);
        pi->gen = pc->gen[pi->cfg.post_proof];
        pthread_mutex_unlock(&pc->lock);
    }
    char name[192];
    if (!rc) rc = cuzk_post_param_name(name, sizeof name - 8, &pi->cfg, err);
    if (rc) {
        post_input_free(ctx, pi);
        return rc;
    }
    cuzk_post_wgen_size(pi->gen, &pi->n_inputs, &pi->n_aux, &pi->n_constraints);
    plan->partitions = 1;
    snprintf(plan->params_id, sizeof plan->params_id, "%.180s.params", name);
    plan->witness_bytes = (pi->n_inputs + pi->n_aux + 3 * pi->n_constraints) * sizeof(cuzk_fr);
    snprintf(plan->summary, sizeof plan->summary, "%s, %zu sector%s, partition %u",
             cuzk_post_proof_name(pi->cfg.post_proof), pi->n_vanilla, pi->n_vanilla == 1 ? "" : "s", p);
    *input = pi;
    return 0;
}

static int post_witness(void *ctx, const void *input, uint32_t k, cuzk_pool *pool, cuzk_witness *w, void **state,
                        cuzk_err *err)
{
    (void)ctx, (void)k;
    const post_input *pi = input;
    *state = NULL;
    const uint64_t n = pi->n_inputs + pi->n_aux + 3 * pi->n_constraints;
    cuzk_fr *mem = cuzk_alloc_array(n, sizeof *mem);
    if (!mem)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness buffers of %llu MiB",
                            (unsigned long long)((n * sizeof *mem) >> 20));
    cuzk_post_wgen_buffers buf = { mem, mem + pi->n_inputs, mem + pi->n_inputs + pi->n_aux,
                                   mem + pi->n_inputs + pi->n_aux + pi->n_constraints,
                                   mem + pi->n_inputs + pi->n_aux + 2 * pi->n_constraints };
    int rc = cuzk_post_wgen_fill(pi->gen, &pi->in, pi->partition, false, &buf, pool, err);
    if (rc) {
        cuzk_free(mem);
        return rc;
    }
    cuzk_post_wgen_witness(pi->gen, &buf, w);
    *state = mem;
    return 0;
}

static void post_witness_free(void *ctx, void *state)
{
    (void)ctx;
    cuzk_free(state);
}

static int post_public_inputs(void *ctx, const void *input, uint32_t k, cuzk_fr **out, size_t *n, cuzk_err *err)
{
    (void)ctx, (void)k;
    const post_input *pi = input;
    *n = cuzk_post_public_input_count(&pi->cfg);
    *out = calloc(*n, sizeof **out);
    if (!*out) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "public inputs");
    int rc = cuzk_post_public_inputs(*out, &pi->cfg, &pi->in, pi->partition, err);
    if (rc) {
        free(*out);
        *out = NULL;
    }
    return rc;
}

/* "wpost-2k" .. "wpost-64g" (V1_2), "winning-2k" .. "winning-64g" */
static int post_params_of(void *ctx, const char *id, char params_id[192])
{
    const post_ctx *pc = ctx;
    static const char *sizes[5] = { "2k", "8m", "512m", "32g", "64g" };
    const char *prefix = pc->kind == CUZK_KIND_WINDOW_POST ? "wpost-" : "winning-";
    const size_t pl = strlen(prefix);
    if (strncmp(id, prefix, pl)) return -1;
    for (int i = 0; i < 5; i++) {
        if (strcmp(id + pl, sizes[i])) continue;
        cuzk_post_config cfg;
        char name[184];
        const int proof = pc->kind == CUZK_KIND_WINDOW_POST ? CUZK_POST_WINDOW_2KIB_V1_2 + i : CUZK_POST_WINNING_2KIB_V1 + i;
        if (cuzk_post_config_init(&cfg, (cuzk_post_proof)proof, NULL) || cuzk_post_param_name(name, sizeof name, &cfg, NULL))
            return -1;
        snprintf(params_id, 192, "%s.params", name);
        return 0;
    }
    return -1;
}

static void post_ctx_free(void *ctx)
{
    post_ctx *pc = ctx;
    if (!pc) return;
    for (int i = 0; i < CUZK_POST__COUNT; i++) cuzk_post_wgen_free(pc->gen[i]);
    pthread_mutex_destroy(&pc->lock);
    free(pc);
}

int cuzk_engine_post_entry(cuzk_circuit_entry *out, int kind, cuzk_err *err)
{
    memset(out, 0, sizeof *out);
    post_ctx *pc = calloc(1, sizeof *pc);
    if (!pc) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "post entry");
    pc->kind = kind;
    pthread_mutex_init(&pc->lock, NULL);
    out->label = kind == CUZK_KIND_WINDOW_POST ? "window-post" : "winning-post";
    out->kind = kind;
    out->ctx = pc;
    out->prepare = post_prepare;
    out->input_free = post_input_free;
    out->witness = post_witness;
    out->witness_free = post_witness_free;
    out->public_inputs = post_public_inputs;
    out->params_of = post_params_of;
    out->ctx_free = post_ctx_free;
    return 0;
}
