/* Private helpers of the C1 JSON reader and writer (c1_*.c). */
#ifndef CUZK_C1_IMPL_H
#define CUZK_C1_IMPL_H

#include <stddef.h>
#include <stdint.h>

/* Strict standard base64 (RFC 4648 alphabet, '=' padding, length a multiple
 * of 4, unused low bits zero): returns the decoded length, or -1 when the text
 * is not canonical base64. out must hold len / 4 * 3 bytes. */
long cuzk_c1_base64_decode(uint8_t *out, const char *in, size_t len);
/* Encodes n bytes into 4 * ceil(n / 3) characters (no NUL added). */
size_t cuzk_c1_base64_encode(char *out, const uint8_t *in, size_t n);

/* 1 when the 32 little-endian bytes encode an integer below the BLS12-381
 * scalar modulus r. */
int cuzk_c1_fr_bytes_ok(const uint8_t b[32]);

#endif
