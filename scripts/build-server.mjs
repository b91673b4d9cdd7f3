/**
 * `npm run build:server`: compiles the server's entry points (the HTTP
 * server, the live-table server without pages, the computer players' worker
 * thread and the analysis child process) into plain JavaScript under
 * .server-build/, one bundle each, packages left as imports. Production runs
 * these instead of loading TypeScript through tsx at start-up: the transpiler
 * and its caches cost about 80 MB of memory in every process and thread
 * (docs/benchmarks.md, "Live tables at scale"). Takes about a second.
 *
 * Inside the bundles `process.env.SERVER_BUILD` is the constant "1": that is
 * how src/server/ts-worker.ts knows to start the compiled worker entries.
 */
import { rmSync } from "node:fs";
import { build } from "esbuild";

const SERVER_BUILD_DIR = ".server-build";
const entryPoints = [
  "src/server/main.ts",
  "src/server/realtime/standalone.ts",
  "src/server/realtime/bot-task.ts",
  "src/server/modules/history/analysis-worker.ts",
];

rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: SERVER_BUILD_DIR,
  outbase: ".",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  keepNames: true,
  define: { "process.env.SERVER_BUILD": '"1"' },
  logLevel: "warning",
});
