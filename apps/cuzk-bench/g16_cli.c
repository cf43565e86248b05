/* Loaders shared by the Groth16 subcommands. */
#include "g16_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int g16_load_vk(const char *params_path, const char *vk_path, cuzk_vk *vk, cuzk_err *err)
{
    if (vk_path)
        return cuzk_vk_read(vk_path, vk, err);
    cuzk_params *p = NULL;
    int rc = cuzk_params_read(params_path, false, &p, err);
    if (rc)
        return rc;
    rc = cuzk_vk_copy(vk, cuzk_params_vk(p));
    cuzk_params_free(p);
    if (rc)
        return cuzk_err_set(err, rc, "%s: no memory for the verifying key", params_path);
    return 0;
}

static int read_small_file(const char *path, uint8_t *buf, size_t cap, size_t *len, cuzk_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: %s", path, strerror(errno));
    *len = fread(buf, 1, cap, f);
    bool failed = ferror(f);
    fclose(f);
    if (failed)
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: read failed", path);
    return 0;
}

int g16_load_proof(const char *path, cuzk_proof *proof, cuzk_err *err)
{
    uint8_t buf[CUZK_PROOF_BYTES + 1];
    size_t len = 0;
    int rc = read_small_file(path, buf, sizeof buf, &len, err);
    if (rc)
        return rc;
    if (len != CUZK_PROOF_BYTES)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "%s: %s %zu bytes, a proof is exactly %d", path,
                            len > CUZK_PROOF_BYTES ? "more than" : "only", len > CUZK_PROOF_BYTES ? len - 1 : len,
                            CUZK_PROOF_BYTES);
    rc = cuzk_proof_deserialize(proof, buf, len, err);
    if (rc && err) {
        cuzk_err inner = *err;
        cuzk_err_set(err, rc, "%s: %s", path, inner.msg);
    }
    return rc;
}

int g16_write_proof(const char *path, const cuzk_proof *proof, cuzk_err *err)
{
    uint8_t buf[CUZK_PROOF_BYTES];
    cuzk_proof_serialize(buf, proof);
    FILE *f = fopen(path, "wb");
    if (!f)
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: %s", path, strerror(errno));
    bool ok = fwrite(buf, 1, sizeof buf, f) == sizeof buf;
    ok &= fclose(f) == 0;
    if (!ok) {
        remove(path);
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: write failed", path);
    }
    return 0;
}

int g16_load_inputs(const char *wtns_path, const char *public_path, uint32_t n_public, cuzk_fr **inputs,
                    size_t *n, cuzk_err *err)
{
    *inputs = NULL;
    *n = 0;
    if (public_path)
        return cuzk_snarkjs_read_public(public_path, inputs, n, err);
    cuzk_iden3_wtns w;
    int rc = cuzk_iden3_wtns_read(wtns_path, &w, err);
    if (rc)
        return rc;
    if ((uint64_t)w.n < (uint64_t)n_public + 1) {
        cuzk_iden3_wtns_free(&w);
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "%s: %u values, but the key has %u public inputs", wtns_path,
                            w.n, n_public);
    }
    cuzk_fr *v = cuzk_alloc_array(n_public ? n_public : 1, sizeof *v);
    if (!v) {
        cuzk_iden3_wtns_free(&w);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "no memory for %u inputs", n_public);
    }
    memcpy(v, w.value + 1, (size_t)n_public * sizeof *v);
    cuzk_iden3_wtns_free(&w);
    *inputs = v;
    *n = n_public;
    return 0;
}
