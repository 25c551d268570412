import { describe, expect, it } from "vitest";
import type { RuntimeHandle } from "../../src/core/slots/index.js";
import { FAKE_AGENT_SCREENS } from "../fakes/agent.js";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

describe("ao status", () => {
  it("prints one row per active session", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix the login bug"]);
    f.runtime.print(f.runtime.processOf("app-1")!.handle, FAKE_AGENT_SCREENS.idle);
    const result = await f.ao(["status"]);
    expect(result.exitCode).toBe(0);
    const [header, row, ...rest] = result.stdout.trimEnd().split("\n");
    expect(header).toMatch(
      /^SESSION +PROJECT +ISSUE +BRANCH +STATUS +PR +CI +REVIEW +ACTIVITY +RUNTIME +COST +AGE +WORKTREE$/,
    );
    expect(row).toMatch(
      /^app-1 +app +- +ao\/fix-the-login-bug +working +- +- +- +idle +alive +unknown +\d+s +\S+app-1$/,
    );
    expect(rest).toEqual(["daemon: not running (start it with: ao start)"]);
  });

  it("prints {sessions: [...]} with --json, and says so when there are none", async () => {
    const f = makeCliFixture();
    expect((await f.ao(["status"])).stdout).toContain("no sessions");
    expect(JSON.parse((await f.ao(["status", "--json"])).stdout)).toEqual({
      sessions: [],
      recentlyEnded: [],
      waiting: [],
      accounts: [],
      daemon: { running: false },
      dashboard: null,
    });
    await f.ao(["spawn", "app", "Fix it"]);
    const { sessions } = JSON.parse((await f.ao(["status", "--json"])).stdout) as {
      sessions: { id: string; runtime: { liveness: string } }[];
    };
    expect(sessions.map((s) => [s.id, s.runtime.liveness])).toEqual([["app-1", "alive"]]);
  });

  it("adds a where column and runtime.placement when a session runs in a container or pod", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix the login bug"]);
    const narrow = (await f.ao(["status"])).stdout.split("\n")[0] ?? "";
    expect(narrow).not.toContain("WHERE");
    Object.assign(f.runtime, {
      placement: (handle: RuntimeHandle) => ({ kind: "pod", name: `pod-${handle.id}`, node: "node-a" }),
    });
    const [header, row] = (await f.ao(["status"])).stdout.split("\n");
    expect(header).toMatch(/ +RUNTIME +WHERE +COST +/);
    const id = f.runtime.processOf("app-1")!.handle.id;
    expect(row).toMatch(new RegExp(` alive +pod pod-${id} on node-a +unknown `));
    const { sessions } = JSON.parse((await f.ao(["status", "--json"])).stdout) as {
      sessions: { runtime: { placement: unknown } }[];
    };
    expect(sessions[0]?.runtime.placement).toEqual({ kind: "pod", name: `pod-${id}`, node: "node-a" });
  });
});
