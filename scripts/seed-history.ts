/**
 * Seeds a database with finished matches for measuring the game-history
 * queries: USERS players, MATCHES matches of the four variants over two
 * years (one every five minutes), each with its Match row (the engine's
 * example game record as its record) and four MatchPlayer history rows; a
 * tenth of the matches are a club's, a third ranked. Everything is inserted
 * with set-based SQL (generate_series), so 100 000 matches take seconds.
 * Seeded ids start with "seed-". Do not run it against a database you care
 * about: use a scratch one (scripts/bench-history.ts creates and drops one).
 *
 * Usage: DATABASE_URL=… npx tsx scripts/seed-history.ts [MATCHES] [USERS]
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const SEED_USERS = 1000;

export async function seedHistory(url: string, matches: number, users = SEED_USERS): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const record = readFileSync(new URL("../src/engine/record.example.json", import.meta.url), "utf8");
  // Seat k of match g is user (7g + 251k + ⌊g/1000⌋) mod USERS: four different players, partners and opponents that vary.
  const userOf = (k: number) => `'seed-u' || ((g * 7 + ${k * 251} + g / 1000) % ${users})`;
  try {
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "User" (id, email, "passwordHash", "displayName", locale, "createdAt", "updatedAt")
       SELECT 'seed-u' || u, 'seed-' || u || '@example.test', 'x', 'Seed player ' || u, 'en', now(), now()
       FROM generate_series(0, $1 - 1) u ON CONFLICT DO NOTHING`,
      [users],
    );
    await client.query(
      `INSERT INTO "Table" (id, variant, options, "isPrivate", "inviteCode", "createdById", seats, status, seq, "turnSeconds", "lastActionAt", "createdAt", "updatedAt")
       VALUES ('seed-table', 'classic', '{}', false, 'seed-invite', 'seed-u0', '[]', 'finished', 0, 45, now(), now(), now()) ON CONFLICT DO NOTHING`,
    );
    await client.query(
      `INSERT INTO "Match" (id, "tableId", variant, record, players, scores, "finishedAt")
       SELECT 'seed-m' || lpad(g::text, 7, '0'), 'seed-table', (ARRAY['esmakker','classic','norwegian','danish'])[1 + g % 4], $1::jsonb,
              jsonb_build_array(${[0, 1, 2, 3].map((k) => `jsonb_build_object('kind','human','userId',${userOf(k)},'name','Seed')`).join(",")}),
              '[3, -1, 1, -3]'::jsonb, timestamp '2025-01-01' + g * interval '5 minutes'
       FROM generate_series(1, $2) g`,
      [record, matches],
    );
    await client.query(
      `INSERT INTO "MatchPlayer" ("matchId", seat, "userId", variant, "clubId", ranked, "finishedAt", score, place, "leftEarly",
                                  deals, "asDeclarer", "asPartner", "asDefender", contracts)
       SELECT 'seed-m' || lpad(g::text, 7, '0'), k, 'seed-u' || ((g * 7 + k * 251 + g / 1000) % $2),
              (ARRAY['esmakker','classic','norwegian','danish'])[1 + g % 4], CASE WHEN g % 10 = 0 THEN 'seed-club' END, g % 3 = 0,
              timestamp '2025-01-01' + g * interval '5 minutes', (ARRAY[3, -1, 1, -3])[1 + k], 1 + (g + k) % 4, false,
              12, (g + k) % 4, (g + k + 1) % 3, 12 - (g + k) % 4 - (g + k + 1) % 3, '{"8": [1, 1]}'::jsonb
       FROM generate_series(1, $1) g CROSS JOIN generate_series(0, 3) k`,
      [matches, users],
    );
    await client.query("COMMIT");
    await client.query(`ANALYZE "Match"; ANALYZE "MatchPlayer"; ANALYZE "User"`);
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL must point at a scratch database");
  const matches = Number(process.argv[2] ?? 100_000);
  const started = performance.now();
  await seedHistory(url, matches, Number(process.argv[3] ?? SEED_USERS));
  console.log(`seeded ${matches} matches in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
