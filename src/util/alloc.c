/* Aligned, overflow-checked allocation: the one path large buffers come from. */
#include "cuzk/util.h"

#include <stdlib.h>

void *cuzk_alloc(size_t size)
{
    if (size == 0)
        size = 1;
    size_t rounded = (size + 63) & ~(size_t)63;
    if (rounded < size)
        return NULL;
    return aligned_alloc(64, rounded);
}

void *cuzk_alloc_array(size_t count, size_t elem_size)
{
    if (elem_size != 0 && count > SIZE_MAX / elem_size)
        return NULL;
    return cuzk_alloc(count * elem_size);
}

void cuzk_free(void *p) { free(p); }
