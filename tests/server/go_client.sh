#!/usr/bin/env bash
# Curio's side of the wire, as near as Debian has it: a grpc-go client
# (goclient/main.go, Debian's grpc-go 1.33 in GOPATH mode, stubs generated
# from our .proto by protoc-gen-go and protoc-gen-go-grpc) against a daemon
# on a unix socket and on loopback TCP (dialled as dns:///HOST:PORT).
#
#   go_client.sh CUZK_DAEMON PROTO_DIR GOCLIENT_DIR WORK_DIR
set -uo pipefail
daemon=$1 proto=$2 src=$3 work=$4
rm -rf "$work"
mkdir -p "$work/gopath/src/cuzkclient"
fails=0 checks=0
pass() { checks=$((checks + 1)); echo "ok   $*"; }
fail() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL $*"; }
pids=()
trap 'for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done' EXIT

if protoc -I"$proto" --go_out="$work/gopath/src" --go-grpc_out="$work/gopath/src" "$proto/cuzk/v1/proving.proto" &&
   cp "$src/main.go" "$work/gopath/src/cuzkclient/" &&
   GO111MODULE=off GOPATH="$work/gopath:/usr/share/gocode" GOCACHE="$work/gocache" \
       go build -o "$work/cuzkclient" cuzkclient >"$work/build.out" 2>&1; then
    pass "the Go client builds from our .proto"
else
    fail "the Go client does not build: $(tail -5 "$work/build.out" 2>/dev/null)"
    echo "$((checks - fails)) passed, $fails failed"
    exit 1
fi
port=$((21000 + ($$ % 20000)))
for addr in "unix://$work/cuzk.sock" "127.0.0.1:$port"; do
    name=$(echo "$addr" | tr -c 'a-z0-9' '_')
    "$daemon" --listen "$addr" --param-dir "$work" --spool "$work/spool_$name" --test-circuits >"$work/daemon_$name.log" 2>&1 &
    pid=$!
    pids+=("$pid")
    for _ in $(seq 1 100); do grep -q "listening on" "$work/daemon_$name.log" && break; sleep 0.1; done
    if timeout 300 "$work/cuzkclient" "$addr" >"$work/client_$name.out" 2>&1; then
        pass "grpc-go client on $addr: $(tail -1 "$work/client_$name.out")"
    else
        fail "grpc-go client on $addr: $(grep -E '^FAIL' "$work/client_$name.out" | head -5)"
    fi
    kill -TERM "$pid"
    wait "$pid" || fail "daemon on $addr: exit $?"
done
echo "$((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
