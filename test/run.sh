#!/usr/bin/env bash
# `npm test`: what the machine must have (test/system-needs.sh), the generated code brought up to
# date, then the type check beside the tests: tsc and the test release's ingest (vitest's global
# setup) each keep one core busy for about 15 s, so running them together saves that much.
# Arguments go to vitest (`npm test -- test/api`).
set -uo pipefail
cd "$(dirname "$0")/.."
bash test/system-needs.sh || exit 1
npx graphql-codegen --config codegen.ts --silent || exit 1

types_out=$(mktemp)
npx tsc --noEmit >"$types_out" 2>&1 &
types_pid=$!
npx vitest run --config test/vitest.config.ts "$@"
tests=$?
wait "$types_pid"
types=$?
if [ "$types" -ne 0 ]; then
  cat "$types_out" >&2
  echo "The type check failed (npm run typecheck)." >&2
fi
rm -f "$types_out"
[ "$tests" -eq 0 ] && [ "$types" -eq 0 ]
