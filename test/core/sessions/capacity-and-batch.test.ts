import { describe, expect, it } from "vitest";
import type { AoError } from "../../../src/core/errors.js";
import { batchSpawn } from "../../../src/core/sessions/batch-spawn.js";
import { killSession } from "../../../src/core/sessions/kill-session.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import { makeSessionFixture } from "./session-fixture.js";

describe("maxSessions", () => {
  it("refuses a spawn beyond the project's limit, naming the limit and how many run", async () => {
    const f = makeSessionFixture();
    f.writeConfig("maxSessions: 1");
    await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    const error = (await spawnSession(f.ctx, { project: "app", issue: "Task b" }).catch(
      (e: unknown) => e,
    )) as AoError;
    expect(error).toMatchObject({ code: "E_SESSION_LIMIT", exitCode: 1 });
    expect(error.message).toBe("project app is at its session limit: 1 of 1 running");
    expect(error.hint).toContain("--queue");
    expect(f.events().filter((event) => event.type === "session.created")).toHaveLength(1);
  });

  it("applies the global limit across projects", async () => {
    const f = makeSessionFixture();
    f.writeConfig("", "maxSessions: 2");
    await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    await spawnSession(f.ctx, { project: "app", issue: "Task b" });
    await expect(spawnSession(f.ctx, { project: "app", issue: "Task c" })).rejects.toThrow(
      "all projects is at its session limit: 2 of 2 running",
    );
  });

  it("with --queue waits until a slot frees, then spawns", async () => {
    const f = makeSessionFixture();
    f.writeConfig("maxSessions: 1");
    const first = await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    let waits = 0;
    const sleep = async () => {
      waits += 1;
      if (waits === 2) await killSession(f.ctx, first.id);
    };
    const second = await spawnSession(
      f.ctx,
      { project: "app", issue: "Task b", queue: true, queueTimeoutMs: 60_000 },
      { sleep },
    );
    expect(second.status).toBe("working");
    expect(waits).toBe(2);
    expect(f.ctx.stderr.text()).toContain(
      "queued: project app is at its session limit: 1 of 1 running; waiting for a free slot…",
    );
  });

  it("with --queue gives up after the timeout", async () => {
    const f = makeSessionFixture();
    f.writeConfig("maxSessions: 1");
    await spawnSession(f.ctx, { project: "app", issue: "Task a" });
    let now = Date.now();
    const ctx = { ...f.ctx, clock: { now: () => now } };
    const sleep = (ms: number) => {
      now += ms;
      return Promise.resolve();
    };
    await expect(
      spawnSession(ctx, { project: "app", issue: "Task b", queue: true, queueTimeoutMs: 10_000 }, { sleep }),
    ).rejects.toThrow("no slot freed within 10s");
  });
});

describe("batchSpawn", () => {
  it("spawns each issue, skips issues that already have a live session, and reports failures", async () => {
    const f = makeSessionFixture();
    f.writeConfig("tracker: fake");
    f.tracker.add({ title: "First", body: "a" });
    f.tracker.add({ title: "Second", body: "b" });
    const existing = await spawnSession(f.ctx, { project: "app", issue: "2" });
    const results = await batchSpawn(f.ctx, { project: "app", issues: ["#1", "#2", "#9"] });
    expect(results).toEqual([
      { issue: "#1", outcome: "spawned", session: "app-2", branch: "feat/1-first" },
      { issue: "#2", outcome: "skipped", session: existing.id },
      expect.objectContaining({
        issue: "#9",
        outcome: "failed",
        error: expect.objectContaining({ code: "E_NOT_FOUND" }) as unknown,
      }),
    ]);
  });
});
