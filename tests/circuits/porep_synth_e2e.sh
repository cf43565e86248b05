#!/bin/sh
# Synthetic C1 end to end through cuzk-bench (slow targets, see
# porep_synth.cmake):
#   porep_synth_e2e.sh CUZK_BENCH SIZE WORKDIR [--check-only]
# synth -> check (every constraint of every partition) -> setup -> prove ->
# verify (exit 0), then the same proof against the C1 with another seed
# (other challenges: verify must exit 1). Timings go to stdout.
set -eu
B=$1 SIZE=$2 W=$3 MODE=${4:-}
mkdir -p "$W"
t() { s=$(date +%s%N); rc=0; "$@" || rc=$?; echo "== $2: $(( ($(date +%s%N) - s) / 1000000 )) ms (rc $rc)"; return $rc; }
t "$B" synth --sector-size "$SIZE" --out "$W/c1.json" --seed 11 --sector-id 5
t "$B" check --c1 "$W/c1.json" --threads 2
[ "$MODE" = --check-only ] && exit 0
t "$B" setup --circuit porep --sector-size "$SIZE" --out "$W/p.params" --seed 5
t "$B" prove --circuit porep --c1 "$W/c1.json" --params "$W/p.params" --out "$W/p.proof"
t "$B" verify --circuit porep --c1 "$W/c1.json" --params "$W/p.params" --proof "$W/p.proof"
[ "$(stat -c %s "$W/p.proof")" -eq 192 ]
# another seed: the first seed byte changed
for v in 7 8; do
  sed -E "s/\"seed\":\[[0-9]+,/\"seed\":[$v,/" "$W/c1.json" > "$W/c1-seed.json"
  cmp -s "$W/c1.json" "$W/c1-seed.json" || break
done
! cmp -s "$W/c1.json" "$W/c1-seed.json"
if "$B" verify --circuit porep --c1 "$W/c1-seed.json" --params "$W/p.params" --proof "$W/p.proof"; then
  echo "FAIL: the proof verified against another seed's challenges"; exit 1
fi
echo "porep_synth_e2e $SIZE: OK"
