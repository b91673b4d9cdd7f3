/**
 * Prisma CLI configuration (migrate, generate, db execute). The runtime client
 * is created in src/server/db.ts; this file only serves the CLI.
 *
 * Prisma 6.19 with the JS schema engine and @prisma/adapter-pg 7.10, so that
 * migrations run offline (no native engine download).
 */
import "dotenv/config";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import { createRequire } from "node:module";

// `migrate dev` reads pg_catalog "char" (OID 18) columns, which the adapter
// cannot deserialize; relabel them as text (OID 25). CLI only.
const pgResult = createRequire(import.meta.url)("pg/lib/result.js");
const addFields = pgResult.prototype.addFields;
pgResult.prototype.addFields = function (fields: { dataTypeID: number }[]) {
  for (const field of fields) if (field.dataTypeID === 18) field.dataTypeID = 25;
  return addFields.call(this, fields);
};

/** Discrete fields, not connectionString: the shadow-database code overrides
 * `database`, which a connectionString would silently win over. */
function pgConfig(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
    // pg's idle pool would otherwise keep each CLI command alive for 10 s.
    idleTimeoutMillis: 200,
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL must be set for Prisma CLI commands");
    return new PrismaPg(pgConfig(url));
  },
});
