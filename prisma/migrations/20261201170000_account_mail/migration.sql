-- Accounts and mail: one-time tokens for password reset and email
-- verification, the verified-at mark, and display names unique whatever
-- their case.

-- CreateEnum
CREATE TYPE "AccountTokenPurpose" AS ENUM ('passwordReset', 'emailVerification');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "AccountToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "purpose" "AccountTokenPurpose" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccountToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountToken_tokenHash_key" ON "AccountToken"("tokenHash");

-- CreateIndex
CREATE INDEX "AccountToken_userId_purpose_idx" ON "AccountToken"("userId", "purpose");

-- CreateIndex
CREATE INDEX "AccountToken_expiresAt_idx" ON "AccountToken"("expiresAt");

-- AddForeignKey
ALTER TABLE "AccountToken" ADD CONSTRAINT "AccountToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Display names become unique whatever their case. Existing duplicates are
-- renamed first, so that the index builds on any data: in each group of equal
-- names the oldest account keeps its name and the others, in order of age, get
-- the group's free numbers " 2", " 3", … (free: no account has that name yet;
-- the name is shortened when needed to stay within 40 characters). One
-- statement: the migration runner splits scripts at semicolons, so no DO block.
WITH ranked AS (
  SELECT id, "displayName" AS name, lower("displayName") AS key,
         row_number() OVER (PARTITION BY lower("displayName") ORDER BY "createdAt", id) AS place,
         count(*) OVER (PARTITION BY lower("displayName")) AS size
  FROM "User"
),
existing AS (SELECT DISTINCT key FROM ranked),
groups AS (SELECT key, max(size) AS size FROM ranked WHERE size > 1 GROUP BY key),
free AS (
  SELECT g.key, n, row_number() OVER (PARTITION BY g.key ORDER BY n) AS k
  FROM groups g
  -- Each existing name blocks at most one number, so this range holds enough free ones.
  CROSS JOIN LATERAL generate_series(2, (g.size + (SELECT count(*) FROM existing))::int) AS n
  LEFT JOIN existing e ON e.key = rtrim(left(g.key, 40 - length(' ' || n))) || ' ' || n
  WHERE e.key IS NULL
)
UPDATE "User" u
SET "displayName" = rtrim(left(r.name, 40 - length(' ' || f.n))) || ' ' || f.n, "updatedAt" = CURRENT_TIMESTAMP
FROM ranked r JOIN free f ON f.key = r.key AND f.k = r.place - 1
WHERE u.id = r.id AND r.place > 1;

-- CreateIndex (an expression index, which schema.prisma cannot express)
CREATE UNIQUE INDEX "User_displayName_lower_key" ON "User" (lower("displayName"));
