/* Private: the flag byte shared by the G1 and G2 encodings (zcash format). */
#ifndef CUZK_EC_ENCODE_IMPL_H
#define CUZK_EC_ENCODE_IMPL_H

#include "cuzk/ec.h"

#define CUZK_EC_FLAG_COMPRESSED 0x80
#define CUZK_EC_FLAG_INFINITY 0x40
#define CUZK_EC_FLAG_SIGN 0x20
#define CUZK_EC_FLAG_MASK 0xe0

typedef struct {
    bool compressed;
    bool infinity;
    bool sign;
} cuzk_ec_header;

/* Checks the length (coord_bytes = 48 for G1, 96 for G2: the compressed size)
 * and the flag bits, including the all-zero rule of the infinity encoding.
 * group names the group in error messages ("G1" / "G2"). */
int cuzk_ec_decode_header(cuzk_ec_header *h, const uint8_t *in, size_t len,
                          size_t coord_bytes, const char *group, cuzk_err *err);

#endif
