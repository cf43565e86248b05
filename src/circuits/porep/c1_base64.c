/* Base64 for Curio's envelope (Go's encoding/json writes []byte as padded
 * standard base64) and the BLS12-381 r bound of domain values. */
#include "circuits/porep/c1_impl.h"

static const char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int cuzk_c1_base64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

size_t cuzk_c1_base64_encode(char *out, const uint8_t *in, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        size_t rem = n - i;
        uint32_t w = (uint32_t)in[i] << 16 | (rem > 1 ? (uint32_t)in[i + 1] << 8 : 0) | (rem > 2 ? in[i + 2] : 0);
        out[o++] = ALPHABET[w >> 18 & 63];
        out[o++] = ALPHABET[w >> 12 & 63];
        out[o++] = rem > 1 ? ALPHABET[w >> 6 & 63] : '=';
        out[o++] = rem > 2 ? ALPHABET[w & 63] : '=';
    }
    return o;
}

/* r = 0x73eda753...00000001, little-endian bytes */
static const uint8_t R_LE[32] = {
    0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0x02, 0xa4, 0xbd, 0x53,
    0x05, 0xd8, 0xa1, 0x09, 0x08, 0xd8, 0x39, 0x33, 0x48, 0x7d, 0x9d, 0x29, 0x53, 0xa7, 0xed, 0x73,
};

int cuzk_c1_fr_bytes_ok(const uint8_t b[32])
{
    for (int i = 31; i >= 0; i--)
        if (b[i] != R_LE[i]) return b[i] < R_LE[i];
    return 0; /* equal to r */
}
