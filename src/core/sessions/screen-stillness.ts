import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AoContext } from "../context.js";

/**
 * How long a session's screen has looked exactly as it does now, across probes and processes
 * (`ao status` probes in a process of its own, the daemon in another): the screen's hash and since
 * when it was seen, one small file per session under `<AO_HOME>/screens/`. Agents use it to tell a
 * dialog they do not know (a screen that stands still) from work (a spinner that changes every
 * second): `ActivityProbe.screenStillMs`.
 */
export interface ScreenStillness {
  /** Milliseconds this screen has stood still (0 when it is new or changed since the last look). */
  stillFor(sessionId: string, screen: string): number;
}

interface Seen {
  hash: string;
  since: number;
}

export function fileScreenStillness(ctx: Pick<AoContext, "paths" | "clock">): ScreenStillness {
  const dir = join(ctx.paths.home, "screens");
  return {
    stillFor(sessionId, screen) {
      const now = ctx.clock.now();
      const hash = createHash("sha256").update(screen).digest("hex");
      const file = join(dir, `${sessionId}.json`);
      const seen = readSeen(file);
      if (seen?.hash === hash) return Math.max(0, now - seen.since);
      writeSeen(dir, file, { hash, since: now });
      return 0;
    },
  };
}

function readSeen(file: string): Seen | undefined {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as Partial<Seen>;
    return typeof value.hash === "string" && typeof value.since === "number"
      ? { hash: value.hash, since: value.since }
      : undefined;
  } catch {
    // none yet, or torn: the screen counts as new
    return undefined;
  }
}

/** Atomic (a temp file renamed over), so a concurrent `ao status` never reads half a file. */
function writeSeen(dir: string, file: string, seen: Seen): void {
  try {
    mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(seen));
    renameSync(temp, file);
  } catch {
    // Not kept: the next look sees the screen as new again, which only delays the verdict.
  }
}
