#!/usr/bin/env bash
# `npm run test:all`: installs what the tests need when missing (Chromium,
# PostgreSQL and Redis running), then runs prisma generate, tsc, every Vitest
# test (unit, integration, engine), next build and every Playwright test.
# Ends with "tests: N passed, M failed" (Vitest + Playwright counts; a failed
# step that is not a test, such as tsc or next build, counts as one failure)
# and exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
REPORTS="$(mktemp -d)"
step_failures=0
say() { printf '\n=== %s\n' "$*"; }
fail_step() { echo "FAILED: $*"; step_failures=$((step_failures + 1)); }

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

say "Prerequisites"
[ -d node_modules ] || npm ci
if [ ! -x /usr/bin/chromium ]; then echo "installing chromium"; apt_install chromium; fi
if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  command -v pg_ctlcluster >/dev/null || apt_install postgresql
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432 || fail_step "PostgreSQL is not reachable on 127.0.0.1:5432"
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  command -v redis-server >/dev/null || apt_install redis-server
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
  for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && echo "redis: up" || fail_step "Redis is not reachable on 127.0.0.1:6379"

say "prisma generate"
npm run --silent db:generate || fail_step "prisma generate"

say "tsc --noEmit"
npx tsc --noEmit || fail_step "tsc"

say "Vitest (unit, integration, engine)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json" || true

say "next build"
build_ok=1
npx next build || { fail_step "next build"; build_ok=0; }
if [ "$build_ok" = 1 ]; then
  say "Page weight (first-load JavaScript of the build)"
  npm run -s weight || fail_step "npm run weight"
fi

say "Playwright"
if [ "$build_ok" = 1 ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/playwright.json" npx playwright test --reporter=list,json || true
fi

read -r passed failed < <(node -e '
const fs = require("fs");
const read = (f) => { try { return JSON.parse(fs.readFileSync(f, "utf8")); } catch { return null; } };
const [dir, buildOk] = process.argv.slice(1);
let passed = 0, failed = 0;
const v = read(dir + "/vitest.json");
if (v) { passed += v.numPassedTests; failed += v.numFailedTests; if (!v.success && v.numFailedTests === 0) failed += 1; }
else { console.error("no Vitest report"); failed += 1; }
const p = read(dir + "/playwright.json");
if (p) { passed += p.stats.expected + p.stats.flaky; failed += p.stats.unexpected; if (p.errors?.length) failed += p.errors.length; }
else if (buildOk === "1") { console.error("no Playwright report"); failed += 1; }
console.log(passed, failed);
' "$REPORTS" "$build_ok")
failed=$((failed + step_failures))
rm -rf "$REPORTS"
echo
echo "tests: ${passed} passed, ${failed} failed"
[ "$failed" = 0 ]
