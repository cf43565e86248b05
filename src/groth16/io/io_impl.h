/* Private: helpers shared by the bellperson file formats (params, vk, proof).
 *
 * Every reader works on a byte range it can see whole (an mmap or a caller's
 * buffer): lengths are checked against what is left before anything is read
 * or allocated, and every error names the source, the field and its offset. */
#ifndef CUZK_GROTH16_IO_IMPL_H
#define CUZK_GROTH16_IO_IMPL_H

#include "cuzk/groth16.h"

#define CUZK_G1_BYTES 96      /* uncompressed, as in .params and .vk */
#define CUZK_G2_BYTES 192
#define CUZK_VK_FIXED_BYTES 868   /* six points and the ic count */

static inline uint32_t cuzk_io_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void cuzk_io_put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Fails with TRUNCATED unless [off, off + need) lies inside len. */
int cuzk_io_need(const char *src, const char *field, uint64_t off, uint64_t need, uint64_t len,
                 cuzk_err *err);
/* Checks that count items of item_bytes each fit in [off, len). A count whose
 * items would not fit even in the whole input is TOO_LARGE (a corrupt count);
 * one that fits the whole input but not what is left is TRUNCATED (a cut file). */
int cuzk_io_need_items(const char *src, const char *field, uint64_t off, uint64_t count,
                       uint64_t item_bytes, uint64_t len, cuzk_err *err);

/* Decode one uncompressed point (subgroup-checked when asked). When
 * allow_infinity is false the point at infinity is refused with BAD_FLAGS. On
 * error the message reads "<src>: <field>[<index>] at offset <off>: <why>";
 * index < 0 leaves out the brackets. */
int cuzk_io_g1_at(cuzk_g1_affine *r, const uint8_t *in, bool subgroup, bool allow_infinity,
                  const char *src, const char *field, int64_t index, uint64_t off, cuzk_err *err);
int cuzk_io_g2_at(cuzk_g2_affine *r, const uint8_t *in, bool subgroup, bool allow_infinity,
                  const char *src, const char *field, int64_t index, uint64_t off, cuzk_err *err);

/* The verifying key at the start of buf (the whole .vk, or the head of a
 * .params), always subgroup-checked. On success vk owns a fresh ic and *end is
 * the offset just past it; on failure vk is zeroed. */
int cuzk_vk_parse(cuzk_vk *vk, const uint8_t *buf, size_t len, const char *src, size_t *end,
                  cuzk_err *err);

/* ---- files ---- */
/* Maps a whole file read-only. An empty file gives *data = NULL, *len = 0. */
int cuzk_io_map_file(const char *path, const uint8_t **data, size_t *len, cuzk_err *err);
void cuzk_io_unmap_file(const uint8_t *data, size_t len);

/* Fits a path into a name buffer for messages, keeping its tail (the part
 * of a parameter file name that differs is at the end). */
void cuzk_io_short_name(char *out, size_t n, const char *path);

/* A buffered writer. It writes a temporary file beside path and renames it
 * over path on success, so readers never see a partial file, a failed write
 * leaves path as it was, and params mapped from path itself can be written
 * back to it (the mapping keeps the old file). */
typedef struct {
    int fd;
    const char *path;
    char *tmp;       /* the temporary file's name */
    char name[128];  /* path shortened for messages */
    uint8_t *buf;
    size_t used, cap;
    int rc;          /* first error, sticky: later puts do nothing */
    cuzk_err *err;
} cuzk_io_writer;

int cuzk_io_writer_open(cuzk_io_writer *w, const char *path, cuzk_err *err);
/* Space for n bytes (n <= the buffer size) to fill in place, or NULL after an error. */
uint8_t *cuzk_io_writer_reserve(cuzk_io_writer *w, size_t n);
void cuzk_io_writer_put(cuzk_io_writer *w, const uint8_t *data, size_t n);
/* Flushes and closes; removes the file if any step failed. Returns w->rc. */
int cuzk_io_writer_close(cuzk_io_writer *w);
/* Marks the write as failed with the given error (the caller's own check). */
int cuzk_io_writer_fail(cuzk_io_writer *w, int code, const char *msg);

/* The verifying key's bytes through a writer (cuzk_vk_write, and the head of
 * cuzk_params_write). An ic point at infinity fails the write. */
int cuzk_vk_write_to(cuzk_io_writer *w, const cuzk_vk *vk);

/* ---- params ---- */
/* Field name and point size of each vector (cuzk_params_vector order = file order). */
static inline const char *cuzk_params_field(int which)
{
    static const char *const names[5] = { "h", "l", "a", "b_g1", "b_g2" };
    return which >= 0 && which < 5 ? names[which] : "?";
}

static inline uint64_t cuzk_params_point_bytes(int which)
{
    return which == CUZK_PARAMS_B_G2 ? CUZK_G2_BYTES : CUZK_G1_BYTES;
}
/* Decodes vector which of file-backed params (the caller holds p->lock). */
int cuzk_params_decode_vector(struct cuzk_params *p, int which, cuzk_err *err);

#endif
