/**
 * Measures the game-history queries on a large history: creates a scratch
 * PostgreSQL database (migrated), seeds MATCHES finished matches with
 * seed-history.ts, then prints for each typical page request the query plan
 * (EXPLAIN ANALYZE, with buffers) summary and the median time of 20 runs
 * through the history service, and drops the database.
 *
 * Usage: npm run bench:history -- [MATCHES=100000] [--plans]
 *        npm run bench:history -- 100     (a quick check that it runs)
 */
import { Prisma } from "../src/generated/prisma/client";
import { createPrismaClient } from "../src/server/db";
import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";
import { decodeCursor, historyQuery, listHistory } from "../src/server/modules/history/service";
import { seedHistory } from "./seed-history";
import { numberArg, scriptArgs } from "../src/cli/args";

const { matches, showPlans } = scriptArgs(
  {
    usageName: "npm run bench:history --",
    summary:
      "Creates a scratch PostgreSQL database (TEST_DATABASE_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres), seeds MATCHES finished matches, prints for each typical history page request its query plan summary and the median time of 20 service calls, and drops the database.",
    positionals: [{ name: "MATCHES", optional: true, help: "finished matches to seed (default 100000; four history rows each)" }],
    flags: { plans: { type: "boolean", help: "print each query's whole EXPLAIN ANALYZE plan" } },
    examples: ["npm run bench:history", "npm run bench:history -- 100000 --plans", "npm run bench:history -- 100   (a quick check that it runs)"],
  },
  (a) => ({ matches: numberArg("MATCHES", a.positionals[0], 100_000, { min: 1, integer: true }), showPlans: a.flags.plans === true }),
);
const database = await createTestDatabase("whist_history_bench");
const db = createPrismaClient(database.url, 2);
try {
  let t = performance.now();
  await seedHistory(database.url, matches);
  console.log(`seeded ${matches} matches (${matches * 4} history rows) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const user = "seed-u42";
  const first = await listHistory(db, user, { limit: 20 });
  // A cursor deep in the user's history: the 20th page.
  let deep: string | null = first.nextCursor;
  for (let i = 0; i < 18 && deep; i++) deep = (await listHistory(db, user, { limit: 20, cursor: deep })).nextCursor;
  const cases: [string, Parameters<typeof listHistory>[2]][] = [
    ["first page", { limit: 20 }],
    ["page 20 (keyset)", { limit: 20, cursor: deep }],
    ["variant filter", { limit: 20, variant: "danish" }],
    ["club filter", { limit: 20, clubId: "seed-club" }],
    ["date range", { limit: 20, from: new Date("2025-06-01"), to: new Date("2025-07-01") }],
    ["opponent filter", { limit: 20, opponentId: "seed-u293" }],
  ];
  for (const [name, f] of cases) {
    const plan = await db.$queryRaw<{ "QUERY PLAN": string }[]>(
      Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${historyQuery(user, f, f.cursor ? decodeCursor(f.cursor) : null, f.limit + 1)}`,
    );
    const lines = plan.map((p) => p["QUERY PLAN"]);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 20; i++) {
      t = performance.now();
      count = (await listHistory(db, user, f)).items.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const scan = lines.find((l) => /Index|Seq Scan/.test(l))?.trim().replace(/\s+\(cost.*$/, "");
    const exec = lines.find((l) => l.startsWith("Execution Time"));
    console.log(`${name.padEnd(18)} ${count} rows  median ${times[10]!.toFixed(2)} ms (service, incl. players)  SQL ${exec?.replace("Execution Time: ", "")}  ${scan}`);
    if (showPlans) console.log(lines.map((l) => `    ${l}`).join("\n"));
  }
} finally {
  await db.$disconnect();
  await dropTestDatabase(database.name);
}
