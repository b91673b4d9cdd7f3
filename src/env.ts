/**
 * The server's environment, validated with zod once at start-up
 * (src/server/main.ts calls `loadEnv()`); everything else reads `getEnv()`.
 * Secrets come only from the environment; see .env.example.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());

/** The server log's threshold (src/server/log.ts). */
export const logLevelSchema = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    /** PostgreSQL URL. Unset: main.ts starts the embedded database. */
    DATABASE_URL: optionalUrl,
    /** Connection pool size per process (the embedded database forces 1). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    /** Signs and encrypts session cookies. */
    AUTH_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32).optional()),
    /** Public base URL of the site, e.g. https://whist.example. */
    AUTH_URL: optionalUrl,
    /** 0: any free port (the log says which). */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    /**
     * Reverse proxies in front of the server whose X-Forwarded-For /
     * X-Forwarded-Proto entries are believed (hops counted from the server).
     * 0: none, the client is the socket's peer; a client-sent header is ignored.
     */
    TRUST_PROXY: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(10).default(0)),
    /**
     * SMTP server for account mails (password reset, email verification), e.g.
     * smtps://user:password@mail.example:465. Unset: mails go to the local outbox
     * (MAIL_OUTBOX_DIR), each one also logged with its link.
     */
    SMTP_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^smtps?$/, error: "an smtp:// or smtps:// URL" }).optional()),
    /** Sender of account mails, "Name <address>" or an address. Unset: Whist <no-reply@host of AUTH_URL or localhost>. */
    MAIL_FROM: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string().max(200).regex(/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, "an address, optionally as Name <address>").optional(),
    ),
    /** Folder of the local outbox (mails written as .eml files when SMTP_URL is unset). */
    MAIL_OUTBOX_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
    /** Set when several server processes share live tables. */
    REDIS_URL: optionalUrl,
    /** Milliseconds a computer player waits before it acts, so that people can follow its cards. */
    BOT_DELAY_MS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(10_000).default(700)),
    /** Seconds a lone player waits in the ranked queue before it offers a table with computer players. */
    RANKED_COMPUTER_OFFER_SECONDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(3600).default(60)),
    /** Namespace of this deployment's Redis channels (deployments or test runs sharing one Redis differ here). */
    LOG_LEVEL: logLevelSchema,
    REDIS_PREFIX: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^[\w.:-]{1,64}$/, "letters, digits, _ . : - only").default("whist")),
  })
  .superRefine((env, ctx) => {
    // A production deployment with its own database must bring its own secret;
    // only the zero-configuration embedded mode may generate one.
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "AUTH_SECRET is required in production (generate one with `openssl rand -base64 33`)",
      });
    }
    // Links in real mails must point at the public site, never at whatever Host a request claimed.
    if (env.NODE_ENV === "production" && env.SMTP_URL && !env.AUTH_URL) {
      ctx.addIssue({ code: "custom", path: ["AUTH_URL"], message: "AUTH_URL is required in production when SMTP_URL is set (mails link to it)" });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Validates a raw environment; throws one readable error listing every problem. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Reads the persisted development secret from `dataDir`, creating it when missing. */
export function ensureLocalSecret(dataDir: string): { secret: string; created: boolean } {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return { secret, created: false };
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(33).toString("base64");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return { secret, created: true };
}

export const DATA_DIR = path.resolve(process.cwd(), ".data");

/**
 * The site's public base URL without a trailing slash, for links that leave
 * the site (mails): AUTH_URL, else this machine on PORT (the zero-configuration
 * mode). Never a request's Host header, which a client chooses.
 */
export function publicBaseUrl(env: Pick<Env, "AUTH_URL" | "PORT"> = getEnv()): string {
  return (env.AUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** The sender of account mails: MAIL_FROM, else no-reply at the public host. */
export function mailFrom(env: Pick<Env, "MAIL_FROM" | "AUTH_URL" | "PORT"> = getEnv()): string {
  return env.MAIL_FROM ?? `Whist <no-reply@${new URL(publicBaseUrl(env)).hostname}>`;
}

/** Where mails go when SMTP_URL is unset. */
export function mailOutboxDir(env: Pick<Env, "MAIL_OUTBOX_DIR"> = getEnv()): string {
  return path.resolve(/*turbopackIgnore: true*/ env.MAIL_OUTBOX_DIR ?? path.join(DATA_DIR, "outbox"));
}

let cached: Env | undefined;

/**
 * Validates process.env once and fills in what the zero-configuration mode
 * derives: a persisted AUTH_SECRET under .data/ when none is given. Writes the
 * result back to process.env so that Next and Auth.js see the same values.
 */
export function loadEnv(log: (msg: string) => void = console.log): Env {
  const env = parseEnv(process.env);
  if (!env.AUTH_SECRET) {
    const { secret, created } = ensureLocalSecret(DATA_DIR);
    env.AUTH_SECRET = secret;
    process.env.AUTH_SECRET = secret;
    log(
      created
        ? `AUTH_SECRET not set: generated one and saved it in ${path.join(DATA_DIR, "auth-secret")}`
        : `AUTH_SECRET not set: using the one saved in ${path.join(DATA_DIR, "auth-secret")}`,
    );
  }
  cached = env;
  return env;
}

/** The validated environment (validated on first use when loadEnv was not called in this module graph). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
