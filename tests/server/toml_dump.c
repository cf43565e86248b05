/* Prints the items of a TOML file as the daemon's reader sees them, one a
 * line: "path<TAB>type<TAB>value" (strings in hex, floats as %.17g), for
 * toml_agree.py to compare with Python's tomllib. A parse error prints
 * "ERROR<TAB>message" and exits 1. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "server/toml_reader.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: toml_dump FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    cuzk_toml_doc *d;
    char err[512];
    if (cuzk_toml_parse(buf, n, argv[1], &d, err, sizeof err)) {
        printf("ERROR\t%s\n", err);
        return 1;
    }
    for (size_t i = 0; i < cuzk_toml_count(d); i++) {
        const cuzk_toml_item *it = cuzk_toml_get(d, i);
        printf("%s\t%s\t", it->path, cuzk_toml_type_name(it->type));
        switch (it->type) {
        case CUZK_TOML_TABLE:
        case CUZK_TOML_ARRAY: printf("%zu", it->count); break;
        case CUZK_TOML_STRING:
            for (size_t k = 0; k < it->str_len; k++) printf("%02x", (unsigned char)it->str[k]);
            break;
        case CUZK_TOML_INTEGER: printf("%" PRId64, it->i); break;
        case CUZK_TOML_FLOAT:
            if (isnan(it->f)) printf("nan");
            else if (isinf(it->f)) printf(it->f > 0 ? "inf" : "-inf");
            else printf("%.17g", it->f);
            break;
        case CUZK_TOML_BOOL: printf(it->b ? "true" : "false"); break;
        default: break; /* datetimes: the type only */
        }
        printf("\n");
    }
    cuzk_toml_free(d);
    return 0;
}
