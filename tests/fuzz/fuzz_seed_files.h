/* The seed writers' file helpers (fuzz_*_seeds.c): a folder made with its
 * parents, and one seed file written. */
#ifndef CUZK_FUZZ_SEED_FILES_H
#define CUZK_FUZZ_SEED_FILES_H

#include <stdio.h>
#include <sys/stat.h>

/* dir/name holds the n bytes of b; 0 or 1 (the failure said on stderr). */
static inline int fuzz_seed_save(const char *dir, const char *name, const void *b, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b, 1, n, f) != n) {
        fprintf(stderr, "cannot write %s\n", path);
        if (f) fclose(f);
        return 1;
    }
    return fclose(f) != 0;
}

/* mkdir -p */
static inline void fuzz_seed_make_dirs(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s", dir);
    for (char *q = path + 1; *q; q++) {
        if (*q != '/') continue;
        *q = 0;
        mkdir(path, 0755);
        *q = '/';
    }
    mkdir(path, 0755);
}

#endif
