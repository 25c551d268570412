import { describe, expect, it } from "vitest";
import type { AoError } from "../../../src/core/errors.js";
import {
  allocateSessionId,
  deleteSession,
  getSession,
  insertSession,
  listEvents,
  listSessions,
  requireSession,
  updateSession,
  writeTransaction,
  type NewSession,
  type Store,
} from "../../../src/core/store/index.js";
import { openTestStore } from "./store-fixture.js";
import { sessionCreated, statusChanged } from "../../helpers/events.js";

function spawnSession(store: Store, project = "app", extra: Partial<NewSession> = {}): string {
  return writeTransaction(store, (tx) => {
    const id = allocateSessionId(tx, project);
    insertSession(
      tx,
      {
        id,
        project,
        branch: `feat/${id}`,
        worktree: `/wt/${id}`,
        runtime: "tmux",
        agent: "claude-code",
        ...extra,
      },
      sessionCreated({ branch: `feat/${id}`, runtime: "tmux", agent: "claude-code" }),
    );
    return id;
  });
}

function thrown(fn: () => unknown): AoError {
  try {
    fn();
  } catch (error) {
    return error as AoError;
  }
  throw new Error("expected an error");
}

describe("sessions", () => {
  it("inserts a session with its creation event, stamped by the context's clock", () => {
    const { store, clock } = openTestStore();
    const id = spawnSession(store, "app", { issue: "#12", runtimeHandle: { name: "ao-app-1" } });
    const session = requireSession(store, id);
    expect(session).toMatchObject({
      id: "app-1",
      project: "app",
      issue: "#12",
      status: "spawning",
      runtimeHandle: { name: "ao-app-1" },
      createdAt: clock.now(),
      updatedAt: clock.now(),
      endedAt: null,
    });
    expect(listEvents(store, { sessionId: id }).map((event) => event.type)).toEqual(["session.created"]);
  });

  it("refuses a second session with the same id", () => {
    const { store } = openTestStore();
    const id = spawnSession(store);
    const error = thrown(() =>
      writeTransaction(store, (tx) =>
        insertSession(
          tx,
          { id, project: "app", branch: "b", worktree: "/w", runtime: "tmux", agent: "claude-code" },
          sessionCreated(),
        ),
      ),
    );
    expect(error.code).toBe("E_EXISTS");
  });

  it("updates fields, bumps updated_at and records the event in the same call", () => {
    const { store, clock } = openTestStore();
    const id = spawnSession(store);
    clock.advance(1000);
    const updated = writeTransaction(store, (tx) =>
      updateSession(
        tx,
        id,
        {
          status: "pr_open",
          reason: "pr_opened",
          prNumber: 7,
          prUrl: "https://example.invalid/pr/7",
          spawnStep: "runtime",
        },
        statusChanged("spawning", "pr_open", "pr_opened"),
      ),
    );
    expect(updated).toMatchObject({
      status: "pr_open",
      prNumber: 7,
      spawnStep: "runtime",
      updatedAt: clock.now(),
    });
    expect(getSession(store, id)).toEqual(updated);
    const last = listEvents(store, { sessionId: id }).at(-1);
    expect(last).toMatchObject({ type: "session.status", sessionId: id, payload: { to: "pr_open" } });
  });

  it("clears a field set to null and leaves fields not in the patch alone", () => {
    const { store } = openTestStore();
    const id = spawnSession(store, "app", { runtimeHandle: { name: "x" }, agentSessionId: "abc" });
    const updated = writeTransaction(store, (tx) =>
      updateSession(tx, id, { runtimeHandle: null }, statusChanged("spawning", "spawning")),
    );
    expect(updated.runtimeHandle).toBeNull();
    expect(updated.agentSessionId).toBe("abc");
  });

  it("sets ended_at on entering a terminal status and clears it on a restore", () => {
    const { store, clock } = openTestStore();
    const id = spawnSession(store);
    clock.advance(5000);
    const killed = writeTransaction(store, (tx) =>
      updateSession(
        tx,
        id,
        { status: "killed" },
        { type: "session.killed", payload: { from: "spawning", purge: false } },
      ),
    );
    expect(killed.endedAt).toBe(clock.now());
    const endedAt = clock.now();
    clock.advance(5000);
    const stillKilled = writeTransaction(store, (tx) =>
      updateSession(tx, id, { reason: "by_user" }, statusChanged("killed", "killed", "by_user")),
    );
    expect(stillKilled.endedAt).toBe(endedAt);
    const restored = writeTransaction(store, (tx) =>
      updateSession(tx, id, { status: "working" }, statusChanged("killed", "working", "restored")),
    );
    expect(restored.endedAt).toBeNull();
  });

  it("rejects an unknown status and an unknown session", () => {
    const { store } = openTestStore();
    const id = spawnSession(store);
    const badStatus = thrown(() =>
      writeTransaction(store, (tx) =>
        updateSession(tx, id, { status: "dancing" as "idle" }, statusChanged("spawning", "idle")),
      ),
    );
    expect(badStatus.code).toBe("E_USAGE");
    const missing = thrown(() =>
      writeTransaction(store, (tx) => updateSession(tx, "app-99", {}, statusChanged("spawning", "spawning"))),
    );
    expect(missing.code).toBe("E_NOT_FOUND");
    expect(getSession(store, "app-99")).toBeUndefined();
  });

  it("lists by project and leaves out ended sessions when asked for active ones", () => {
    const { store } = openTestStore();
    const a1 = spawnSession(store, "app");
    const a2 = spawnSession(store, "app");
    const w1 = spawnSession(store, "web");
    writeTransaction(store, (tx) =>
      updateSession(tx, a2, { status: "merged" }, statusChanged("spawning", "merged")),
    );
    expect(listSessions(store).map((s) => s.id)).toEqual([a1, a2, w1]);
    expect(listSessions(store, { project: "app" }).map((s) => s.id)).toEqual([a1, a2]);
    expect(listSessions(store, { project: "app", activeOnly: true }).map((s) => s.id)).toEqual([a1]);
    expect(listSessions(store, { activeOnly: true }).map((s) => s.id)).toEqual([a1, w1]);
  });

  it("lists by status and by end time in SQL (ao status asks for recent exits only)", () => {
    const { store, clock } = openTestStore();
    const [old, recent, merged, working] = ["app", "app", "app", "app"].map((p) => spawnSession(store, p));
    const end = (id: string, status: "exited" | "merged") =>
      writeTransaction(store, (tx) => updateSession(tx, id, { status }, statusChanged("spawning", status)));
    end(old!, "exited");
    clock.advance(10_000);
    const since = clock.now();
    end(recent!, "exited");
    end(merged!, "merged");
    const ids = (options: Parameters<typeof listSessions>[1]) =>
      listSessions(store, options).map((s) => s.id);
    expect(ids({ statuses: ["exited", "errored"] })).toEqual([old, recent]);
    expect(ids({ endedSince: since })).toEqual([recent, merged]);
    expect(ids({ statuses: ["exited"], endedSince: since })).toEqual([recent]);
    expect(ids({ statuses: [] })).toEqual([]);
    expect(ids({ statuses: ["spawning"] })).toEqual([working]);
  });
});

describe("allocateSessionId", () => {
  it("counts per prefix from 1", () => {
    const { store } = openTestStore();
    const ids = writeTransaction(store, (tx) => [
      allocateSessionId(tx, "app"),
      allocateSessionId(tx, "app"),
      allocateSessionId(tx, "web"),
      allocateSessionId(tx, "app"),
    ]);
    expect(ids).toEqual(["app-1", "app-2", "web-1", "app-3"]);
  });

  it("never hands out a deleted session's id again", () => {
    const { store } = openTestStore();
    const first = spawnSession(store);
    const second = spawnSession(store);
    writeTransaction(store, (tx) =>
      deleteSession(tx, second, { type: "session.killed", payload: { from: "spawning", purge: true } }),
    );
    expect(getSession(store, second)).toBeUndefined();
    expect(listEvents(store, { sessionId: second }).map((e) => e.type)).toEqual([
      "session.created",
      "session.killed",
    ]);
    expect(spawnSession(store)).toBe("app-3");
    expect(first).toBe("app-1");
  });

  it("gives an id back when its transaction rolls back, since nothing used it", () => {
    const { store } = openTestStore();
    expect(() =>
      writeTransaction(store, (tx) => {
        allocateSessionId(tx, "app");
        throw new Error("spawn failed");
      }),
    ).toThrow("spawn failed");
    expect(spawnSession(store)).toBe("app-1");
  });

  it("rejects a prefix that would make a strange id", () => {
    const { store } = openTestStore();
    for (const prefix of ["", "-app", "my app", "a/b"]) {
      expect(thrown(() => writeTransaction(store, (tx) => allocateSessionId(tx, prefix))).code).toBe(
        "E_USAGE",
      );
    }
  });
});
