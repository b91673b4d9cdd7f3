-- CreateTable
CREATE TABLE "MatchHandAnalysis" (
    "matchId" TEXT NOT NULL,
    "handIndex" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "requestedAt" TIMESTAMP(3),
    "leaseUntil" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "result" JSONB,
    "error" TEXT,
    "solveMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "MatchHandAnalysis_pkey" PRIMARY KEY ("matchId","handIndex")
);

-- CreateIndex
CREATE INDEX "MatchHandAnalysis_status_requestedAt_createdAt_idx" ON "MatchHandAnalysis"("status", "requestedAt", "createdAt");
