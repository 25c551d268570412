import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { homeTag } from "../../src/plugins/runtime/docker/run-args.js";
import { removeTestContainers, runPodmanTests, testImage, TEST_OCI_RUNTIME } from "../helpers/podman.js";
import { runGit } from "../helpers/git-repo.js";
import {
  branches,
  eventually,
  FAKE_BIN,
  makeE2e,
  tmuxSessions,
  worktreeCount,
  type E2e,
} from "./e2e-fixture.js";

/** The fake agent TUI: bracketed paste, and on Enter the submitted bytes go to --out. */
const AGENT = join(FAKE_BIN, "paste-echo.mjs");
const RECEIVED = "received.txt";

const MESSAGE_LINES = [
  "Fix `npm test` && echo $HOME $(id) 'single' \"double\" \\ back\\slash",
  "  line two: | pipe > redirect < in & bg ; semi # hash * glob ? ~ tilde !bang %percent",
  "\ttab-indented line three, unicode: café ✓ 🚀",
] as const;
const MESSAGE = MESSAGE_LINES.join("\n");

interface StatusJson {
  id: string;
  status: string;
  runtime: {
    liveness: string;
    exitCode?: number | null;
    handle: { runtime: string; data?: Record<string, string> } | null;
  };
  reason: string | null;
  activity: { state: string } | null;
  exit: { exitCode: number | null; lastLines: string[] } | null;
}

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) removeTestContainers(homeTag(home));
});

/** A project on `runtime: docker` (podman, the tests' own image, no network, runc with explicit ulimits). */
function dockerProject(argv = [process.execPath, AGENT, "--out", `{worktree}/${RECEIVED}`]): E2e {
  const e2e = makeE2e();
  homes.push(e2e.home);
  const runtime = {
    plugin: "docker",
    engine: "podman",
    image: testImage(),
    network: "none",
    ociRuntime: TEST_OCI_RUNTIME,
    ulimits: { nproc: 1024, nofile: 1024 },
    // The fake agent's script, at its own path in the container.
    mounts: [{ source: FAKE_BIN, target: FAKE_BIN }],
  };
  const agent = {
    plugin: "command",
    argv,
    idlePattern: "(^|\\n)>\\s*$",
  };
  e2e.writeConfig(`runtime: ${JSON.stringify(runtime)}\nagent: ${JSON.stringify(agent)}`);
  return e2e;
}

function view(e2e: E2e, args: string[]): StatusJson | undefined {
  const run = e2e.ao([...args, "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { sessions: StatusJson[] }).sessions.find((s) => s.id === "app-1");
}

function containers(e2e: E2e): string[] {
  const filter = `label=ao.home=${homeTag(e2e.home)}`;
  const ps = spawnSync("podman", ["ps", "-aq", "--filter", filter], { encoding: "utf8" });
  expect(ps.status, ps.stderr).toBe(0);
  return ps.stdout.split("\n").filter(Boolean);
}

/** A person in `ao session attach` pressing Ctrl-C: the fake agent exits with 130. */
function pressCtrlC(container: string): void {
  const keys = ["exec", container, "tmux", "-S", "/tmp/ao-tmux.sock", "send-keys", "-t", "=app-1:0.0", "C-c"];
  const run = spawnSync("podman", keys, { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
}

describe.runIf(runPodmanTests)("ao sessions end to end on runtime docker (real podman, the built ao)", () => {
  it(
    "spawn, send byte for byte, the agent's exit, restore and kill, leaving no container",
    { timeout: 240_000 },
    async () => {
      const e2e = dockerProject();

      // 1. Spawn: a worktree on the host, a container running the agent in its pane.
      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      expect(spawned.stdout).toBe("app-1\n");
      const worktree = e2e.worktree("app-1");
      const branch = runGit(worktree, ["rev-parse", "--abbrev-ref", "HEAD"]);
      expect(branch).toBe("ao/fix-the-login-bug");
      const alive = view(e2e, ["status"]);
      expect(alive).toMatchObject({ runtime: { liveness: "alive", handle: { runtime: "docker" } } });
      const container = alive?.runtime.handle?.data?.["container"] ?? "";
      const first = containers(e2e);
      expect(first).toHaveLength(1);
      const network = spawnSync("podman", ["inspect", "-f", "{{.HostConfig.NetworkMode}}", container], {
        encoding: "utf8",
      });
      expect(network.stdout.trim()).toBe("none");

      // 2. Send: the agent in the container receives exactly the text (read from the host's worktree).
      const sent = e2e.ao(["send", "app-1"], { input: MESSAGE });
      expect(sent.exitCode, sent.stderr).toBe(0);
      const received = join(worktree, RECEIVED);
      await eventually(() => (existsSync(received) ? true : undefined), "the message to arrive");
      expect(readFileSync(received, "utf8")).toBe(MESSAGE);

      // 3. The agent exits: status shows it exited with its code and last lines.
      pressCtrlC(container);
      const exited = await eventually(() => {
        const now = view(e2e, ["status"]);
        return now?.runtime.liveness === "exited" ? now : undefined;
      }, "the agent to exit");
      expect(exited.runtime.exitCode).toBe(130);
      expect(exited.exit?.exitCode).toBe(130);
      // The pane's last screen: the agent's prompt, the message as the terminal drew it (a tab is spaces).
      expect(exited.exit?.lastLines).toEqual([
        `> ${MESSAGE_LINES[0]}`,
        MESSAGE_LINES[1],
        `        ${MESSAGE_LINES[2].slice(1)}`,
        `[submitted ${String(Buffer.byteLength(MESSAGE))} bytes]`,
      ]);

      const table = e2e.ao(["status"]);
      expect(table.stdout).toMatch(/^app-1 .* exited 130 /m);
      expect(table.stdout).toContain("app-1: the agent exited with exit code 130; its last lines:\n");
      expect(e2e.ao(["session", "logs", "app-1"]).stdout).toContain(
        `[submitted ${String(Buffer.byteLength(MESSAGE))} bytes]`,
      );
      for (let look = 0; look < 2; look += 1) expect(e2e.ao(["status", "--refresh"]).exitCode).toBe(0);
      expect(view(e2e, ["session", "ls", "--all"])).toMatchObject({ status: "exited" });

      // 4. Restore: a new container on the same worktree, whose agent takes the next message.
      const restored = e2e.ao(["session", "restore", "app-1"]);
      expect(restored.exitCode, restored.stderr).toBe(0);
      expect(restored.stdout).toBe("app-1: restored (new conversation)\n");
      const back = await eventually(() => {
        const now = view(e2e, ["status"]);
        return now?.activity?.state === "idle" ? now : undefined;
      }, "the restarted agent's prompt");
      expect(back).toMatchObject({ status: "working", reason: "restored", exit: null });
      expect(back.runtime.liveness).toBe("alive");
      expect(e2e.ao(["status"]).stdout).toMatch(/^app-1 .* alive +container ao-\w+-app-1 /m);
      // The container of the exited agent (its tmux server still up) was replaced, not reused.
      expect(containers(e2e)).toHaveLength(1);
      expect(containers(e2e)).not.toEqual(first);
      const again = e2e.ao(["send", "app-1", "second message"]);
      expect(again.exitCode, again.stderr).toBe(0);
      await eventually(
        () => (readFileSync(received, "utf8") === "second message" ? true : undefined),
        "the second message",
      );
      expect(tmuxSessions(e2e)).toEqual([]);

      // 5. Kill: no container left; the worktree stays whole (a checkout of the branch, the agent's
      // files in it), and a purge then removes all of it but the branch.
      const killed = e2e.ao(["session", "kill", "app-1"]);
      expect(killed.exitCode, killed.stderr).toBe(0);
      expect(containers(e2e)).toEqual([]);
      expect(view(e2e, ["session", "ls", "--all"])?.status).toBe("killed");
      expect(runGit(worktree, ["rev-parse", "--abbrev-ref", "HEAD"])).toBe(branch);
      expect(runGit(worktree, ["status", "--porcelain", "--untracked-files=all"])).toContain(RECEIVED);
      expect(worktreeCount(e2e.repo)).toBe(2);
      const purged = e2e.ao(["session", "kill", "app-1", "--purge", "--force"]);
      expect(purged.exitCode, purged.stderr).toBe(0);
      expect(existsSync(worktree)).toBe(false);
      expect(worktreeCount(e2e.repo)).toBe(1);
      expect(branches(e2e.repo)).toContain(branch);
      expect(containers(e2e)).toEqual([]);
    },
  );

  it(
    "a spawn whose agent is missing in the image fails at the runtime step and leaves no container and no worktree",
    { timeout: 120_000 },
    () => {
      const e2e = dockerProject(["/opt/no-such-agent/bin/agent"]);
      const result = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain("error: spawning app-1 failed at step runtime:");
      // The whole of what spawn said when the words are missing (once in a CI run of 2026-12-04).
      expect(result.stderr, result.stderr).toContain("/opt/no-such-agent/bin/agent: not found");
      expect(containers(e2e)).toEqual([]);
      expect(existsSync(e2e.worktree("app-1"))).toBe(false);
      expect(worktreeCount(e2e.repo)).toBe(1);
      expect(view(e2e, ["session", "ls", "--all"])).toMatchObject({
        status: "errored",
        reason: "spawn_failed:runtime",
      });
    },
  );
});
