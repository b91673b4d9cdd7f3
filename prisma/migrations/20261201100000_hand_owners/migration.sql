-- AlterTable
ALTER TABLE "Table" ADD COLUMN     "handOwners" JSONB;

-- CreateIndex
CREATE INDEX "Table_createdById_status_idx" ON "Table"("createdById", "status");
