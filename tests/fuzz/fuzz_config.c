/* libFuzzer target: the daemon's config reader (toml++ behind the C API,
 * then the key table and the checks) on arbitrary bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "server/config.h"
#include "server/toml_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    cuzk_toml_doc *d = NULL;
    char err[512];
    if (cuzk_toml_parse((const char *)data, size, "fuzz", &d, err, sizeof err) == 0) {
        /* every item is readable */
        size_t n = cuzk_toml_count(d), total = 0;
        for (size_t i = 0; i < n; i++) {
            const cuzk_toml_item *it = cuzk_toml_get(d, i);
            for (const char *p = it->path; *p; p++) total += (unsigned char)*p;
            for (size_t k = 0; k < it->str_len; k++) total += (unsigned char)it->str[k];
        }
        if (cuzk_toml_get(d, n) != NULL) __builtin_trap();
        (void)total;
        cuzk_toml_free(d);
    }
    cuzk_daemon_config c;
    cuzk_daemon_config_default(&c);
    if (cuzk_daemon_config_apply_toml(&c, (const char *)data, size, "fuzz", err, sizeof err, NULL) == 0) {
        if (cuzk_daemon_config_check(&c, err, sizeof err) == 0) {
            FILE *f = fopen("/dev/null", "w");
            if (f) {
                cuzk_daemon_config_print(&c, f);
                fclose(f);
            }
        }
    }
    return 0;
}
