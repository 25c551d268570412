import type { AoContext } from "../context.js";
import { listSessions, type Session } from "../store/index.js";
import { lastStep, spawnerOf } from "../sessions/interrupted-spawn.js";
import { isSpawnerAlive } from "../sessions/spawner.js";
import type { DoctorCheck } from "./check.js";
import { readStore } from "./read-store.js";

/**
 * Sessions whose spawn stopped part-way (a killed `ao spawn`, a power cut): still `spawning`, with
 * the process that spawned them gone. They hold a checkout and maybe an agent, count against
 * maxSessions and never start working by themselves; restore finishes them, cleanup undoes them.
 */
export function checkInterruptedSpawns(ctx: Pick<AoContext, "paths" | "clock">): DoctorCheck {
  const base = { id: "interrupted-spawns", title: "interrupted spawns" };
  const reading = readStore(ctx, (store) =>
    listSessions(store, { statuses: ["spawning"] }).filter(
      (session) => !isSpawnerAlive(spawnerOf(store, session.id)),
    ),
  );
  if (reading.kind === "unreadable") return { ...base, ...reading.line };
  const interrupted = reading.kind === "read" ? reading.value : [];
  if (interrupted.length === 0) return { ...base, status: "ok", detail: "no spawn stopped part-way" };
  const first = interrupted[0] as Session;
  return {
    ...base,
    status: "warn",
    detail: `${interrupted.length} spawn(s) stopped part-way: ${interrupted.map(describe).join(", ")}`,
    fix: `finish one with \`ao session restore ${first.id}\` (or \`ao session restore --all\`), or undo them with \`ao session cleanup\``,
  };
}

function describe(session: Session): string {
  return `${session.id} (after step ${lastStep(session)})`;
}
