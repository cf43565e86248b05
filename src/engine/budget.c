/* The machine's memory, from which the engine's default budgets are made:
 * the cgroup v2 (or v1) limit of this process when one is set, else MemTotal. */
#include "engine_impl.h"

#include <stdio.h>
#include <string.h>

static uint64_t read_u64_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char buf[64] = { 0 };
    uint64_t v = 0;
    if (fgets(buf, sizeof buf, f) && strncmp(buf, "max", 3)) sscanf(buf, "%lu", &v);
    fclose(f);
    return v;
}

static uint64_t mem_total(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f) return 0;
    char line[256];
    uint64_t kb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemTotal: %lu kB", &kb) == 1) break;
    fclose(f);
    return kb * 1024;
}

uint64_t cuzk_engine_machine_memory(void)
{
    uint64_t total = mem_total();
    uint64_t cg = read_u64_file("/sys/fs/cgroup/memory.max");
    if (!cg) cg = read_u64_file("/sys/fs/cgroup/memory/memory.limit_in_bytes");
    if (cg && (!total || cg < total)) total = cg;
    return total ? total : (uint64_t)8 << 30;
}
