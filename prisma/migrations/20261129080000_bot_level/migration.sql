-- AlterTable
ALTER TABLE "Table" ADD COLUMN     "botBudgetMs" INTEGER;
