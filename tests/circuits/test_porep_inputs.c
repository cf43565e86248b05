/* Public inputs for the 124 real 2 KiB seals of seal_regression_2kib.json:
 * count 3 + 18 * 2, every value < r, layout (challenge repeated, parents
 * below it), and rejection of a non-canonical comm_r; and every record's
 * 192-byte proof decodes (A, B, C on the curve and in the subgroup). */
#include <stdio.h>
#include <stdlib.h>
#include "test.h"
#include "cuzk/porep.h"
#include "cuzk/groth16.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (fread(b, 1, (size_t)n, f) != (size_t)n) n = 0;
    b[n] = 0;
    fclose(f);
    return b;
}

/* The string value of "key" within [p, end). */
static int field(char *out, size_t cap, const char *p, const char *end, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *k = strstr(p, pat);
    if (!k || k >= end) return -1;
    k += strlen(pat);
    if (*k == '"') k++;
    size_t n = 0;
    while (*k && *k != '"' && *k != ',' && *k != '}' && n + 1 < cap) out[n++] = *k++;
    out[n] = 0;
    return 0;
}

int main(void)
{
    char *json = slurp(CUZK_GOLDEN_DIR "/seal_regression_2kib.json");
    CHECK(json != NULL);
    if (!json) return test_finish("test_porep_inputs");
    int records = 0, good = 0, proofs = 0;
    uint64_t min_r_ok = 0;
    for (const char *p = strstr(json, "\"source_file\""); p; ) {
        const char *next = strstr(p + 1, "\"source_file\"");
        const char *end = next ? next : p + strlen(p);
        char api[32], feat[64], pid[80], cr[80], cd[80], prov[80], sid[32], tk[80], sd[80], size[32];
        int ok = !field(api, sizeof api, p, end, "api_version") && !field(pid, sizeof pid, p, end, "porep_id_hex") &&
                 !field(cr, sizeof cr, p, end, "comm_r_hex") && !field(cd, sizeof cd, p, end, "comm_d_hex") &&
                 !field(prov, sizeof prov, p, end, "prover_id_hex") && !field(sid, sizeof sid, p, end, "sector_id") &&
                 !field(tk, sizeof tk, p, end, "ticket_hex") && !field(sd, sizeof sd, p, end, "seed_hex") &&
                 !field(size, sizeof size, p, end, "sector_size");
        const char *fp = strstr(p, "\"api_features\": [");
        strcpy(feat, fp && fp < end && fp[17] != ']' ? "synth" : "");
        CHECK(ok);
        records++;
        static char proof_hex[2 * CUZK_PROOF_BYTES + 8];
        uint8_t proof_bytes[CUZK_PROOF_BYTES];
        cuzk_proof proof;
        if (!field(proof_hex, sizeof proof_hex, p, end, "proof_hex") &&
            test_unhex(proof_bytes, sizeof proof_bytes, proof_hex) == CUZK_PROOF_BYTES &&
            cuzk_proof_deserialize(&proof, proof_bytes, sizeof proof_bytes, NULL) == 0)
            proofs++;
        if (records == 1) { /* one changed bit of A's x: off the curve or outside the subgroup */
            proof_bytes[47] ^= 1;
            CHECK(cuzk_proof_deserialize(&proof, proof_bytes, sizeof proof_bytes, NULL) != 0);
        }
        uint8_t porep_id[32], comm_r[32], comm_d[32], prover[32], ticket[32], seed[32];
        test_unhex(porep_id, 32, pid); test_unhex(comm_r, 32, cr); test_unhex(comm_d, 32, cd);
        test_unhex(prover, 32, prov); test_unhex(ticket, 32, tk); test_unhex(seed, 32, sd);
        cuzk_porep_api v = strcmp(api, "V1_0_0") == 0 ? CUZK_POREP_API_V1_0_0
                           : strcmp(api, "V1_1_0") == 0 ? CUZK_POREP_API_V1_1_0 : CUZK_POREP_API_V1_2_0;
        cuzk_porep_config cfg;
        cuzk_err err = {0};
        int rc = cuzk_porep_config_from_params(&cfg, strtoull(size, NULL, 10), v,
                                               feat[0] ? CUZK_POREP_FEAT_SYNTHETIC : 0, porep_id, &err);
        CHECK(rc == 0);
        size_t n = cuzk_porep_public_input_count(&cfg);
        CHECK(n == 39);
        cuzk_fr in[39];
        rc = cuzk_porep_public_inputs_c1(in, &cfg, prover, strtoull(sid, NULL, 10), ticket, seed, comm_d, comm_r, 0,
                                         &err);
        CHECK_MSG(rc == 0, "%s", err.msg);
        if (rc == 0) {
            int rec_ok = 1;
            for (size_t i = 0; i < n; i++) {
                uint8_t b[32];
                cuzk_fr_to_bytes_le(b, &in[i]);
                rec_ok &= cuzk_fr32_is_valid(b);
            }
            uint8_t b[32];
            cuzk_fr_to_bytes_le(b, &in[2]);
            rec_ok &= memcmp(b, comm_r, 32) == 0;
            cuzk_fr_to_bytes_le(b, &in[1]);
            rec_ok &= memcmp(b, comm_d, 32) == 0;
            for (int c = 0; c < 2; c++) {
                const cuzk_fr *q = in + 3 + 18 * c;
                uint64_t raw[4], ch, par;
                cuzk_fr_to_raw(raw, &q[0]);
                ch = raw[0];
                rec_ok &= ch >= 1 && ch < 64 && raw[1] == 0;
                for (int k = 15; k < 18; k++) rec_ok &= cuzk_fr_eq(&q[k], &q[0]);
                for (int k = 1; k <= 6; k++) {
                    cuzk_fr_to_raw(raw, &q[k]);
                    par = raw[0];
                    rec_ok &= par < ch || ch < 2;
                }
                /* V1_1+: the predecessor is DRG parent 0; V1_0: parent 5. */
                cuzk_fr_to_raw(raw, &q[v == CUZK_POREP_API_V1_0_0 ? 6 : 1]);
                rec_ok &= raw[0] == ch - 1;
            }
            CHECK(rec_ok);
            good += rec_ok;
            min_r_ok++;
        }
        /* A comm_r >= r is refused. */
        if (records == 1) {
            uint8_t bad[32];
            memset(bad, 0xff, 32);
            CHECK(cuzk_porep_public_inputs_c1(in, &cfg, prover, 1, ticket, seed, comm_d, bad, 0, NULL) ==
                  CUZK_ERR_NOT_CANONICAL);
            CHECK(cuzk_porep_public_inputs_c1(in, &cfg, prover, 1, ticket, seed, comm_d, comm_r, 1, NULL) != 0);
        }
        p = next;
    }
    printf("%d records, %d with valid public inputs, %d proofs decode\n", records, good, proofs);
    CHECK(records == 124 && good == 124 && proofs == 124);
    free(json);
    return test_finish("test_porep_inputs");
}
