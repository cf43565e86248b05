/* Error values: a code from one enum plus a message naming what was wrong. */
#include "cuzk/util.h"

#include <stdarg.h>
#include <stdio.h>

int cuzk_err_set(cuzk_err *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

void cuzk_err_clear(cuzk_err *err)
{
    if (err) {
        err->code = CUZK_OK;
        err->msg[0] = '\0';
    }
}

const char *cuzk_err_name(int code)
{
    static const char *const names[CUZK_ERR__COUNT] = {
        [CUZK_OK] = "ok",
        [CUZK_ERR_INVALID_ARGUMENT] = "invalid_argument",
        [CUZK_ERR_OUT_OF_MEMORY] = "out_of_memory",
        [CUZK_ERR_IO] = "io",
        [CUZK_ERR_NOT_CANONICAL] = "not_canonical",
        [CUZK_ERR_BAD_LENGTH] = "bad_length",
        [CUZK_ERR_BAD_FLAGS] = "bad_flags",
        [CUZK_ERR_NOT_ON_CURVE] = "not_on_curve",
        [CUZK_ERR_NOT_IN_SUBGROUP] = "not_in_subgroup",
        [CUZK_ERR_PARSE] = "parse",
        [CUZK_ERR_UNSUPPORTED] = "unsupported",
        [CUZK_ERR_DEVICE] = "device",
        [CUZK_ERR_PROOF_INVALID] = "proof_invalid",
        [CUZK_ERR_TRUNCATED] = "truncated",
        [CUZK_ERR_TOO_LARGE] = "too_large",
    };
    if (code < 0 || code >= CUZK_ERR__COUNT)
        return "unknown";
    return names[code];
}
