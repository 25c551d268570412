import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import {
  agentStarts,
  branches,
  eventually,
  hookEvents,
  makeE2e,
  tmuxSessions,
  worktreeCount,
} from "./e2e-fixture.js";

const MESSAGE = [
  "Please fix these; then run `npm test` && echo $HOME $(id) 'single' \"double\" \\ back\\slash",
  "  line two: | pipe > redirect < in & bg ; semi # hash * glob ? ~ tilde !bang %percent",
  "\ttab-indented line three, unicode: café ✓ 🚀",
  "",
].join("\n");

describe("ao sessions end to end (tmux, worktree, claude-code with the fake claude)", () => {
  it(
    "spawns, sends, reports, survives a dead tmux server and is purged, keeping its branch",
    { timeout: 240_000 },
    async () => {
      const e2e = makeE2e();

      // Spawn: a worktree on a new branch, and a live pane running the agent with the prompt.
      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      expect(spawned.stdout).toBe("app-1\n");
      expect(spawned.stderr).toContain("app-1: creating worktree…");
      expect(spawned.stderr).toContain("app-1: starting claude-code…");
      const worktree = e2e.worktree("app-1");
      expect(runGit(worktree, ["rev-parse", "--abbrev-ref", "HEAD"])).toBe("ao/fix-the-login-bug");
      expect(runGit(worktree, ["status", "--porcelain"])).toBe("");
      expect(tmuxSessions(e2e)).toEqual(["app-1"]);
      const first = await eventually(() => agentStarts(e2e)[0], "the agent to start");
      expect(first.agent).toBe("claude");
      expect(first.cwd).toBe(worktree);
      expect(first.argv.join(" ")).toContain(`@${e2e.home}/prompts/app-1/prompt.md`);
      expect(first.argv).not.toContain("--dangerously-skip-permissions");
      const prompt = readFileSync(`${e2e.home}/prompts/app-1/prompt.md`, "utf8");
      expect(prompt).toContain("Fix the login bug");
      const conversation = await eventually(
        () =>
          hookEvents(worktree).find((event) => event["hook_event_name"] === "Stop")?.["session_id"] as
            string | undefined,
        "the agent's first turn",
      );

      // Send: a multi-line message full of shell metacharacters arrives byte for byte.
      const sent = e2e.ao(["send", "app-1"], { input: MESSAGE });
      expect(sent.exitCode, sent.stderr).toBe(0);
      const received = await eventually(
        () =>
          hookEvents(worktree).find(
            (event) => event["hook_event_name"] === "UserPromptSubmit" && event["prompt"] !== first.argv[0],
          )?.["prompt"],
        "the message to be submitted",
      );
      expect(received).toBe(MESSAGE);

      // Status: the session, its liveness and its activity.
      const status = JSON.parse(e2e.ao(["status", "--json"]).stdout) as {
        sessions: {
          id: string;
          runtime: { liveness: string };
          activity: { state: string } | null;
          agent: { sessionId: string };
        }[];
      };
      expect(status.sessions).toHaveLength(1);
      expect(status.sessions[0]).toMatchObject({
        id: "app-1",
        runtime: { liveness: "alive" },
        agent: { sessionId: conversation },
      });
      expect(["working", "idle"]).toContain(status.sessions[0]?.activity?.state);

      // The tmux server dies (a reboot): restore brings the same conversation back in the same worktree.
      e2e.tmux(["kill-server"]);
      expect(e2e.sessions()[0]?.runtime.liveness).toBe("missing");
      const restored = e2e.ao(["session", "restore", "app-1"]);
      expect(restored.exitCode, restored.stderr).toBe(0);
      expect(restored.stdout).toBe("app-1: restored (conversation resumed)\n");
      const second = await eventually(() => agentStarts(e2e)[1], "the agent to start again");
      expect(second.cwd).toBe(worktree);
      expect(second.argv).toEqual(expect.arrayContaining(["--resume", conversation]));
      expect(e2e.sessions()[0]).toMatchObject({
        status: "working",
        reason: "restored",
        runtime: { liveness: "alive" },
      });

      // Kill with purge: pane and worktree gone, branch kept.
      const killed = e2e.ao(["session", "kill", "app-1", "--purge"]);
      expect(killed.exitCode, killed.stderr).toBe(0);
      expect(tmuxSessions(e2e)).toEqual([]);
      expect(existsSync(worktree)).toBe(false);
      expect(worktreeCount(e2e.repo)).toBe(1);
      expect(branches(e2e.repo)).toContain("ao/fix-the-login-bug");
      expect(e2e.sessions()[0]?.status).toBe("killed");
    },
  );

  it(
    "10 spawns started at once in one repository all succeed, each with its own id, branch and worktree",
    { timeout: 300_000 },
    async () => {
      const e2e = makeE2e();
      const runs = await Promise.all(
        Array.from({ length: 10 }, () => e2e.aoAsync(["spawn", "app", "Same task for everyone"])),
      );
      for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);
      const ids = runs.map((run) => run.stdout.trim());
      expect(new Set(ids).size).toBe(10);
      const sessions = e2e.sessions();
      expect(sessions.map((s) => s.status)).toEqual(Array(10).fill("working"));
      expect(new Set(sessions.map((s) => s.branch)).size).toBe(10);
      expect(new Set(sessions.map((s) => s.worktree)).size).toBe(10);
      for (const session of sessions)
        expect(runGit(session.worktree, ["rev-parse", "--abbrev-ref", "HEAD"])).toBe(session.branch);
      expect(worktreeCount(e2e.repo)).toBe(11);
      expect(tmuxSessions(e2e).sort()).toEqual([...ids].sort());
    },
  );

  it("a failing postCreate leaves no worktree, branch, pane or prompt behind", { timeout: 120_000 }, () => {
    const e2e = makeE2e();
    e2e.writeConfig("postCreate:\n  - git --no-such-flag");
    const result = e2e.ao(["spawn", "app", "Fix the login bug"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("error: spawning app-1 failed at step workspace:");
    expect(result.stdout).toBe("");
    expect(existsSync(e2e.worktree("app-1")), result.stderr).toBe(false);
    expect(worktreeCount(e2e.repo)).toBe(1);
    expect(branches(e2e.repo)).toEqual(["main"]);
    expect(tmuxSessions(e2e)).toEqual([]);
    expect(existsSync(`${e2e.home}/prompts/app-1`)).toBe(false);
    expect(e2e.sessions()).toEqual([
      expect.objectContaining({ id: "app-1", status: "errored", reason: "spawn_failed:workspace" }),
    ]);
  });

  it(
    "fails the spawn when the agent is not installed, and leaves nothing behind",
    { timeout: 120_000 },
    () => {
      const e2e = makeE2e();
      const bin = makeTempDir("ao-bin-");
      for (const tool of ["git", "tmux", "node"]) symlinkSync(whichSync(tool), join(bin, tool));
      // The watch ends when the pane dies; one look (the tests' default) can come before the shell
      // has even said "not found" on a loaded machine.
      const result = e2e.ao(["spawn", "app", "Fix the login bug"], {
        env: { PATH: bin, AO_SPAWN_WATCH_MS: "60000" },
      });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(
        "error: spawning app-1 failed at step runtime: claude-code exited at once with code 127",
      );
      expect(result.stderr).toContain("claude: not found");
      expect(existsSync(e2e.worktree("app-1")), result.stderr).toBe(false);
      expect(tmuxSessions(e2e)).toEqual([]);
      expect(e2e.sessions()[0]).toMatchObject({ status: "errored", reason: "spawn_failed:runtime" });
    },
  );
});

function whichSync(tool: string): string {
  return execFileSync("which", [tool], { encoding: "utf8" }).trim();
}
