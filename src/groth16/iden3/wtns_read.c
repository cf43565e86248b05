/* The .wtns reader (version 2): header (type 1: n8, prime, count) and the
 * values (type 2), standard form, each checked to be below r. */
#include <inttypes.h>
#include <string.h>

#include "groth16/iden3/iden3_impl.h"
#include "groth16/io/io_impl.h"

int cuzk_iden3_wtns_read_buffer(const uint8_t *buf, size_t len, const char *src, cuzk_iden3_wtns *out,
                                cuzk_err *err)
{
    if (!out || (!buf && len))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "wtns: NULL argument");
    memset(out, 0, sizeof *out);
    cuzk_iden3_file f;
    uint64_t off, size;
    int rc;
    if ((rc = cuzk_iden3_open(&f, buf, len, src, "wtns", 2, err)) ||
        (rc = cuzk_iden3_section(&f, 1, true, &off, &size, NULL, err)) ||
        (rc = cuzk_iden3_check_field(&f, off, size, "header", err)))
        return rc;
    if (size != 4 + CUZK_IDEN3_N8 + 4)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "%s: header section at offset %" PRIu64 " has %" PRIu64
                            " bytes, expected %d", f.src, off, size, 4 + CUZK_IDEN3_N8 + 4);
    uint32_t n = cuzk_iden3_le32(f.buf + off + 4 + CUZK_IDEN3_N8);
    if ((rc = cuzk_iden3_section(&f, 2, true, &off, &size, NULL, err)))
        return rc;
    if (size != (uint64_t)n * CUZK_IDEN3_N8)
        return cuzk_err_set(err, size < (uint64_t)n * CUZK_IDEN3_N8 ? CUZK_ERR_TRUNCATED : CUZK_ERR_BAD_LENGTH,
                            "%s: values section at offset %" PRIu64 " has %" PRIu64 " bytes, the header's %" PRIu32
                            " values need %" PRIu64, f.src, off, size, n, (uint64_t)n * CUZK_IDEN3_N8);
    cuzk_fr *v = cuzk_alloc_array(n ? n : 1, sizeof *v);
    if (!v)
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: no memory for %" PRIu32 " values", f.src, n);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t at = off + (uint64_t)i * CUZK_IDEN3_N8;
        if (cuzk_fr_from_bytes_le(&v[i], f.buf + at, NULL) != 0) {
            cuzk_free(v);
            return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "%s: value %" PRIu32 " at offset %" PRIu64
                                " is not below r", f.src, i, at);
        }
    }
    out->n = n;
    out->value = v;
    return 0;
}

int cuzk_iden3_wtns_read(const char *path, cuzk_iden3_wtns *out, cuzk_err *err)
{
    const uint8_t *data;
    size_t len;
    int rc = cuzk_io_map_file(path, &data, &len, err);
    if (rc)
        return rc;
    rc = cuzk_iden3_wtns_read_buffer(data, len, path, out, err);
    cuzk_io_unmap_file(data, len);
    return rc;
}

void cuzk_iden3_wtns_free(cuzk_iden3_wtns *w)
{
    if (!w)
        return;
    cuzk_free(w->value);
    memset(w, 0, sizeof *w);
}
