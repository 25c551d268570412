import { describe, expect, it } from "vitest";
import {
  insertReactionIfNew,
  insertSession,
  listEvents,
  listReactions,
  writeTransaction,
} from "../../../src/core/store/index.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";
import { sessionCreated } from "../../helpers/events.js";

const LINT_FAILS = { state: "failing" as const, failing: [{ name: "lint", logTail: "error: x is unused" }] };

describe("a cycle that observed before a newer one committed", () => {
  it("changes nothing and emits nothing for a session a newer cycle already judged", async () => {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    const earlier = f.clock.now();
    f.clock.advance(60_000);
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle({ deliver: false });
    const judged = f.session(session.id);
    expect(judged.status).toBe("ci_failed");
    const events = f.eventTypes(session.id);

    // The older cycle (`ao status --refresh`, started before) saw green CI and commits last.
    f.clock.set(earlier);
    f.scm.setCi(1, { state: "passing", failing: [] });
    const report = await f.cycle({ deliver: false });
    expect(report).toMatchObject({ events: 0, planned: 0 });
    expect(f.session(session.id)).toEqual(judged);
    expect(f.eventTypes(session.id)).toEqual(events);
  });
});

describe("a delivery whose store write fails", () => {
  it("reports it, puts every claimed reaction back to pending with a retry time, and goes on", async () => {
    const f = makeLifecycleFixture();
    const sessions = [await f.addSession({ withPr: true }), await f.addSession({ withPr: true })];
    f.scm.setCi(1, LINT_FAILS);
    f.scm.setCi(2, LINT_FAILS);
    await f.cycle({ deliver: false });
    const { db } = (await f.engine()).store;
    // A real SQLite failure on settling, as SQLITE_BUSY or a failed notifier transaction would be.
    db.exec(`CREATE TRIGGER fail_settle BEFORE UPDATE OF status ON reactions WHEN NEW.status = 'done'
             BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
    const report = await f.cycle();
    expect(report.errors).toEqual([
      expect.stringContaining("disk I/O error"),
      expect.stringContaining("disk I/O error"),
    ]);
    const now = f.clock.now();
    for (const session of sessions) {
      const [reaction] = f.reactions(session.id);
      expect(reaction).toMatchObject({
        status: "pending",
        lastError: expect.stringContaining("disk I/O") as string,
      });
      expect(reaction?.dueAt).toBeGreaterThan(now);
    }
    expect(listReactions((await f.engine()).store).some((r) => r.status === "delivering")).toBe(false);

    db.exec("DROP TRIGGER fail_settle");
    f.clock.advance(10 * 60_000);
    await f.cycle();
    for (const session of sessions) expect(f.reactions(session.id)[0]).toMatchObject({ status: "done" });
  });
});

describe("a cycle scoped to a project or to sessions", () => {
  async function withForeignReaction() {
    const f = makeLifecycleFixture();
    const session = await f.addSession({ withPr: true });
    f.scm.setCi(1, LINT_FAILS);
    await f.cycle({ deliver: false });
    const store = (await f.engine()).store;
    writeTransaction(store, (tx) => {
      insertSession(
        tx,
        { id: "web-1", project: "web", branch: "b", worktree: "/w/web-1", runtime: "fake", agent: "fake" },
        sessionCreated(),
      );
      insertReactionIfNew(tx, { sessionId: "web-1", reactionKey: "ci-failed", dedupeKey: "web-1:ci" });
    });
    return { f, session, store };
  }

  it("`ao start app` delivers only app's reactions", async () => {
    const { f, session, store } = await withForeignReaction();
    const report = await f.cycle({ project: "app" });
    expect(report.errors).toEqual([]);
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "done" });
    expect(f.reactions("web-1")[0]).toMatchObject({ status: "pending", attempts: 0 });
    expect(listEvents(store, { sessionId: "web-1" }).map((e) => e.type)).not.toContain("reaction.delivering");
  });

  it("a webhook cycle delivers only for its sessions", async () => {
    const { f, session } = await withForeignReaction();
    await f.cycle({ sessionIds: [session.id] });
    expect(f.reactions(session.id)[0]).toMatchObject({ status: "done" });
    expect(f.reactions("web-1")[0]).toMatchObject({ status: "pending", attempts: 0 });
  });
});
