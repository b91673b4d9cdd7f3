-- Club events (evenings and tournaments): rounds of live tables, duplicate deals, standings, and the club's ledger.
CREATE TABLE "ClubLedgerSettings" (
    "clubId" TEXT NOT NULL,
    "rateOre" INTEGER NOT NULL DEFAULT 0,
    "roundingOre" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "ClubLedgerSettings_pkey" PRIMARY KEY ("clubId")
);

CREATE TABLE "Event" (
    "id" TEXT NOT NULL,
    "clubId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "presetVersionId" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "rounds" INTEGER NOT NULL,
    "dealsPerRound" INTEGER NOT NULL,
    "seating" TEXT NOT NULL,
    "duplicate" BOOLEAN NOT NULL,
    "roundMinutes" INTEGER NOT NULL,
    "turnSeconds" INTEGER NOT NULL,
    "trickPauseMs" INTEGER NOT NULL,
    "startAt" TIMESTAMP(3),
    "allowComputers" BOOLEAN NOT NULL,
    "ranked" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'open',
    "currentRound" INTEGER NOT NULL DEFAULT 0,
    "seed" TEXT NOT NULL,
    "rateOre" INTEGER NOT NULL,
    "roundingOre" INTEGER NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Event_clubId_createdAt_idx" ON "Event"("clubId", "createdAt" DESC);
CREATE INDEX "Event_status_startAt_idx" ON "Event"("status", "startAt");

CREATE TABLE "EventPlayer" (
    "eventId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "userId" TEXT,
    "name" TEXT NOT NULL,
    "isBot" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EventPlayer_pkey" PRIMARY KEY ("eventId","key")
);
CREATE INDEX "EventPlayer_userId_idx" ON "EventPlayer"("userId");

CREATE TABLE "EventRound" (
    "eventId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "dealSeed" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "seatingMs" INTEGER NOT NULL,
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "EventRound_pkey" PRIMARY KEY ("eventId","round")
);

CREATE TABLE "EventTable" (
    "tableId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "tableNo" INTEGER NOT NULL,
    "players" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'playing',
    "matchId" TEXT,
    "points" JSONB,
    "scores" JSONB,
    CONSTRAINT "EventTable_pkey" PRIMARY KEY ("tableId")
);
CREATE UNIQUE INDEX "EventTable_eventId_round_tableNo_key" ON "EventTable"("eventId", "round", "tableNo");
CREATE INDEX "EventTable_eventId_round_idx" ON "EventTable"("eventId", "round");
CREATE INDEX "EventTable_players_idx" ON "EventTable" USING GIN ("players");

CREATE TABLE "EventLedgerEntry" (
    "eventId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "clubId" TEXT NOT NULL,
    "points" DOUBLE PRECISION NOT NULL,
    "amountOre" INTEGER NOT NULL,
    CONSTRAINT "EventLedgerEntry_pkey" PRIMARY KEY ("eventId","userId")
);
CREATE INDEX "EventLedgerEntry_clubId_userId_idx" ON "EventLedgerEntry"("clubId", "userId");

CREATE TABLE "EventSettlement" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "clubId" TEXT NOT NULL,
    "fromUserId" TEXT NOT NULL,
    "toUserId" TEXT NOT NULL,
    "amountOre" INTEGER NOT NULL,
    "paidAt" TIMESTAMP(3),
    "paidById" TEXT,
    CONSTRAINT "EventSettlement_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "EventSettlement_eventId_idx" ON "EventSettlement"("eventId");
CREATE INDEX "EventSettlement_clubId_idx" ON "EventSettlement"("clubId");

ALTER TABLE "EventPlayer" ADD CONSTRAINT "EventPlayer_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EventRound" ADD CONSTRAINT "EventRound_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EventTable" ADD CONSTRAINT "EventTable_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EventLedgerEntry" ADD CONSTRAINT "EventLedgerEntry_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EventSettlement" ADD CONSTRAINT "EventSettlement_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
