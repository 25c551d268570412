import { describe, expect, it } from "vitest";
import {
  claimNextTurn,
  endTurn,
  insertTurn,
  markTurnDelivered,
  putConflictPair,
  requireSession,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { queueSession } from "../../../src/core/train/index.js";
import type { SessionDetail } from "../../../src/web/api/types.js";
import { addSession } from "../../core/daemon/daemon-fixture.js";
import { startDashboard } from "./dashboard-world.js";

/** app-1 with an ended ACP turn (three tool calls, a plan), a conflict with app-2, queued; app-3 plain. */
function world(store: Store): void {
  for (const id of ["app-1", "app-2", "app-3"]) addSession(store, id, { prNumber: Number(id.slice(4)) });
  writeTransaction(store, (tx) => {
    insertTurn(tx, { sessionId: "app-1", origin: "cli", text: "go", sha256: "h" });
    const turn = claimNextTurn(tx, "app-1", { pid: 1, host: "h", token: "t" })!;
    markTurnDelivered(tx, turn.id, { token: "t", attempts: 1, confirmed: true });
    endTurn(tx, turn.id, {
      status: "completed",
      reply: "<b>done</b>",
      replySource: "transcript",
      work: {
        tools: [
          {
            kind: "read",
            title: "Read a.ts",
            status: "completed",
            files: ["/w/a.ts"],
            autoAllowed: "allow-once",
          },
          {
            kind: "execute",
            title: "Run npm test",
            status: "completed",
            files: [],
            answered: { option: "allow-once", kind: "allow_once" },
          },
          {
            kind: "delete",
            title: "Delete b.ts",
            status: "failed",
            files: [],
            answered: { option: "reject-once", kind: "reject_once" },
          },
        ],
        plan: [{ content: "fix it", status: "in_progress" }],
      },
    });
    putConflictPair(tx, {
      project: "app",
      left: "app-1",
      right: "app-2",
      leftBranch: "feat/app-1",
      rightBranch: "feat/app-2",
      leftSha: "a".repeat(40),
      rightSha: "b".repeat(40),
      kind: "conflict",
      files: ["app.txt"],
      hunks: [{ file: "app.txt", start: 5, end: 9, leftLines: 1, rightLines: 1 }],
      since: 1_000,
      checkedAt: 2_000,
    });
    const session = requireSession(tx, "app-1");
    queueSession(tx, { session, pr: 1, head: "a".repeat(40), by: "ao merge --queue" });
  });
}

describe("the session page's turns, conflicts and queue place (GET /api/sessions/:id)", () => {
  it("gives each turn ao turns show's reply and work, with who let each tool call run", async () => {
    const w = await startDashboard((made) => world(made.engine.store));
    const detail = JSON.parse((await w.get("/api/sessions/app-1")).text) as SessionDetail;
    expect(detail.turns).toHaveLength(1);
    expect(detail.turns[0]).toMatchObject({
      id: "t-1",
      origin: "cli",
      status: "completed",
      reply: "<b>done</b>",
      replySource: "transcript",
    });
    expect(detail.turns[0]!.work).toEqual({
      tools: [
        {
          kind: "read",
          title: "Read a.ts",
          status: "completed",
          files: ["/w/a.ts"],
          permission: { by: "auto", option: "allow-once" },
        },
        {
          kind: "execute",
          title: "Run npm test",
          status: "completed",
          files: [],
          permission: { by: "approved", option: "allow-once" },
        },
        {
          kind: "delete",
          title: "Delete b.ts",
          status: "failed",
          files: [],
          permission: { by: "denied", option: "reject-once" },
        },
      ],
      plan: [{ content: "fix it", status: "in_progress", priority: null }],
    });
  });

  it("gives both sides of a predicted conflict, each seeing the other, and the queued one its place", async () => {
    const w = await startDashboard((made) => world(made.engine.store));
    const one = JSON.parse((await w.get("/api/sessions/app-1")).text) as SessionDetail;
    const two = JSON.parse((await w.get("/api/sessions/app-2")).text) as SessionDetail;
    const three = JSON.parse((await w.get("/api/sessions/app-3")).text) as SessionDetail;
    const hunks = [{ file: "app.txt", start: 5, end: 9 }];
    expect(one.conflicts).toEqual([
      expect.objectContaining({
        kind: "conflict",
        with: "app-2",
        branch: "feat/app-2",
        files: ["app.txt"],
        hunks,
      }),
    ]);
    expect(two.conflicts).toEqual([expect.objectContaining({ with: "app-1", branch: "feat/app-1", hunks })]);
    expect(three.conflicts).toEqual([]);
    expect(one.queue).toMatchObject({
      place: 1,
      of: 1,
      state: "queued",
      note: "waiting to be brought up to date",
      eta: null,
    });
    expect(two.queue).toBeNull();
    expect(three.turns).toEqual([]);
  });
});
