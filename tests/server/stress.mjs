// A mixed stress run against a daemon started with --test-circuits: CLIENTS
// clients for SECONDS seconds, each looping over Prove, SubmitProof +
// AwaitProof, SubmitProof + CancelProof, and Prove calls dropped part-way
// (client disconnects). Every job submitted must end in a final state (none
// lost); the daemon's RSS (from /proc/PID/status) is sampled every 10 s.
//
//   node stress.mjs ADDR DAEMON_PID SECONDS CLIENTS
//
// Prints the RSS series and the counts, then "N passed, N failed".
import fs from 'node:fs';
import { connect, call } from './cuzk_client.mjs';

const [addr, pidArg, secArg, cliArg] = process.argv.slice(2);
const pid = Number(pidArg), seconds = Number(secArg || 60), clients = Number(cliArg || 4);
const end = Date.now() + seconds * 1000;
const counts = { prove: 0, submit_await: 0, cancel: 0, disconnect: 0, errors: 0 };
const rss = [];
const rand = (n) => Math.floor(Math.random() * n);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssKiB() {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) : -1;
  } catch { return -1; }
}

// Each job's final state is checked right away, so results may expire (a
// short daemon.result_ttl shows whether memory levels off).
let lost = 0, never = 0;
const final = { COMPLETED: 0, CANCELLED: 0, FAILED: 0 };
async function settle(c, id, allowNever) {
  try {
    const a = await call(c, 'AwaitProof', { job_id: id, timeout_ms: 120000 });
    if (a.status in final) final[a.status]++;
    else { lost++; console.log(`${id}: ${a.status}`); }
  } catch (e) {
    if (allowNever && e.code === 5) never++;
    else { lost++; console.log(`${id}: ${e.code} ${e.details}`); }
  }
}

async function worker(w) {
  const c = connect(addr);
  let i = 0;
  while (Date.now() < end) {
    const id = `st-${process.pid}-${w}-${i++}`;
    const input = Buffer.from(`x=${rand(1000000)};partitions=${1 + rand(3)};delay_ms=${rand(200)}`);
    const req = { request_id: id, proof_kind: 100, vanilla_proof: input };
    try {
      switch (rand(4)) {
        case 0: {
          const r = await call(c, 'Prove', { submit: req });
          counts.prove++;
          if (r.result.status in final) final[r.result.status]++; else lost++;
          break;
        }
        case 1: {
          await call(c, 'SubmitProof', req);
          counts.submit_await++;
          await settle(c, id, false);
          break;
        }
        case 2: {
          await call(c, 'SubmitProof', req);
          await sleep(rand(100));
          await call(c, 'CancelProof', { job_id: id });
          counts.cancel++;
          await settle(c, id, false);
          break;
        }
        default: {
          let h = null;
          const p = call(c, 'Prove', { submit: req }, { onCall: (x) => { h = x; } });
          await sleep(rand(150));
          if (h) h.cancel();
          await p.catch(() => {});
          counts.disconnect++;
          await sleep(700); // the daemon notices a departed client within ~0.5 s
          await settle(c, id, true);
          break;
        }
      }
    } catch (e) {
      counts.errors++;
      console.log(`error ${id}: ${e.code} ${e.details}`);
    }
  }
  c.close();
}

const sampler = setInterval(() => rss.push(rssKiB()), 10000);
rss.push(rssKiB());
await Promise.all(Array.from({ length: clients }, (_, w) => worker(w)));
clearInterval(sampler);
rss.push(rssKiB());

console.log(`dropped Prove calls never accepted (no job): ${never}`);
console.log(`final states ${JSON.stringify(final)}; lost ${lost}; calls ${JSON.stringify(counts)}`);
console.log(`rss_kib ${rss.join(' ')}`);
const warm = rss.slice(Math.min(3, rss.length - 1));
const grow = warm.length > 1 ? warm[warm.length - 1] - Math.min(...warm) : 0;
console.log(`rss growth after warm-up: ${grow} KiB`);
const ok = lost === 0 && counts.errors === 0;
console.log(`${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
process.exit(ok ? 0 : 1);
