/**
 * Measures the lobby's page query on a large set of tables: creates a scratch
 * PostgreSQL database (migrated), inserts TABLES tables not finished (a tenth
 * of them club tables of 50 clubs, every fourth in play, random variants and
 * seats), then prints the median time of 20 runs of each typical lobby page
 * (first page as a visitor and as a club member, a filtered page, a deep
 * page) through the store, and drops the database.
 *
 * Usage: npm run bench:lobby -- [TABLES=20000] [--plans]
 *        npm run bench:lobby -- 100     (a quick check that it runs)
 */
import { randomBytes } from "node:crypto";
import { createPrismaClient } from "../src/server/db";
import { createTestDatabase, dropTestDatabase } from "../src/server/test/database";
import { PrismaTableStore } from "../src/server/realtime/prisma-store";
import type { LobbyQuery } from "../src/server/realtime/store";
import { numberArg, scriptArgs } from "../src/cli/args";
import { VARIANT_IDS } from "../src/engine/meta";

const { TABLES, showPlans } = scriptArgs(
  {
    usageName: "npm run bench:lobby --",
    summary:
      "Creates a scratch PostgreSQL database (TEST_DATABASE_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres), inserts TABLES tables not finished (a tenth of them club tables), prints the median time of 20 calls of each typical lobby page, and drops the database.",
    positionals: [{ name: "TABLES", optional: true, help: "tables to insert (default 20000)" }],
    flags: { plans: { type: "boolean", help: "print the first page's EXPLAIN ANALYZE plan" } },
    examples: ["npm run bench:lobby", "npm run bench:lobby -- 20000 --plans", "npm run bench:lobby -- 100   (a quick check that it runs)"],
  },
  (a) => ({ TABLES: numberArg("TABLES", a.positionals[0], 20_000, { min: 10, integer: true }), showPlans: a.flags.plans === true }),
);
const VARIANTS = VARIANT_IDS;
const database = await createTestDatabase("whist_lobby_bench");
const db = createPrismaClient(database.url, 2);
try {
  let t = performance.now();
  const clubs = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      db.club.create({ data: { name: `Bench club ${i}`, nameKey: `bench club ${i}`, description: "", locale: "en", isOpen: true, inviteCode: randomBytes(9).toString("hex") }, select: { id: true } }),
    ),
  );
  const member = "bench-member";
  await db.clubMember.create({ data: { clubId: clubs[0]!.id, userId: member, role: "member" } });
  const preset = await db.rulePreset.create({
    data: { clubId: clubs[0]!.id, name: "p", variant: "classic", latestVersion: 1, versions: { create: { version: 1, options: {}, createdById: member } } },
    select: { versions: { select: { id: true } } },
  });
  const presetVersionId = preset.versions[0]!.id;
  const start = Date.now() - TABLES * 1000;
  for (let done = 0; done < TABLES; ) {
    const batch = Array.from({ length: Math.min(1000, TABLES - done) }, (_, k) => {
      const i = done + k;
      const seats = [0, 1, 2, 3].map((s) => ((i + s) % 3 === 0 ? { kind: "bot", name: "Computer" } : null));
      return {
        id: `bench-${i}`,
        variant: VARIANTS[i % VARIANTS.length]!,
        options: {},
        inviteCode: `bench-${i}-${randomBytes(4).toString("hex")}`,
        createdById: `bench-user-${i % 500}`,
        seats,
        status: i % 4 === 0 ? "playing" : "open",
        createdAt: new Date(start + i * 1000),
      };
    });
    await db.table.createMany({ data: batch });
    const club = batch.filter((_, k) => (done + k) % 10 === 0);
    await db.clubTable.createMany({
      data: club.map((b, k) => ({ tableId: b.id, clubId: clubs[k % 50]!.id, presetVersionId, createdById: member, guestsMayWatch: k % 7 === 0 })),
    });
    done += batch.length;
  }
  await db.$executeRawUnsafe(`ANALYZE`);
  console.log(`inserted ${TABLES} tables (${TABLES / 10} club tables) in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const store = new PrismaTableStore(db);
  const deep = async (q: LobbyQuery, pages: number) => {
    let cursor: LobbyQuery["cursor"] = null;
    for (let i = 0; i < pages; i++) cursor = (await store.listLobby({ ...q, cursor })).next;
    return cursor;
  };
  const cases: [string, LobbyQuery][] = [
    ["first page, visitor", { viewerId: null, limit: 30 }],
    ["first page, club member", { viewerId: member, limit: 30 }],
    ["variant + open seats", { viewerId: member, variant: "danish", minOpenSeats: 2, limit: 30 }],
    ["one club's tables", { viewerId: member, clubId: clubs[0]!.id, limit: 30 }],
    ["in play", { viewerId: null, status: "playing", limit: 30 }],
    ["page 50 (keyset)", { viewerId: null, limit: 30, cursor: await deep({ viewerId: null, limit: 30 }, 49) }],
  ];
  if (showPlans) {
    // The store's query for the first page as a visitor, as PostgreSQL runs it.
    const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ANALYZE SELECT t.id FROM "Table" t LEFT JOIN "ClubTable" c ON c."tableId" = t.id
      WHERE t.status <> 'finished' AND t."isPrivate" = false AND (c."tableId" IS NULL OR c."guestsMayWatch")
      ORDER BY t."createdAt" DESC, t.id DESC LIMIT 31`);
    console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
  }
  for (const [name, q] of cases) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 20; i++) {
      t = performance.now();
      count = (await store.listLobby(q)).tables.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(26)} ${String(count).padStart(3)} tables  median ${times[10]!.toFixed(2)} ms  max ${times[19]!.toFixed(2)} ms`);
  }
} finally {
  await db.$disconnect();
  await dropTestDatabase(database.name);
}
