/**
 * Creating and listing live tables. Options are validated by the engine
 * (parseOptions) so a table only ever stores a complete, valid rule set.
 */
import { parseOptions } from "@/engine";
import type { Db } from "@/server/db";
import { failure, success, type ServiceResult } from "@/server/api/errors";
import { PrismaTableStore } from "@/server/realtime/prisma-store";
import { toTableSummary } from "@/server/realtime/store";
import type { TableSummary } from "@/protocol";
import type { CreateTableInput } from "./schema";

export async function createTable(
  db: Db,
  userId: string,
  input: CreateTableInput,
  now = Date.now(),
): Promise<ServiceResult<{ id: string; inviteCode: string; isPrivate: boolean }>> {
  const options = parseOptions(input.variant, input.options);
  if (!options.ok)
    return failure({ code: options.error.code === "setup/unknown-variant" ? "UNKNOWN_VARIANT" : "INVALID_OPTIONS", status: "BAD_REQUEST", message: options.error.message });
  const rec = await new PrismaTableStore(db).createTable(
    { variant: input.variant, options: options.value, isPrivate: input.isPrivate, createdById: userId, turnSeconds: input.turnSeconds },
    now,
  );
  return success({ id: rec.id, inviteCode: rec.inviteCode, isPrivate: rec.isPrivate });
}

export async function listOpenTables(db: Db): Promise<TableSummary[]> {
  const recs = await new PrismaTableStore(db).listOpenTables({ includePrivate: false, limit: 100 });
  return recs.map(toTableSummary);
}
