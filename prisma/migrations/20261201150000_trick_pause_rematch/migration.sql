-- A table's trick pause (ms a completed trick stays before a computer player leads) and its rematch table.
ALTER TABLE "Table" ADD COLUMN "trickPauseMs" INTEGER NOT NULL DEFAULT 1500;
ALTER TABLE "Table" ADD COLUMN "rematchTableId" TEXT;
