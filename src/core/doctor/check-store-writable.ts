import { access, constants } from "node:fs/promises";
import { dirname } from "node:path";
import type { AoContext } from "../context.js";
import { describeWriteCode } from "../write-failure.js";
import type { DoctorCheck } from "./check.js";

/**
 * Whether ao can write its state database: ao.db and the directory beside it (SQLite writes ao.db-wal
 * and ao.db-shm there). quick_check (check-store.ts) reads the file; a read-only file or file system
 * passes that, and then every spawn, kill and daemon cycle fails on its first write.
 */
export async function checkStoreWritable(ctx: Pick<AoContext, "paths">): Promise<DoctorCheck> {
  const base = { id: "store-writable", title: "state database writable" };
  const file = ctx.paths.database;
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (!exists) return { ...base, status: "ok", detail: `${file} does not exist yet (created on first use)` };
  for (const path of [file, dirname(file)]) {
    const problem = await access(path, constants.W_OK).then(
      () => undefined,
      (error: { code?: string }) => error.code ?? "unknown",
    );
    if (problem !== undefined) {
      return {
        ...base,
        status: "fail",
        detail: `${path} cannot be written: ${describeWriteCode(problem)} (${problem})`,
        fix: `make it writable for this user (\`ls -ld ${path}\`; a read-only mount needs remounting), or set AO_HOME elsewhere`,
      };
    }
  }
  return { ...base, status: "ok", detail: `${file} and its directory are writable` };
}
