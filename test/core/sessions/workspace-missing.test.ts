import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkoutGone } from "../../../src/core/sessions/checkout-gone.js";
import { listSessionViews } from "../../../src/core/sessions/list-sessions.js";
import type { SessionProbe } from "../../../src/core/sessions/probe-sessions.js";
import { recordMissingWorkspaces } from "../../../src/core/sessions/record-missing-workspaces.js";
import { restoreSession } from "../../../src/core/sessions/restore-session.js";
import { spawnSession } from "../../../src/core/sessions/spawn-session.js";
import type { Runtime } from "../../../src/core/slots/index.js";
import { closeStore, openStore } from "../../../src/core/store/index.js";
import { makeSessionFixture, type SessionFixture } from "./session-fixture.js";

const MISSING: ReadonlyMap<string, SessionProbe> = new Map([
  ["app-1", { liveness: { state: "alive" }, workspaceMissing: true }],
]);

function record(f: SessionFixture): string[] {
  const store = openStore(f.ctx);
  try {
    return recordMissingWorkspaces(store, [f.session("app-1")], MISSING);
  } finally {
    closeStore(store);
  }
}

const outsideRemovals = (f: SessionFixture) =>
  f.events("app-1").filter((event) => event.type === "session.workspace_removed");

describe("a live session's checkout removed behind ao's back (issue 25)", () => {
  it("the listing marks a live session without its checkout, and only a live one", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    expect((await listSessionViews(f.ctx))[0]?.workspaceMissing).toBe(false);

    rmSync(spawned.worktree, { recursive: true, force: true });
    const [missing] = await listSessionViews(f.ctx);
    expect(missing).toMatchObject({ worktree: spawned.worktree, workspaceMissing: true });
    expect(missing?.runtime.liveness).toBe("alive");

    f.runtime.exit(f.runtime.processOf(spawned.id)!.handle, 0);
    expect((await listSessionViews(f.ctx))[0]?.workspaceMissing).toBe(false);
  });

  it("records `session.workspace_removed` by `outside` once per disappearance", async () => {
    const f = makeSessionFixture();
    const spawned = await spawnSession(f.ctx, { project: "app", issue: "Fix it" });
    rmSync(spawned.worktree, { recursive: true, force: true });
    expect(record(f)).toEqual(["app-1"]);
    expect(record(f)).toEqual([]);
    expect(outsideRemovals(f).map((event) => event.payload)).toEqual([
      { worktree: spawned.worktree, by: "outside" },
    ]);

    // A restore makes the checkout again; removed once more, it is a new disappearance.
    f.runtime.exit(f.runtime.processOf(spawned.id)!.handle, 0);
    const restored = await restoreSession(f.ctx, spawned.id);
    expect(restored.workspaceRecreated).toBe(true);
    expect(record(f)).toEqual(["app-1"]);
    expect(outsideRemovals(f)).toHaveLength(2);
  });

  it("a runtime whose checkout lives inside the session is not judged by the host path", async () => {
    const gone = "/nonexistent/ao-checkout";
    const host = { remote: { checkout: "host" } } as unknown as Runtime;
    const pod = { remote: { checkout: "session" } } as unknown as Runtime;
    expect(await checkoutGone(host, gone)).toBe(true);
    expect(await checkoutGone({} as Runtime, gone)).toBe(true);
    expect(await checkoutGone(pod, gone)).toBe(false);
    expect(await checkoutGone({} as Runtime, process.cwd())).toBe(false);
  });
});
