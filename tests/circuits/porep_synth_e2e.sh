#!/bin/sh
# Synthetic C1 end to end through cuzk-bench (slow targets, see
# porep_synth.cmake):
#   porep_synth_e2e.sh CUZK_BENCH SIZE WORKDIR [--check-only]
# synth -> check (every constraint of every partition) -> setup -> prove ->
# verify (exit 0), then the same proof against the C1 with another seed
# (other challenges: verify must exit 1, with and without the C1 check).
# Timings go to stdout. The synthetic sector is miner 1000's sector 5.
set -eu
B=$1 SIZE=$2 W=$3 MODE=${4:-}
mkdir -p "$W"
t() { s=$(date +%s%N); rc=0; "$@" || rc=$?; echo "== $2: $(( ($(date +%s%N) - s) / 1000000 )) ms (rc $rc)"; return $rc; }
t "$B" synth --sector-size "$SIZE" --out "$W/c1.json" --seed 11 --sector-id 5
t "$B" check --c1 "$W/c1.json" --threads 2
[ "$MODE" = --check-only ] && exit 0
t "$B" setup --circuit porep --sector-size "$SIZE" --out "$W/p.params" --seed 5
t "$B" prove --circuit porep --c1 "$W/c1.json" --sector-id 5 --params "$W/p.params" --out "$W/p.proof"
t "$B" verify --circuit porep --c1 "$W/c1.json" --sector-id 5 --params "$W/p.params" --proof "$W/p.proof"
[ "$(stat -c %s "$W/p.proof")" -eq 192 ]
# another seed: the first seed byte changed
for v in 7 8; do
  sed -E "s/\"seed\":\[[0-9]+,/\"seed\":[$v,/" "$W/c1.json" > "$W/c1-seed.json"
  cmp -s "$W/c1.json" "$W/c1-seed.json" || break
done
! cmp -s "$W/c1.json" "$W/c1-seed.json"
# refused by the C1 check (its challenges are not the seed's), and without
# that check the Groth16 equation fails on the seed's challenges
for chk in "" --no-check; do
  if "$B" verify --circuit porep --c1 "$W/c1-seed.json" --sector-id 5 --params "$W/p.params" --proof "$W/p.proof" $chk; then
    echo "FAIL: the proof verified against another seed's challenges ($chk)"; exit 1
  fi
done
rm -f "$W/p.params" # GBs; kept only when a step failed
echo "porep_synth_e2e $SIZE: OK"
