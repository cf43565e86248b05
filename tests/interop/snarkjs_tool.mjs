// snarkjs's side of the Groth16 interop tests (tests/interop/snarkjs_interop.sh).
// Runs several snarkjs steps in one process, since each node start costs about
// a second. Commands:
//   ptau --power N --out F
//       a BLS12-381 powers-of-tau file prepared for phase 2 (one contribution);
//       an existing F is kept (it only ever appears complete: written, then renamed)
//   prove --r1cs R --wasm W --input I --ptau P --wtns-out WT --dir D
//       the witness (WT) from circom's wasm, a zkey with one contribution, and
//       D/{verification_key,proof,public}.json made by snarkjs
//   zkey --r1cs R --ptau P --out Z --vk V
//       snarkjs's Groth16 setup of R (no contribution: the benchmark only
//       proves) and its verification key V
//   time-prove --zkey Z --wtns W --runs N --dir D
//       times groth16.prove in this process (after one untimed warm-up that
//       builds the curve), writes D/{proof,public}.json and prints
//       {"prove_ms": [...]} on stdout (used by cuzk-bench groth16-cpu --snarkjs)
//   tamper --ours D1 --theirs D2 --out BASE
//       checks that our vk_alphabeta_12 is ffjavascript's e(alpha, beta) and that
//       both sides give the same public signals, then writes the bad variants:
//       BASE-ours-badpub.json and the snarkjs triples BASE-theirs-{badpub,swap,digit}/
// Exits 0 on success, 1 on a failed check, 2 on bad usage.
import * as snarkjs from "snarkjs";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;

function args(argv) {
    const out = {};
    for (let i = 0; i < argv.length; i += 2) {
        if (!argv[i].startsWith("--") || i + 1 >= argv.length) usage(`bad option ${argv[i]}`);
        out[argv[i].slice(2)] = argv[i + 1];
    }
    return out;
}

function usage(msg) {
    console.error(`snarkjs_tool: ${msg}`);
    process.exit(2);
}

function need(a, ...names) {
    for (const n of names) if (a[n] === undefined) usage(`--${n} is required`);
}

const readJson = (f) => JSON.parse(readFileSync(f, "utf8"));
const writeJson = (f, v) =>
    writeFileSync(f, JSON.stringify(v, (k, x) => (typeof x === "bigint" ? x.toString() : x), 1) + "\n");

async function ptau(a) {
    need(a, "power", "out");
    if (existsSync(a.out)) return;
    mkdirSync(dirname(a.out), { recursive: true });
    const curve = await snarkjs.curves.getCurveFromName("bls12381");
    const t0 = a.out + ".0.tmp", t1 = a.out + ".1.tmp", t2 = a.out + ".2.tmp";
    await snarkjs.powersOfTau.newAccumulator(curve, Number(a.power), t0);
    await snarkjs.powersOfTau.contribute(t0, t1, "cuzk interop", "cuzk interop entropy 1");
    await snarkjs.powersOfTau.preparePhase2(t1, t2);
    renameSync(t2, a.out);   // only a complete file gets the final name
    rmSync(t0);
    rmSync(t1);
}

async function prove(a) {
    need(a, "r1cs", "wasm", "input", "ptau", "wtns-out", "dir");
    mkdirSync(a.dir, { recursive: true });
    await snarkjs.wtns.calculate(readJson(a.input), a.wasm, a["wtns-out"]);
    const z0 = `${a.dir}/circuit_0.zkey`, z1 = `${a.dir}/circuit_1.zkey`;
    await snarkjs.zKey.newZKey(a.r1cs, a.ptau, z0);
    await snarkjs.zKey.contribute(z0, z1, "cuzk interop", "cuzk interop entropy 2");
    writeJson(`${a.dir}/verification_key.json`, await snarkjs.zKey.exportVerificationKey(z1));
    const { proof, publicSignals } = await snarkjs.groth16.prove(z1, a["wtns-out"]);
    writeJson(`${a.dir}/proof.json`, proof);
    writeJson(`${a.dir}/public.json`, publicSignals);
}

async function zkey(a) {
    need(a, "r1cs", "ptau", "out", "vk");
    await snarkjs.zKey.newZKey(a.r1cs, a.ptau, a.out + ".tmp");
    writeJson(a.vk, await snarkjs.zKey.exportVerificationKey(a.out + ".tmp"));
    renameSync(a.out + ".tmp", a.out);
}

async function timeProve(a) {
    need(a, "zkey", "wtns", "runs", "dir");
    mkdirSync(a.dir, { recursive: true });
    let res = await snarkjs.groth16.prove(a.zkey, a.wtns);
    const ms = [];
    for (let i = 0; i < Number(a.runs); i++) {
        const t0 = process.hrtime.bigint();
        res = await snarkjs.groth16.prove(a.zkey, a.wtns);
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    writeJson(`${a.dir}/proof.json`, res.proof);
    writeJson(`${a.dir}/public.json`, res.publicSignals);
    console.log(JSON.stringify({ prove_ms: ms }));
}

function copyTriple(from, to) {
    mkdirSync(to, { recursive: true });
    for (const f of ["verification_key.json", "proof.json", "public.json"]) copyFileSync(`${from}/${f}`, `${to}/${f}`);
}

const plusOne = (pub) => [((BigInt(pub[0]) + 1n) % R).toString(), ...pub.slice(1)];

async function tamper(a) {
    need(a, "ours", "theirs", "out");
    const vk = readJson(`${a.ours}/verification_key.json`);
    const curve = await snarkjs.curves.getCurveFromName("bls12381");
    const big = (v) => (Array.isArray(v) ? v.map(big) : BigInt(v));
    const ab = await curve.pairing(curve.G1.fromObject(big(vk.vk_alpha_1)), curve.G2.fromObject(big(vk.vk_beta_2)));
    const want = JSON.stringify(curve.Gt.toObject(ab), (k, x) => (typeof x === "bigint" ? x.toString() : x));
    let ok = true;
    if (JSON.stringify(vk.vk_alphabeta_12) !== want) {
        console.error("tamper: our vk_alphabeta_12 is not ffjavascript's e(alpha, beta)");
        ok = false;
    }
    const ourPub = readJson(`${a.ours}/public.json`), theirPub = readJson(`${a.theirs}/public.json`);
    if (JSON.stringify(ourPub) !== JSON.stringify(theirPub)) {
        console.error(`tamper: public signals differ: ours ${JSON.stringify(ourPub)}, snarkjs ${JSON.stringify(theirPub)}`);
        ok = false;
    }
    if (ourPub.length === 0) usage("the circuit has no public signals to tamper with");
    writeJson(`${a.out}-ours-badpub.json`, plusOne(ourPub));

    copyTriple(a.theirs, `${a.out}-theirs-badpub`);
    writeJson(`${a.out}-theirs-badpub/public.json`, plusOne(theirPub));

    // A and C swapped: both valid G1 points, so only the pairing check can fail
    copyTriple(a.theirs, `${a.out}-theirs-swap`);
    const p = readJson(`${a.theirs}/proof.json`);
    writeJson(`${a.out}-theirs-swap/proof.json`, { ...p, pi_a: p.pi_c, pi_c: p.pi_a });

    // one digit of A's x changed: almost surely off the curve
    copyTriple(a.theirs, `${a.out}-theirs-digit`);
    const x = p.pi_a[0], d = x[x.length - 1] === "7" ? "8" : "7";
    writeJson(`${a.out}-theirs-digit/proof.json`, { ...p, pi_a: [x.slice(0, -1) + d, ...p.pi_a.slice(1)] });
    return ok;
}

const [cmd, ...rest] = process.argv.slice(2);
const table = { ptau, prove, zkey, "time-prove": timeProve, tamper };
if (!table[cmd]) usage(`unknown command '${cmd}' (${Object.keys(table).join(", ")})`);
try {
    const ok = await table[cmd](args(rest));
    process.exit(ok === false ? 1 : 0);
} catch (e) {
    console.error(`snarkjs_tool ${cmd}: ${e.stack || e}`);
    process.exit(1);
}
