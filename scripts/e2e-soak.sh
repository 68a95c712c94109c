#!/usr/bin/env bash
# npm run test:e2e:soak: the Playwright suites (contract, real-stack, step-up) three rounds in a
# row while two busy loops take the CPU beside them, as a loaded CI machine would. A test that
# depends on timing fails here long before it fails a CI run once in twenty: zero failures is the
# bar. Run it after touching anything in tests/e2e or the data table. ROUNDS=n changes the count.
set -uo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-3}"

busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${busy[@]}" 2>/dev/null
}
trap stop_busy EXIT INT TERM

npm run build >/dev/null || exit 1
for _ in 1 2; do
  node -e 'for (;;) {}' &
  busy+=("$!")
done
echo "soak: two busy loops (pids ${busy[*]}), ${rounds} rounds"

failed=0
for round in $(seq 1 "$rounds"); do
  started=$SECONDS
  if CONTRACT_RENDERER_BUILT=1 npm run test:e2e; then
    echo "soak: round ${round} green in $((SECONDS - started)) s"
  else
    failed=$((failed + 1))
    echo "soak: round ${round} FAILED after $((SECONDS - started)) s"
  fi
done
echo "soak: ${failed} of ${rounds} rounds failed"
[ "$failed" -eq 0 ]
