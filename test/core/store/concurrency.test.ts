import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { closeStore, listEvents, openStore } from "../../../src/core/store/index.js";
import { makeTestContext } from "../../helpers/test-context.js";

const DIST_STORE = fileURLToPath(new URL("../../../dist/core/store/index.js", import.meta.url));
const WRITER = fileURLToPath(new URL("./fixtures/concurrent-writer.mjs", import.meta.url));

const WORKERS = 10;
const EVENTS_PER_WORKER = 200;
const IDS_PER_WORKER = 20;

interface Writer {
  ready: Promise<void>;
  done: Promise<string[]>;
  go(): void;
}

function startWriter(home: string, worker: number): Writer {
  const args = [WRITER, DIST_STORE, home, String(worker), String(EVENTS_PER_WORKER), String(IDS_PER_WORKER)];
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    if (stdout.startsWith("ready\n")) markReady();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const done = new Promise<string[]>((resolve, reject) => {
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`writer ${worker} exited ${code}: ${stderr}`));
      const last = stdout.trim().split("\n").at(-1) ?? "";
      resolve((JSON.parse(last) as { ids: string[] }).ids);
    });
  });
  // A writer that dies before "ready" must fail the test, not hang it.
  done.catch(() => markReady());
  return { ready, done, go: () => child.stdin.end("go\n") };
}

describe("the store under concurrent writers", () => {
  it("loses nothing when 10 processes write at once", async () => {
    if (!existsSync(DIST_STORE)) throw new Error("dist/ is missing: run `npm run build` before these tests");
    const ctx = makeTestContext();
    const writers = Array.from({ length: WORKERS }, (_, worker) => startWriter(ctx.paths.home, worker));
    await Promise.all(writers.map((writer) => writer.ready));
    for (const writer of writers) writer.go();
    const ids = (await Promise.all(writers.map((writer) => writer.done))).flat();

    expect(ids).toHaveLength(WORKERS * IDS_PER_WORKER);
    const numbers = ids.map((id) => Number(id.replace(/^app-/, ""))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: WORKERS * IDS_PER_WORKER }, (_, i) => i + 1));

    const store = openStore(ctx);
    try {
      const events = listEvents(store);
      expect(events).toHaveLength(WORKERS * EVENTS_PER_WORKER);
      for (let worker = 0; worker < WORKERS; worker += 1) {
        const mine = events
          .filter((event) => event.payload["worker"] === worker)
          .map((event) => event.payload["i"]);
        expect(mine).toEqual(Array.from({ length: EVENTS_PER_WORKER }, (_, i) => i));
      }
    } finally {
      closeStore(store);
    }
  });
});
