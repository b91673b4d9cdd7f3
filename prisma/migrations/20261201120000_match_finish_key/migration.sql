-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "seed" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Match_tableId_seed_key" ON "Match"("tableId", "seed");
