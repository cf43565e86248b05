/* The PoRep C2 entry of the circuit registry: the C1 output (Curio's JSON
 * envelope or a bare SealCommitPhase1Output) in, one proof per partition out.
 * Interactive (V1, V1_1) and SyntheticPoRep seal proofs share the circuit;
 * NI-PoRep is refused until its aggregation exists. Witnesses come from the
 * fast generator, one per sector shape, built on first use and shared. */
#include "engine_impl.h"
#include "cuzk/porep.h"
#include "cuzk/porep_witness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    pthread_mutex_t lock;
    cuzk_porep_wgen *gen[CUZK_SEAL__COUNT];
} porep_ctx;

typedef struct {
    cuzk_porep_c1 c1;
    cuzk_porep_config cfg;
    const cuzk_porep_wgen *gen;
    cuzk_porep_wgen_shape shape;
} porep_input;

static void porep_input_free(void *ctx, void *input)
{
    (void)ctx;
    porep_input *in = input;
    if (!in) return;
    cuzk_porep_c1_free(&in->c1);
    free(in);
}

static int wgen_for(porep_ctx *pc, const cuzk_porep_config *cfg, const cuzk_porep_wgen **out, cuzk_err *err)
{
    int rc = 0;
    pthread_mutex_lock(&pc->lock);
    if (!pc->gen[cfg->seal_proof]) {
        const uint64_t t0 = cuzk_now_ns();
        rc = cuzk_porep_wgen_new(&pc->gen[cfg->seal_proof], cfg, NULL, err);
        if (!rc)
            cuzk_log("engine: porep witness generator for %s ready in %.0f ms", cuzk_seal_proof_name(cfg->seal_proof),
                     (double)(cuzk_now_ns() - t0) / 1e6);
    }
    *out = pc->gen[cfg->seal_proof];
    pthread_mutex_unlock(&pc->lock);
    return rc;
}

static int porep_prepare(void *ctx, const cuzk_proof_request *req, void **input, cuzk_job_plan *plan, cuzk_err *err)
{
    porep_ctx *pc = ctx;
    *input = NULL;
    if (!req->vanilla_proof || !req->vanilla_proof_len)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "vanilla_proof: empty (PoRep C2 needs the C1 output)");
    porep_input *in = calloc(1, sizeof *in);
    if (!in) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "porep input");
    cuzk_c1_envelope env = { 0 };
    int rc = cuzk_c1_parse(req->vanilla_proof, req->vanilla_proof_len, &in->c1, &env, err);
    if (!rc && in->c1.seal_proof >= CUZK_SEAL_2KIB_V1_2_NI)
        rc = cuzk_err_set(err, CUZK_ERR_UNSUPPORTED,
                          "registered proof %s: NI-PoRep is not supported (its proofs are aggregated)",
                          cuzk_seal_proof_name(in->c1.seal_proof));
    if (!rc) rc = cuzk_porep_config_init(&in->cfg, (cuzk_seal_proof)in->c1.seal_proof, err);
    if (!rc && req->sector_size && req->sector_size != in->cfg.sector_size)
        rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "sector_size %llu, but the C1 output is for %llu",
                          (unsigned long long)req->sector_size, (unsigned long long)in->cfg.sector_size);
    uint64_t sector = 0;
    if (!rc && req->no_input_checks && !env.present && !req->sector_number) {
        /* the Groth16 check alone: the public inputs come from the C1 fields */
    } else if (!rc)
        rc = cuzk_porep_c1_check_request(&in->c1, &env, &in->cfg, req->miner_id, req->sector_number != 0,
                                         req->sector_number, !req->no_input_checks, &sector, err);
    if (!rc) rc = wgen_for(pc, &in->cfg, &in->gen, err);
    if (rc) {
        porep_input_free(ctx, in);
        return rc;
    }
    cuzk_porep_wgen_get_shape(in->gen, &in->shape);
    plan->partitions = in->c1.partitions;
    snprintf(plan->params_id, sizeof plan->params_id, "%s.params", cuzk_porep_params_stem(in->cfg.sector_size));
    plan->witness_bytes = (in->shape.inputs + in->shape.aux + 3 * in->shape.constraints) * sizeof(cuzk_fr);
    snprintf(plan->summary, sizeof plan->summary, "%s, sector %llu, %u partition%s",
             cuzk_seal_proof_name(in->c1.seal_proof), (unsigned long long)sector, in->c1.partitions,
             in->c1.partitions == 1 ? "" : "s");
    *input = in;
    return 0;
}

static int porep_witness(void *ctx, const void *input, uint32_t k, cuzk_pool *pool, cuzk_witness *w, void **state,
                         cuzk_err *err)
{
    (void)ctx;
    const porep_input *in = input;
    const cuzk_porep_wgen_shape *s = &in->shape;
    *state = NULL;
    cuzk_fr *mem = cuzk_alloc_array(s->inputs + s->aux + 3 * s->constraints, sizeof *mem);
    if (!mem)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "witness buffers of %llu MiB",
                            (unsigned long long)(((s->inputs + s->aux + 3 * s->constraints) * sizeof *mem) >> 20));
    cuzk_porep_wgen_buffers buf = { mem, mem + s->inputs, mem + s->inputs + s->aux,
                                    mem + s->inputs + s->aux + s->constraints,
                                    mem + s->inputs + s->aux + 2 * s->constraints };
    int rc = cuzk_porep_wgen_fill(in->gen, &in->c1, k, &buf, pool, err);
    if (rc) {
        cuzk_free(mem);
        return rc;
    }
    cuzk_porep_wgen_witness(in->gen, &buf, w);
    *state = mem;
    return 0;
}

static void porep_witness_free(void *ctx, void *state)
{
    (void)ctx;
    cuzk_free(state);
}

static int porep_public_inputs(void *ctx, const void *input, uint32_t k, cuzk_fr **out, size_t *n, cuzk_err *err)
{
    (void)ctx;
    const porep_input *in = input;
    *out = NULL;
    *n = cuzk_porep_public_input_count(&in->cfg);
    cuzk_fr *v = calloc(*n, sizeof *v);
    if (!v) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "public inputs");
    cuzk_porep_graph g;
    uint64_t ch[CUZK_POREP_MAX_CHALLENGES];
    int rc = cuzk_porep_graph_init(&g, in->cfg.nodes, in->cfg.api_version, in->cfg.porep_id, err);
    if (!rc) rc = cuzk_porep_challenges(ch, &in->cfg, in->c1.replica_id, in->c1.comm_r, in->c1.seed, k, err);
    if (!rc)
        rc = cuzk_porep_public_inputs(v, &g, in->c1.replica_id, in->c1.comm_d, in->c1.comm_r, ch,
                                      in->cfg.challenges_per_partition, err);
    if (rc) {
        free(v);
        return rc;
    }
    *out = v;
    return 0;
}

/* "porep-2k", "porep-8m", "porep-512m", "porep-32g", "porep-64g" */
static int porep_params_of(void *ctx, const char *id, char params_id[192])
{
    (void)ctx;
    static const struct { const char *id; uint64_t size; } ids[] = {
        { "porep-2k", 2048ull }, { "porep-8m", 8ull << 20 }, { "porep-512m", 512ull << 20 },
        { "porep-32g", 32ull << 30 }, { "porep-64g", 64ull << 30 },
    };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (!strcmp(id, ids[i].id)) {
            snprintf(params_id, 192, "%s.params", cuzk_porep_params_stem(ids[i].size));
            return 0;
        }
    return -1;
}

static void porep_ctx_free(void *ctx)
{
    porep_ctx *pc = ctx;
    if (!pc) return;
    for (int i = 0; i < CUZK_SEAL__COUNT; i++) cuzk_porep_wgen_free(pc->gen[i]);
    pthread_mutex_destroy(&pc->lock);
    free(pc);
}

int cuzk_engine_porep_entry(cuzk_circuit_entry *out, cuzk_err *err)
{
    memset(out, 0, sizeof *out);
    porep_ctx *pc = calloc(1, sizeof *pc);
    if (!pc) return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "porep entry");
    pthread_mutex_init(&pc->lock, NULL);
    out->label = "porep-c2";
    out->kind = CUZK_KIND_POREP;
    out->ctx = pc;
    out->prepare = porep_prepare;
    out->input_free = porep_input_free;
    out->witness = porep_witness;
    out->witness_free = porep_witness_free;
    out->public_inputs = porep_public_inputs;
    out->params_of = porep_params_of;
    out->ctx_free = porep_ctx_free;
    return 0;
}
