/* Private helpers of the C1 JSON reader and writer (c1_*.c). */
#ifndef CUZK_C1_IMPL_H
#define CUZK_C1_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "cuzk/porep.h"

/* The value 0..63 of a standard base64 character (RFC 4648), -1 for others. */
int cuzk_c1_base64_value(unsigned char c);
/* Encodes n bytes into 4 * ceil(n / 3) characters (no NUL added). */
size_t cuzk_c1_base64_encode(char *out, const uint8_t *in, size_t n);

/* 1 when the 32 little-endian bytes encode an integer below the BLS12-381
 * scalar modulus r. */
int cuzk_c1_fr_bytes_ok(const uint8_t b[32]);

/* A C1 parser that takes the input as C1 JSON only (no envelope sniffing). */
cuzk_c1_parser *cuzk_c1_parser_new_plain(void);

/* Curio's envelope (c1_envelope.c), streamed: Phase1Out is base64-decoded as
 * it arrives and fed to a plain C1 parser. A failed feed stays failed. */
typedef struct cuzk_c1_env_lexer cuzk_c1_env_lexer;
cuzk_c1_env_lexer *cuzk_c1_env_new(void);
int cuzk_c1_env_feed(cuzk_c1_env_lexer *x, const void *data, size_t len, cuzk_err *err);
/* Checks the fields and SectorSize against the registered proof inside. */
int cuzk_c1_env_finish(cuzk_c1_env_lexer *x, cuzk_porep_c1 *out, cuzk_c1_envelope *env, cuzk_err *err);
void cuzk_c1_env_free(cuzk_c1_env_lexer *x);

#endif
