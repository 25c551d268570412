import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Clock } from "../context.js";
import type { AoPaths } from "../paths.js";
import { readTextIfPresent } from "../read-text-if-present.js";

/** GitHub lets a person redeliver a delivery for 3 days; a week covers that and a daemon's downtime. */
const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** The newest this many keys are kept, whatever their age: the file stays small under a flood. */
const MAX_KEYS = 20_000;

/** The webhooks already taken: a signed delivery is acted on once, however often it is sent. */
export interface WebhookLedger {
  /** True (and recorded) the first time; false for a delivery id or a body seen before. */
  firstTime(scm: string, delivery: string | undefined, body: Buffer): boolean;
}

/**
 * AO_HOME/webhooks/seen.log, one `<ms> <key>` line per key, so a replay is refused after a restart
 * too. Two keys per delivery: its id (X-GitHub-Delivery) and its body's digest — the id header is
 * not covered by the signature, so a replay with a new id still carries a body seen before. One
 * daemon per AO_HOME holds the lock, so this process is the file's only writer.
 */
export function openWebhookLedger(paths: Pick<AoPaths, "home">, clock: Clock): WebhookLedger {
  const file = join(paths.home, "webhooks", "seen.log");
  const seen = new Map<string, number>();
  const cutoff = clock.now() - RETENTION_MS;
  for (const [key, at] of readEntries(file)) if (at >= cutoff) seen.set(key, at);
  compact(file, seen);
  return {
    firstTime(scm, delivery, body) {
      const keys = [`${scm}:body:${createHash("sha256").update(body).digest("hex")}`];
      if (delivery !== undefined && delivery !== "") keys.push(`${scm}:id:${delivery.replace(/\s/g, "")}`);
      if (keys.some((key) => seen.has(key))) return false;
      const now = clock.now();
      for (const key of keys) seen.set(key, now);
      appendFileSync(file, keys.map((key) => `${now} ${key}\n`).join(""), { mode: 0o600 });
      if (seen.size > 2 * MAX_KEYS) compact(file, seen);
      return true;
    },
  };
}

function readEntries(file: string): [string, number][] {
  return (readTextIfPresent(file) ?? "")
    .split("\n")
    .map((line) => line.split(" "))
    .filter((parts): parts is [string, string] => parts.length === 2 && /^\d+$/.test(parts[0] ?? ""))
    .map(([at, key]) => [key, Number(at)]);
}

/** Rewrites the file with the newest MAX_KEYS keys (atomically: a crash keeps the old file). */
function compact(file: string, seen: Map<string, number>): void {
  const newest = [...seen].sort((a, b) => a[1] - b[1]).slice(-MAX_KEYS);
  seen.clear();
  for (const [key, at] of newest) seen.set(key, at);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, newest.map(([key, at]) => `${at} ${key}\n`).join(""), { mode: 0o600 });
  renameSync(temporary, file);
}
