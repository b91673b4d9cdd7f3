-- AlterTable
ALTER TABLE "Table" ADD COLUMN     "handOwners" JSONB;

-- CreateIndex
CREATE INDEX "Table_createdById_status_idx" ON "Table"("createdById", "status");

-- CreateIndex
CREATE INDEX "Table_createdAt_id_idx" ON "Table"("createdAt" DESC, "id" DESC);
