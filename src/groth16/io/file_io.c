/* Whole-file mappings for the readers and a buffered, all-or-nothing writer. */
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "groth16/io/io_impl.h"

#define WRITER_BUF_BYTES ((size_t)1 << 20)

static const char *errno_text(int e, char *buf, size_t n)
{
    /* strerror is not thread-safe; the XSI strerror_r is */
    if (strerror_r(e, buf, n) != 0)
        snprintf(buf, n, "errno %d", e);
    return buf;
}

int cuzk_io_map_file(const char *path, const uint8_t **data, size_t *len, cuzk_err *err)
{
    char why[96], nm[128];
    *data = NULL;
    *len = 0;
    if (!path)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "NULL path");
    cuzk_io_short_name(nm, sizeof nm, path);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: open: %s", nm, errno_text(errno, why, sizeof why));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: stat: %s", nm, errno_text(e, why, sizeof why));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: not a regular file", nm);
    }
    if (st.st_size == 0) {   /* mmap refuses length 0; the parser reports TRUNCATED */
        close(fd);
        return 0;
    }
    if ((uint64_t)st.st_size > SIZE_MAX) {
        close(fd);
        return cuzk_err_set(err, CUZK_ERR_TOO_LARGE, "%s: file too large to map", nm);
    }
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    int e = errno;
    close(fd);   /* the mapping keeps the file open */
    if (m == MAP_FAILED)
        return cuzk_err_set(err, CUZK_ERR_IO, "%s: mmap: %s", nm, errno_text(e, why, sizeof why));
    *data = m;
    *len = (size_t)st.st_size;
    return 0;
}

void cuzk_io_unmap_file(const uint8_t *data, size_t len)
{
    if (data && len)
        munmap((void *)data, len);
}

static int writer_errno(cuzk_io_writer *w, const char *what)
{
    char why[96];
    if (w->rc == 0)
        w->rc = cuzk_err_set(w->err, CUZK_ERR_IO, "%s: %s: %s", w->name, what,
                             errno_text(errno, why, sizeof why));
    return w->rc;
}

int cuzk_io_writer_open(cuzk_io_writer *w, const char *path, cuzk_err *err)
{
    memset(w, 0, sizeof *w);
    w->fd = -1;
    w->path = path;
    w->err = err;
    if (!path)
        return w->rc = cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "NULL path");
    cuzk_io_short_name(w->name, sizeof w->name, path);
    size_t n = strlen(path) + 64;
    w->buf = cuzk_alloc(WRITER_BUF_BYTES);
    w->tmp = cuzk_alloc(n);
    if (!w->buf || !w->tmp)
        return w->rc = cuzk_err_set(err, CUZK_ERR_OUT_OF_MEMORY, "%s: no memory for the write buffer", w->name);
    w->cap = WRITER_BUF_BYTES;
    /* O_EXCL and a fresh name on collision: two writers never share a temporary */
    for (int attempt = 0; attempt < 16 && w->fd < 0; attempt++) {
        snprintf(w->tmp, n, "%s.tmp-%ld-%" PRIx64, path, (long)getpid(), cuzk_now_ns() + (uint64_t)attempt);
        w->fd = open(w->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (w->fd < 0 && errno != EEXIST)
            break;
    }
    if (w->fd < 0)
        return writer_errno(w, "create");
    return 0;
}

static void writer_flush(cuzk_io_writer *w)
{
    size_t done = 0;
    while (w->rc == 0 && done < w->used) {
        ssize_t n = write(w->fd, w->buf + done, w->used - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            writer_errno(w, "write");
            break;
        }
        done += (size_t)n;
    }
    w->used = 0;
}

uint8_t *cuzk_io_writer_reserve(cuzk_io_writer *w, size_t n)
{
    if (w->rc || n > w->cap)
        return NULL;
    if (w->cap - w->used < n)
        writer_flush(w);
    if (w->rc)
        return NULL;
    uint8_t *p = w->buf + w->used;
    w->used += n;
    return p;
}

void cuzk_io_writer_put(cuzk_io_writer *w, const uint8_t *data, size_t n)
{
    while (n && w->rc == 0) {
        size_t k = n < w->cap ? n : w->cap;
        uint8_t *p = cuzk_io_writer_reserve(w, k);
        if (!p)
            return;
        memcpy(p, data, k);
        data += k;
        n -= k;
    }
}

int cuzk_io_writer_fail(cuzk_io_writer *w, int code, const char *msg)
{
    if (w->rc == 0)
        w->rc = cuzk_err_set(w->err, code, "%s: %s", w->name, msg);
    return w->rc;
}

int cuzk_io_writer_close(cuzk_io_writer *w)
{
    if (w->fd >= 0) {
        writer_flush(w);
        if (close(w->fd) != 0)
            writer_errno(w, "close");
        if (w->rc == 0 && rename(w->tmp, w->path) != 0)
            writer_errno(w, "rename");
        if (w->rc)
            unlink(w->tmp);
    }
    w->fd = -1;
    cuzk_free(w->buf);
    cuzk_free(w->tmp);
    w->buf = NULL;
    w->tmp = NULL;
    return w->rc;
}

void cuzk_io_short_name(char *out, size_t n, const char *path)
{
    size_t len = strlen(path);
    if (len < n)
        memcpy(out, path, len + 1);
    else if (n > 4)
        snprintf(out, n, "...%s", path + len - (n - 4));
    else if (n)
        out[0] = 0;
}
