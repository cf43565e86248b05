#!/usr/bin/env python3
"""Differential test of the daemon's TOML reader (toml_dump) against Python's
tomllib: ~200 generated documents, valid and invalid. A document tomllib
accepts must give the same items (paths, types, values); one it rejects must
be rejected with a "file:line:col: " position. Deterministic (fixed seed).

usage: toml_agree.py TOML_DUMP WORKDIR [N]
"""
import math
import os
import random
import re
import subprocess
import sys
import tomllib

BARE = re.compile(r'^[A-Za-z0-9_-]+$')


def path_key(k):
    if BARE.match(k):
        return k
    out = '"'
    for ch in k:
        if ch in '"\\':
            out += '\\' + ch
        elif ord(ch) < 0x20 or ord(ch) == 0x7f:
            out += '\\u%04x' % ord(ch)
        else:
            out += ch
    return out + '"'


def flatten(v, path, out):
    import datetime
    if isinstance(v, dict):
        out.append((path, 'table', str(len(v))))
        for k in sorted(v.keys(), key=lambda s: s.encode('utf-8')):
            child = path_key(k) if not path else path + '.' + path_key(k)
            flatten(v[k], child, out)
    elif isinstance(v, list):
        out.append((path, 'array', str(len(v))))
        for i, e in enumerate(v):
            flatten(e, '%s[%d]' % (path, i), out)
    elif isinstance(v, bool):
        out.append((path, 'boolean', 'true' if v else 'false'))
    elif isinstance(v, int):
        out.append((path, 'integer', str(v)))
    elif isinstance(v, float):
        if math.isnan(v):
            s = 'nan'
        elif math.isinf(v):
            s = 'inf' if v > 0 else '-inf'
        else:
            s = repr(v)
        out.append((path, 'float', s))
    elif isinstance(v, str):
        out.append((path, 'string', v.encode('utf-8').hex()))
    elif isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        out.append((path, 'datetime', ''))
    else:
        raise TypeError(type(v))


def ints_in_range(v):
    if isinstance(v, dict):
        return all(ints_in_range(x) for x in v.values())
    if isinstance(v, list):
        return all(ints_in_range(x) for x in v)
    if isinstance(v, int) and not isinstance(v, bool):
        return -2**63 <= v < 2**63
    return True


def same(a, b):
    if len(a) != len(b):
        return False
    for (pa, ta, va), (pb, tb, vb) in zip(a, b):
        if pa != pb or ta != tb:
            return False
        if ta == 'float' and va not in ('nan', 'inf', '-inf'):
            if float(va) != float(vb):
                return False
        elif va != vb:
            return False
    return True


# ---- generator ----------------------------------------------------------------
def gen_key(r):
    c = r.random()
    if c < 0.7:
        return ''.join(r.choice('abcdefghijklmnopqrstuvwxyz_-0123456789') for _ in range(r.randint(1, 8)))
    if c < 0.9:
        s = ''.join(r.choice('ab c.d"é\\') for _ in range(r.randint(1, 6)))
        return s
    return ''.join(r.choice('xyz') for _ in range(r.randint(1, 3)))


def key_text(k):
    if BARE.match(k):
        return k
    if "'" not in k and '\n' not in k:
        return "'" + k + "'"
    return '"' + k.replace('\\', '\\\\').replace('"', '\\"') + '"'


def gen_string(r):
    c = r.randint(0, 4)
    chars = 'abc XYZ 123 é€😀\t'
    s = ''.join(r.choice(chars) for _ in range(r.randint(0, 12)))
    if c == 0:
        esc = s.replace('\\', '\\\\').replace('"', '\\"').replace('\t', '\\t')
        extra = r.choice(['', '\\n', '\\u00e9', '\\U0001F600', '\\\\', '\\"', '\\b', '\\f', '\\r'])
        return '"' + esc + extra + '"'
    if c == 1:
        return "'" + s.replace("'", '') + "'"
    if c == 2:
        return '"""\n' + s.replace('\\', '\\\\').replace('"', '') + '\\\n  more"""'
    if c == 3:
        return "'''" + s.replace("'", '') + "\nline2'''"
    return '""'


def gen_int(r):
    v = r.choice([0, 1, -1, 42, 9223372036854775807, -9223372036854775808, r.randint(-10**12, 10**12)])
    c = r.randint(0, 5)
    if c == 0 and v >= 0:
        return '0x%x' % v if v else '0x0'
    if c == 1 and v >= 0:
        return '0o%o' % v
    if c == 2 and v >= 0:
        return '0b' + bin(v)[2:]
    if c == 3 and abs(v) >= 1000:
        s = str(abs(v))
        grouped = ''
        while len(s) > 3:
            grouped = '_' + s[-3:] + grouped
            s = s[:-3]
        return ('-' if v < 0 else r.choice(['', '+'])) + s + grouped
    return str(v)


def gen_float(r):
    return r.choice(['0.0', '-0.0', '+1.5', '3.14159', '1e10', '-2E-3', '6.626e-34', '1_000.000_1', 'inf', '-inf',
                     '+inf', 'nan', '+nan', '-nan', '5e+22', '224_617.445_991_228', str(r.uniform(-1e6, 1e6))])


def gen_datetime(r):
    return r.choice(['1979-05-27T07:32:00Z', '1979-05-27T00:32:00.999999-07:00', '1979-05-27 07:32:00Z',
                     '1979-05-27T07:32:00', '1979-05-27', '07:32:00', '00:32:00.5'])


def gen_value(r, depth):
    c = r.random()
    if depth < 3 and c < 0.12:
        n = r.randint(0, 4)
        return '[' + ', '.join(gen_value(r, depth + 1) for _ in range(n)) + (',' if n and r.random() < 0.3 else '') + ']'
    if depth < 3 and c < 0.2:
        keys = []
        items = []
        for _ in range(r.randint(0, 3)):
            k = gen_key(r)
            if k in keys:
                continue
            keys.append(k)
            items.append('%s = %s' % (key_text(k), gen_value(r, depth + 1)))
        return '{' + ', '.join(items) + '}'
    c = r.random()
    if c < 0.3:
        return gen_string(r)
    if c < 0.55:
        return gen_int(r)
    if c < 0.75:
        return gen_float(r)
    if c < 0.9:
        return r.choice(['true', 'false'])
    return gen_datetime(r)


def gen_doc(r):
    lines = []
    if r.random() < 0.5:
        lines.append('# a comment')
    used = set()

    def kv():
        k = gen_key(r)
        if k in used:
            return
        used.add(k)
        if r.random() < 0.15:
            # a dotted key
            k2 = gen_key(r) + 'z'
            lines.append('%s.%s = %s' % (key_text(k), key_text(k2), gen_value(r, 0)))
        else:
            lines.append('%s = %s%s' % (key_text(k), gen_value(r, 0), r.choice(['', '  # c'])))

    for _ in range(r.randint(0, 4)):
        kv()
    tables = set()
    for _ in range(r.randint(0, 4)):
        t = gen_key(r) + 't'
        if r.random() < 0.25:
            lines.append('[[%s]]' % key_text(t))
        else:
            if t in tables:
                continue
            tables.add(t)
            if r.random() < 0.3:
                lines.append('[%s.%s]' % (key_text(t), key_text(gen_key(r) + 's')))
            else:
                lines.append('[%s]' % key_text(t))
        used = set()
        for _ in range(r.randint(0, 4)):
            kv()
    return '\n'.join(lines) + '\n'


MUTATIONS = [
    lambda s, r: s + 'dup = 1\ndup = 2\n',
    lambda s, r: s + 'bad = "unterminated\n',
    lambda s, r: s + 'bad = 0123\n',
    lambda s, r: s + 'bad = "\\q"\n',
    lambda s, r: s + '[t]\n[t]\n',
    lambda s, r: s + 'x = [1, 2\n',
    lambda s, r: s + '= 5\n',
    lambda s, r: s + 'k = 1979-13-27\n',
    lambda s, r: s + 'k = 9223372036854775808\n',
    lambda s, r: s + 'k = { a = 1, a = 2 }\n',
    lambda s, r: s + 'k = 1__0\n',
    lambda s, r: s + 'k = .5\n',
    lambda s, r: s + 'k = tru\n',
    lambda s, r: s + 'k = "\x01"\n',
    lambda s, r: s + 'a.b = 1\na = 2\n',
    lambda s, r: s + 'k = {a = 1,}\n',
    lambda s, r: s + 'k = 1 2\n',
    lambda s, r: s[:max(0, len(s) - r.randint(1, 8))] + '"',
    lambda s, r: s + '[a]\nb = 1\n[a.b]\n',
    lambda s, r: s + 'k = """a\n',
]


def main():
    dump, work = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    os.makedirs(work, exist_ok=True)
    r = random.Random(20261206)
    n_valid = n_invalid = 0
    failures = []
    for i in range(count):
        doc = gen_doc(r)
        if i % 3 == 2:
            doc = MUTATIONS[(i // 3) % len(MUTATIONS)](doc, r)
        path = os.path.join(work, 'doc%03d.toml' % i)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(doc)
        try:
            with open(path, 'rb') as f:
                want = tomllib.load(f)
            # TOML 1.0 wants 64-bit integers, an error beyond them; tomllib
            # gives Python's unbounded ints, so such documents count as invalid
            valid = ints_in_range(want)
        except tomllib.TOMLDecodeError:
            valid = False
        p = subprocess.run([dump, path], capture_output=True, text=True, encoding='utf-8')
        if valid:
            n_valid += 1
            exp = []
            flatten(want, '', exp)
            got = [tuple((line.split('\t') + ['', ''])[:3]) for line in p.stdout.splitlines()]
            if p.returncode != 0 or not same(exp, got):
                failures.append('%s: valid for tomllib; reader: rc %d\n  want %s\n  got  %s' %
                                (path, p.returncode, exp[:12], got[:12] if p.returncode == 0 else p.stdout))
        else:
            n_invalid += 1
            m = re.match(r'^ERROR\t' + re.escape(path) + r':(\d+):(\d+): \S', p.stdout)
            if p.returncode != 1 or not m or int(m.group(1)) < 1:
                failures.append('%s: invalid for tomllib; reader: rc %d, %r' % (path, p.returncode, p.stdout[:300]))
    for f in failures:
        print(f)
    print('toml_agree: %d valid and %d invalid documents' % (n_valid, n_invalid))
    print('%d passed, %d failed' % (count - len(failures), len(failures)))
    return 1 if failures or n_valid < count // 3 or n_invalid < count // 5 else 0


if __name__ == '__main__':
    sys.exit(main())
