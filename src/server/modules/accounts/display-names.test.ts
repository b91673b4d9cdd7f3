/**
 * Display names are unique whatever their case, against the run's real
 * PostgreSQL: registration and profile updates refuse a taken name with
 * DISPLAY_NAME_TAKEN (on the displayName field), the unique index decides
 * under concurrent registrations, and the migration's renaming step makes
 * existing duplicates unique before the index is built.
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { closeTestDb, createTestUser, testCaller, testDb, testPool, uniqueDisplayName, uniqueEmail } from "@/server/test/helpers";
import { closeRateLimiters } from "@/server/rate-limit";
import type { AppError } from "@/server/api/errors";

afterAll(async () => {
  await closeRateLimiters();
  await closeTestDb();
});

const PASSWORD = "kortspil-ved-bordet-7";

async function appErrorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    const trpc = error as TRPCError;
    return { code: trpc.code, appCode: (trpc.cause as AppError | undefined)?.error.code, params: (trpc.cause as AppError | undefined)?.error.params };
  }
  throw new Error("expected the call to fail");
}

const register = (displayName: string) =>
  testCaller().accounts.register({ email: uniqueEmail("names"), password: PASSWORD, displayName, locale: "da" });

describe("display names at registration", () => {
  it("refuses a name another account has in any case, on the displayName field", async () => {
    const first = await createTestUser({ displayName: "Søren Kirkegård" });
    for (const variant of [first.displayName, first.displayName.toUpperCase(), first.displayName.toLowerCase(), `  ${first.displayName}  `]) {
      expect(await appErrorOf(register(variant))).toEqual({ code: "CONFLICT", appCode: "DISPLAY_NAME_TAKEN", params: { field: "displayName" } });
    }
    const rows = await testDb().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "User" WHERE lower("displayName") = lower(${first.displayName})`;
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("compares whole names: LIKE wildcards in a name match only themselves", async () => {
    const base = uniqueDisplayName("Abc");
    const wild = base.replace("Abc", "A_c");
    expect((await register(base)).displayName).toBe(base);
    expect((await register(wild)).displayName).toBe(wild);
    expect((await register(base.replace("Abc", "A%"))).displayName).toBe(base.replace("Abc", "A%"));
  });

  it("lets exactly one of two concurrent registrations of the same name through (the unique index decides)", async () => {
    const name = uniqueDisplayName("Samtidig");
    const results = await Promise.allSettled([register(name), register(name.toUpperCase())]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as TRPCError).cause).toMatchObject({ error: { code: "DISPLAY_NAME_TAKEN" } });
  });
});

describe("display names in profile updates", () => {
  it("refuses another account's name in any case and keeps the old name", async () => {
    const [anna, bo] = await Promise.all([createTestUser({ displayName: "Anna" }), createTestUser({ displayName: "Bo" })]);
    const error = await appErrorOf(testCaller(bo).accounts.updateProfile({ displayName: anna.displayName.toLowerCase() }));
    expect(error).toEqual({ code: "CONFLICT", appCode: "DISPLAY_NAME_TAKEN", params: { field: "displayName" } });
    expect((await testCaller(bo).accounts.me()).displayName).toBe(bo.displayName);
  });

  it("lets the owner change the case of their own name", async () => {
    const user = await createTestUser({ displayName: "lille per" });
    const upper = user.displayName.toUpperCase();
    expect((await testCaller(user).accounts.updateProfile({ displayName: upper })).displayName).toBe(upper);
  });
});

describe("the migration's renaming of existing duplicates", () => {
  it("keeps the oldest name and gives the others the first free numbers, shortened to 40 characters", async () => {
    const sql = readFileSync(new URL("../../../../prisma/migrations/20261201170000_account_mail/migration.sql", import.meta.url), "utf8");
    const rename = sql.slice(sql.indexOf("WITH ranked"), sql.indexOf(";", sql.indexOf("WITH ranked")));
    const t = uniqueDisplayName("").trim();
    const long = `${"x".repeat(32)}${t}`;
    const rows: [string, string][] = [
      ["a", `Bob ${t}`],
      ["b", `bob ${t}`],
      ["c", `BOB ${t}`],
      ["d", `Bob ${t} 2`], // taken already: the renamed ones skip 2
      ["e", long],
      ["f", long.toUpperCase()],
      ["g", `Æble ${t}`],
      ["h", `æble ${t}`],
    ];
    const client = await testPool().connect();
    try {
      // Inside a transaction that is rolled back: the index is dropped only for this test.
      await client.query("BEGIN");
      await client.query(`DROP INDEX "User_displayName_lower_key"`);
      for (const [i, [id, name]] of rows.entries()) {
        await client.query(
          `INSERT INTO "User" (id, email, "passwordHash", "displayName", "createdAt", "updatedAt")
           VALUES ($1, $2, 'x', $3, now() + make_interval(secs => $4), now())`,
          [`dup-${t}-${id}`, `dup-${t}-${id}@example.test`, name, i],
        );
      }
      await client.query(rename);
      const { rows: after } = await client.query<{ id: string; displayName: string }>(
        `SELECT id, "displayName" FROM "User" WHERE id LIKE $1 ORDER BY id`,
        [`dup-${t}-%`],
      );
      expect(after.map((r) => r.displayName)).toEqual([
        `Bob ${t}`,
        `bob ${t} 3`,
        `BOB ${t} 4`,
        `Bob ${t} 2`,
        long,
        `${long.toUpperCase().slice(0, 38)} 2`,
        `Æble ${t}`,
        `æble ${t} 2`,
      ]);
      // The index now builds.
      await client.query(`CREATE UNIQUE INDEX "User_displayName_lower_key" ON "User" (lower("displayName"))`);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});
