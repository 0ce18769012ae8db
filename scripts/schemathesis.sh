#!/usr/bin/env bash
# Runs Schemathesis (v4, https://schemathesis.readthedocs.io; `pipx install schemathesis`) against a
# server that is already running: it starts nothing itself. A fixed seed, an example bound and no
# stored examples, so a run's findings come back when it is run again on the same data.
#
#   ADSTUDIO_TOKEN='12|…' scripts/schemathesis.sh [base URL] [more schemathesis options]
#
# ADSTUDIO_TOKEN: a personal access token with the write ability (POST /v1/user/tokens, or My
# Account). The run creates, changes and deletes whatever the token's user may: point it at a
# throwaway database, e.g. `DATA_DIR=$(mktemp -d) RATE_LIMIT_PER_MINUTE=100000 npm run dev` (the
# demo data is seeded; a low limit turns most answers into 429). No flag is needed to keep a session
# cookie out: the document names only the bearer token on the routes that take one.
# Environment: MAX_EXAMPLES (50), SCHEMATHESIS_SEED (41), REPORT_DIR (a new temporary directory).
set -euo pipefail

base="${1:-http://localhost:8080}"
shift || true
: "${ADSTUDIO_TOKEN:?set ADSTUDIO_TOKEN to a personal access token, {id}|{secret}}"
report="${REPORT_DIR:-$(mktemp -d -t adstudio-schemathesis-XXXXXX)}"
echo "JUnit report in $report" >&2

exec schemathesis run "$base/docs/json" \
  --url "$base" \
  --checks all \
  --max-examples "${MAX_EXAMPLES:-50}" \
  --seed "${SCHEMATHESIS_SEED:-41}" \
  --generation-database none \
  --header "Authorization: Bearer $ADSTUDIO_TOKEN" \
  --report junit \
  --report-dir "$report" \
  "$@"
