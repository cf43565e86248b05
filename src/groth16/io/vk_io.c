/* The bellperson verifying key: alpha_g1, beta_g1, beta_g2, gamma_g2,
 * delta_g1, delta_g2 (uncompressed), a u32 big-endian ic_len, ic_len G1
 * points. Read the way VerifyingKey::read does: every point subgroup-checked,
 * ic points at infinity refused, the six fixed points allowed to be infinity
 * (bellperson does not check them on read; the prover refuses a zero delta). */
#include <string.h>

#include "groth16/io/io_impl.h"

int cuzk_vk_parse(cuzk_vk *vk, const uint8_t *buf, size_t len, const char *src, size_t *end,
                  cuzk_err *err)
{
    memset(vk, 0, sizeof *vk);
    int rc;
    if ((rc = cuzk_io_need(src, "verifying key", 0, CUZK_VK_FIXED_BYTES, len, err)))
        return rc;
    cuzk_vk v = { 0 };
    if ((rc = cuzk_io_g1_at(&v.alpha_g1, buf + 0, true, true, src, "alpha_g1", -1, 0, err)) ||
        (rc = cuzk_io_g1_at(&v.beta_g1, buf + 96, true, true, src, "beta_g1", -1, 96, err)) ||
        (rc = cuzk_io_g2_at(&v.beta_g2, buf + 192, true, true, src, "beta_g2", -1, 192, err)) ||
        (rc = cuzk_io_g2_at(&v.gamma_g2, buf + 384, true, true, src, "gamma_g2", -1, 384, err)) ||
        (rc = cuzk_io_g1_at(&v.delta_g1, buf + 576, true, true, src, "delta_g1", -1, 576, err)) ||
        (rc = cuzk_io_g2_at(&v.delta_g2, buf + 672, true, true, src, "delta_g2", -1, 672, err)))
        return rc;
    uint32_t n = cuzk_io_be32(buf + 864);
    /* ic[0] is the ONE input: a key without it cannot verify anything */
    if (n == 0)
        return cuzk_err_set(err, CUZK_ERR_PARSE, "%s: ic_len at offset 864 is 0 (ic[0] is required)", src);
    if ((rc = cuzk_io_need_items(src, "ic_len", CUZK_VK_FIXED_BYTES, n, CUZK_G1_BYTES, len, err)))
        return rc;
    v.ic = cuzk_alloc_array(n, sizeof *v.ic);
    if (!v.ic)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: no memory for %u ic points", src, n);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t off = CUZK_VK_FIXED_BYTES + (uint64_t)i * CUZK_G1_BYTES;
        if ((rc = cuzk_io_g1_at(&v.ic[i], buf + off, true, false, src, "ic", i, off, err))) {
            cuzk_free(v.ic);
            return rc;
        }
    }
    v.ic_len = n;
    *vk = v;
    *end = CUZK_VK_FIXED_BYTES + (size_t)n * CUZK_G1_BYTES;
    return 0;
}

/* The whole input must be exactly one verifying key. */
static int vk_read_exact(const uint8_t *buf, size_t len, const char *src, cuzk_vk *vk, cuzk_err *err)
{
    size_t end = 0;
    int rc = cuzk_vk_parse(vk, buf, len, src, &end, err);
    if (rc)
        return rc;
    if (end != len) {
        cuzk_vk_free(vk);
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "%s: %zu trailing bytes after the last ic point, at offset %zu",
                            src, len - end, end);
    }
    return 0;
}

int cuzk_vk_read_buffer(const uint8_t *buf, size_t len, cuzk_vk *vk, cuzk_err *err)
{
    if (!vk || (!buf && len))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_vk_read_buffer: NULL argument");
    return vk_read_exact(buf, len, "<buffer>", vk, err);
}

int cuzk_vk_read(const char *path, cuzk_vk *vk, cuzk_err *err)
{
    if (!vk)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_vk_read: NULL vk");
    memset(vk, 0, sizeof *vk);
    const uint8_t *data;
    size_t len;
    int rc = cuzk_io_map_file(path, &data, &len, err);
    if (rc)
        return rc;
    char name[128];
    cuzk_io_short_name(name, sizeof name, path);
    rc = vk_read_exact(data, len, name, vk, err);
    cuzk_io_unmap_file(data, len);
    return rc;
}

size_t cuzk_vk_size(const cuzk_vk *vk)
{
    return CUZK_VK_FIXED_BYTES + (size_t)vk->ic_len * CUZK_G1_BYTES;
}

void cuzk_vk_serialize(const cuzk_vk *vk, uint8_t *out)
{
    cuzk_g1_serialize(out + 0, &vk->alpha_g1);
    cuzk_g1_serialize(out + 96, &vk->beta_g1);
    cuzk_g2_serialize(out + 192, &vk->beta_g2);
    cuzk_g2_serialize(out + 384, &vk->gamma_g2);
    cuzk_g1_serialize(out + 576, &vk->delta_g1);
    cuzk_g2_serialize(out + 672, &vk->delta_g2);
    cuzk_io_put_be32(out + 864, vk->ic_len);
    for (uint32_t i = 0; i < vk->ic_len; i++)
        cuzk_g1_serialize(out + CUZK_VK_FIXED_BYTES + (size_t)i * CUZK_G1_BYTES, &vk->ic[i]);
}

int cuzk_vk_write_to(cuzk_io_writer *w, const cuzk_vk *vk)
{
    uint8_t *head = cuzk_io_writer_reserve(w, CUZK_VK_FIXED_BYTES);
    if (!head)
        return w->rc;
    cuzk_vk tmp = *vk;   /* the fixed part only: ic goes out in chunks below */
    tmp.ic_len = 0;
    cuzk_vk_serialize(&tmp, head);
    cuzk_io_put_be32(head + 864, vk->ic_len);
    for (uint32_t i = 0; i < vk->ic_len; i++) {
        /* a reader refuses it, so refuse to write a file that cannot be read back */
        if (cuzk_g1_affine_is_infinity(&vk->ic[i]))
            return cuzk_io_writer_fail(w, CUZK_ERR_INVALID_ARGUMENT, "vk ic point at infinity, readers refuse it");
        uint8_t *p = cuzk_io_writer_reserve(w, CUZK_G1_BYTES);
        if (!p)
            return w->rc;
        cuzk_g1_serialize(p, &vk->ic[i]);
    }
    return w->rc;
}

int cuzk_vk_write(const cuzk_vk *vk, const char *path, cuzk_err *err)
{
    if (!vk || (!vk->ic && vk->ic_len))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_vk_write: NULL vk or ic");
    cuzk_io_writer w;
    if (cuzk_io_writer_open(&w, path, err) == 0)
        cuzk_vk_write_to(&w, vk);
    return cuzk_io_writer_close(&w);
}

int cuzk_vk_copy(cuzk_vk *dst, const cuzk_vk *src)
{
    cuzk_vk v = *src;
    v.ic = cuzk_alloc_array(src->ic_len ? src->ic_len : 1, sizeof *v.ic);
    if (!v.ic)
        return CUZK_ERR_OUT_OF_MEMORY;
    if (src->ic_len)
        memcpy(v.ic, src->ic, (size_t)src->ic_len * sizeof *v.ic);
    *dst = v;
    return 0;
}

void cuzk_vk_free(cuzk_vk *vk)
{
    if (!vk)
        return;
    cuzk_free(vk->ic);
    vk->ic = NULL;
    vk->ic_len = 0;
}
