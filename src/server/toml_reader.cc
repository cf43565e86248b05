// The daemon's one C++ translation unit: toml++ parses, and the document is
// handed to C as a flat list of items (toml_reader.h). Nothing else of toml++
// is visible outside this file.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 1
#include <toml++/toml.h>

#include <cstdio>
#include <cstring>
#include <deque>
#include <new>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "server/toml_reader.h"

struct cuzk_toml_doc {
    std::vector<cuzk_toml_item> items;
    std::deque<std::string> strings;  // stable storage for paths and values
};

namespace {

constexpr size_t kMaxDepth = 64;
constexpr size_t kMaxItems = 1000000;

struct walk_error {
    std::string msg;
    uint32_t line, col;
};

bool bare_key(std::string_view k) {
    if (k.empty()) return false;
    for (unsigned char c : k)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return false;
    return true;
}

// A key as it appears in a path: bare, or a basic string with \" \\ and
// control characters escaped (\uXXXX).
std::string path_key(std::string_view k) {
    if (bare_key(k)) return std::string(k);
    std::string s = "\"";
    for (unsigned char c : k) {
        if (c == '"' || c == '\\') {
            s += '\\';
            s += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7f) {
            char b[8];
            std::snprintf(b, sizeof b, "\\u%04x", c);
            s += b;
        } else {
            s += static_cast<char>(c);
        }
    }
    s += '"';
    return s;
}

class walker {
public:
    explicit walker(cuzk_toml_doc &d) : doc_(d) {}

    bool walk(const toml::node &n, const std::string &path, size_t depth, walk_error &e) {
        if (depth > kMaxDepth) {
            e = {"nested deeper than 64 levels", n.source().begin.line, n.source().begin.column};
            return false;
        }
        if (doc_.items.size() >= kMaxItems) {
            e = {"more than 1000000 items", n.source().begin.line, n.source().begin.column};
            return false;
        }
        cuzk_toml_item it{};
        it.line = n.source().begin.line;
        it.col = n.source().begin.column;
        doc_.strings.push_back(path);
        it.path = doc_.strings.back().c_str();
        if (const toml::table *t = n.as_table()) {
            it.type = CUZK_TOML_TABLE;
            it.count = t->size();
            doc_.items.push_back(it);
            for (auto &&kv : *t) {
                std::string child = path.empty() ? path_key(kv.first.str()) : path + "." + path_key(kv.first.str());
                if (!walk(kv.second, child, depth + 1, e)) return false;
            }
            return true;
        }
        if (const toml::array *a = n.as_array()) {
            it.type = CUZK_TOML_ARRAY;
            it.count = a->size();
            doc_.items.push_back(it);
            for (size_t i = 0; i < a->size(); i++) {
                if (!walk(*a->get(i), path + "[" + std::to_string(i) + "]", depth + 1, e)) return false;
            }
            return true;
        }
        if (const toml::value<std::string> *s = n.as_string()) {
            it.type = CUZK_TOML_STRING;
            doc_.strings.push_back(s->get());
            it.str = doc_.strings.back().c_str();
            it.str_len = doc_.strings.back().size();
        } else if (const toml::value<int64_t> *i = n.as_integer()) {
            it.type = CUZK_TOML_INTEGER;
            it.i = i->get();
        } else if (const toml::value<double> *f = n.as_floating_point()) {
            it.type = CUZK_TOML_FLOAT;
            it.f = f->get();
        } else if (const toml::value<bool> *b = n.as_boolean()) {
            it.type = CUZK_TOML_BOOL;
            it.b = b->get();
        } else {
            // date, time or date-time: kept as its text
            std::ostringstream os;
            if (const auto *d = n.as_date()) os << *d;
            else if (const auto *t = n.as_time()) os << *t;
            else if (const auto *dt = n.as_date_time()) os << *dt;
            it.type = CUZK_TOML_DATETIME;
            doc_.strings.push_back(os.str());
            it.str = doc_.strings.back().c_str();
            it.str_len = doc_.strings.back().size();
        }
        doc_.items.push_back(it);
        return true;
    }

private:
    cuzk_toml_doc &doc_;
};

void put_err(char *err, size_t err_len, const char *source, uint32_t line, uint32_t col, const std::string &msg) {
    if (err && err_len) std::snprintf(err, err_len, "%s:%u:%u: %s", source ? source : "<toml>", line, col, msg.c_str());
}

}  // namespace

extern "C" int cuzk_toml_parse(const char *text, size_t len, const char *source, cuzk_toml_doc **out, char *err,
                               size_t err_len) {
    *out = nullptr;
    try {
        std::string_view sv(text ? text : "", text ? len : 0);
        toml::parse_result r = toml::parse(sv, std::string_view(source ? source : "<toml>"));
        if (!r) {
            const toml::parse_error &pe = r.error();
            put_err(err, err_len, source, pe.source().begin.line, pe.source().begin.column,
                    std::string(pe.description()));
            return -1;
        }
        cuzk_toml_doc *d = new cuzk_toml_doc();
        walker w(*d);
        walk_error e{};
        if (!w.walk(r.table(), std::string(), 0, e)) {
            put_err(err, err_len, source, e.line, e.col, e.msg);
            delete d;
            return -1;
        }
        *out = d;
        return 0;
    } catch (const std::bad_alloc &) {
        put_err(err, err_len, source, 0, 0, "out of memory");
        return -1;
    } catch (...) {
        put_err(err, err_len, source, 0, 0, "internal error in the TOML reader");
        return -1;
    }
}

extern "C" size_t cuzk_toml_count(const cuzk_toml_doc *d) { return d ? d->items.size() : 0; }

extern "C" const cuzk_toml_item *cuzk_toml_get(const cuzk_toml_doc *d, size_t i) {
    return (d && i < d->items.size()) ? &d->items[i] : nullptr;
}

extern "C" void cuzk_toml_free(cuzk_toml_doc *d) { delete d; }

extern "C" const char *cuzk_toml_type_name(int type) {
    switch (type) {
    case CUZK_TOML_TABLE: return "table";
    case CUZK_TOML_ARRAY: return "array";
    case CUZK_TOML_STRING: return "string";
    case CUZK_TOML_INTEGER: return "integer";
    case CUZK_TOML_FLOAT: return "float";
    case CUZK_TOML_BOOL: return "boolean";
    case CUZK_TOML_DATETIME: return "datetime";
    default: return "?";
    }
}
