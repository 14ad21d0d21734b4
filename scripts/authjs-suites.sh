#!/usr/bin/env bash
# Runs Auth.js's own suites against Gatehouse, as an application that aliases `@auth/core` to Gatehouse would:
# the black-box tests of `packages/core/test` and the shared adapter suite (`packages/utils/adapter.ts`, WebAuthn
# methods included) on the PostgreSQL adapter. They are read from a checkout of the next-auth repository at
# `@auth/core` 0.41.3 outside this tree, given as the first argument or AUTHJS_SNAPSHOT; this script fetches
# nothing and skips, loudly, when that checkout is absent. Further arguments go to Vitest.
#
#   bash scripts/authjs-suites.sh /path/to/next-auth [--project authjs-core] [--reporter verbose]
set -euo pipefail

snapshot="${1:-${AUTHJS_SNAPSHOT:-}}"
[ $# -gt 0 ] && shift
if [ -z "$snapshot" ] || [ ! -f "$snapshot/packages/core/test/utils.ts" ] || [ ! -f "$snapshot/packages/utils/adapter.ts" ]; then
  echo "!!! SKIPPED: Auth.js's suites were not run: no next-auth checkout at '${snapshot:-<unset>}'." >&2
  echo "!!! Give the path of a checkout of nextauthjs/next-auth at @auth/core@0.41.3 (see docs/development.md)." >&2
  exit 0
fi
snapshot="$(cd "$snapshot" && pwd)"
version="$(node -p "require('$snapshot/packages/core/package.json').version")"
[ "$version" = 0.41.3 ] || echo "!!! The checkout holds @auth/core $version; the expected results in docs/differences-from-authjs.md are for 0.41.3." >&2

cd "$(dirname "$0")/.."
AUTHJS_SNAPSHOT="$snapshot" exec npx vitest run --config scripts/authjs-suites/vitest.config.ts "$@"
