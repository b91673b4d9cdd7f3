import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // next-auth imports "next/server" without an extension, which Node's ESM loader
    // cannot resolve; inlined, Vite resolves it (the HTTP tests load the Auth.js routes).
    server: { deps: { inline: ["next-auth"] } },
    // Creates and migrates a throw-away PostgreSQL database for integration tests.
    globalSetup: ["src/server/test/global-setup.ts"],
    // A promise rejected with nobody to handle it fails the test it happened in.
    // Each file: this worker's database as DATABASE_URL.
    setupFiles: ["src/server/test/fail-on-unhandled.ts", "src/server/test/worker-database.ts"],
    // Three files at a time even on two cores: most tests wait on PostgreSQL, sockets and child
    // processes rather than compute (the default, one fewer than the cores, ran them one by one;
    // three took 271-345 s of wall time where two took 303-435 s, the same tests passing).
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
