// The daemon's end-to-end checks through an independent client (@grpc/grpc-js,
// service generated from proto/cuzk/v1/proving.proto). The daemon runs with
// --test-circuits (proof kind 100 "test-a" proves, 101 "test-b" always fails).
//
//   node e2e.mjs rpcs ADDR HTTP_ADDR         every RPC, HTTP /metrics /status
//   node e2e.mjs malformed ADDR N            N malformed requests between valid ones
//   node e2e.mjs disconnect ADDR HTTP_ADDR   a Prove whose client leaves frees its job
//   node e2e.mjs submit ADDR N PREFIX        N slow jobs submitted; prints their ids
//   node e2e.mjs awaitall ADDR ID...         each completes with a whole proof
//   node e2e.mjs reflection ADDR              server reflection, v1alpha and v1
//   node e2e.mjs auth ADDR TOKEN              the bearer token is required
//   node e2e.mjs tls HOST:PORT CA KEY CERT    TLS with client certificates
//   node e2e.mjs porep ADDR C1 SECTOR MINER OUT WANT   a real PoRep C2 (WANT: COMPLETED
//                                            or a regex of the FAILED reason)
//   node e2e.mjs porep-submit ADDR C1 SECTOR MINER ID / porep-await ADDR ID OUT
//
// Prints "ok"/"FAIL" lines and then "N passed, N failed"; exit 1 on a failure.
import { connect, call, rawCall, healthCheck, CODES, grpc, pkg } from './cuzk_client.mjs';

let passed = 0, failed = 0;
function check(cond, what) {
  if (cond) { passed++; console.log(`ok   ${what}`); } else { failed++; console.log(`FAIL ${what}`); }
}
function done() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed || !passed ? 1 : 0);
}
async function rejects(p) {
  try { await p; return null; } catch (e) { return e; }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const testReq = (id, text, extra = {}) =>
  ({ request_id: id, proof_kind: 100, vanilla_proof: Buffer.from(text), ...extra });

async function metric(http, name) {
  const t = await (await fetch(`http://${http}/metrics`)).text();
  const m = t.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm'));
  return m ? Number(m[1]) : NaN;
}

// ---- every RPC --------------------------------------------------------------------
async function rpcs(addr, http) {
  const c = connect(addr);
  const u = `-${process.pid}`;
  check(await healthCheck(c) === 1, 'Health/Check "" is SERVING');
  check(await healthCheck(c, 'cuzk.v1.ProvingEngine') === 1, 'Health/Check cuzk.v1.ProvingEngine is SERVING');
  let e = await rejects(healthCheck(c, 'no.such.Service'));
  check(e && e.code === CODES.NOT_FOUND, 'Health/Check of an unknown service: NOT_FOUND');

  const st = await call(c, 'GetStatus', {});
  check(st.gpus.length >= 1 && st.queues.some((q) => q.proof_kind === 'test-a'), 'GetStatus: workers and the test-a queue');
  check(Number(st.pinned_memory_limit_bytes) > 0, 'GetStatus: parameter budget reported');

  // Prove: 2 partitions -> 384 bytes, verified by the engine (verify_proofs)
  let r = await call(c, 'Prove', { submit: testReq('p-1' + u, 'x=11;partitions=2') });
  check(r.result.job_id === 'p-1' + u && r.result.status === 'COMPLETED' && r.result.proof.length === 384,
    `Prove test-a: COMPLETED, 2 x 192 bytes (${r.result.status}, ${r.result.proof.length})`);
  check(Number(r.result.total_ms) >= 0 && r.result.error_message === '', 'Prove: timings, no error');

  // a failing proof is an OK reply with FAILED and the reason
  r = await call(c, 'Prove', { submit: { request_id: 'p-fail' + u, proof_kind: 101, vanilla_proof: Buffer.from('x=1') } });
  check(r.result.status === 'FAILED' && /refused by design/.test(r.result.error_message),
    `Prove test-b: FAILED with the reason ("${r.result.error_message}")`);
  r = await call(c, 'Prove', { submit: testReq('p-badinput' + u, 'x=abc') });
  check(r.result.status === 'FAILED' && /vanilla_proof/.test(r.result.error_message),
    `Prove with a bad test input: FAILED naming vanilla_proof ("${r.result.error_message}")`);

  // a 64 MiB request passes (gRPC's default limit is 4 MiB; ours is Curio's 256 MiB), and
  // the test kind then refuses its size by name
  const big = Buffer.alloc(64 << 20, 0x61);
  r = await call(c, 'Prove', { submit: { request_id: 'big' + u, proof_kind: 100, vanilla_proof: big } });
  check(r.result.status === 'FAILED' && /vanilla_proof: 67108864 bytes/.test(r.result.error_message),
    `a 64 MiB request is received whole (${r.result.status}: "${r.result.error_message}")`);

  // SubmitProof + AwaitProof; the empty request id gets one made
  const s = await call(c, 'SubmitProof', { ...testReq('', 'x=5'), priority: 'HIGH' });
  check(s.job_id.length > 0, `SubmitProof with no request_id: job id ${s.job_id}`);
  let a = await call(c, 'AwaitProof', { job_id: s.job_id, timeout_ms: 0 });
  check(a.status === 'COMPLETED' && a.proof.length === 192, 'AwaitProof: COMPLETED, 192 bytes');
  a = await call(c, 'AwaitProof', { job_id: s.job_id, timeout_ms: 10 });
  check(a.status === 'COMPLETED', 'AwaitProof again: the result is kept');

  // AwaitProof's timeout is honoured
  await call(c, 'SubmitProof', testReq('slow-1' + u, 'x=6;delay_ms=3000'));
  const t0 = Date.now();
  a = await call(c, 'AwaitProof', { job_id: 'slow-1' + u, timeout_ms: 300 });
  const dt = Date.now() - t0;
  check(a.status === 'TIMEOUT' && dt >= 250 && dt < 2500, `AwaitProof timeout_ms 300: TIMEOUT after ${dt} ms`);

  // request ids: the same id and input join the job; other input is refused
  const j1 = await call(c, 'SubmitProof', testReq('dup-1' + u, 'x=8;delay_ms=500'));
  const j2 = await call(c, 'SubmitProof', testReq('dup-1' + u, 'x=8;delay_ms=500'));
  check(j1.job_id === 'dup-1' + u && j2.job_id === 'dup-1' + u, 'the same request_id and input: one job');
  e = await rejects(call(c, 'SubmitProof', testReq('dup-1' + u, 'x=9')));
  check(e && e.code === CODES.INVALID_ARGUMENT && /dup-1/.test(e.details),
    `the same request_id with other input: INVALID_ARGUMENT (${e && e.details})`);

  // CancelProof really cancels
  await call(c, 'SubmitProof', testReq('cancel-1' + u, 'x=2;partitions=4;delay_ms=1500'));
  await sleep(200);
  const cr = await call(c, 'CancelProof', { job_id: 'cancel-1' + u });
  a = await call(c, 'AwaitProof', { job_id: 'cancel-1' + u, timeout_ms: 10000 });
  check(a.status === 'CANCELLED' && a.proof.length === 0, `CancelProof: the job ends CANCELLED (was_running ${cr.was_running})`);
  // the same request_id again after a cancel (or a failure) is a new attempt, as Curio's retries need
  r = await call(c, 'Prove', { submit: testReq('cancel-1' + u, 'x=2;partitions=4;delay_ms=1500') });
  check(r.result.status === 'COMPLETED' && r.result.job_id === 'cancel-1' + u + '~r1',
    `Prove with a cancelled job's request_id: a new attempt ${r.result.job_id}, ${r.result.status}`);
  r = await call(c, 'Prove', { submit: testReq('cancel-1' + u, 'x=2;partitions=4;delay_ms=1500') });
  check(r.result.status === 'COMPLETED' && r.result.job_id === 'cancel-1' + u + '~r1',
    'and again: it joins the completed attempt');
  r = await call(c, 'Prove', { submit: { request_id: 'p-fail' + u, proof_kind: 101, vanilla_proof: Buffer.from('x=1') } });
  check(r.result.status === 'FAILED' && r.result.job_id === 'p-fail' + u + '~r1', `a failed job's request_id again: ${r.result.job_id}`);
  e = await rejects(call(c, 'CancelProof', { job_id: 'no-such-job' }));
  check(e && e.code === CODES.NOT_FOUND, 'CancelProof of an unknown job: NOT_FOUND');
  e = await rejects(call(c, 'AwaitProof', { job_id: 'no-such-job' }));
  check(e && e.code === CODES.NOT_FOUND && /job not found/.test(e.details), 'AwaitProof of an unknown job: NOT_FOUND');

  // parameters: preload, again (already loaded), evict (was loaded), evict again
  // parameters: preload, again (already loaded), evict (was loaded), evict again;
  // a set in use is kept, so the jobs above finish first
  for (const id of ['slow-1' + u, 'dup-1' + u]) await call(c, 'AwaitProof', { job_id: id, timeout_ms: 30000 });
  await call(c, 'SubmitProof', testReq('inuse-1' + u, 'x=12;delay_ms=1500'));
  await sleep(300);
  let busy = await call(c, 'EvictSRS', { circuit_id: 'test-a' });
  check(busy.was_loaded === true && Number(busy.freed_bytes) === 0, 'EvictSRS of a set in use: kept (freed 0)');
  await call(c, 'AwaitProof', { job_id: 'inuse-1' + u, timeout_ms: 30000 });
  let pl = await call(c, 'PreloadSRS', { circuit_id: 'test-a' });
  pl = await call(c, 'PreloadSRS', { circuit_id: 'test-a' });
  check(pl.already_loaded === true, 'PreloadSRS twice: already_loaded');
  let st2 = await call(c, 'GetStatus', {});
  check(st2.loaded_srs.some((x) => /test-a/.test(x.circuit_id) && Number(x.size_bytes) > 0),
    'GetStatus lists the resident test-a parameters with their size');
  let ev = await call(c, 'EvictSRS', { circuit_id: 'test-a' });
  check(ev.was_loaded === true && Number(ev.freed_bytes) > 0, `EvictSRS: was_loaded, ${ev.freed_bytes} bytes freed`);
  ev = await call(c, 'EvictSRS', { circuit_id: 'test-a' });
  check(ev.was_loaded === false, 'EvictSRS again: was not loaded');
  e = await rejects(call(c, 'PreloadSRS', { circuit_id: '../etc/passwd' }));
  check(e && e.code === CODES.INVALID_ARGUMENT, 'PreloadSRS of a path: INVALID_ARGUMENT');
  e = await rejects(call(c, 'PreloadSRS', { circuit_id: 'no-such-circuit' }));
  check(e && e.code !== CODES.OK, `PreloadSRS of an unknown circuit: refused (${e && e.code}: ${e && e.details})`);

  // GetMetrics and HTTP
  const m = await call(c, 'GetMetrics', {});
  check(/^cuzk_daemon_build_info\{build_id="cuzk [^"]+"\} 1$/m.test(m.prometheus_text), 'GetMetrics: build id label');
  check(/cuzk_daemon_rpc_total\{method="Prove",code="OK"\} [1-9]/.test(m.prometheus_text), 'GetMetrics: RPC counters');
  check(/^cuzk_[a-z_]+/m.test(m.prometheus_text.replace(/^cuzk_daemon.*$/mg, '')), 'GetMetrics: engine metrics follow');
  const res = await fetch(`http://${http}/metrics`);
  const body = await res.text();
  check(res.status === 200 && /text\/plain; version=0.0.4/.test(res.headers.get('content-type')) &&
    /cuzk_daemon_build_info/.test(body), 'HTTP /metrics: Prometheus text');
  const sres = await fetch(`http://${http}/status`);
  let sj = null;
  try { sj = JSON.parse(await sres.text()); } catch { sj = null; }
  check(sres.status === 200 && sj && typeof sj === 'object', 'HTTP /status: JSON');
  check((await fetch(`http://${http}/nope`)).status === 404, 'HTTP other paths: 404');

  // an unknown method is UNIMPLEMENTED, not a hang
  e = await rejects(rawCall(c, '/cuzk.v1.ProvingEngine/NoSuchMethod', Buffer.alloc(0), { deadlineMs: 5000 }));
  check(e && e.code === CODES.UNIMPLEMENTED, 'an unknown method: UNIMPLEMENTED');
  c.close();
}

// ---- malformed requests -------------------------------------------------------------
function varint(n) {
  const out = [];
  let v = BigInt(n);
  do { let b = Number(v & 0x7fn); v >>= 7n; if (v) b |= 0x80; out.push(b); } while (v);
  return Buffer.from(out);
}
function field(num, wt, payload) {
  const key = varint((num << 3) | wt);
  if (wt === 0) return Buffer.concat([key, varint(payload)]);
  return Buffer.concat([key, varint(payload.length), payload]);
}
const SUBMIT = '/cuzk.v1.ProvingEngine/SubmitProof';
const PROVE = '/cuzk.v1.ProvingEngine/Prove';

async function malformed(addr, n) {
  const c = connect(addr);
  const big = (k) => Buffer.alloc(k, 0x41);
  const cases = [
    // [name, method, bytes | object, want: 'INVALID_ARGUMENT' | 'FAILED', reason regex]
    ['unknown proof_kind 7', 'obj', { request_id: 'm', proof_kind: 7, vanilla_proof: Buffer.from('x') }, 'INVALID_ARGUMENT', /invalid proof_kind: 7/],
    ['proof_kind 0', 'obj', { request_id: 'm', proof_kind: 0, vanilla_proof: Buffer.from('x') }, 'INVALID_ARGUMENT', /invalid proof_kind: 0/],
    ['unknown priority 9', SUBMIT, Buffer.concat([field(2, 0, 100), field(5, 0, 9), field(10, 2, Buffer.from('x=1'))]), 'INVALID_ARGUMENT', /invalid priority: 9/],
    ['truncated protobuf (length past the end)', SUBMIT, Buffer.concat([field(2, 0, 100), Buffer.from([0x52, 0x7f, 0x41])]), 'INVALID_ARGUMENT', /malformed protobuf/],
    ['truncated varint', SUBMIT, Buffer.from([0x10, 0xff]), 'INVALID_ARGUMENT', /malformed protobuf/],
    ['field number 0', SUBMIT, Buffer.from([0x00, 0x01]), 'INVALID_ARGUMENT', /malformed protobuf/],
    ['group wire type', SUBMIT, Buffer.from([0x0b, 0x0c]), 'INVALID_ARGUMENT', /wire type/],
    ['proof_kind as bytes', SUBMIT, field(2, 2, Buffer.from('xx')), 'INVALID_ARGUMENT', /proof_kind: wire type/],
    ['request_id of 200 bytes', 'obj', { request_id: 'r'.repeat(200), proof_kind: 100, vanilla_proof: Buffer.from('x=1') }, 'INVALID_ARGUMENT', /request_id: 200 bytes/],
    ['request_id with a control byte', 'obj', { request_id: 'a\u0001b', proof_kind: 100, vanilla_proof: Buffer.from('x=1') }, 'INVALID_ARGUMENT', /request_id: byte 0x01/],
    ['randomness of 31 bytes', 'obj', { request_id: 'm', proof_kind: 100, vanilla_proof: Buffer.from('x=1'), randomness: Buffer.alloc(31) }, 'INVALID_ARGUMENT', /randomness: 31 bytes, expected 32/],
    ['comm_r_old of 33 bytes', 'obj', { request_id: 'm', proof_kind: 100, vanilla_proof: Buffer.from('x=1'), comm_r_old: Buffer.alloc(33) }, 'INVALID_ARGUMENT', /comm_r_old: 33 bytes/],
    ['comm_d_new of 5 bytes', 'obj', { request_id: 'm', proof_kind: 100, vanilla_proof: Buffer.from('x=1'), comm_d_new: Buffer.alloc(5) }, 'INVALID_ARGUMENT', /comm_d_new: 5 bytes/],
    ['too many vanilla_proofs', SUBMIT, Buffer.concat([field(2, 0, 100), ...Array.from({ length: 70000 }, () => Buffer.from([0x5a, 0x00]))]), 'INVALID_ARGUMENT', /vanilla_proofs: more than/],
    ['too many unknown fields', SUBMIT, Buffer.concat(Array.from({ length: 2000 }, () => Buffer.from([0xc8, 0x3e, 0x01]))), 'INVALID_ARGUMENT', /unknown fields/],
    ['PoRep with invalid JSON', 'obj', { request_id: 'm', proof_kind: 1, vanilla_proof: Buffer.from('{"SectorNum": 1, "Phase1Out": "not base64 !!"') }, 'FAILED', /./],
    ['PoRep with empty vanilla_proof', 'obj', { request_id: 'm', proof_kind: 1 }, 'INVALID_ARGUMENT', /vanilla_proof: empty/],
    ['WindowPoSt without randomness', 'obj', { request_id: 'm', proof_kind: 3, vanilla_proofs: [Buffer.from([1, 2, 3])] }, 'INVALID_ARGUMENT', /randomness|not supported/],
    ['WindowPoSt with invalid bincode', 'obj', { request_id: 'm', proof_kind: 3, registered_proof: 13, randomness: Buffer.alloc(32), vanilla_proofs: [Buffer.from([1, 2, 3])] }, 'EITHER', /./],
    ['Snap with no vanilla_proofs', 'obj', { request_id: 'm', proof_kind: 2, comm_r_old: Buffer.alloc(32) }, 'INVALID_ARGUMENT', /vanilla_proofs: empty|not supported/],
    ['test input with a bad item', 'obj', { request_id: 'm', proof_kind: 100, vanilla_proof: Buffer.from('x=1;zz') }, 'FAILED', /vanilla_proof/],
    ['test input of 300 bytes', 'obj', { request_id: 'm', proof_kind: 100, vanilla_proof: big(300) }, 'FAILED', /vanilla_proof: 300 bytes/],
    ['Prove without submit', PROVE, Buffer.alloc(0), 'INVALID_ARGUMENT', /missing submit field/],
    ['Prove with a truncated submit', PROVE, Buffer.from([0x0a, 0x05, 0x10]), 'INVALID_ARGUMENT', /malformed protobuf/],
    ['AwaitProof with an empty job_id', '/cuzk.v1.ProvingEngine/AwaitProof', Buffer.alloc(0), 'INVALID_ARGUMENT', /job_id: empty/],
    ['CancelProof of 70 KiB', '/cuzk.v1.ProvingEngine/CancelProof', field(1, 2, big(70000)), 'INVALID_ARGUMENT', /at most/],
    ['GetStatus with garbage', '/cuzk.v1.ProvingEngine/GetStatus', Buffer.from([0xff, 0xff, 0xff]), 'INVALID_ARGUMENT', /malformed protobuf/],
  ];
  let k = 0, valid = 0, validOk = 0;
  for (let i = 0; i < n; i++) {
    const [name, method, body, want, why] = cases[i % cases.length];
    const id = `mal-${i}`;
    let code = 0, details = '', result = null;
    try {
      if (method === 'obj') {
        const r = await call(c, 'Prove', { submit: { ...body, request_id: body.request_id === 'm' ? id : body.request_id } }, { deadlineMs: 20000 });
        result = r.result;
      } else if (method === PROVE || method === SUBMIT || method.startsWith('/cuzk')) {
        await rawCall(c, method, body, { deadlineMs: 20000 });
      }
    } catch (e) { code = e.code; details = e.details; }
    let ok;
    if (want === 'FAILED') ok = result && result.status === 'FAILED' && why.test(result.error_message);
    else if (want === 'EITHER') ok = (code === CODES.INVALID_ARGUMENT && why.test(details)) ||
      (result && result.status === 'FAILED' && result.error_message.length > 0);
    else ok = code === CODES.INVALID_ARGUMENT && why.test(details);
    if (!ok || i < cases.length) {
      check(ok, `malformed #${i} ${name}: ${result ? `${result.status} "${result.error_message}"` : `code ${code} "${details}"`}`);
    } else { passed++; }
    k++;
    // a valid request after every fifth malformed one still works
    if (i % 5 === 4) {
      valid++;
      const r = await call(c, 'Prove', { submit: testReq(`valid-${i}`, `x=${i}`) });
      if (r.result.status === 'COMPLETED' && r.result.proof.length === 192) validOk++;
    }
  }
  check(k === n, `${n} malformed requests sent`);
  check(valid > 0 && validOk === valid, `valid requests between them: ${validOk}/${valid} COMPLETED`);
  const st = await call(c, 'GetStatus', {});
  check(st.queues.length > 0, 'the daemon still answers GetStatus');
  c.close();
}

// ---- client disconnect ----------------------------------------------------------------
async function disconnect(addr, http) {
  const c = connect(addr);
  const u = `-${process.pid}`;
  const before = await metric(http, 'cuzk_daemon_jobs_cancelled_on_disconnect_total');
  let handle = null;
  const p = call(c, 'Prove', { submit: testReq('gone-1' + u, 'x=3;partitions=8;delay_ms=3000') }, { onCall: (h) => { handle = h; } });
  await sleep(700);
  handle.cancel();
  const e = await rejects(p);
  check(e && e.code === CODES.CANCELLED, 'the client cancelled its Prove call');
  // (an AwaitProof now would be another caller waiting, which keeps the job;
  // the daemon notices within ~0.5 s, more on a loaded machine)
  await sleep(3000);
  // the daemon notices within about half a second and cancels the job
  let a = null;
  for (let i = 0; i < 40; i++) {
    a = await call(c, 'AwaitProof', { job_id: 'gone-1' + u, timeout_ms: 500 });
    if (a.status !== 'TIMEOUT') break;
  }
  check(a && a.status === 'CANCELLED', `its job ends CANCELLED (${a && a.status})`);
  const after = await metric(http, 'cuzk_daemon_jobs_cancelled_on_disconnect_total');
  check(after === before + 1, `cuzk_daemon_jobs_cancelled_on_disconnect_total ${before} -> ${after}`);

  // a deadline that passes counts as leaving too
  const e2 = await rejects(call(c, 'Prove', { submit: testReq('gone-2' + u, 'x=4;partitions=8;delay_ms=3000') }, { deadlineMs: 600 }));
  check(e2 && e2.code === CODES.DEADLINE_EXCEEDED, 'a Prove past its deadline: DEADLINE_EXCEEDED');
  await sleep(3000);
  for (let i = 0; i < 40; i++) {
    a = await call(c, 'AwaitProof', { job_id: 'gone-2' + u, timeout_ms: 500 });
    if (a.status !== 'TIMEOUT') break;
  }
  check(a && a.status === 'CANCELLED', `its job ends CANCELLED too (${a && a.status})`);

  // with another caller waiting on the same job, it is kept and completes
  let h3 = null;
  const p3 = call(c, 'Prove', { submit: testReq('shared-1' + u, 'x=5;partitions=2;delay_ms=3000') }, { onCall: (h) => { h3 = h; } });
  await sleep(300);
  const waiter = call(c, 'AwaitProof', { job_id: 'shared-1' + u, timeout_ms: 30000 });
  await sleep(1000);
  h3.cancel();
  await rejects(p3);
  a = await waiter;
  check(a.status === 'COMPLETED' && a.proof.length === 384, `a job another caller awaits is kept: ${a.status}`);
  c.close();
}

// ---- kill -9 and restart ------------------------------------------------------------------
async function submit(addr, n, prefix) {
  const c = connect(addr);
  const ids = [];
  for (let i = 0; i < n; i++) {
    const r = await call(c, 'SubmitProof', testReq(`${prefix}-${i}`, `x=${100 + i};partitions=2;delay_ms=1500`));
    ids.push(r.job_id);
  }
  console.log(ids.join(' '));
  c.close();
}

async function awaitall(addr, ids) {
  const c = connect(addr);
  for (const id of ids) {
    const a = await call(c, 'AwaitProof', { job_id: id, timeout_ms: 120000 });
    check(a.status === 'COMPLETED' && a.proof.length === 384, `${id}: ${a.status}, ${a.proof.length} bytes`);
  }
  c.close();
}

// ---- server reflection (what grpcurl uses when given no .proto) -------------------------
function reflStream(c, version, requests) {
  return new Promise((resolve, reject) => {
    const path = `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`;
    const st = c.makeBidiStreamRequest(path, (b) => b, (b) => b, new grpc.Metadata(), {});
    const out = [];
    st.on('data', (d) => out.push(Buffer.from(d)));
    st.on('error', reject);
    st.on('end', () => resolve(out));
    for (const r of requests) st.write(r);
    st.end();
  });
}
// fields of one protobuf message: [{f, wt, v}] (v: Buffer for bytes, BigInt for varints)
function fields(buf) {
  const out = [];
  let i = 0;
  const vi = () => { let v = 0n, sh = 0n; for (;;) { const b = buf[i++]; v |= BigInt(b & 0x7f) << sh; sh += 7n; if (!(b & 0x80)) return v; } };
  while (i < buf.length) {
    const key = Number(vi()), f = key >> 3, wt = key & 7;
    if (wt === 0) out.push({ f, wt, v: vi() });
    else if (wt === 2) { const n = Number(vi()); out.push({ f, wt, v: buf.subarray(i, i + n) }); i += n; }
    else throw new Error(`wire type ${wt}`);
  }
  return out;
}
async function reflection(addr) {
  const { default: descriptor } = await import('protobufjs/ext/descriptor/index.js');
  const c = connect(addr);
  for (const version of ['v1alpha', 'v1']) {
    const str = (f, s) => field(f, 2, Buffer.from(s));
    const replies = await reflStream(c, version, [
      str(7, ''), str(4, 'cuzk.v1.ProvingEngine'), str(3, 'cuzk/v1/proving.proto'), str(4, 'no.such.Symbol'),
    ]);
    check(replies.length === 4, `${version}: 4 requests, ${replies.length} replies`);
    if (replies.length !== 4) continue;
    const list = fields(replies[0]).find((x) => x.f === 6);
    const names = list ? fields(list.v).map((svc) => fields(svc.v).find((x) => x.f === 1).v.toString()) : [];
    check(names.includes('cuzk.v1.ProvingEngine'), `${version} list_services: ${names.join(', ')}`);
    for (const k of [1, 2]) {
      const fdr = fields(replies[k]).find((x) => x.f === 4);
      const fdp = fdr && fields(fdr.v).find((x) => x.f === 1);
      let fd = null;
      try { fd = descriptor.FileDescriptorProto.decode(fdp.v); } catch { fd = null; }
      const svc = fd && fd.service.find((x) => x.name === 'ProvingEngine');
      const msg = (n) => fd.messageType.find((m) => m.name === n);
      const num = (m, n) => msg(m).field.find((x) => x.name === n).number;
      check(fd && fd.name === 'cuzk/v1/proving.proto' && fd.package === 'cuzk.v1' && svc && svc.method.length === 8,
        `${version} ${k === 1 ? 'file_containing_symbol' : 'file_by_filename'}: the descriptor of cuzk.v1 (8 methods)`);
      if (fd && k === 1) {
        check(num('SubmitProofRequest', 'vanilla_proof') === 10 && num('SubmitProofRequest', 'vanilla_proofs') === 11 &&
          num('SubmitProofRequest', 'sector_number') === 20 && num('SubmitProofRequest', 'comm_d_new') === 32 &&
          num('AwaitProofResponse', 'total_ms') === 14 && num('GetStatusResponse', 'pinned_memory_limit_bytes') === 8,
          `${version}: field numbers as upstream (vanilla_proof 10, vanilla_proofs 11, sector_number 20, comm_d_new 32, total_ms 14)`);
      }
    }
    const er = fields(replies[3]).find((x) => x.f === 7);
    check(er && fields(er.v).find((x) => x.f === 1).v === 5n, `${version}: an unknown symbol gets error_response NOT_FOUND`);
  }
  c.close();
}

// ---- bearer token ---------------------------------------------------------------------------
async function auth(addr, token) {
  const none = connect(addr), wrong = connect(addr, 'x'.repeat(token.length)), right = connect(addr, token);
  let e = await rejects(call(none, 'GetStatus', {}));
  check(e && e.code === CODES.UNAUTHENTICATED, 'no token: UNAUTHENTICATED');
  e = await rejects(call(wrong, 'GetStatus', {}));
  check(e && e.code === CODES.UNAUTHENTICATED, 'a wrong token: UNAUTHENTICATED');
  e = await rejects(call(none, 'Prove', { submit: testReq(`auth-${process.pid}`, 'x=1') }));
  check(e && e.code === CODES.UNAUTHENTICATED, 'Prove without the token: UNAUTHENTICATED, no job');
  const st = await call(right, 'GetStatus', {});
  check(st.queues.length > 0, 'the right token: GetStatus answers');
  check(await healthCheck(none) === 1, 'the health check needs no token');
  for (const c of [none, wrong, right]) c.close();
}

// ---- TLS with client certificates ------------------------------------------------------------
async function tls(addr, caFile, keyFile, certFile) {
  const fs = await import('node:fs');
  const ca = fs.readFileSync(caFile), key = fs.readFileSync(keyFile), cert = fs.readFileSync(certFile);
  const opts = { 'grpc.max_send_message_length': 256 << 20, 'grpc.max_receive_message_length': 256 << 20 };
  const mk = (creds) => {
    const c = new pkg.ProvingEngine(addr, creds, opts);
    c.meta = () => new grpc.Metadata();
    return c;
  };
  const good = mk(grpc.credentials.createSsl(ca, key, cert));
  const st = await call(good, 'GetStatus', {}, { deadlineMs: 10000 });
  check(st.queues.length > 0, 'TLS with a client certificate: GetStatus answers');
  const r = await call(good, 'Prove', { submit: testReq(`tls-${process.pid}`, 'x=3') }, { deadlineMs: 30000 });
  check(r.result.status === 'COMPLETED' && r.result.proof.length === 192, 'TLS: Prove completes');
  const nocert = mk(grpc.credentials.createSsl(ca));
  let e = await rejects(call(nocert, 'GetStatus', {}, { deadlineMs: 5000 }));
  check(e && e.code !== CODES.OK, `TLS without a client certificate: refused (${e && e.code})`);
  const plain = mk(grpc.credentials.createInsecure());
  e = await rejects(call(plain, 'GetStatus', {}, { deadlineMs: 5000 }));
  check(e && e.code !== CODES.OK, `plaintext against the TLS port: refused (${e && e.code})`);
  for (const c of [good, nocert, plain]) c.close();
}

// ---- a real PoRep C2 from a C1 output envelope file ----------------------------------
async function porep(addr, c1File, sector, miner, out, want) {
  const fs = await import('node:fs');
  const c = connect(addr);
  const req = {
    request_id: `porep-${miner}-${sector}-${process.pid}`, proof_kind: 'POREP_SEAL_COMMIT', priority: 'NORMAL',
    vanilla_proof: fs.readFileSync(c1File), sector_number: sector, miner_id: miner, sector_size: 2048,
    registered_proof: 5,
  };
  const t0 = Date.now();
  const r = await call(c, 'Prove', { submit: req });
  const ms = Date.now() - t0;
  if (want === 'COMPLETED') {
    check(r.result.status === 'COMPLETED' && r.result.proof.length === 192,
      `PoRep 2 KiB Prove: ${r.result.status}, ${r.result.proof.length} bytes in ${ms} ms ${r.result.error_message}`);
    fs.writeFileSync(out, r.result.proof);
    const st = await call(c, 'GetStatus', {});
    check(st.loaded_srs.some((x) => Number(x.size_bytes) > 0), 'GetStatus: the 2 KiB PoRep parameters are resident');
  } else {
    check(r.result.status === 'FAILED' && new RegExp(want).test(r.result.error_message),
      `PoRep with a damaged C1: FAILED ("${r.result.error_message}")`);
  }
  c.close();
}

// a real PoRep job submitted now and awaited later (across a daemon restart)
async function porepSubmit(addr, c1File, sector, miner, id) {
  const fs = await import('node:fs');
  const c = connect(addr);
  const r = await call(c, 'SubmitProof', {
    request_id: id, proof_kind: 'POREP_SEAL_COMMIT', vanilla_proof: fs.readFileSync(c1File),
    sector_number: sector, miner_id: miner, sector_size: 2048, registered_proof: 5,
  });
  check(r.job_id === id, `PoRep SubmitProof: job ${r.job_id}`);
  c.close();
}
async function porepAwait(addr, id, out) {
  const fs = await import('node:fs');
  const c = connect(addr);
  const a = await call(c, 'AwaitProof', { job_id: id, timeout_ms: 900000 });
  check(a.status === 'COMPLETED' && a.proof.length === 192, `PoRep AwaitProof after the restart: ${a.status}, ${a.proof.length} bytes ${a.error_message}`);
  if (a.proof.length) fs.writeFileSync(out, a.proof);
  c.close();
}

const [cmd, addr, ...rest] = process.argv.slice(2);
try {
  if (cmd === 'rpcs') await rpcs(addr, rest[0]);
  else if (cmd === 'malformed') await malformed(addr, Number(rest[0] || 200));
  else if (cmd === 'disconnect') await disconnect(addr, rest[0]);
  else if (cmd === 'submit') { await submit(addr, Number(rest[0]), rest[1]); process.exit(0); }
  else if (cmd === 'awaitall') await awaitall(addr, rest);
  else if (cmd === 'reflection') await reflection(addr);
  else if (cmd === 'auth') await auth(addr, rest[0]);
  else if (cmd === 'tls') await tls(addr, rest[0], rest[1], rest[2]);
  else if (cmd === 'porep-submit') await porepSubmit(addr, rest[0], Number(rest[1]), Number(rest[2]), rest[3]);
  else if (cmd === 'porep-await') await porepAwait(addr, rest[0], rest[1]);
  else if (cmd === 'porep') await porep(addr, rest[0], Number(rest[1]), Number(rest[2]), rest[3], rest[4]);
  else { console.error(`unknown command ${cmd}`); process.exit(2); }
} catch (e) {
  check(false, `unexpected error: ${e && (e.stack || e)}`);
}
done();
