#!/usr/bin/env bash
# `npm start`: generate the Prisma client, build Next when the sources changed
# since the last build, compile the server, then run it (embedded database
# unless DATABASE_URL is set).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
npm run --silent db:generate >/dev/null
if [ ! -f .next/BUILD_ID ] || [ -n "$(find src prisma public next.config.js package-lock.json -path src/generated -prune -o -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  echo "[start] building the app (next build)…"
  npx next build
fi
# The server itself runs compiled (scripts/build-server.mjs): no TypeScript loader in production.
node scripts/build-server.mjs
NODE_ENV=production exec node .server-build/src/server/main.mjs
