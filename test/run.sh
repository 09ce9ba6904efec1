#!/usr/bin/env bash
# `npm test`: what the machine must have (test/system-needs.sh), the generated code brought up to
# date, then the type check beside the tests. Arguments go to vitest (`npm test -- test/api`).
#
# Two things run beside vitest to save their time: tsc (it and the test release's ingest each keep
# one core busy), and the install of missing Debian packages; the few tests that need one wait for
# it (test/helpers/system.ts reads the install's outcome from TOURISM_SYSTEM_PACKAGES).
set -uo pipefail
cd "$(dirname "$0")/.."
bash test/system-needs.sh services || exit 1
bash test/system-needs.sh check || exit 1

outcome=$(mktemp -d)
export TOURISM_SYSTEM_PACKAGES="$outcome/status"
( bash test/system-needs.sh install >"$outcome/log" 2>&1; echo $? >"$outcome/status.tmp"; mv "$outcome/status.tmp" "$outcome/status" ) &
packages_pid=$!

# The generated code (operations, explorer operations, route schemas) again only when a file it is
# made from changed since it was last made, as make would (codegen leaves a file it would write the
# same untouched, so the stamp marks the run): `npm ci` has just made it on a fresh clone, and making
# it takes seconds before any test can start.
generated=(src/generated/operations.ts src/generated/explorer-operations.ts src/generated/route-schemas.ts)
stamp=src/generated/.codegen-stamp
made=$([ -f "$stamp" ] && echo "$stamp" || ls -1t "${generated[@]}" 2>/dev/null | tail -n 1)
if [ "$(ls -1 "${generated[@]}" 2>/dev/null | wc -l)" -ne "${#generated[@]}" ] ||
  [ -n "$(find codegen.ts package.json schema rest src -newer "$made" -type f ! -path 'src/generated/*' -print -quit)" ]; then
  npx graphql-codegen --config codegen.ts --silent || exit 1
  touch "$stamp"
fi
# The type check keeps what it has checked in the temporary folder from run to run (tsc
# --incremental), as the ingest's parse cache does: a second run on this checkout checks only the
# files that changed (4 s instead of 17).
types_cache="${TMPDIR:-/tmp}/tourism-types-$(id -u)-$(pwd | cksum | cut -d' ' -f1)"
mkdir -p "$types_cache"
{
  npx tsc --noEmit --incremental --tsBuildInfoFile "$types_cache/service.tsbuildinfo" &&
    npx tsc --noEmit -p src/explorer-ui --incremental --tsBuildInfoFile "$types_cache/explorer.tsbuildinfo"
} >"$outcome/types" 2>&1 &
types_pid=$!
npx vitest run --config test/vitest.config.ts "$@"
tests=$?
wait "$types_pid"
types=$?
wait "$packages_pid"
if [ "$(cat "$outcome/status")" -ne 0 ]; then
  cat "$outcome/log" >&2
  tests=1
fi
if [ "$types" -ne 0 ]; then
  cat "$outcome/types" >&2
  echo "The type check failed (npm run typecheck)." >&2
fi
rm -rf "$outcome"
[ "$tests" -eq 0 ] && [ "$types" -eq 0 ]
