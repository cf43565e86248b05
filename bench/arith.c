/* cuzk-bench arith: placeholder until the arithmetic lands. */
#include "bench_commands.h"
#include <stdio.h>

int cuzk_bench_arith_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "arith: not yet implemented\n");
    return 1;
}
