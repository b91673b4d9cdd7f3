-- CreateTable
CREATE TABLE "Table" (
    "id" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "isPrivate" BOOLEAN NOT NULL DEFAULT false,
    "inviteCode" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "seats" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "seed" TEXT,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "turnSeconds" INTEGER NOT NULL DEFAULT 45,
    "lastActionAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Table_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TableEvent" (
    "id" BIGSERIAL NOT NULL,
    "tableId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "action" JSONB NOT NULL,
    "byBot" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TableEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Match" (
    "id" TEXT NOT NULL,
    "tableId" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "record" JSONB NOT NULL,
    "players" JSONB NOT NULL,
    "scores" JSONB NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Table_inviteCode_key" ON "Table"("inviteCode");

-- CreateIndex
CREATE INDEX "Table_status_createdAt_idx" ON "Table"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TableEvent_tableId_seq_key" ON "TableEvent"("tableId", "seq");

-- CreateIndex
CREATE INDEX "Match_finishedAt_idx" ON "Match"("finishedAt");

-- CreateIndex
CREATE INDEX "Match_tableId_idx" ON "Match"("tableId");

-- AddForeignKey
ALTER TABLE "TableEvent" ADD CONSTRAINT "TableEvent_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "Table"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "Table"("id") ON DELETE CASCADE ON UPDATE CASCADE;
