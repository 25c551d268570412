import { describe, expect, it } from "vitest";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

describe("ao spawn", () => {
  it("prints the session id on stdout and progress on stderr", async () => {
    const f = makeCliFixture();
    const result = await f.ao(["spawn", "app", "Fix the login bug"]);
    expect(result).toMatchObject({ exitCode: 0, stdout: "app-1\n" });
    expect(result.stderr).toContain("app-1: creating fake…");
    expect(result.stderr).toContain("app-1: starting fake…");
    expect(result.stderr).toContain("app-1: working on branch ao/fix-the-login-bug");
  });

  it("prints the session as JSON with --json", async () => {
    const f = makeCliFixture();
    const result = await f.ao([
      "spawn",
      "app",
      "--prompt",
      "Refactor the parser",
      "--branch",
      "refactor/parser",
      "--json",
    ]);
    expect(result.exitCode).toBe(0);
    const view = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(view).toMatchObject({
      id: "app-1",
      project: "app",
      issue: null,
      branch: "refactor/parser",
      status: "working",
      spawnStep: "done",
      agent: { name: "fake", sessionId: null },
      runtime: { name: "fake", handle: { runtime: "fake" }, liveness: "alive" },
    });
  });

  it("exits 2 with a suggestion for an unknown project, and 1 at the session limit", async () => {
    const f = makeCliFixture();
    const unknown = await f.ao(["spawn", "apq", "Fix it"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('error: no project "apq"');
    expect(unknown.stderr).toContain('hint: did you mean "app"? configured projects: app');
    f.writeConfig("maxSessions: 1");
    expect((await f.ao(["spawn", "app", "Task a"])).exitCode).toBe(0);
    const limited = await f.ao(["spawn", "app", "Task b"]);
    expect(limited.exitCode).toBe(1);
    expect(limited.stderr).toContain("error: project app is at its session limit: 1 of 1 running");
  });

  it("rejects a --queue-timeout without a unit as a usage error", async () => {
    const f = makeCliFixture();
    const result = await f.ao(["spawn", "app", "Fix it", "--queue", "--queue-timeout", "30"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--queue-timeout "30" is not a duration');
  });

  it("batch-spawn reports each issue and exits 1 when one failed", async () => {
    const f = makeCliFixture();
    f.writeConfig("tracker: fake");
    f.tracker.add({ title: "First", body: "a" });
    expect((await f.ao(["spawn", "app", "1"])).exitCode).toBe(0);
    f.tracker.add({ title: "Second", body: "b" });
    const result = await f.ao(["batch-spawn", "app", "1", "2", "99", "--json"]);
    expect(result.exitCode).toBe(1);
    const { results } = JSON.parse(result.stdout) as { results: { issue: string; outcome: string }[] };
    expect(results.map((r) => [r.issue, r.outcome])).toEqual([
      ["1", "skipped"],
      ["2", "spawned"],
      ["99", "failed"],
    ]);
  });
});
