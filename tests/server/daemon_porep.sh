#!/usr/bin/env bash
# A real PoRep C2 through cuzk-daemon: 2 KiB parameters (cuzk-bench setup
# into the parameter directory under their official names, made once per
# build directory), a sealed 2 KiB sector's C1 output in Curio's envelope
# (cuzk-bench seal), Prove from the independent node client, and the proof
# checked by another program (cuzk-bench verify against the .vk); a damaged
# C1 output comes back FAILED with the reason; a job in flight when the
# daemon is killed (-9) is finished by the restarted daemon and verifies.
#
#   daemon_porep.sh CUZK_DAEMON CUZK_BENCH NODE_CLIENT_DIR WORK_DIR PARAM_DIR
set -uo pipefail
daemon=$1 bench=$2 client=$3 work=$4 params=$5
rm -rf "$work"
mkdir -p "$work" "$params"
sock="$work/cuzk.sock"
addr="unix://$sock"
fails=0 checks=0
pass() { checks=$((checks + 1)); echo "ok   $*"; }
fail() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL $*"; }
pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null' EXIT

# parameters: once per build directory (about 1 GB, a minute on 2 cores)
if ! ls "$params"/*stacked-proof-of-replication*.params >/dev/null 2>&1; then
    t0=$SECONDS
    if "$bench" setup --circuit porep --sector-size 2KiB --param-dir "$params" --seed 11 >"$work/setup.out" 2>&1; then
        pass "setup: 2 KiB PoRep parameters in $((SECONDS - t0)) s"
    else
        fail "setup: $(tail -3 "$work/setup.out")"
        echo "$((checks - fails)) passed, $fails failed"
        exit 1
    fi
fi
if "$bench" seal --sector-size 2KiB --seed 20261206 --miner-id 1000 --sector-id 7 --out "$work/job.json" >"$work/seal.out" 2>&1; then
    pass "seal: a 2 KiB sector's C1 output in Curio's envelope"
else
    fail "seal: $(tail -3 "$work/seal.out")"
fi
# a damaged copy: one byte of the base64 C1 output changed
python3 - "$work/job.json" "$work/bad.json" <<'PY'
import json, sys, base64
e = json.load(open(sys.argv[1]))
c1 = json.loads(base64.b64decode(e["Phase1Out"]))
c1["comm_r"][0] ^= 1
e["Phase1Out"] = base64.b64encode(json.dumps(c1).encode()).decode()
json.dump(e, open(sys.argv[2], "w"))
PY

"$daemon" --listen "$addr" --param-dir "$params" --spool "$work/spool" >"$work/daemon.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
    if [ -S "$sock" ] && grep -q "listening on $addr" "$work/daemon.log"; then break; fi
    sleep 0.1
done
run_node() {
    local name=$1
    shift
    if (cd "$client" && timeout 900 node e2e.mjs "$@") >"$work/$name.out" 2>&1; then
        pass "$name: $(grep -E '^ok' "$work/$name.out" | head -1 | cut -c6-)"
    else
        fail "$name: $(grep -E '^FAIL|Error' "$work/$name.out" | head -3)"
    fi
}
run_node prove porep "$addr" "$work/job.json" 7 1000 "$work/p.proof" COMPLETED
run_node damaged porep "$addr" "$work/bad.json" 7 1000 "$work/x.proof" 'comm_r'
if "$bench" verify --c1 "$work/job.json" --param-dir "$params" --proof "$work/p.proof" >"$work/verify.out" 2>&1; then
    pass "cuzk-bench verify: the daemon's proof verifies against the 2 KiB .vk"
else
    fail "cuzk-bench verify: $(tail -2 "$work/verify.out")"
fi
# a flipped byte must not verify (the check above can fail)
python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[100]^=1; open(sys.argv[2],'wb').write(b)" \
    "$work/p.proof" "$work/flip.proof"
if "$bench" verify --c1 "$work/job.json" --param-dir "$params" --proof "$work/flip.proof" >/dev/null 2>&1; then
    fail "a flipped proof byte verified"
else
    pass "a flipped proof byte does not verify"
fi
# cuzk-bench as the client: status, and a Prove whose proof verifies
if "$bench" status --daemon "$addr" >"$work/status.out" 2>&1 && grep -q '^queue porep-c2 ' "$work/status.out"; then
    pass "cuzk-bench status --daemon: $(grep -c '' "$work/status.out") lines, the porep-c2 queue among them"
else
    fail "cuzk-bench status --daemon: $(tail -2 "$work/status.out")"
fi
if "$bench" prove --daemon "$addr" --c1 "$work/job.json" --out "$work/b.proof" >"$work/bprove.out" 2>&1 &&
    "$bench" verify --c1 "$work/job.json" --param-dir "$params" --proof "$work/b.proof" >"$work/bverify.out" 2>&1; then
    pass "cuzk-bench prove --daemon: the proof verifies"
else
    fail "cuzk-bench prove --daemon: $(tail -2 "$work/bprove.out" "$work/bverify.out")"
fi
if "$bench" prove --daemon "$addr" --c1 "$work/bad.json" --out "$work/bx.proof" >"$work/bbad.out" 2>&1; then
    fail "cuzk-bench prove --daemon of a damaged C1 succeeded"
elif grep -q 'failed: .*comm_r' "$work/bbad.out"; then
    pass "cuzk-bench prove --daemon of a damaged C1: $(grep -o 'failed: .*' "$work/bbad.out" | cut -c1-100)"
else
    fail "cuzk-bench prove --daemon of a damaged C1: $(tail -1 "$work/bbad.out")"
fi
# kill -9 with the job in flight; the restarted daemon finishes it from the spool
run_node submit porep-submit "$addr" "$work/job.json" 7 1000 "crash-porep-$$"
sleep 2
kill -9 "$pid"
wait "$pid" 2>/dev/null
"$daemon" --listen "$addr" --param-dir "$params" --spool "$work/spool" >"$work/daemon2.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
    if [ -S "$sock" ] && grep -q "listening on $addr" "$work/daemon2.log"; then break; fi
    sleep 0.1
done
if grep -q "job=crash-porep-$$ resumed" "$work/daemon2.log"; then pass "restart: the PoRep job resumed from the spool"; else fail "restart: the PoRep job was not resumed"; fi
run_node resumed porep-await "$addr" "crash-porep-$$" "$work/r.proof"
if "$bench" verify --c1 "$work/job.json" --param-dir "$params" --proof "$work/r.proof" >"$work/verify2.out" 2>&1; then
    pass "cuzk-bench verify: the proof finished after kill -9 and restart verifies"
else
    fail "cuzk-bench verify after the restart: $(tail -2 "$work/verify2.out")"
fi
kill -TERM "$pid"
wait "$pid"
rc=$?
pid=
if [ "$rc" -eq 0 ]; then pass "SIGTERM: exit 0"; else fail "SIGTERM: exit $rc"; fi
echo "$((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
