-- CreateEnum
CREATE TYPE "ClubRole" AS ENUM ('owner', 'admin', 'member');

-- CreateTable
CREATE TABLE "Club" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "locale" "Locale" NOT NULL,
    "isOpen" BOOLEAN NOT NULL,
    "inviteCode" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Club_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClubMember" (
    "clubId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "ClubRole" NOT NULL DEFAULT 'member',
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClubMember_pkey" PRIMARY KEY ("clubId","userId")
);

-- CreateTable
CREATE TABLE "ClubJoinRequest" (
    "clubId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClubJoinRequest_pkey" PRIMARY KEY ("clubId","userId")
);

-- CreateTable
CREATE TABLE "RulePreset" (
    "id" TEXT NOT NULL,
    "clubId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "latestVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RulePreset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RulePresetVersion" (
    "id" TEXT NOT NULL,
    "presetId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "options" JSONB NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RulePresetVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClubDefaultPreset" (
    "clubId" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "presetId" TEXT NOT NULL,

    CONSTRAINT "ClubDefaultPreset_pkey" PRIMARY KEY ("clubId","variant")
);

-- CreateTable
CREATE TABLE "ClubTable" (
    "tableId" TEXT NOT NULL,
    "clubId" TEXT NOT NULL,
    "presetVersionId" TEXT NOT NULL,
    "guestsMayWatch" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClubTable_pkey" PRIMARY KEY ("tableId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Club_nameKey_key" ON "Club"("nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "Club_inviteCode_key" ON "Club"("inviteCode");

-- CreateIndex
CREATE INDEX "Club_createdAt_idx" ON "Club"("createdAt");

-- CreateIndex
CREATE INDEX "ClubMember_userId_idx" ON "ClubMember"("userId");

-- CreateIndex
CREATE INDEX "RulePreset_clubId_variant_idx" ON "RulePreset"("clubId", "variant");

-- CreateIndex
CREATE UNIQUE INDEX "RulePreset_clubId_name_key" ON "RulePreset"("clubId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "RulePresetVersion_presetId_version_key" ON "RulePresetVersion"("presetId", "version");

-- CreateIndex
CREATE INDEX "ClubTable_clubId_createdAt_idx" ON "ClubTable"("clubId", "createdAt");

-- AddForeignKey
ALTER TABLE "ClubMember" ADD CONSTRAINT "ClubMember_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "Club"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClubJoinRequest" ADD CONSTRAINT "ClubJoinRequest_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "Club"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RulePreset" ADD CONSTRAINT "RulePreset_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "Club"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RulePresetVersion" ADD CONSTRAINT "RulePresetVersion_presetId_fkey" FOREIGN KEY ("presetId") REFERENCES "RulePreset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClubDefaultPreset" ADD CONSTRAINT "ClubDefaultPreset_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "Club"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClubDefaultPreset" ADD CONSTRAINT "ClubDefaultPreset_presetId_fkey" FOREIGN KEY ("presetId") REFERENCES "RulePreset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClubTable" ADD CONSTRAINT "ClubTable_clubId_fkey" FOREIGN KEY ("clubId") REFERENCES "Club"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClubTable" ADD CONSTRAINT "ClubTable_presetVersionId_fkey" FOREIGN KEY ("presetVersionId") REFERENCES "RulePresetVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
