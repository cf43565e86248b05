/* A TOML 1.0 document as a flat list of items, for C callers. The parsing is
 * done by toml++ (toml_reader.cc, the daemon's one C++ translation unit).
 *
 * Every table, array and value of the document is one item, tables before
 * their contents, keys of a table in sorted order, array elements in order.
 * An item's path joins its keys with '.'; a key that is not bare
 * ([A-Za-z0-9_-]+) is quoted as a TOML basic string ("a.b" -> "\"a.b\"");
 * array elements add "[i]". */
#ifndef CUZK_SERVER_TOML_READER_H
#define CUZK_SERVER_TOML_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CUZK_TOML_TABLE = 1,
    CUZK_TOML_ARRAY,
    CUZK_TOML_STRING,
    CUZK_TOML_INTEGER,
    CUZK_TOML_FLOAT,
    CUZK_TOML_BOOL,
    CUZK_TOML_DATETIME, /* offset date-time, local date-time, date or time: str holds its text */
} cuzk_toml_type;

typedef struct {
    const char *path;
    int type;           /* cuzk_toml_type */
    const char *str;    /* STRING (NUL-terminated; may also hold NULs, see str_len), DATETIME */
    size_t str_len;
    int64_t i;
    double f;
    bool b;
    size_t count;       /* TABLE: keys; ARRAY: elements */
    uint32_t line, col; /* where the item starts in the source (1-based; 0 when unknown) */
} cuzk_toml_item;

typedef struct cuzk_toml_doc cuzk_toml_doc;

/* Parses len bytes of text. source names the document in messages. On a
 * syntax error returns -1 and err gets "source:line:col: reason"; on no
 * memory -1 with a message. A document nested deeper than 64 levels or with
 * more than 1,000,000 items is refused the same way. */
int cuzk_toml_parse(const char *text, size_t len, const char *source, cuzk_toml_doc **out, char *err,
                    size_t err_len);
size_t cuzk_toml_count(const cuzk_toml_doc *d);
const cuzk_toml_item *cuzk_toml_get(const cuzk_toml_doc *d, size_t i);
void cuzk_toml_free(cuzk_toml_doc *d);
const char *cuzk_toml_type_name(int type);

#ifdef __cplusplus
}
#endif
#endif
