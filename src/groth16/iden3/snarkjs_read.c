/* snarkjs JSON input with jansson (small files: a DOM is simplest). Every
 * error names the file and the JSON path of the bad value. */
#include "cuzk/iden3.h"
#include "snarkjs_num.h"

#include <ctype.h>
#include <jansson.h>
#include <string.h>

typedef struct {
    const char *path;
    cuzk_err *err;
} ctx;

static int bad(const ctx *c, const char *where, const char *why)
{
    return cuzk_err_set(c->err, CUZK_ERR_PARSE, "%s: %s: %s", c->path, where, why);
}

static int load(const ctx *c, json_t **root)
{
    json_error_t je;
    *root = json_load_file(c->path, 0, &je);
    if (!*root)
        return cuzk_err_set(c->err, CUZK_ERR_PARSE, "%s: line %d column %d: %s", c->path, je.line, je.column,
                            je.text);
    return 0;
}

/* "BLS12-381", "bls12_381" and "bls12381" all name the curve, as in snarkjs. */
static bool is_bls12381(const char *s)
{
    char norm[32];
    size_t k = 0;
    for (; *s && k + 1 < sizeof norm; s++)
        if (isalnum((unsigned char)*s))
            norm[k++] = (char)tolower((unsigned char)*s);
    norm[k] = 0;
    return !*s && !strcmp(norm, "bls12381");
}

/* protocol and curve: required in a key, optional in a proof */
static int check_tags(const ctx *c, json_t *root, bool required)
{
    json_t *p = json_object_get(root, "protocol"), *cv = json_object_get(root, "curve");
    if ((p || required) && (!json_is_string(p) || strcmp(json_string_value(p), "groth16") != 0))
        return bad(c, "protocol", "must be \"groth16\"");
    if ((cv || required) && (!json_is_string(cv) || !is_bls12381(json_string_value(cv))))
        return bad(c, "curve", "must be \"bls12381\" (this verifier supports only BLS12-381)");
    return 0;
}

static int get_fp(const ctx *c, json_t *v, const char *where, cuzk_fp *out)
{
    if (!json_is_string(v))
        return bad(c, where, "expected a decimal string");
    if (cuzk_snarkjs_dec_to_fp(out, json_string_value(v)) != 0)
        return bad(c, where, "not a decimal integer below the base field modulus p");
    return 0;
}

static int get_fp2(const ctx *c, json_t *v, const char *where, cuzk_fp2 *out)
{
    char w[128];
    if (!json_is_array(v) || json_array_size(v) != 2)
        return bad(c, where, "expected [c0, c1]");
    snprintf(w, sizeof w, "%s[0]", where);
    int rc = get_fp(c, json_array_get(v, 0), w, &out->c0);
    if (rc)
        return rc;
    snprintf(w, sizeof w, "%s[1]", where);
    return get_fp(c, json_array_get(v, 1), w, &out->c1);
}

/* Z must be 1 (affine) or 0 (infinity): the only forms snarkjs writes. */
static int get_g1(const ctx *c, json_t *v, const char *where, bool finite, cuzk_g1_affine *out)
{
    char w[96];
    cuzk_fp xyz[3];
    if (!json_is_array(v) || json_array_size(v) != 3)
        return bad(c, where, "expected a G1 point [x, y, z]");
    for (size_t i = 0; i < 3; i++) {
        snprintf(w, sizeof w, "%s[%zu]", where, i);
        int rc = get_fp(c, json_array_get(v, i), w, &xyz[i]);
        if (rc)
            return rc;
    }
    if (cuzk_fp_is_zero(&xyz[2])) {
        if (finite)
            return bad(c, where, "the point at infinity is not allowed here");
        cuzk_g1_affine_infinity(out);
        return 0;
    }
    if (!cuzk_fp_is_one(&xyz[2]))
        return bad(c, where, "z must be \"1\" or \"0\"");
    out->x = xyz[0];
    out->y = xyz[1];
    if (!cuzk_g1_is_on_curve(out))
        return cuzk_err_set(c->err, CUZK_ERR_NOT_ON_CURVE, "%s: %s: not on the curve", c->path, where);
    if (!cuzk_g1_is_in_subgroup(out))
        return cuzk_err_set(c->err, CUZK_ERR_NOT_IN_SUBGROUP, "%s: %s: not in the prime-order subgroup", c->path,
                            where);
    return 0;
}

static int get_g2(const ctx *c, json_t *v, const char *where, bool finite, cuzk_g2_affine *out)
{
    char w[96];
    cuzk_fp2 xyz[3];
    if (!json_is_array(v) || json_array_size(v) != 3)
        return bad(c, where, "expected a G2 point [[x0, x1], [y0, y1], [z0, z1]]");
    for (size_t i = 0; i < 3; i++) {
        snprintf(w, sizeof w, "%s[%zu]", where, i);
        int rc = get_fp2(c, json_array_get(v, i), w, &xyz[i]);
        if (rc)
            return rc;
    }
    if (cuzk_fp2_is_zero(&xyz[2])) {
        if (finite)
            return bad(c, where, "the point at infinity is not allowed here");
        cuzk_g2_affine_infinity(out);
        return 0;
    }
    if (!cuzk_fp2_is_one(&xyz[2]))
        return bad(c, where, "z must be [\"1\", \"0\"] or [\"0\", \"0\"]");
    out->x = xyz[0];
    out->y = xyz[1];
    if (!cuzk_g2_is_on_curve(out))
        return cuzk_err_set(c->err, CUZK_ERR_NOT_ON_CURVE, "%s: %s: not on the curve", c->path, where);
    if (!cuzk_g2_is_in_subgroup(out))
        return cuzk_err_set(c->err, CUZK_ERR_NOT_IN_SUBGROUP, "%s: %s: not in the prime-order subgroup", c->path,
                            where);
    return 0;
}

int cuzk_snarkjs_read_vk(const char *path, cuzk_vk *vk, cuzk_err *err)
{
    memset(vk, 0, sizeof *vk);
    ctx c = { path, err };
    json_t *root;
    int rc = load(&c, &root);
    if (rc)
        return rc;
    cuzk_vk v;
    memset(&v, 0, sizeof v);
    json_t *np = json_object_get(root, "nPublic"), *ic = json_object_get(root, "IC");
    if ((rc = check_tags(&c, root, true)))
        goto out;
    if (!json_is_integer(np) || json_integer_value(np) < 0 || json_integer_value(np) >= UINT32_MAX) {
        rc = bad(&c, "nPublic", "expected a non-negative integer");
        goto out;
    }
    if (!json_is_array(ic) || json_array_size(ic) != (size_t)json_integer_value(np) + 1) {
        rc = bad(&c, "IC", "expected an array of nPublic + 1 G1 points");
        goto out;
    }
    if ((rc = get_g1(&c, json_object_get(root, "vk_alpha_1"), "vk_alpha_1", false, &v.alpha_g1)) ||
        (rc = get_g2(&c, json_object_get(root, "vk_beta_2"), "vk_beta_2", false, &v.beta_g2)) ||
        (rc = get_g2(&c, json_object_get(root, "vk_gamma_2"), "vk_gamma_2", false, &v.gamma_g2)) ||
        (rc = get_g2(&c, json_object_get(root, "vk_delta_2"), "vk_delta_2", false, &v.delta_g2)))
        goto out;
    cuzk_g1_affine_infinity(&v.beta_g1);
    cuzk_g1_affine_infinity(&v.delta_g1);
    v.ic_len = (uint32_t)json_array_size(ic);
    v.ic = cuzk_alloc_array(v.ic_len, sizeof *v.ic);
    if (!v.ic) {
        rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: no memory for %u IC points", path, v.ic_len);
        goto out;
    }
    for (uint32_t i = 0; i < v.ic_len; i++) {
        char w[32];
        snprintf(w, sizeof w, "IC[%u]", i);
        if ((rc = get_g1(&c, json_array_get(ic, i), w, false, &v.ic[i])))
            goto out;
    }
    *vk = v;
    v.ic = NULL;
out:
    cuzk_free(v.ic);
    json_decref(root);
    return rc;
}

int cuzk_snarkjs_read_proof(const char *path, cuzk_proof *proof, cuzk_err *err)
{
    ctx c = { path, err };
    json_t *root;
    int rc = load(&c, &root);
    if (rc)
        return rc;
    cuzk_proof p;
    if (!(rc = check_tags(&c, root, false)) &&
        !(rc = get_g1(&c, json_object_get(root, "pi_a"), "pi_a", true, &p.a)) &&
        !(rc = get_g2(&c, json_object_get(root, "pi_b"), "pi_b", true, &p.b)) &&
        !(rc = get_g1(&c, json_object_get(root, "pi_c"), "pi_c", true, &p.c)))
        *proof = p;
    json_decref(root);
    return rc;
}

int cuzk_snarkjs_read_public(const char *path, cuzk_fr **inputs, size_t *n, cuzk_err *err)
{
    ctx c = { path, err };
    *inputs = NULL;
    *n = 0;
    json_t *root;
    int rc = load(&c, &root);
    if (rc)
        return rc;
    if (!json_is_array(root)) {
        json_decref(root);
        return bad(&c, "top level", "expected an array of decimal strings");
    }
    size_t k = json_array_size(root);
    cuzk_fr *v = cuzk_alloc_array(k ? k : 1, sizeof *v);
    if (!v) {
        json_decref(root);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: no memory for %zu inputs", path, k);
    }
    for (size_t i = 0; i < k && !rc; i++) {
        json_t *x = json_array_get(root, i);
        char w[32];
        snprintf(w, sizeof w, "[%zu]", i);
        if (!json_is_string(x) || cuzk_snarkjs_dec_to_fr(&v[i], json_string_value(x)) != 0)
            rc = bad(&c, w, "not a decimal string below the scalar field modulus r");
    }
    json_decref(root);
    if (rc) {
        cuzk_free(v);
        return rc;
    }
    *inputs = v;
    *n = k;
    return 0;
}
