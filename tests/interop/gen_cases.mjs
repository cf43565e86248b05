#!/usr/bin/env node
// Generates known-answer cases for cuzk's BLS12-381 arithmetic from @noble/curves,
// an independent implementation, so noble_check.c can compare byte for byte.
//
//   node gen_cases.mjs [--seed N] [--count K] [--out FILE] [--families fp,g1,...]
//
// Deterministic: the same seed, count and noble version give the same file.
// The format is described in README.md and in the "format" member of the output.
import { readFileSync, writeFileSync, renameSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

// Imported dynamically so that a missing install gives a clear message.
let bls;
try {
  ({ bls12_381: bls } = await import('@noble/curves/bls12-381.js'));
} catch (e) {
  process.stderr.write(`gen_cases: cannot load @noble/curves (${e.code || e.message}): run npm ci in tests/interop\n`);
  process.exit(2);
}

const { Fp, Fp2, Fp6, Fp12, Fr } = bls.fields;
const G1 = bls.G1.Point;
const G2 = bls.G2.Point;
const P = Fp.ORDER;
const R = Fr.ORDER;

// ---- command line -------------------------------------------------------------
const ALL_FAMILIES = ['fp', 'fr', 'fp2', 'fp6', 'fp12', 'g1', 'g2', 'pairing', 'msm', 'invalid'];
function parseArgs(argv) {
  const o = { seed: 1, count: 1000, out: null, families: ALL_FAMILIES };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--seed') o.seed = Number.parseInt(val(), 10);
    else if (a === '--count') o.count = Number.parseInt(val(), 10);
    else if (a === '--out') o.out = val();
    else if (a === '--families') o.families = val().split(',').filter(Boolean);
    else if (a === '-h' || a === '--help') {
      console.log('usage: node gen_cases.mjs [--seed N] [--count K] [--out FILE] [--families a,b]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isSafeInteger(o.seed) || o.seed < 0) throw new Error('--seed must be a non-negative integer');
  if (!Number.isSafeInteger(o.count) || o.count < 1) throw new Error('--count must be a positive integer');
  for (const f of o.families)
    if (!ALL_FAMILIES.includes(f)) throw new Error(`unknown family ${f}`);
  return o;
}

// ---- deterministic randomness ---------------------------------------------------
// xoshiro128** on 32-bit words, seeded through splitmix64 so that nearby seeds give
// unrelated streams. Math.random is never used: the output must be reproducible.
class Rng {
  constructor(seed) {
    let z = BigInt.asUintN(64, BigInt(seed));
    const next64 = () => {
      z = BigInt.asUintN(64, z + 0x9e3779b97f4a7c15n);
      let x = z;
      x = BigInt.asUintN(64, (x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n);
      x = BigInt.asUintN(64, (x ^ (x >> 27n)) * 0x94d049bb133111ebn);
      return x ^ (x >> 31n);
    };
    const a = next64(), b = next64();
    this.s = new Uint32Array([Number(a & 0xffffffffn), Number(a >> 32n), Number(b & 0xffffffffn), Number(b >> 32n)]);
    if (this.s.every((w) => w === 0)) this.s[0] = 1;
  }
  u32() {
    const s = this.s;
    const rotl = (x, k) => ((x << k) | (x >>> (32 - k))) >>> 0;
    const result = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  }
  // uniform integer in [0, n) for small n (rejection keeps it unbiased)
  below(n) {
    const lim = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const x = this.u32();
      if (x < lim) return x % n;
    }
  }
  chance(num, den) { return this.below(den) < num; }
  pick(arr) { return arr[this.below(arr.length)]; }
  bits(k) {
    let v = 0n;
    for (let i = 0; i < k; i += 32) v = (v << 32n) | BigInt(this.u32());
    return v & ((1n << BigInt(k)) - 1n);
  }
  // uniform in [0, m)
  bigBelow(m) {
    const k = m.toString(2).length;
    for (;;) {
      const v = this.bits(k);
      if (v < m) return v;
    }
  }
}

// ---- encodings ----------------------------------------------------------------------
const hexN = (v, nbytes) => {
  if (v < 0n || v >= 1n << BigInt(8 * nbytes)) throw new Error('value does not fit');
  return v.toString(16).padStart(2 * nbytes, '0');
};
const fpHex = (v) => hexN(v, 48);
const frHex = (v) => hexN(v, 32);
const fp2J = (a) => [fpHex(a.c0), fpHex(a.c1)];
const fp6J = (a) => [...fp2J(a.c0), ...fp2J(a.c1), ...fp2J(a.c2)];
const fp12J = (a) => [...fp6J(a.c0), ...fp6J(a.c1)];
const bytesHex = (b) => Buffer.from(b).toString('hex');
const hexBytes = (h) => new Uint8Array(Buffer.from(h, 'hex'));

// "lexicographically largest" sign of the zcash format
const fpLarge = (v) => v > (P - 1n) / 2n;
const fp2Large = (a) => (a.c1 !== 0n ? fpLarge(a.c1) : fpLarge(a.c0));

// Our own serializer (noble's refuses points outside the subgroup, and the invalid
// cases need those): x || y big-endian, G2 coordinates c1 before c0, flags in byte 0.
function encodePoint(g2, aff, compressed) {
  const w = g2 ? 96 : 48;
  const coord = (v) => (g2 ? fpHex(v.c1) + fpHex(v.c0) : fpHex(v));
  const out = new Uint8Array(compressed ? w : 2 * w);
  if (aff === null) {
    out[0] = compressed ? 0xc0 : 0x40;
    return out;
  }
  out.set(hexBytes(coord(aff.x)), 0);
  if (!compressed) out.set(hexBytes(coord(aff.y)), w);
  if (compressed) out[0] |= 0x80 | ((g2 ? fp2Large(aff.y) : fpLarge(aff.y)) ? 0x20 : 0);
  return out;
}
// Both encodings of a valid point, checked against noble's own serializer on every
// 16th call (noble's serializer re-checks the subgroup, which is slow).
let ptJCalls = 0;
function ptJ(pt) {
  const g2 = pt instanceof G2;
  const aff = pt.is0() ? null : pt.toAffine();
  const c = bytesHex(encodePoint(g2, aff, true));
  const u = bytesHex(encodePoint(g2, aff, false));
  if (ptJCalls++ % 16 !== 0 && aff !== null) return { c, u };
  // noble will not serialize the identity, but it must decode ours to it
  const ok = aff === null
    ? pt.constructor.fromHex(c).is0() && pt.constructor.fromHex(u).is0()
    : c === pt.toHex(true) && u === pt.toHex(false);
  if (!ok) throw new Error('self-check: encoder disagrees with noble');
  return { c, u };
}

// ---- field helpers ---------------------------------------------------------------------
const fpLegendre = (a) => {
  const t = Fp.pow(a, (P - 1n) / 2n);
  return t === 0n ? 0 : t === 1n ? 1 : -1;
};
// a in Fp2 is a square iff its norm c0^2 + c1^2 is a square in Fp
const fp2IsSquare = (a) => fpLegendre(Fp.add(Fp.sqr(a.c0), Fp.sqr(a.c1))) !== -1;

function edgeFp(rng) {
  return rng.pick([0n, 1n, 2n, 3n, P - 1n, P - 2n, (P - 1n) / 2n, (P + 1n) / 2n, 1n << 64n,
    (1n << 380n) - 1n, (1n << 384n) % P, (1n << 256n) - 1n, BigInt(rng.u32()), P - BigInt(rng.u32()) - 1n]);
}
const randFp = (rng) => (rng.chance(1, 10) ? edgeFp(rng) : rng.bigBelow(P));
const randFpNZ = (rng) => { for (;;) { const v = randFp(rng); if (v !== 0n) return v; } };
function edgeFr(rng) {
  return rng.pick([0n, 1n, 2n, R - 1n, R - 2n, (R - 1n) / 2n, (R + 1n) / 2n, 1n << 64n,
    (1n << 254n) - 1n, (1n << 256n) % R, BigInt(rng.u32()), R - BigInt(rng.u32()) - 1n]);
}
const randFr = (rng) => (rng.chance(1, 10) ? edgeFr(rng) : rng.bigBelow(R));
const randFp2 = (rng) => {
  if (rng.chance(1, 12)) return Fp2.create({ c0: randFp(rng), c1: 0n });
  if (rng.chance(1, 12)) return Fp2.create({ c0: 0n, c1: randFp(rng) });
  return Fp2.create({ c0: randFp(rng), c1: randFp(rng) });
};
const randFp2NZ = (rng) => { for (;;) { const v = randFp2(rng); if (!Fp2.is0(v)) return v; } };
const randFp6 = (rng) => ({ c0: randFp2(rng), c1: randFp2(rng), c2: randFp2(rng) });
const randFp6NZ = (rng) => { for (;;) { const v = randFp6(rng); if (!Fp6.is0(v)) return v; } };
const randFp12 = (rng) => ({ c0: randFp6(rng), c1: randFp6(rng) });
const randFp12NZ = (rng) => { for (;;) { const v = randFp12(rng); if (!Fp12.is0(v)) return v; } };

// ---- families: fields ---------------------------------------------------------------------
// Every field family cycles through its ops so each op gets about count/ops cases.
function genFp(rng, count) {
  const ops = ['add', 'sub', 'mul', 'sqr', 'inv', 'neg', 'sqrt', 'legendre', 'batch_inv'];
  const cases = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i % ops.length];
    if (op === 'batch_inv') {
      const v = Array.from({ length: 1 + rng.below(16) }, () => (rng.chance(1, 6) ? 0n : randFp(rng)));
      cases.push({ op, a: v.map(fpHex), r: v.map((x) => fpHex(x === 0n ? 0n : Fp.inv(x))) });
      continue;
    }
    const a = op === 'sqrt' && rng.chance(1, 2) ? Fp.sqr(randFp(rng)) : randFp(rng);
    const b = randFp(rng);
    const c = { op, a: fpHex(a) };
    switch (op) {
      case 'add': c.b = fpHex(b); c.r = fpHex(Fp.add(a, b)); break;
      case 'sub': c.b = fpHex(b); c.r = fpHex(Fp.sub(a, b)); break;
      case 'mul': c.b = fpHex(b); c.r = fpHex(Fp.mul(a, b)); break;
      case 'sqr': c.r = fpHex(Fp.sqr(a)); break;
      case 'neg': c.r = fpHex(Fp.neg(a)); break;
      // noble throws on inv(0); cuzk defines inv(0) = 0 (ff.h)
      case 'inv': c.r = fpHex(a === 0n ? 0n : Fp.inv(a)); break;
      case 'legendre': c.r = fpLegendre(a); break;
      case 'sqrt': {
        let root = null;
        try { root = Fp.sqrt(a); } catch { root = null; }
        if ((root === null) !== (fpLegendre(a) === -1)) throw new Error('self-check: noble Fp sqrt vs legendre');
        c.r = root === null ? null : fpHex(root);
        break;
      }
    }
    cases.push(c);
  }
  return cases;
}

function genFr(rng, count) {
  const ops = ['add', 'sub', 'mul', 'inv', 'sqr', 'neg', 'batch_inv'];
  const cases = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i % ops.length];
    if (op === 'batch_inv') {
      const v = Array.from({ length: 1 + rng.below(16) }, () => (rng.chance(1, 6) ? 0n : randFr(rng)));
      cases.push({ op, a: v.map(frHex), r: v.map((x) => frHex(x === 0n ? 0n : Fr.inv(x))) });
      continue;
    }
    const a = randFr(rng), b = randFr(rng);
    const c = { op, a: frHex(a) };
    switch (op) {
      case 'add': c.b = frHex(b); c.r = frHex(Fr.add(a, b)); break;
      case 'sub': c.b = frHex(b); c.r = frHex(Fr.sub(a, b)); break;
      case 'mul': c.b = frHex(b); c.r = frHex(Fr.mul(a, b)); break;
      case 'sqr': c.r = frHex(Fr.sqr(a)); break;
      case 'neg': c.r = frHex(Fr.neg(a)); break;
      case 'inv': c.r = frHex(a === 0n ? 0n : Fr.inv(a)); break;
    }
    cases.push(c);
  }
  return cases;
}

const ONE_PLUS_U = Fp2.create({ c0: 1n, c1: 1n });
function genFp2(rng, count) {
  const ops = ['mul', 'sqr', 'inv', 'sqrt', 'add', 'sub', 'mul_by_nonresidue', 'conj'];
  const cases = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i % ops.length];
    const a = op === 'sqrt' && rng.chance(1, 2) ? Fp2.sqr(randFp2(rng)) : randFp2(rng);
    const b = randFp2(rng);
    const c = { op, a: fp2J(a) };
    switch (op) {
      case 'add': c.b = fp2J(b); c.r = fp2J(Fp2.add(a, b)); break;
      case 'sub': c.b = fp2J(b); c.r = fp2J(Fp2.sub(a, b)); break;
      case 'mul': c.b = fp2J(b); c.r = fp2J(Fp2.mul(a, b)); break;
      case 'sqr': c.r = fp2J(Fp2.sqr(a)); break;
      case 'inv': c.r = fp2J(Fp2.is0(a) ? Fp2.ZERO : Fp2.inv(a)); break;
      case 'mul_by_nonresidue': c.r = fp2J(Fp2.mul(a, ONE_PLUS_U)); break;
      case 'conj': c.r = fp2J(Fp2.create({ c0: a.c0, c1: Fp.neg(a.c1) })); break;
      case 'sqrt': {
        let root = null;
        if (fp2IsSquare(a)) {
          root = Fp2.sqrt(a); // throws if noble cannot find a root of a square: a finding about noble
          if (!Fp2.eql(Fp2.sqr(root), a)) throw new Error('self-check: noble Fp2 sqrt');
        }
        c.r = root === null ? null : fp2J(root);
        break;
      }
    }
    cases.push(c);
  }
  return cases;
}

function genFp6(rng, count) {
  const ops = ['mul', 'sqr', 'inv', 'add', 'sub', 'mul_by_nonresidue', 'frobenius'];
  const cases = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i % ops.length];
    const a = op === 'inv' ? randFp6NZ(rng) : randFp6(rng);
    const b = randFp6(rng);
    const c = { op, a: fp6J(a) };
    switch (op) {
      case 'add': c.b = fp6J(b); c.r = fp6J(Fp6.add(a, b)); break;
      case 'sub': c.b = fp6J(b); c.r = fp6J(Fp6.sub(a, b)); break;
      case 'mul': c.b = fp6J(b); c.r = fp6J(Fp6.mul(a, b)); break;
      case 'sqr': c.r = fp6J(Fp6.sqr(a)); break;
      case 'inv': c.r = fp6J(Fp6.inv(a)); break;
      case 'mul_by_nonresidue': c.r = fp6J(Fp6.mulByNonresidue(a)); break;
      case 'frobenius': c.power = 1 + rng.below(3); c.r = fp6J(Fp6.frobeniusMap(a, c.power)); break;
    }
    cases.push(c);
  }
  return cases;
}

// An element of the cyclotomic subgroup: the "easy part" f^((p^6-1)(p^2+1)).
function cyclotomic(f) {
  const t = Fp12.mul(Fp12.conjugate(f), Fp12.inv(f));
  return Fp12.mul(Fp12.frobeniusMap(t, 2), t);
}

function genFp12(rng, count) {
  const ops = ['mul', 'inv', 'sqr', 'add', 'sub', 'conj', 'frobenius', 'cyclotomic_sqr'];
  const cases = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i % ops.length];
    let a = op === 'inv' ? randFp12NZ(rng) : randFp12(rng);
    if (op === 'cyclotomic_sqr') a = cyclotomic(randFp12NZ(rng));
    const b = randFp12(rng);
    const c = { op, a: fp12J(a) };
    switch (op) {
      case 'add': c.b = fp12J(b); c.r = fp12J(Fp12.add(a, b)); break;
      case 'sub': c.b = fp12J(b); c.r = fp12J(Fp12.sub(a, b)); break;
      case 'mul': c.b = fp12J(b); c.r = fp12J(Fp12.mul(a, b)); break;
      case 'sqr': c.r = fp12J(Fp12.sqr(a)); break;
      case 'inv': c.r = fp12J(Fp12.inv(a)); break;
      case 'conj': c.r = fp12J(Fp12.conjugate(a)); break;
      case 'frobenius': c.power = 1 + rng.below(3); c.r = fp12J(Fp12.frobeniusMap(a, c.power)); break;
      // in the cyclotomic subgroup the special squaring equals the plain one
      case 'cyclotomic_sqr': c.r = fp12J(Fp12.sqr(a)); break;
    }
    cases.push(c);
  }
  return cases;
}

// ---- points ------------------------------------------------------------------------------
// Random subgroup points come from a random walk over a small pool: multiples of the
// generator by random scalars and hash-to-curve outputs (whose discrete logs nobody
// knows). One addition per fresh point keeps generation fast. The walk tracks the
// discrete log while it is known (pool members without one make it unknown: null).
class PointSource {
  constructor(rng, Group, h2c, withH2c) {
    this.rng = rng;
    this.G = Group;
    this.pool = [];
    for (let i = 0; i < 12; i++) {
      const d = 1n + rng.bigBelow(R - 1n);
      this.pool.push({ pt: Group.BASE.multiplyUnsafe(d), d });
    }
    if (withH2c)
      for (let i = 0; i < 4; i++)
        this.pool.push({ pt: h2c(new Uint8Array([0x63, 0x75, 0x7a, 0x6b, i, rng.below(256)])), d: null });
    this.cur = { pt: Group.BASE, d: 1n };
  }
  nextD() {
    const step = this.rng.pick(this.pool);
    let { pt, d } = this.cur;
    pt = pt.add(step.pt);
    d = d === null || step.d === null ? null : (d + step.d) % R;
    if (this.rng.chance(1, 4)) { pt = pt.double(); d = d === null ? null : (2n * d) % R; }
    if (pt.is0()) { pt = this.G.BASE; d = 1n; }
    this.cur = { pt, d };
    return this.cur;
  }
  next() { return this.nextD().pt; }
  // includes the special points now and then
  anyD() {
    const k = this.rng.below(40);
    if (k === 0) return { pt: this.G.ZERO, d: 0n };
    if (k === 1) return { pt: this.G.BASE, d: 1n };
    if (k === 2) return { pt: this.G.BASE.negate(), d: R - 1n };
    return this.nextD();
  }
  any() { return this.anyD().pt; }
}

function edgeScalar(rng) {
  return rng.pick([0n, 1n, 2n, 3n, R - 1n, R, R + 1n, 2n * R, (1n << 256n) - 1n, 1n << 255n,
    (1n << 128n) - 1n, BigInt(rng.u32()), rng.bits(64)]);
}
// any 256-bit integer (cuzk_g1_mul does not require k < r)
const mulScalar = (rng) => (rng.chance(1, 4) ? edgeScalar(rng) : rng.chance(1, 2) ? rng.bigBelow(R) : rng.bits(256));
const mulPoint = (pt, k) => (k % R === 0n ? pt.constructor.ZERO : pt.multiplyUnsafe(k % R));

function genGroup(rng, count, src) {
  const ops = ['add', 'dbl', 'neg', 'mul', 'encode'];
  const cases = [];
  for (let i = 0; i < count; i++) {
    const op = ops[i % ops.length];
    const p = src.any();
    const c = { op, p: ptJ(p) };
    switch (op) {
      case 'add': {
        // the special branches of addition: equal points, opposite points, infinity
        const k = rng.below(10);
        const q = k === 0 ? p : k === 1 ? p.negate() : k === 2 ? src.G.ZERO : src.any();
        c.q = ptJ(q);
        c.r = ptJ(p.add(q));
        break;
      }
      case 'dbl': c.r = ptJ(p.double()); break;
      case 'neg': c.r = ptJ(p.negate()); break;
      case 'mul': {
        const k = mulScalar(rng);
        c.k = frHex(k);
        c.r = ptJ(mulPoint(p, k));
        break;
      }
      case 'encode': c.r = c.p; break;
    }
    cases.push(c);
  }
  return cases;
}

function msmScalar(rng) {
  const k = rng.below(20);
  if (k < 3) return 0n;
  if (k < 6) return 1n;
  if (k < 7) return R - 1n;
  if (k < 9) return BigInt(rng.below(1 << 16));
  return rng.bigBelow(R);
}
// The bases come from walks whose discrete logs d_i are known, so the expected sum is
// (sum k_i d_i) * G: one noble scalar multiplication per case instead of n.
function genMsm(rng, count, src1, src2) {
  const cases = [];
  for (let i = 0; i < count; i++) {
    const g2 = i % 2 === 1;
    const src = g2 ? src2 : src1;
    const n = 1 + rng.below(8);
    const bases = [], scalars = [];
    let dsum = 0n;
    for (let j = 0; j < n; j++) {
      // repeated and opposite bases exercise the bucket additions' special cases
      const k = rng.below(12);
      let b;
      if (k === 0 && j > 0) b = bases[rng.below(j)];
      else if (k === 1 && j > 0) { const o = bases[rng.below(j)]; b = { pt: o.pt.negate(), d: (R - o.d) % R }; }
      else b = src.anyD();
      const sc = msmScalar(rng);
      bases.push(b);
      scalars.push(sc);
      dsum = (dsum + sc * b.d) % R;
    }
    const r = mulPoint(src.G.BASE, dsum);
    cases.push({ group: g2 ? 'g2' : 'g1', bases: bases.map((b) => ptJ(b.pt).u), scalars: scalars.map(frHex), r: ptJ(r) });
  }
  return cases;
}

// ---- pairing ---------------------------------------------------------------------------------
// Fp12 results are 12 Fp values in the order c0.c0.c0, c0.c0.c1, c0.c1.c0, c0.c1.c1,
// c0.c2.c0, c0.c2.c1, c1.c0.c0, ..., c1.c2.c1 (Fp12 = c0 + c1 w, Fp6 = c0 + c1 v + c2 v^2,
// Fp2 = c0 + c1 u), each 48 bytes big-endian canonical: the field order of cuzk_fp12.
function genPairing(rng, count, src1, src2) {
  const preG2 = bls.utils.calcPairingPrecomputes(G2.BASE);
  const cases = [];
  let last = null; // the latest full pairing, from which 'derived' cases are made
  for (let i = 0; i < count; i++) {
    const k = rng.below(40);
    if (k < 12) {
      // e(aG1, bG2) = e(abG1, G2) by bilinearity; the fixed G2 lets noble reuse its line
      // precomputation, which keeps generation fast. The checker computes aG1 and bG2 itself.
      const a = 1n + rng.bigBelow(R - 1n), b = 1n + rng.bigBelow(R - 1n);
      const ab = G1.BASE.multiplyUnsafe(Fr.mul(a, b)).toAffine();
      const r = bls.millerLoopBatch([[preG2, ab.x, ab.y]], true);
      cases.push({ kind: 'scalars', a: frHex(a), b: frHex(b), r: fp12J(r) });
    } else if (k < 22 || (k < 34 && last === null)) {
      const p = src1.next(), q = src2.next();
      last = { p, q, e: bls.pairing(p, q) };
      cases.push({ kind: 'points', p: ptJ(p).c, q: ptJ(q).c, r: fp12J(last.e) });
    } else if (k < 34) {
      // e(cP, dQ) = e(P, Q)^(cd) for small nonzero c, d of either sign: new inputs for
      // the checker's pairing, with the answer from noble's Fp12 arithmetic
      const c = BigInt(1 + rng.below(1000)) * (rng.chance(1, 2) ? -1n : 1n);
      const d = BigInt(1 + rng.below(1000)) * (rng.chance(1, 2) ? -1n : 1n);
      const sm = (pt, m) => (m < 0n ? pt.multiplyUnsafe(-m).negate() : pt.multiplyUnsafe(m));
      const cd = c * d;
      let r = Fp12.pow(last.e, cd < 0n ? -cd : cd);
      if (cd < 0n) r = Fp12.conjugate(r); // inverse in the cyclotomic subgroup
      cases.push({ kind: 'derived', p: ptJ(sm(last.p, c)).c, q: ptJ(sm(last.q, d)).c, r: fp12J(r) });
    } else if (k < 37) {
      // a product of pairings through one multi Miller loop; sometimes one that is 1
      const n = 2 + rng.below(3);
      const ps = [], qs = [];
      for (let j = 0; j < n; j++) { ps.push(src1.next()); qs.push(src2.next()); }
      if (rng.chance(1, 3)) {
        const s = 1n + rng.bigBelow(R - 1n);
        ps[1] = ps[0].negate().multiplyUnsafe(s);
        qs[1] = qs[0].multiplyUnsafe(Fr.inv(s));
      }
      const r = bls.pairingBatch(ps.map((g1, j) => ({ g1, g2: qs[j] })));
      cases.push({ kind: 'multi', p: ps.map((x) => ptJ(x).c), q: qs.map((x) => ptJ(x).c), r: fp12J(r) });
    } else if (k < 39) {
      const f = randFp12NZ(rng);
      cases.push({ kind: 'final_exp', f: fp12J(f), r: fp12J(Fp12.finalExponentiate(f)) });
    } else {
      // noble refuses the point at infinity here; cuzk defines e(O, Q) = e(P, O) = 1 (ec.h)
      const which = rng.below(3);
      const p = which === 1 ? src1.next() : G1.ZERO, q = which === 0 ? src2.next() : G2.ZERO;
      cases.push({ kind: 'infinity', p: ptJ(p).c, q: ptJ(q).c, r: fp12J(Fp12.ONE) });
    }
  }
  return cases;
}

// ---- invalid encodings -----------------------------------------------------------------------
// Each case is built to carry exactly one defect (or, where two could apply, the one
// that the decoder's documented order reports first: length and flags, then
// canonical coordinates, then the curve, then the subgroup).
const B1 = 4n;
const B2 = Fp2.create({ c0: 4n, c1: 4n });
function curveRhs(g2, x) {
  return g2 ? Fp2.add(Fp2.mul(Fp2.sqr(x), x), B2) : Fp.add(Fp.mul(Fp.sqr(x), x), B1);
}
const rhsIsSquare = (g2, x) => (g2 ? fp2IsSquare(curveRhs(true, x)) : fpLegendre(curveRhs(false, x)) !== -1);
const randCoord = (rng, g2) => (g2 ? Fp2.create({ c0: rng.bigBelow(P), c1: rng.bigBelow(P) }) : rng.bigBelow(P));

function offCurveX(rng, g2) {
  for (;;) { const x = randCoord(rng, g2); if (!rhsIsSquare(g2, x)) return x; }
}
// A point on the curve but (with overwhelming probability, and checked) outside G1/G2.
function nonSubgroupPoint(rng, g2) {
  const Grp = g2 ? G2 : G1;
  for (;;) {
    const x = randCoord(rng, g2);
    if (!rhsIsSquare(g2, x)) continue;
    let y = g2 ? Fp2.sqrt(curveRhs(true, x)) : Fp.sqrt(curveRhs(false, x));
    if (rng.chance(1, 2)) y = g2 ? Fp2.neg(y) : Fp.neg(y);
    const pt = Grp.fromAffine({ x, y });
    if (!pt.isTorsionFree()) return { x, y };
  }
}
// Write a big value (>= p, < 2^381) into the 48-byte slot at off, keeping the flag bits.
function putRaw(buf, off, v) {
  const flags = off === 0 ? buf[0] & 0xe0 : 0;
  buf.set(hexBytes(hexN(v, 48)), off);
  buf[off] |= flags;
}
function nonCanonicalValue(rng) {
  return rng.pick([P, P + 1n, P + BigInt(rng.u32()), (1n << 381n) - 1n, P + rng.bigBelow((1n << 381n) - P)]);
}

function invalidCase(rng, g2, compressed, expect, src) {
  const w = g2 ? 96 : 48;
  const len = compressed ? w : 2 * w;
  const Grp = g2 ? G2 : G1;
  const validBytes = () => {
    const pt = src.next();
    return { pt, bytes: hexBytes(compressed ? ptJ(pt).c : ptJ(pt).u) };
  };
  let bytes, what, nocheck = 'ok';
  switch (expect) {
    case 'bad_length': {
      const { bytes: v } = validBytes();
      const k = rng.below(5);
      if (k === 0) { bytes = v.subarray(0, len - 1); what = 'one byte short'; }
      else if (k === 1) { bytes = new Uint8Array([...v, 0]); what = 'one zero byte too many'; }
      else if (k === 2) { bytes = new Uint8Array(0); what = 'empty'; }
      else if (k === 3) {
        // any shorter length except the other form's size, which would be a flag error
        let n;
        do { n = 1 + rng.below(len - 1); } while (n === w);
        bytes = v.subarray(0, n); what = 'truncated';
      }
      else {
        // infinity, padded to a size that is neither encoding
        bytes = new Uint8Array(len + w / 2); bytes[0] = compressed ? 0xc0 : 0x40; what = 'infinity of wrong size';
      }
      break;
    }
    case 'bad_flags': {
      const k = rng.below(5);
      if (k === 0) {
        // the compression flag disagrees with the length
        const { bytes: v } = validBytes();
        bytes = Uint8Array.from(v); bytes[0] ^= 0x80;
        if (!compressed && (bytes[0] & 0x20) === 0 && rng.chance(1, 2)) bytes[0] |= 0x20;
        what = compressed ? 'compressed size without the compression flag' : 'uncompressed size with the compression flag';
      } else if (k === 1) {
        // infinity with a stray nonzero bit elsewhere
        bytes = new Uint8Array(len); bytes[0] = compressed ? 0xc0 : 0x40;
        const at = rng.below(len);
        if (at === 0) bytes[0] |= 1 << rng.below(5); else bytes[at] = 1 + rng.below(255);
        what = 'infinity with nonzero payload';
      } else if (k === 2) {
        bytes = new Uint8Array(len); bytes[0] = compressed ? 0xe0 : 0x60;
        what = 'infinity with the sign flag';
      } else if (k === 3 && !compressed) {
        const { bytes: v } = validBytes();
        bytes = Uint8Array.from(v); bytes[0] |= 0x20;
        what = 'sign flag on an uncompressed point';
      } else {
        // a valid point in the other form, with its flags, but given the other length
        const { pt } = validBytes();
        const other = hexBytes(compressed ? ptJ(pt).u : ptJ(pt).c);
        bytes = compressed ? Uint8Array.from(other) : new Uint8Array(len);
        if (compressed) { bytes[0] |= 0x80; what = 'uncompressed coordinates with the compression flag'; }
        else { bytes.set(other); what = 'compressed point zero-padded to the uncompressed size'; }
      }
      break;
    }
    case 'not_canonical': {
      const { pt, bytes: v } = validBytes();
      bytes = Uint8Array.from(v);
      const k = rng.below(3);
      const slots = compressed ? (g2 ? [0, 48] : [0]) : (g2 ? [0, 48, 96, 144] : [0, 48]);
      const off = rng.pick(slots);
      if (k === 0) {
        // a real point's coordinate plus p, where that still fits in 381 bits
        const a = pt.toAffine();
        const parts = g2 ? [a.x.c1, a.x.c0, a.y.c1, a.y.c0] : [a.x, a.y];
        const orig = parts[off / 48];
        if (orig + P < 1n << 381n) { putRaw(bytes, off, orig + P); what = `coordinate at byte ${off} plus p`; break; }
      }
      putRaw(bytes, off, nonCanonicalValue(rng));
      what = `coordinate at byte ${off} >= p`;
      break;
    }
    case 'not_on_curve': {
      if (compressed) {
        const x = offCurveX(rng, g2);
        bytes = encodePoint(g2, { x, y: g2 ? Fp2.ZERO : 0n }, true);
        if (rng.chance(1, 2)) bytes[0] |= 0x20;
        what = 'x with no y on the curve';
      } else {
        const k = rng.below(3);
        if (k === 0) { bytes = new Uint8Array(len); what = 'all-zero payload without the infinity flag'; }
        else if (k === 1) {
          const a = src.next().toAffine();
          const y = g2 ? Fp2.add(a.y, Fp2.ONE) : Fp.add(a.y, 1n);
          bytes = encodePoint(g2, { x: a.x, y }, false); what = 'a real point with y + 1';
        } else {
          let x, y;
          do { x = randCoord(rng, g2); y = randCoord(rng, g2); }
          while (g2 ? Fp2.eql(Fp2.sqr(y), curveRhs(true, x)) : Fp.sqr(y) === curveRhs(false, x));
          bytes = encodePoint(g2, { x, y }, false); what = 'random coordinates';
        }
      }
      break;
    }
    case 'not_in_subgroup': {
      let aff;
      if (!g2 && rng.chance(1, 8)) {
        aff = { x: 0n, y: rng.chance(1, 2) ? 2n : P - 2n }; // (0, +-2): order 3
        what = 'the point (0, +-2)';
        nocheck = 'not_in_subgroup'; // blst refuses x = 0 even without the check (spec 1.3)
      } else {
        aff = nonSubgroupPoint(rng, g2);
        what = 'a curve point outside the subgroup';
      }
      bytes = encodePoint(g2, aff, compressed);
      break;
    }
    default: throw new Error(expect);
  }
  const c = {
    group: g2 ? 'g2' : 'g1', form: compressed ? 'compressed' : 'uncompressed', what,
    bytes: bytesHex(bytes), expect, check_subgroup: true,
  };
  // Errors other than the subgroup one must not depend on the subgroup check.
  if (expect !== 'not_in_subgroup') c.check_subgroup = rng.chance(1, 2);
  // without the check: 'ok' (decodes, and re-encodes to the same bytes) or the error
  else c.nocheck = nocheck;
  // Confirm that noble rejects the encoding too (fromBytes checks curve and subgroup).
  try {
    const pt = Grp.fromBytes(bytes);
    pt.assertValidity();
  } catch (e) {
    c.noble = `rejected: ${e.message}`;
    return c;
  }
  throw new Error(`noble accepted an invalid ${c.group} ${c.form} encoding (${expect}, ${what}): ${c.bytes}`);
}

function genInvalid(rng, count, src1, src2) {
  const errs = ['bad_length', 'bad_flags', 'not_canonical', 'not_on_curve', 'not_in_subgroup'];
  const cases = [];
  for (let i = 0; i < count; i++) {
    const expect = errs[i % errs.length];
    const combo = Math.floor(i / errs.length) % 4;
    const g2 = combo >= 2, compressed = combo % 2 === 0;
    cases.push(invalidCase(rng, g2, compressed, expect, g2 ? src2 : src1));
  }
  return cases;
}

// ---- main --------------------------------------------------------------------------------------
function main() {
  const opt = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const pkg = JSON.parse(readFileSync(new URL('./node_modules/@noble/curves/package.json', import.meta.url), 'utf8'));
  // one stream per family, so adding cases to one family leaves the others unchanged
  const rngFor = (name) => new Rng(opt.seed * 1000003 + ALL_FAMILIES.indexOf(name));
  const srcRng = new Rng(opt.seed * 1000003 + 999);
  let src1 = null, src2 = null, msm1 = null, msm2 = null;
  const sources = () => {
    if (!src1) {
      src1 = new PointSource(srcRng, G1, (m) => bls.G1.hashToCurve(m), true);
      src2 = new PointSource(srcRng, G2, (m) => bls.G2.hashToCurve(m), true);
      msm1 = new PointSource(srcRng, G1, null, false);
      msm2 = new PointSource(srcRng, G2, null, false);
    }
    return [src1, src2, msm1, msm2];
  };
  const gens = {
    fp: (r, n) => genFp(r, n),
    fr: (r, n) => genFr(r, n),
    fp2: (r, n) => genFp2(r, n),
    fp6: (r, n) => genFp6(r, n),
    fp12: (r, n) => genFp12(r, n),
    g1: (r, n) => genGroup(r, n, sources()[0]),
    g2: (r, n) => genGroup(r, n, sources()[1]),
    pairing: (r, n) => genPairing(r, n, ...sources()),
    msm: (r, n) => genMsm(r, n, sources()[2], sources()[3]),
    invalid: (r, n) => genInvalid(r, n, ...sources()),
  };
  const families = {};
  for (const f of ALL_FAMILIES) {
    if (!opt.families.includes(f)) continue;
    const t = performance.now(), u = process.cpuUsage().user;
    families[f] = gens[f](rngFor(f), opt.count);
    const wall = (performance.now() - t) / 1000, cpu = (process.cpuUsage().user - u) / 1e6;
    process.stderr.write(`gen_cases: ${f}: ${families[f].length} cases, ${wall.toFixed(1)} s (cpu ${cpu.toFixed(1)} s)\n`);
  }
  const doc = {
    generator: 'tests/interop/gen_cases.mjs',
    noble_curves: pkg.version,
    seed: opt.seed,
    count: opt.count,
    format: {
      fp: '96 hex digits: 48-byte big-endian canonical integer',
      fr: '64 hex digits: 32-byte big-endian canonical integer; scalars k are any 256-bit integer, same layout',
      fp2: '[c0, c1] for c0 + c1*u',
      fp6: '[c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1] for c0 + c1*v + c2*v^2',
      fp12: '12 Fp: c0 (an Fp6 as above) then c1, for c0 + c1*w',
      point: '{c: compressed hex, u: uncompressed hex} in the zcash/blst encoding; msm bases are uncompressed hex',
      sqrt: 'r is one root (noble picks it) or null when there is none; either root is right',
      inv: 'inv(0) = 0 (cuzk convention; noble throws); batch_inv: a and r are arrays, zeros stay zero',
      pairing: 'kinds: scalars e(aG1, bG2) (a, b only), points e(P, Q), derived e(cP, dQ) = e(P, Q)^(cd), multi prod e(P_i, Q_i), final_exp of f, infinity (1 by cuzk convention)',
      invalid: 'expect is cuzk_err_name() with the given check_subgroup; nocheck (not_in_subgroup cases): the result with check_subgroup false, ok (then it re-encodes to the same bytes) or an error name',
    },
    families,
  };
  const text = JSON.stringify(doc);
  if (opt.out) {
    mkdirSync(dirname(opt.out), { recursive: true });
    const tmp = `${opt.out}.tmp${process.pid}`;
    writeFileSync(tmp, text);
    renameSync(tmp, opt.out); // never leave a half-written file where the checker looks
  } else {
    process.stdout.write(text);
  }
  process.stderr.write(`gen_cases: done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}

main();
