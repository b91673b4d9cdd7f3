/**
 * Vitest set-up file of every test file: DATABASE_URL is this worker's test
 * database (global-setup.ts makes one per worker), so server code that opens
 * its own client (getDb()) meets the same data as the test's testDb().
 */
import { testDatabaseUrl } from "./database-url";

const url = testDatabaseUrl();
if (url) process.env.DATABASE_URL = url;
