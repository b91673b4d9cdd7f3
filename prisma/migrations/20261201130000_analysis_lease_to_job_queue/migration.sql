-- The analysis worker's lease now lives in the pg-boss job queue (schema
-- "pgboss", installed by src/server/migrate.ts after these migrations), and a
-- running hand remembers which job holds it.
ALTER TABLE "MatchHandAnalysis" DROP COLUMN "leaseUntil",
ADD COLUMN     "jobId" TEXT;
