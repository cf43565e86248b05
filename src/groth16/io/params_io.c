/* The bellperson .params file: the verifying key, then h, l, a, b_g1 (G1) and
 * b_g2 (G2), each a u32 big-endian count followed by that many uncompressed
 * points. Reading checks the key (subgroup-checked, like bellperson) and the
 * layout at once, so a bad count or a wrong size fails here and not half way
 * through a proof; the points of the five vectors are decoded on first use
 * (params_access.c), as bellperson's MappedParameters does. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "groth16/io/io_impl.h"
#include "groth16/params_impl.h"

/* Points per decode task; vectors under two tasks' worth decode inline. */
#define DEFAULT_DECODE_CHUNK 4096

static cuzk_params *params_new(const char *name, cuzk_err *err)
{
    cuzk_params *p = cuzk_alloc(sizeof *p);
    if (!p) {
        cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: no memory for the params", name);
        return NULL;
    }
    memset(p, 0, sizeof *p);
    if (pthread_mutex_init(&p->lock, NULL) != 0) {
        cuzk_free(p);
        cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: cannot create the decode lock", name);
        return NULL;
    }
    p->lock_init = true;
    p->decode_chunk = DEFAULT_DECODE_CHUNK;
    cuzk_io_short_name(p->name, sizeof p->name, name);
    return p;
}

/* Checks the layout of p->map and records where each vector starts. */
static int params_parse(cuzk_params *p, cuzk_err *err)
{
    const char *src = p->name;
    size_t pos = 0;
    int rc = cuzk_vk_parse(&p->vk, p->map, p->map_len, src, &pos, err);
    if (rc)
        return rc;
    for (int i = 0; i < CUZK_PARAMS_NVEC; i++) {
        char field[16];
        snprintf(field, sizeof field, "%s_len", cuzk_params_field(i));
        if ((rc = cuzk_io_need(src, field, pos, 4, p->map_len, err)))
            return rc;
        uint32_t n = cuzk_io_be32(p->map + pos);
        pos += 4;
        uint64_t size = cuzk_params_point_bytes(i);
        if ((rc = cuzk_io_need_items(src, field, pos, n, size, p->map_len, err)))
            return rc;
        p->count[i] = n;
        p->offset[i] = pos;
        pos += (size_t)(n * size);
    }
    if (pos != p->map_len)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH,
                            "%s: %zu trailing bytes after the last b_g2 point, at offset %zu",
                            src, p->map_len - pos, pos);
    return 0;
}

int cuzk_params_read(const char *path, bool checked, cuzk_params **out, cuzk_err *err)
{
    if (!out)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_params_read: NULL out");
    *out = NULL;
    const uint8_t *data;
    size_t len;
    int rc = cuzk_io_map_file(path, &data, &len, err);
    if (rc)
        return rc;
    cuzk_params *p = params_new(path, err);
    if (!p) {
        cuzk_io_unmap_file(data, len);
        return err ? err->code : CUZK_ERR_OUT_OF_MEMORY;
    }
    p->source = CUZK_PARAMS_SRC_MMAP;
    p->map = data;
    p->map_len = len;
    p->checked = checked;
    if ((rc = params_parse(p, err))) {
        cuzk_params_free(p);
        return rc;
    }
    *out = p;
    return 0;
}

int cuzk_params_read_buffer(const uint8_t *buf, size_t len, bool checked, cuzk_params **out, cuzk_err *err)
{
    if (!out || (!buf && len))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_params_read_buffer: NULL argument");
    *out = NULL;
    cuzk_params *p = params_new("<buffer>", err);
    if (!p)
        return err ? err->code : CUZK_ERR_OUT_OF_MEMORY;
    /* Checked in place first, so a bad buffer costs no copy. */
    p->source = CUZK_PARAMS_SRC_BORROWED;
    p->map = buf;
    p->map_len = len;
    p->checked = checked;
    int rc = params_parse(p, err);
    if (rc == 0) {
        /* Then copied: the caller may free buf as soon as this returns. */
        uint8_t *copy = cuzk_alloc(len);
        if (!copy) {
            rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "<buffer>: no memory to copy %zu bytes", len);
        } else {
            if (len)
                memcpy(copy, buf, len);
            p->map = copy;
            p->source = CUZK_PARAMS_SRC_BUFFER;
        }
    }
    if (rc) {
        p->map = NULL;   /* never free the caller's bytes */
        cuzk_params_free(p);
        return rc;
    }
    *out = p;
    return 0;
}

/* One vector: from its decoded points when there are any, else the source
 * bytes as they are (already checked for length; a reader checks the points). */
static void write_vector(cuzk_io_writer *w, cuzk_params *p, int which)
{
    uint64_t n = p->count[which];
    const char *field = cuzk_params_field(which);
    if (n > UINT32_MAX) {
        char msg[96];
        snprintf(msg, sizeof msg, "%s has %" PRIu64 " points, more than a u32 count holds", field, n);
        cuzk_io_writer_fail(w, CUZK_ERR_TOO_LARGE, msg);
        return;
    }
    uint8_t *hdr = cuzk_io_writer_reserve(w, 4);
    if (!hdr)
        return;
    cuzk_io_put_be32(hdr, (uint32_t)n);

    if (p->lock_init)
        pthread_mutex_lock(&p->lock);
    bool decoded = p->decoded[which];
    if (p->lock_init)
        pthread_mutex_unlock(&p->lock);
    /* decoded vectors and the source bytes never change once set: no lock needed past here */
    if (!decoded) {
        cuzk_io_writer_put(w, p->map + p->offset[which], (size_t)(n * cuzk_params_point_bytes(which)));
        return;
    }
    for (uint64_t i = 0; i < n && w->rc == 0; i++) {
        bool inf = which == CUZK_PARAMS_B_G2 ? cuzk_g2_affine_is_infinity(&p->b_g2[i])
                                             : cuzk_g1_affine_is_infinity(&p->g1[which][i]);
        if (inf) {
            /* readers refuse it, so do not write a file that cannot be read back */
            char msg[96];
            snprintf(msg, sizeof msg, "%s[%" PRIu64 "] is the point at infinity, readers refuse it", field, i);
            cuzk_io_writer_fail(w, CUZK_ERR_INVALID_ARGUMENT, msg);
            return;
        }
        uint8_t *dst = cuzk_io_writer_reserve(w, (size_t)cuzk_params_point_bytes(which));
        if (!dst)
            return;
        if (which == CUZK_PARAMS_B_G2)
            cuzk_g2_serialize(dst, &p->b_g2[i]);
        else
            cuzk_g1_serialize(dst, &p->g1[which][i]);
    }
}

int cuzk_params_write(cuzk_params *p, const char *path, cuzk_err *err)
{
    if (!p)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "cuzk_params_write: NULL params");
    cuzk_io_writer w;
    if (cuzk_io_writer_open(&w, path, err) == 0 && cuzk_vk_write_to(&w, &p->vk) == 0)
        for (int i = 0; i < CUZK_PARAMS_NVEC && w.rc == 0; i++)
            write_vector(&w, p, i);
    return cuzk_io_writer_close(&w);
}
