-- CreateTable
CREATE TABLE "MatchPlayer" (
    "matchId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "clubId" TEXT,
    "ranked" BOOLEAN NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "place" INTEGER NOT NULL,
    "leftEarly" BOOLEAN NOT NULL DEFAULT false,
    "deals" INTEGER NOT NULL,
    "asDeclarer" INTEGER NOT NULL,
    "asPartner" INTEGER NOT NULL,
    "asDefender" INTEGER NOT NULL,
    "contracts" JSONB NOT NULL,

    CONSTRAINT "MatchPlayer_pkey" PRIMARY KEY ("matchId","seat")
);

-- CreateTable
CREATE TABLE "PlayerRating" (
    "userId" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "ordinal" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlayerRating_pkey" PRIMARY KEY ("userId","variant","scope")
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "id" BIGSERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "muBefore" DOUBLE PRECISION NOT NULL,
    "sigmaBefore" DOUBLE PRECISION NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "ordinal" DOUBLE PRECISION NOT NULL,
    "place" INTEGER NOT NULL,
    "leftEarly" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RankedQueueEntry" (
    "userId" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "ordinal" DOUBLE PRECISION NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RankedQueueEntry_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "RankedTable" (
    "tableId" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "userIds" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RankedTable_pkey" PRIMARY KEY ("tableId")
);

-- CreateIndex
CREATE INDEX "MatchPlayer_userId_finishedAt_matchId_idx" ON "MatchPlayer"("userId", "finishedAt" DESC, "matchId" DESC);

-- CreateIndex
CREATE INDEX "MatchPlayer_userId_variant_finishedAt_matchId_idx" ON "MatchPlayer"("userId", "variant", "finishedAt" DESC, "matchId" DESC);

-- CreateIndex
CREATE INDEX "MatchPlayer_userId_clubId_finishedAt_matchId_idx" ON "MatchPlayer"("userId", "clubId", "finishedAt" DESC, "matchId" DESC);

-- CreateIndex
CREATE INDEX "PlayerRating_variant_scope_ordinal_idx" ON "PlayerRating"("variant", "scope", "ordinal" DESC);

-- CreateIndex
CREATE INDEX "RatingChange_userId_variant_scope_createdAt_idx" ON "RatingChange"("userId", "variant", "scope", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RatingChange_matchId_userId_scope_key" ON "RatingChange"("matchId", "userId", "scope");

-- CreateIndex
CREATE INDEX "RankedQueueEntry_variant_joinedAt_idx" ON "RankedQueueEntry"("variant", "joinedAt");

-- CreateIndex
CREATE INDEX "RankedTable_userIds_idx" ON "RankedTable" USING GIN ("userIds");
