import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATA_DIR, ensureLocalSecret, mailFrom, mailOutboxDir, parseEnv, publicBaseUrl } from "./env";

const secret = "x".repeat(40);

describe("parseEnv", () => {
  it("applies defaults for an empty environment (embedded database, port 3000)", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: "development", PORT: 3000, HOST: "0.0.0.0", DATABASE_POOL_MAX: 10 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
  });

  it("treats empty strings as unset and coerces numbers", () => {
    const env = parseEnv({ DATABASE_URL: "", REDIS_URL: "", PORT: "4010", DATABASE_POOL_MAX: "3" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.PORT).toBe(4010);
    expect(env.DATABASE_POOL_MAX).toBe(3);
  });

  it("trusts no proxy by default and accepts a small whole number of hops", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    for (const bad of ["-1", "1.5", "true", "11"]) expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it("requires AUTH_SECRET in production with an external database", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://u@db:5432/w" })).toThrow(/AUTH_SECRET is required in production/);
    expect(parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://u@db:5432/w", AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
    // Zero-configuration production (embedded database) may generate its own.
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });

  it("takes an smtp:// or smtps:// SMTP_URL and a sender address; without them mails go to .data/outbox", () => {
    const local = parseEnv({ SMTP_URL: "", MAIL_FROM: "" });
    expect(local.SMTP_URL).toBeUndefined();
    expect(mailOutboxDir(local)).toBe(path.join(DATA_DIR, "outbox"));
    expect(mailFrom(local)).toBe("Whist <no-reply@localhost>");
    expect(publicBaseUrl(local)).toBe("http://localhost:3000");
    const configured = parseEnv({ SMTP_URL: "smtps://user:pw@mail.example:465", MAIL_FROM: "Whistklubben <post@whist.example>", AUTH_URL: "https://whist.example/" });
    expect(configured.SMTP_URL).toBe("smtps://user:pw@mail.example:465");
    expect(mailFrom(configured)).toBe("Whistklubben <post@whist.example>");
    expect(mailFrom({ ...configured, MAIL_FROM: undefined })).toBe("Whist <no-reply@whist.example>");
    expect(publicBaseUrl(configured)).toBe("https://whist.example");
    for (const bad of ["http://mail.example", "mail.example:25"]) expect(() => parseEnv({ SMTP_URL: bad })).toThrow(/SMTP_URL/);
    for (const bad of ["no address", "Name <broken>", "a@b\nBcc: x@y"]) expect(() => parseEnv({ MAIL_FROM: bad })).toThrow(/MAIL_FROM/);
  });

  it("requires AUTH_URL in production when mails are sent over SMTP (links must not follow a request's Host)", () => {
    const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587" };
    expect(() => parseEnv(production)).toThrow(/AUTH_URL is required/);
    expect(parseEnv({ ...production, AUTH_URL: "https://whist.example" }).AUTH_URL).toBe("https://whist.example");
  });

  it("lists every invalid variable", () => {
    let message = "";
    try {
      parseEnv({ PORT: "seventy", DATABASE_URL: "not a url", AUTH_SECRET: "short", NODE_ENV: "staging" });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ["PORT", "DATABASE_URL", "AUTH_SECRET", "NODE_ENV"]) expect(message).toContain(name);
  });
});

describe("ensureLocalSecret", () => {
  it("creates a private secret once and reuses it afterwards", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "whist-env-")), "nested");
    const first = ensureLocalSecret(dir);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
    const second = ensureLocalSecret(dir);
    expect(second).toEqual({ secret: first.secret, created: false });
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first.secret);
  });
});
