#!/usr/bin/env bash
# cuzk-daemon end to end: a real daemon on a real unix socket, driven by the
# independent node client (e2e.mjs, @grpc/grpc-js from our .proto), with the
# test proof kinds (--test-circuits) so that many jobs stay cheap:
#   1. config: --check-config of the example file, --print-config read back;
#   2. every RPC, HTTP /metrics and /status;
#   3. 200 malformed requests, valid ones between them still served;
#   4. a Prove whose client goes away frees its job; 20 s of mixed stress
#      (4 clients, random cancels and dropped calls) loses no job;
#   5. kill -9 with 6 jobs in flight, restart on the same spool (plus a
#      truncated and a foreign journal entry, set aside and reported): all 6
#      complete, proofs checked by the engine (verify_proofs);
#   6. SIGTERM drains and exits 0; the spool is mode 0700;
#   7. server reflection (v1alpha and v1) serves our descriptor; a bearer
#      token is enforced; SIGHUP reopens the log file;
#   8. TLS with client certificates (openssl makes a CA, server and client
#      certificates): served with one, refused without, refused in plaintext.
#
#   daemon_e2e.sh CUZK_DAEMON NODE_CLIENT_DIR WORK_DIR EXAMPLE_TOML [C_CLIENT]
set -uo pipefail
daemon=$1 client=$2 work=$3 example=$4 cclient=${5:-}
rm -rf "$work"
mkdir -p "$work"
sock="$work/cuzk.sock"
addr="unix://$sock"
spool="$work/spool"
port=$((20000 + ($$ % 20000)))
http="127.0.0.1:$port"
fails=0 checks=0
pass() { checks=$((checks + 1)); echo "ok   $*"; }
fail() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL $*"; }
node_step() { # name args...: runs e2e.mjs, its checks count as one step each
    local name=$1
    shift
    if (cd "$client" && timeout 600 node e2e.mjs "$@") >"$work/$name.out" 2>&1; then
        pass "$name: $(tail -1 "$work/$name.out")"
    else
        fail "$name: $(tail -1 "$work/$name.out")"
        grep -E '^FAIL|Error' "$work/$name.out" | head -20 | sed 's/^/     | /'
    fi
}
pid=
start_daemon() { # log-file
    "$daemon" --config "$work/c.toml" --listen "$addr" --param-dir "$work/params" --spool "$spool" \
        --metrics-listen "$http" --test-circuits >>"$1" 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do
        if [ -S "$sock" ] && grep -q "listening on $addr" "$1"; then return 0; fi
        if ! kill -0 "$pid" 2>/dev/null; then break; fi
        sleep 0.1
    done
    echo "daemon did not start:"
    tail -20 "$1"
    return 1
}
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null' EXIT

if [ ! -d "$client/node_modules/@grpc/grpc-js" ]; then
    echo "FAIL: the node client is not installed: run npm ci in tests/server"
    echo "0 passed, 1 failed"
    exit 1
fi
"$daemon" --version || exit 1

# ---- 1. config ------------------------------------------------------------------
if "$daemon" --config "$example" --check-config >"$work/check.out" 2>&1; then
    pass "--check-config of cuzk.example.toml"
else
    fail "--check-config of cuzk.example.toml: $(cat "$work/check.out")"
fi
"$daemon" -c "$example" -l unix:///tmp/x.sock --spool /tmp/y --log-level debug --print-config >"$work/printed.toml" 2>&1
if "$daemon" --config "$work/printed.toml" --print-config >"$work/printed2.toml" 2>&1 &&
   cmp -s "$work/printed.toml" "$work/printed2.toml" && grep -q 'listen = "unix:///tmp/x.sock"' "$work/printed.toml" &&
   grep -q 'level = "debug"' "$work/printed.toml"; then
    pass "--print-config output reads back to the same config (flags, upstream's -c/-l too, override the file)"
else
    fail "--print-config round trip"
fi
printf '[daemon]\nlisten = "127.0.0.1:1"\nlistn = 2\n' >"$work/bad.toml"
out=$("$daemon" --config "$work/bad.toml" --check-config 2>&1)
if [ $? -ne 0 ] && grep -q "bad.toml:3:9: unknown key 'daemon.listn'" <<<"$out"; then
    pass "an unknown key is named with its position"
else
    fail "unknown key: $out"
fi
out=$("$daemon" --listen 0.0.0.0:9820 --check-config 2>&1)
if [ $? -ne 0 ] && grep -q "allow_remote" <<<"$out"; then
    pass "a non-loopback listen address needs --allow-remote"
else
    fail "non-loopback listen accepted without --allow-remote: $out"
fi

# ---- 2-4. a running daemon -----------------------------------------------------------
mkdir -p "$work/params"
printf '[engine]\nverify_proofs = true\n[daemon]\ndrain_timeout = "5s"\n' >"$work/c.toml"
start_daemon "$work/daemon1.log" || { echo "0 passed, 1 failed"; exit 1; }
perm=$(stat -c %a "$spool")
if [ "$perm" = 700 ]; then pass "spool created mode 0700"; else fail "spool mode $perm"; fi
node_step rpcs rpcs "$addr" "$http"
node_step malformed malformed "$addr" 200
node_step disconnect disconnect "$addr" "$http"
node_step reflection reflection "$addr"
if [ -n "$cclient" ]; then
    if timeout 120 "$cclient" "$addr" >"$work/c_client.out" 2>&1; then
        pass "the C client (src/server/client.c): $(tail -1 "$work/c_client.out")"
    else
        fail "the C client: $(grep -E 'FAIL|passed' "$work/c_client.out" | head -5)"
    fi
fi
# 20 s of 4 clients mixing Prove, Submit/Await, cancels and dropped calls: no job lost
if (cd "$client" && timeout 300 node stress.mjs "$addr" "$pid" 20 4) >"$work/stress.out" 2>&1; then
    pass "stress: $(grep -E '^final states' "$work/stress.out" | cut -c1-160)"
else
    fail "stress: $(tail -4 "$work/stress.out" | tr '\n' ' ')"
fi
if kill -0 "$pid" 2>/dev/null; then pass "the daemon is still running"; else fail "the daemon died"; fi

# ---- 5. kill -9 with 6 jobs in flight, restart on the same spool ----------------------
ids=$(cd "$client" && node e2e.mjs submit "$addr" 6 crash)
n_ids=$(wc -w <<<"$ids")
sleep 0.5
kill -9 "$pid"
wait "$pid" 2>/dev/null
pid=
n_jobs=$(find "$spool/jobs" -name '*.job' | wc -l)
if [ "$n_ids" -eq 6 ] && [ "$n_jobs" -ge 6 ]; then
    pass "kill -9 with 6 jobs in flight: $n_jobs journaled"
else
    fail "kill -9: $n_ids submitted, $n_jobs journaled"
fi
# damage: a truncated copy of a real entry, and a file that is no entry at all
one=$(find "$spool/jobs" -name '*.job' | head -1)
head -c 20 "$one" >"$spool/jobs/0000000000000000000000000000000000000000000000000000000000000000.job"
echo "not a job" >"$spool/jobs/stray.txt"
start_daemon "$work/daemon2.log" || { echo "$checks passed, $((fails + 1)) failed"; exit 1; }
node_step restart_awaitall awaitall "$addr" $ids
n_corrupt=$(find "$spool/corrupt" -type f | wc -l)
if [ "$n_corrupt" -eq 2 ] && grep -q "checksum mismatch\|size" "$work/daemon2.log" &&
   grep -q "6 jobs resumed, 2 damaged entries set aside" "$work/daemon2.log"; then
    pass "restart: 6 jobs resumed, the 2 damaged entries reported and moved to corrupt/"
else
    fail "restart: corrupt/ holds $n_corrupt files; log: $(grep -E 'spool' "$work/daemon2.log" | head -3)"
fi
left=$(find "$spool/jobs" -name '*.job' | wc -l)
if [ "$left" -eq 0 ]; then pass "no unfinished journal entries left"; else fail "$left journal entries left"; fi

# ---- 6. SIGTERM drains and exits 0 ---------------------------------------------------------
kill -TERM "$pid"
rc=124
for _ in $(seq 1 150); do
    if ! kill -0 "$pid" 2>/dev/null; then wait "$pid"; rc=$?; break; fi
    sleep 0.1
done
pid=
if [ "$rc" -eq 0 ] && grep -q "stopped" "$work/daemon2.log"; then pass "SIGTERM: drained, exit 0"; else fail "SIGTERM: exit $rc"; fi

# ---- 7. a bearer token; SIGHUP reopens the log file (after a rotation) ----------------------
token=cuzk-test-token-0123456789abcdef
echo "$token" >"$work/token"
"$daemon" --listen "unix://$work/hup.sock" --param-dir "$work/params" --spool "$work/spool_hup" \
    --log-file "$work/hup.log" --auth-token-file "$work/token" --test-circuits >"$work/daemon_hup.out" 2>&1 &
pid=$!
for _ in $(seq 1 100); do grep -q "listening on" "$work/hup.log" 2>/dev/null && break; sleep 0.1; done
node_step auth auth "unix://$work/hup.sock" "$token"
mv "$work/hup.log" "$work/hup.log.1"
kill -HUP "$pid"
for _ in $(seq 1 50); do grep -q "log reopened" "$work/hup.log" 2>/dev/null && break; sleep 0.1; done
if grep -q "SIGHUP: log reopened" "$work/hup.log" 2>/dev/null && grep -q "listening on" "$work/hup.log.1"; then
    pass "SIGHUP: the log file is reopened after a rotation"
else
    fail "SIGHUP: no new log file"
fi
kill -TERM "$pid"
wait "$pid"
rc=$?
pid=
if [ "$rc" -eq 0 ]; then pass "SIGTERM of an idle daemon: exit 0"; else fail "SIGTERM of an idle daemon: exit $rc"; fi
cat "$work/hup.log.1" "$work/hup.log" "$work/daemon_hup.out" >"$work/daemon3.log" 2>/dev/null

# ---- 8. TLS on loopback TCP with client certificates (a CA made here by openssl) -----------
tdir="$work/tls"
mkdir -p "$tdir"
mkcert() { # name subject [extfile]
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$tdir/$1.key" \
        -out "$tdir/$1.csr" -subj "$2" 2>/dev/null &&
    openssl x509 -req -in "$tdir/$1.csr" -CA "$tdir/ca.pem" -CAkey "$tdir/ca.key" -CAcreateserial \
        -out "$tdir/$1.pem" -days 2 ${3:+-extfile "$3"} 2>/dev/null
}
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$tdir/srv.ext"
if openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$tdir/ca.key" \
        -out "$tdir/ca.pem" -days 2 -subj /CN=cuzk-test-ca 2>/dev/null &&
   mkcert srv /CN=localhost "$tdir/srv.ext" && mkcert cli /CN=cuzk-test-client; then
    tport=$((port + 1))
    "$daemon" --listen "127.0.0.1:$tport" --param-dir "$work/params" --spool "$work/spool_tls" --test-circuits \
        --tls-cert "$tdir/srv.pem" --tls-key "$tdir/srv.key" --tls-client-ca "$tdir/ca.pem" >"$work/daemon_tls.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do grep -q "listening on" "$work/daemon_tls.log" && break; sleep 0.1; done
    node_step tls tls "localhost:$tport" "$tdir/ca.pem" "$tdir/cli.key" "$tdir/cli.pem"
    kill -TERM "$pid"
    wait "$pid"
    rc=$?
    pid=
    if [ "$rc" -eq 0 ]; then pass "TLS daemon: SIGTERM, exit 0"; else fail "TLS daemon: exit $rc"; fi
else
    fail "openssl could not make the test certificates"
fi

if grep -qiE "AddressSanitizer|runtime error|LeakSanitizer" "$work"/daemon*.log; then
    fail "sanitizer reports in the daemon logs"
    grep -iE -A5 "AddressSanitizer|runtime error|LeakSanitizer" "$work"/daemon*.log | head -30
else
    pass "no sanitizer reports in the daemon logs"
fi
echo "$((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
