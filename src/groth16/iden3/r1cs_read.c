/* The .r1cs reader: header (type 1), constraints (type 2), the wire-to-label
 * map (type 3, only its size is checked). Two passes over the constraints:
 * the first bounds every term count by the bytes present and totals them, so
 * the arrays are allocated from checked sizes; the second decodes. */
#include <inttypes.h>
#include <string.h>

#include "groth16/iden3/iden3_impl.h"
#include "groth16/io/io_impl.h"

#define R1CS_HEADER_BYTES (4 + CUZK_IDEN3_N8 + 4 * 4 + 8 + 4)
#define TERM_BYTES (4 + CUZK_IDEN3_N8)

static int read_header(const cuzk_iden3_file *f, cuzk_iden3_r1cs *r, cuzk_err *err)
{
    uint64_t off, size;
    int rc;
    if ((rc = cuzk_iden3_section(f, 1, true, &off, &size, NULL, err)) ||
        (rc = cuzk_iden3_check_field(f, off, size, "header", err)))
        return rc;
    if (size != R1CS_HEADER_BYTES)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "%s: header section at offset %" PRIu64 " has %" PRIu64
                            " bytes, expected %d", f->src, off, size, R1CS_HEADER_BYTES);
    const uint8_t *p = f->buf + off + 4 + CUZK_IDEN3_N8;
    r->n_wires = cuzk_iden3_le32(p);
    r->n_pub_out = cuzk_iden3_le32(p + 4);
    r->n_pub_in = cuzk_iden3_le32(p + 8);
    r->n_prv_in = cuzk_iden3_le32(p + 12);
    r->n_labels = cuzk_iden3_le64(p + 16);
    r->n_constraints = cuzk_iden3_le32(p + 24);
    uint64_t named = 1 + (uint64_t)r->n_pub_out + r->n_pub_in + r->n_prv_in;
    if (named > r->n_wires)
        return cuzk_err_set(err, CUZK_ERR_PARSE,
                            "%s: header at offset %" PRIu64 ": nWires = %" PRIu32 " is less than 1 + nPubOut + nPubIn + nPrvIn = %" PRIu64,
                            f->src, off, r->n_wires, named);
    return 0;
}

/* Pass 1: structure only. Returns the total term count in *terms. */
static int scan_constraints(const cuzk_iden3_file *f, const cuzk_iden3_r1cs *r, uint64_t off, uint64_t size,
                            uint64_t *terms, cuzk_err *err)
{
    const uint64_t end = off + size;
    uint64_t pos = off, total = 0;
    /* each constraint needs at least its three term counts */
    if (r->n_constraints > size / 12)
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "%s: %" PRIu32 " constraints cannot fit in the %" PRIu64
                            "-byte constraints section at offset %" PRIu64, f->src, r->n_constraints, size, off);
    for (uint32_t i = 0; i < r->n_constraints; i++)
        for (int k = 0; k < 3; k++) {
            if (end - pos < 4)
                return cuzk_err_set(err, CUZK_ERR_TRUNCATED, "%s: constraint %" PRIu32 " %c: term count at offset %" PRIu64
                                    " runs past the section end %" PRIu64, f->src, i, "ABC"[k], pos, end);
            uint64_t n = cuzk_iden3_le32(f->buf + pos);
            pos += 4;
            if (n > (end - pos) / TERM_BYTES)
                return cuzk_err_set(err, CUZK_ERR_TRUNCATED, "%s: constraint %" PRIu32 " %c: %" PRIu64 " terms at offset %" PRIu64
                                    " run past the section end %" PRIu64, f->src, i, "ABC"[k], n, pos - 4, end);
            pos += n * TERM_BYTES;
            total += n;
        }
    if (pos != end)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "%s: %" PRIu64 " bytes after the last constraint, at offset %" PRIu64,
                            f->src, end - pos, pos);
    *terms = total;
    return 0;
}

/* Pass 2: wires in range, coefficients canonical. */
static int decode_constraints(const cuzk_iden3_file *f, cuzk_iden3_r1cs *r, uint64_t off, cuzk_err *err)
{
    uint64_t pos = off, t = 0;
    for (uint32_t i = 0; i < r->n_constraints; i++)
        for (int k = 0; k < 3; k++) {
            uint32_t n = cuzk_iden3_le32(f->buf + pos);
            pos += 4;
            r->lc_start[3 * (uint64_t)i + (uint64_t)k] = t;
            for (uint32_t j = 0; j < n; j++, t++, pos += TERM_BYTES) {
                uint32_t w = cuzk_iden3_le32(f->buf + pos);
                if (w >= r->n_wires)
                    return cuzk_err_set(err, CUZK_ERR_PARSE, "%s: constraint %" PRIu32 " %c term %" PRIu32 " at offset %" PRIu64
                                        ": wire %" PRIu32 " >= nWires %" PRIu32, f->src, i, "ABC"[k], j, pos, w, r->n_wires);
                if (cuzk_fr_from_bytes_le(&r->coeff[t], f->buf + pos + 4, NULL) != 0)
                    return cuzk_err_set(err, CUZK_ERR_NOT_CANONICAL, "%s: constraint %" PRIu32 " %c term %" PRIu32
                                        ": coefficient at offset %" PRIu64 " is not below r", f->src, i, "ABC"[k], j,
                                        pos + 4);
                r->wire[t] = w;
            }
        }
    r->lc_start[3 * (uint64_t)r->n_constraints] = t;
    return 0;
}

int cuzk_iden3_r1cs_read_buffer(const uint8_t *buf, size_t len, const char *src, cuzk_iden3_r1cs *out,
                                cuzk_err *err)
{
    if (!out || (!buf && len))
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "r1cs: NULL argument");
    memset(out, 0, sizeof *out);
    cuzk_iden3_file f;
    cuzk_iden3_r1cs r = { 0 };
    uint64_t off, size;
    bool found;
    int rc;
    if ((rc = cuzk_iden3_open(&f, buf, len, src, "r1cs", 1, err)) || (rc = read_header(&f, &r, err)))
        return rc;
    /* custom gates (circom's PLONK extensions) describe constraints R1CS cannot hold */
    for (uint32_t type = 4; type <= 5; type++) {
        if ((rc = cuzk_iden3_section(&f, type, false, &off, &size, &found, err)))
            return rc;
        if (found)
            return cuzk_err_set(err, CUZK_ERR_UNSUPPORTED, "%s: custom-gate section (type %" PRIu32
                                ") at offset %" PRIu64 " is not supported", f.src, type, off - 12);
    }
    if ((rc = cuzk_iden3_section(&f, 3, false, &off, &size, &found, err)))
        return rc;
    if (found && size != (uint64_t)r.n_wires * 8)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH, "%s: wire map section at offset %" PRIu64 " has %" PRIu64
                            " bytes, expected nWires * 8 = %" PRIu64, f.src, off, size, (uint64_t)r.n_wires * 8);
    if ((rc = cuzk_iden3_section(&f, 2, true, &off, &size, NULL, err)) ||
        (rc = scan_constraints(&f, &r, off, size, &r.n_terms, err)))
        return rc;
    r.lc_start = cuzk_alloc_array(3 * (size_t)r.n_constraints + 1, sizeof *r.lc_start);
    r.wire = cuzk_alloc_array(r.n_terms ? r.n_terms : 1, sizeof *r.wire);
    r.coeff = cuzk_alloc_array(r.n_terms ? r.n_terms : 1, sizeof *r.coeff);
    if (!r.lc_start || !r.wire || !r.coeff) {
        cuzk_iden3_r1cs_free(&r);
        return cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: no memory for %" PRIu64 " terms", f.src, r.n_terms);
    }
    if ((rc = decode_constraints(&f, &r, off, err))) {
        cuzk_iden3_r1cs_free(&r);
        return rc;
    }
    *out = r;
    return 0;
}

int cuzk_iden3_r1cs_read(const char *path, cuzk_iden3_r1cs *out, cuzk_err *err)
{
    const uint8_t *data;
    size_t len;
    int rc = cuzk_io_map_file(path, &data, &len, err);
    if (rc)
        return rc;
    rc = cuzk_iden3_r1cs_read_buffer(data, len, path, out, err);
    cuzk_io_unmap_file(data, len);
    return rc;
}

void cuzk_iden3_r1cs_free(cuzk_iden3_r1cs *r)
{
    if (!r)
        return;
    cuzk_free(r->lc_start);
    cuzk_free(r->wire);
    cuzk_free(r->coeff);
    memset(r, 0, sizeof *r);
}
