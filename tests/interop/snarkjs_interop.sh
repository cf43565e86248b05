#!/usr/bin/env bash
# Groth16 interop of one circom circuit with snarkjs (label interop):
#   circom2 compiles tests/interop/circuits/NAME.circom; snarkjs computes the
#   witness, makes its own zkey, vk and proof.
#   Ours -> snarkjs: cuzk-bench setup/prove/verify, export-snarkjs, and
#   `snarkjs groth16 verify` must say OK; a proof with its sign bit flipped
#   (a valid but wrong point) and a wrong public input must be rejected by both
#   verifiers, and a proof with a changed byte by ours.
#   snarkjs -> ours: `cuzk-bench verify --snarkjs` accepts snarkjs's triple and
#   rejects it with a wrong public input, A and C swapped, or a changed digit.
# usage: snarkjs_interop.sh NAME CUZK_BENCH NODE INTEROP_DIR WORK_DIR PTAU
set -u
name=$1 bench=$2 node=$3 interop=$4 work=$5/$1 ptau=$6
mods=$interop/node_modules
snarkjs=("$node" "$mods/snarkjs/build/cli.cjs")
tool=("$node" "$interop/snarkjs_tool.mjs")
failures=0

step() { printf '%s: %s\n' "$name" "$*"; }
# expect STATUS DESCRIPTION COMMAND...: runs it, compares the exit status
expect() {
    local want=$1 what=$2
    shift 2
    "$@" >"$work/last.log" 2>&1
    local got=$?
    if [ "$got" -eq "$want" ]; then
        step "ok   $what (exit $got)"
    else
        step "FAIL $what: exit $got, expected $want"
        sed 's/^/    | /' "$work/last.log" | tail -n 20
        failures=$((failures + 1))
    fi
}
# must SCRIPT...: a setup step; stop on failure
must() {
    "$@" >"$work/last.log" 2>&1 || {
        step "FAIL setup step: $*"
        sed 's/^/    | /' "$work/last.log" | tail -n 30
        exit 1
    }
}

[ -f "$mods/snarkjs/build/cli.cjs" ] || { echo "snarkjs is not installed: run npm ci in $interop"; exit 1; }
[ -f "$ptau" ] || { echo "no powers-of-tau file $ptau (the interop_snarkjs_ptau fixture makes it)"; exit 1; }
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1

step "compile with circom2"
must "$node" "$mods/circom2/cli.js" "$interop/circuits/$name.circom" --r1cs --wasm -p bls12381 -o "$work"
step "snarkjs: witness, zkey, proof"
must "${tool[@]}" prove --r1cs "$name.r1cs" --wasm "${name}_js/$name.wasm" \
    --input "$interop/circuits/$name.input.json" --ptau "$ptau" --wtns-out "$name.wtns" --dir theirs

step "cuzk: setup, prove"
must "$bench" setup --r1cs "$name.r1cs" --out "$name.params" --seed 1
must "$bench" prove --r1cs "$name.r1cs" --wtns "$name.wtns" --params "$name.params" --out "$name.proof"
expect 0 "cuzk verifies its proof" "$bench" verify --params "$name.params" --proof "$name.proof" --wtns "$name.wtns"
must "$bench" export-snarkjs --params "$name.params" --proof "$name.proof" --wtns "$name.wtns" --out ours
expect 0 "snarkjs verifies our proof" "${snarkjs[@]}" groth16 verify ours/verification_key.json ours/public.json ours/proof.json
expect 0 "cuzk verifies the exported triple" "$bench" verify --snarkjs ours

step "tampered variants"
expect 0 "alphabeta and public signals agree with snarkjs's" "${tool[@]}" tamper --ours ours --theirs theirs --out bad
# byte 0 of the proof holds A's flags: 0x20 is the sign of y, so this is -A
"$node" -e '
const fs = require("fs"), p = fs.readFileSync(process.argv[1]);
const a = Buffer.from(p); a[0] ^= 0x20; fs.writeFileSync("neg_a.proof", a);
const b = Buffer.from(p); b[100] ^= 0x01; fs.writeFileSync("flip100.proof", b);' "$name.proof"
expect 1 "cuzk rejects -A" "$bench" verify --params "$name.params" --proof neg_a.proof --wtns "$name.wtns"
expect 1 "cuzk rejects a flipped byte in B" "$bench" verify --params "$name.params" --proof flip100.proof --wtns "$name.wtns"
must "$bench" export-snarkjs --params "$name.params" --proof neg_a.proof --wtns "$name.wtns" --out ours-neg-a
expect 1 "snarkjs rejects -A" "${snarkjs[@]}" groth16 verify ours-neg-a/verification_key.json ours-neg-a/public.json ours-neg-a/proof.json
expect 1 "cuzk rejects a wrong public input" "$bench" verify --params "$name.params" --proof "$name.proof" --public bad-ours-badpub.json
expect 1 "snarkjs rejects a wrong public input" "${snarkjs[@]}" groth16 verify ours/verification_key.json bad-ours-badpub.json ours/proof.json

step "snarkjs's proof through our verifier"
expect 0 "cuzk verifies snarkjs's proof" "$bench" verify --snarkjs theirs
expect 1 "cuzk rejects it with a wrong public input" "$bench" verify --snarkjs bad-theirs-badpub
expect 1 "cuzk rejects it with A and C swapped" "$bench" verify --snarkjs bad-theirs-swap
expect 1 "cuzk rejects it with a digit changed" "$bench" verify --snarkjs bad-theirs-digit

if [ "$failures" -ne 0 ]; then
    step "$failures check(s) failed"
    exit 1
fi
step "all checks passed"
