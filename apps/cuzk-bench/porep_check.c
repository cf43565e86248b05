/* cuzk-bench verify --record-out (a verified proof as a seal-regression
 * record) and verify --regression: Filecoin's seal-regression records (the format of
 * tests/data/seal_regression_*.json) verified with a key.
 *
 *   cuzk-bench verify --regression RECORDS.json --vk P.vk          one key for every record
 *   cuzk-bench verify --regression RECORDS.json --param-dir DIR    the official v28 .vk of each
 *                                                                  record's sector size in DIR
 *
 * Each record gives porep_config (sector size, api version, features,
 * porep_id), comm_r, comm_d, prover_id, sector_id, ticket, seed and the
 * proof bytes (partitions x 192). The public inputs are derived as the
 * chain derives them (replica_id, challenges from the seed), every proof is
 * decoded with the subgroup checks, then Groth16-verified. Exit status 0 only
 * when every record not skipped verifies (and one did); records of a circuit the key is not for (other
 * input count) and NI-PoRep records (an aggregate proof) are skipped and
 * counted. */
#include "porep_check.h"
#include "cuzk/porep_synth.h"
#include "cuzk/util.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double ms_since(uint64_t t0) { return (double)(cuzk_now_ns() - t0) / 1e6; }

/* ---- records ------------------------------------------------------------------ */

static void hex(char *out, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) snprintf(out + 2 * i, 3, "%02x", b[i]);
}

static const char *api_name(cuzk_porep_api a)
{
    return a == CUZK_POREP_API_V1_0_0 ? "V1_0_0" : a == CUZK_POREP_API_V1_1_0 ? "V1_1_0" : "V1_2_0";
}

int porep_record_write(const g16_opt *o, size_t no, const cuzk_porep_c1 *c1, const cuzk_porep_config *cfg,
                       const uint8_t *proof, size_t proof_len, cuzk_err *err)
{
    const char *out = g16_get(o, no, "--record-out"), *path = g16_get(o, no, "--c1");
    uint64_t miner = 1000, sector = 0;
    if (g16_get(o, no, "--miner-id")) g16_u64("verify", "--miner-id", g16_get(o, no, "--miner-id"), &miner);
    if (g16_get(o, no, "--sector-id")) {
        g16_u64("verify", "--sector-id", g16_get(o, no, "--sector-id"), &sector);
    } else { /* the envelope's SectorNum (porep_c1_check made sure there is one) */
        cuzk_porep_c1 again = { 0 };
        cuzk_c1_envelope env = { 0 };
        int rc = cuzk_c1_parse_file(path, &again, &env, err);
        cuzk_porep_c1_free(&again);
        if (rc) return rc;
        sector = env.sector_num;
    }
    uint8_t prover_id[32];
    cuzk_porep_prover_id_from_miner(prover_id, miner);
    char *ph = malloc(2 * proof_len + 1);
    FILE *f = ph ? fopen(out, "w") : NULL;
    if (!f) {
        free(ph);
        return cuzk_err_set(err, CUZK_ERR_IO, "cannot create %s", out);
    }
    hex(ph, proof, proof_len);
    char h[6][65];
    hex(h[0], cfg->porep_id, 32), hex(h[1], c1->comm_r, 32), hex(h[2], c1->comm_d, 32);
    hex(h[3], prover_id, 32), hex(h[4], c1->ticket, 32), hex(h[5], c1->seed, 32);
    fprintf(f,
            "[\n {\n  \"source_file\": \"cuzk-bench verify --record-out\",\n  \"source_line\": 1,\n"
            "  \"sector_size\": %llu,\n  \"partitions\": %u,\n  \"api_version\": \"%s\",\n  \"api_features\": [%s],\n"
            "  \"porep_id_hex\": \"%s\",\n  \"comm_r_hex\": \"%s\",\n  \"comm_d_hex\": \"%s\",\n"
            "  \"prover_id_hex\": \"%s\",\n  \"sector_id\": \"%llu\",\n  \"ticket_hex\": \"%s\",\n"
            "  \"seed_hex\": \"%s\",\n  \"proof_len\": %zu,\n  \"proof_hex\": \"%s\"\n }\n]\n",
            (unsigned long long)cfg->sector_size, c1->partitions, api_name(cfg->api_version),
            cfg->features & CUZK_POREP_FEAT_SYNTHETIC ? "\"SyntheticPoRep\"" : "", h[0], h[1], h[2], h[3],
            (unsigned long long)sector, h[4], h[5], proof_len, ph);
    free(ph);
    if (fclose(f)) return cuzk_err_set(err, CUZK_ERR_IO, "cannot write %s", out);
    cuzk_log("verify: wrote the regression record %s", out);
    return 0;
}

static int unhex(uint8_t *out, size_t n, const char *s, const char *what, cuzk_err *err)
{
    if (!s || strlen(s) != 2 * n)
        return cuzk_err_set(err, CUZK_ERR_PARSE, "%s: want %zu hex digits", what, 2 * n);
    for (size_t i = 0; i < n; i++) {
        unsigned v = 0;
        for (int j = 0; j < 2; j++) {
            char c = s[2 * i + j];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                                   : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) return cuzk_err_set(err, CUZK_ERR_PARSE, "%s: '%c' is not a hex digit", what, c);
            v = v * 16 + (unsigned)d;
        }
        out[i] = (uint8_t)v;
    }
    return 0;
}

/* Prepared keys, one per sector size (--param-dir) or one for all. */
typedef struct {
    uint64_t sector_size; /* 0: the one key of --vk / --params */
    cuzk_vk vk;
    cuzk_pvk *pvk;
} key_slot;

enum { REC_OK, REC_INVALID, REC_SKIPPED, REC_ERROR };

static int verify_record(json_t *r, size_t idx, key_slot *keys, size_t *n_keys, const char *param_dir,
                         cuzk_err *err)
{
    const char *api = json_string_value(json_object_get(r, "api_version"));
    json_t *feats = json_object_get(r, "api_features");
    json_t *size_j = json_object_get(r, "sector_size"), *plen_j = json_object_get(r, "proof_len");
    const char *sid = json_string_value(json_object_get(r, "sector_id"));
    const char *phex = json_string_value(json_object_get(r, "proof_hex"));
    if (!api || !json_is_array(feats) || !json_is_integer(size_j) || !sid || !phex)
        return cuzk_err_set(err, CUZK_ERR_PARSE, "record %zu: a field is missing or of the wrong type", idx), REC_ERROR;
    uint32_t features = 0;
    for (size_t i = 0; i < json_array_size(feats); i++) {
        const char *f = json_string_value(json_array_get(feats, i));
        if (f && !strcmp(f, "SyntheticPoRep")) features |= CUZK_POREP_FEAT_SYNTHETIC;
        else if (f && !strcmp(f, "NonInteractivePoRep")) features |= CUZK_POREP_FEAT_NI;
        else return cuzk_err_set(err, CUZK_ERR_PARSE, "record %zu: api feature %s", idx, f ? f : "?"), REC_ERROR;
    }
    if (features & CUZK_POREP_FEAT_NI) {
        printf("record %zu: skipped (NI-PoRep: an aggregate proof)\n", idx);
        return REC_SKIPPED;
    }
    cuzk_porep_api v = !strcmp(api, "V1_0_0")   ? CUZK_POREP_API_V1_0_0
                       : !strcmp(api, "V1_1_0") ? CUZK_POREP_API_V1_1_0
                       : !strcmp(api, "V1_2_0") ? CUZK_POREP_API_V1_2_0
                                                : (cuzk_porep_api)-1;
    if ((int)v < 0) return cuzk_err_set(err, CUZK_ERR_PARSE, "record %zu: api_version %s", idx, api), REC_ERROR;
    uint8_t porep_id[32], comm_r[32], comm_d[32], prover[32], ticket[32], seed[32];
    static const char *names[6] = { "porep_id_hex", "comm_r_hex", "comm_d_hex", "prover_id_hex", "ticket_hex",
                                    "seed_hex" };
    uint8_t *dst[6] = { porep_id, comm_r, comm_d, prover, ticket, seed };
    char what[64];
    for (int i = 0; i < 6; i++) {
        snprintf(what, sizeof what, "record %zu: %s", idx, names[i]);
        if (unhex(dst[i], 32, json_string_value(json_object_get(r, names[i])), what, err)) return REC_ERROR;
    }
    char *end;
    uint64_t sector_id = strtoull(sid, &end, 10);
    if (*end || !*sid) return cuzk_err_set(err, CUZK_ERR_PARSE, "record %zu: sector_id %s", idx, sid), REC_ERROR;
    const uint64_t sector_size = (uint64_t)json_integer_value(size_j);
    cuzk_porep_config cfg;
    if (cuzk_porep_config_from_params(&cfg, sector_size, v, features, porep_id, err)) return REC_ERROR;
    const size_t plen = strlen(phex) / 2;
    if (plen != (size_t)cfg.partitions * CUZK_PROOF_BYTES || (json_is_integer(plen_j) &&
                                                              (size_t)json_integer_value(plen_j) != plen))
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "record %zu: %zu proof bytes, want %u x 192", idx, plen,
                            cfg.partitions), REC_ERROR;

    /* the key */
    key_slot *key = NULL;
    for (size_t i = 0; i < *n_keys && !key; i++)
        if (!keys[i].sector_size || keys[i].sector_size == sector_size) key = &keys[i];
    if (!key && param_dir) {
        const char *name = cuzk_porep_params_stem(sector_size);
        if (!name) return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "record %zu: no official vk for sector size %llu",
                                       idx, (unsigned long long)sector_size), REC_ERROR;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.vk", param_dir, name);
        key = &keys[*n_keys];
        memset(key, 0, sizeof *key);
        if (cuzk_vk_read(path, &key->vk, err) || cuzk_pvk_prepare(&key->vk, &key->pvk, err)) {
            cuzk_vk_free(&key->vk);
            return REC_ERROR;
        }
        key->sector_size = sector_size;
        (*n_keys)++;
        cuzk_log("verify: %s", path);
    }
    const size_t n_in = cuzk_porep_public_input_count(&cfg);
    if (!key || key->vk.ic_len != n_in + 1) {
        printf("record %zu: skipped (%zu public inputs, the key is for %u)\n", idx, n_in,
               key ? key->vk.ic_len - 1 : 0);
        return REC_SKIPPED;
    }
    uint8_t *bytes = malloc(plen);
    cuzk_fr *inputs = calloc(n_in, sizeof *inputs);
    int st = REC_OK;
    snprintf(what, sizeof what, "record %zu: proof_hex", idx);
    if (!bytes || !inputs) st = (cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "record %zu", idx), REC_ERROR);
    else if (unhex(bytes, plen, phex, what, err)) st = REC_ERROR;
    for (uint32_t k = 0; k < cfg.partitions && st == REC_OK; k++) {
        cuzk_proof proof;
        if (cuzk_porep_public_inputs_c1(inputs, &cfg, prover, sector_id, ticket, seed, comm_d, comm_r, k, err) ||
            cuzk_proof_deserialize(&proof, bytes + (size_t)k * CUZK_PROOF_BYTES, CUZK_PROOF_BYTES, err)) {
            st = REC_ERROR;
            break;
        }
        int rc = cuzk_groth16_verify(key->pvk, &proof, inputs, n_in, err);
        if (rc == CUZK_ERR_PROOF_INVALID) st = REC_INVALID;
        else if (rc) st = REC_ERROR;
    }
    if (st == REC_OK || st == REC_INVALID)
        printf("record %zu: %s %s%s sector %s: %u partition%s, %zu public inputs: proof %s\n", idx,
               cuzk_seal_proof_name(cfg.seal_proof) ? cuzk_seal_proof_name(cfg.seal_proof) : "?", api,
               features & CUZK_POREP_FEAT_SYNTHETIC ? " synthetic" : "", sid, cfg.partitions,
               cfg.partitions == 1 ? "" : "s", n_in, st == REC_OK ? "OK" : "INVALID");
    free(bytes);
    free(inputs);
    return st;
}

int porep_regression_main(const g16_opt *o, size_t no)
{
    const char *path = g16_get(o, no, "--regression"), *params = g16_get(o, no, "--params");
    const char *vkp = g16_get(o, no, "--vk"), *dir = g16_get(o, no, "--param-dir"), *max_opt = g16_get(o, no, "--max");
    if ((params != NULL) + (vkp != NULL) + (dir != NULL) != 1) {
        fprintf(stderr, "cuzk-bench verify: give one of --vk, --params, --param-dir\nusage: cuzk-bench verify %s\n",
                POREP_REGRESSION_USAGE);
        return G16_EXIT_USAGE;
    }
    uint64_t max = UINT64_MAX;
    if (max_opt && !g16_u64("verify", "--max", max_opt, &max)) return G16_EXIT_USAGE;
    cuzk_err err = { 0 };
    key_slot keys[8];
    size_t n_keys = 0;
    const uint64_t t0 = cuzk_now_ns();
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    int rc = 0;
    if (!root) rc = cuzk_err_set(&err, CUZK_ERR_PARSE, "%s:%d: %s", path, jerr.line, jerr.text);
    else if (!json_is_array(root)) rc = cuzk_err_set(&err, CUZK_ERR_PARSE, "%s: not a JSON array of records", path);
    if (!rc && !dir) {
        memset(&keys[0], 0, sizeof keys[0]);
        if (!(rc = g16_load_vk(params, vkp, &keys[0].vk, &err)) && !(rc = cuzk_pvk_prepare(&keys[0].vk, &keys[0].pvk,
                                                                                             &err)))
            n_keys = 1;
        else cuzk_vk_free(&keys[0].vk);
    }
    size_t count[4] = { 0 }, total = 0;
    for (size_t i = 0; !rc && i < json_array_size(root) && i < max; i++) {
        cuzk_err e = { 0 };
        int st = verify_record(json_array_get(root, i), i, keys, &n_keys, dir, &e);
        if (st == REC_ERROR) printf("record %zu: error: %s\n", i, e.msg);
        count[st]++;
        total++;
    }
    if (!rc)
        printf("%zu records: %zu verify, %zu INVALID, %zu errors, %zu skipped (%.1f ms)\n", total, count[REC_OK],
               count[REC_INVALID], count[REC_ERROR], count[REC_SKIPPED], ms_since(t0));
    else g16_fail("verify", &err);
    for (size_t i = 0; i < n_keys; i++) {
        cuzk_pvk_free(keys[i].pvk);
        cuzk_vk_free(&keys[i].vk);
    }
    json_decref(root);
    return !rc && count[REC_OK] && count[REC_OK] + count[REC_SKIPPED] == total ? G16_EXIT_OK : G16_EXIT_FAIL;
}
