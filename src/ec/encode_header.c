/* The flag byte of the zcash point encodings, shared by G1 and G2. */
#include "ec/encode_impl.h"

int cuzk_ec_decode_header(cuzk_ec_header *h, const uint8_t *in, size_t len,
                          size_t coord_bytes, const char *group, cuzk_err *err)
{
    if (in == NULL)
        return cuzk_err_set(err, CUZK_ERR_INVALID_ARGUMENT, "%s decode: NULL input", group);
    if (len != coord_bytes && len != 2 * coord_bytes)
        return cuzk_err_set(err, CUZK_ERR_BAD_LENGTH,
                            "%s point encoding must be %zu (compressed) or %zu (uncompressed) bytes, got %zu",
                            group, coord_bytes, 2 * coord_bytes, len);
    uint8_t f = in[0];
    h->compressed = (f & CUZK_EC_FLAG_COMPRESSED) != 0;
    h->infinity = (f & CUZK_EC_FLAG_INFINITY) != 0;
    h->sign = (f & CUZK_EC_FLAG_SIGN) != 0;
    if (h->compressed != (len == coord_bytes))
        return cuzk_err_set(err, CUZK_ERR_BAD_FLAGS,
                            "%s point: compression flag is %s but the length is %zu bytes",
                            group, h->compressed ? "set" : "clear", len);
    if (h->infinity) {
        /* the sign flag and every coordinate bit must be zero */
        if (h->sign)
            return cuzk_err_set(err, CUZK_ERR_BAD_FLAGS, "%s point: sign flag set on the point at infinity", group);
        uint8_t acc = f & (uint8_t)~CUZK_EC_FLAG_MASK;
        for (size_t i = 1; i < len; i++) acc |= in[i];
        if (acc)
            return cuzk_err_set(err, CUZK_ERR_BAD_FLAGS,
                                "%s point: infinity flag set but the coordinate bytes are not all zero", group);
        return 0;
    }
    if (!h->compressed && h->sign)
        return cuzk_err_set(err, CUZK_ERR_BAD_FLAGS, "%s point: sign flag set on an uncompressed encoding", group);
    return 0;
}
