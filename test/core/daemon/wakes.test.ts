import { appendFileSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AgentSignalWakes, readAppended } from "../../../src/core/daemon/agent-signal-wakes.js";
import { BranchWakes } from "../../../src/core/daemon/branch-wakes.js";
import { DirWatch } from "../../../src/core/daemon/dir-watch.js";
import { createWakeBatch } from "../../../src/core/daemon/wake-batch.js";
import type { Session } from "../../../src/core/store/index.js";
import { hookSignals } from "../../../src/plugins/agent/_shared/agent-events.js";
import { CiFinishWatch } from "../../../src/plugins/scm/local/ci-finish-watch.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** The fields BranchWakes reads of a session row. */
function sessionOn(id: string, worktree: string, branch: string, status = "working"): Session {
  return { id, worktree, branch, status } as Session;
}

function newDirWatch(errors: string[] = []): DirWatch {
  const dirs = new DirWatch((dir) => errors.push(dir));
  closers.push(() => dirs.close());
  return dirs;
}

describe("BranchWakes: a commit on a session's branch", () => {
  it("wakes that session, through the main repository's ref for a linked worktree", async () => {
    const repo = makeTestRepo();
    const worktree = join(makeTempDir("ao-wt-"), "wt");
    runGit(repo.dir, ["worktree", "add", "-q", "-b", "feat/greet", worktree]);
    const woken: string[] = [];
    const branches = new BranchWakes(newDirWatch(), (id, why) => woken.push(`${id} ${why}`));
    closers.push(() => branches.close());
    branches.sync([sessionOn("app-1", worktree, "feat/greet"), sessionOn("app-2", repo.dir, "main")], false);
    expect(woken).toEqual([]);

    writeFileSync(join(worktree, "greet.txt"), "hello\n");
    runGit(worktree, ["add", "-A"]);
    runGit(worktree, ["commit", "-q", "-m", "greet"]);
    await eventually(() => woken.includes("app-1 commit"), "the commit's wake");
    expect(woken.every((line) => line === "app-1 commit")).toBe(true);
  });

  it("wakes a session watched for the first time once, when asked to announce it, and forgets ended ones", async () => {
    const repo = makeTestRepo();
    const woken: string[] = [];
    const branches = new BranchWakes(newDirWatch(), (id, why) => woken.push(`${id} ${why}`));
    closers.push(() => branches.close());
    branches.sync([sessionOn("app-1", repo.dir, "main", "spawning")], true);
    expect(woken).toEqual([]); // still spawning: nothing to watch yet
    branches.sync([sessionOn("app-1", repo.dir, "main")], true);
    branches.sync([sessionOn("app-1", repo.dir, "main")], true);
    expect(woken).toEqual(["app-1 new session"]);

    // app-1 ends; app-2's branch sits in the same directory, so its wake comes after any of app-1's.
    runGit(repo.dir, ["branch", "other"]);
    branches.sync([sessionOn("app-2", repo.dir, "other")], false);
    runGit(repo.dir, ["commit", "-q", "--allow-empty", "-m", "after the end"]);
    runGit(repo.dir, ["branch", "-f", "other", "HEAD"]);
    await eventually(() => woken.includes("app-2 commit"), "app-2's wake");
    expect(woken.filter((line) => line.startsWith("app-1"))).toEqual(["app-1 new session"]);
  });

  it("leaves a session whose checkout is gone to the poll", () => {
    const woken: string[] = [];
    const branches = new BranchWakes(newDirWatch(), (id) => woken.push(id));
    branches.sync([sessionOn("app-1", join(makeTempDir("ao-gone-"), "missing"), "main")], true);
    expect(woken).toEqual(["app-1"]);
    branches.close();
  });
});

describe("CiFinishWatch: scm/local's CI run ending", () => {
  it("reports the branch when the runner renames result.json into a pending run's directory, once", async () => {
    const dir = join(makeTempDir("ao-ci-"), "feat~greet", "abc123");
    mkdirSync(dir, { recursive: true });
    const watch = new CiFinishWatch();
    const changes: unknown[] = [];
    closers.push(watch.listen((change) => changes.push(change)));
    watch.pending(dir, "feat/greet");
    watch.pending(dir, "feat/greet");
    writeFileSync(join(dir, "result.json.tmp"), "{}");
    renameSync(join(dir, "result.json.tmp"), join(dir, "result.json"));
    await eventually(() => changes.length > 0, "the run's end");
    expect(changes).toEqual([{ branches: ["feat/greet"], pullRequests: [] }]);
  });

  it("reports a run that ended before it was watched, and watches nothing without a listener", () => {
    const dir = makeTempDir("ao-ci-");
    writeFileSync(join(dir, "result.json"), "{}");
    const watch = new CiFinishWatch();
    const changes: unknown[] = [];
    watch.pending(dir, "main"); // nobody listens yet (an `ao status`): nothing happens
    const stop = watch.listen((change) => changes.push(change));
    watch.pending(dir, "main");
    stop();
    expect(changes).toEqual([{ branches: ["main"], pullRequests: [] }]);
  });
});

describe("createWakeBatch", () => {
  it("asks for one cycle for the sessions woken together, and a full one when anything asked for all", async () => {
    const asked: (readonly string[] | undefined)[] = [];
    const lines: string[] = [];
    const batch = createWakeBatch(
      (ids) => asked.push(ids),
      (line) => lines.push(line),
      10,
    );
    closers.push(() => batch.close());
    batch.wake("commit", ["app-1"]);
    batch.wake("scm", ["app-2", "app-1"]);
    batch.wake("scm", []);
    await eventually(() => asked.length === 1, "the first request");
    batch.wake("commit", ["app-3"]);
    batch.wake("config");
    await eventually(() => asked.length === 2, "the second request");
    expect(asked).toEqual([["app-1", "app-2"], undefined]);
    expect(lines).toEqual(["woken (commit, scm): app-1, app-2", "woken (commit, config): all sessions"]);
  });
});

describe("AgentSignalWakes: the agent's own hook events", () => {
  it("wakes the session for a turn's end or a question to a person, not for a tool call", async () => {
    const worktree = makeTempDir("ao-agent-");
    const events = join(worktree, ".ao", "agent-events.jsonl");
    mkdirSync(join(worktree, ".ao"));
    writeFileSync(events, `${JSON.stringify({ hook_event_name: "Stop" })}\n`); // before the watch: old news
    const woken: string[] = [];
    const signals = hookSignals(["Stop", "Notification"]);
    const agents = new AgentSignalWakes(
      newDirWatch(),
      () => Promise.resolve({ signals }),
      (id) => woken.push(id),
    );
    closers.push(() => agents.close());
    await agents.sync([sessionOn("app-1", worktree, "main")]);

    appendFileSync(events, `${JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash" })}\n`);
    appendFileSync(events, `${JSON.stringify({ hook_event_name: "Notification", message: "allow?" })}\n`);
    await eventually(() => woken.length > 0, "the Notification's wake");
    expect(woken).toEqual(["app-1"]);
  });

  it("asks again for a file the agent could not name yet, and watches it once named (Codex's rollout)", async () => {
    const dir = makeTempDir("ao-rollouts-");
    const woken: string[] = [];
    const signals = {
      file: ({ agentSessionId }: { agentSessionId?: string | undefined }) =>
        agentSessionId === undefined ? undefined : join(dir, `rollout-${agentSessionId}.jsonl`),
      wakes: (line: string) => line.includes("task_complete"),
    };
    const agents = new AgentSignalWakes(
      newDirWatch(),
      () => Promise.resolve({ signals }),
      (id) => woken.push(id),
    );
    closers.push(() => agents.close());
    const session = sessionOn("app-1", makeTempDir("ao-wt-"), "main");
    await agents.sync([session]);
    writeFileSync(join(dir, "rollout-c1.jsonl"), "");
    await agents.sync([{ ...session, agentSessionId: "c1" }]);
    appendFileSync(
      join(dir, "rollout-c1.jsonl"),
      '{"type":"event_msg","payload":{"type":"task_complete"}}\n',
    );
    await eventually(() => woken.length > 0, "the rollout's wake");
    expect(woken).toEqual(["app-1"]);
  });

  it("skips a line longer than one read instead of reading it again forever", () => {
    const file = join(makeTempDir("ao-long-"), "rollout.jsonl");
    writeFileSync(file, `{"out":"${"x".repeat(300 * 1024)}"}\n{"type":"end"}\n`);
    const first = readAppended(file, 0);
    expect(first.lines).toEqual([]);
    expect(first.next).toBe(256 * 1024);
    const second = readAppended(file, first.next);
    expect(second.lines.at(-1)).toBe('{"type":"end"}');
    expect(second.lines.map((line) => line.startsWith("{"))).toEqual([false, true]);
  });

  it("reads only whole lines appended since the last look", () => {
    const file = join(makeTempDir("ao-lines-"), "events.jsonl");
    writeFileSync(file, '{"a":1}\n{"b":');
    expect(readAppended(file, 0)).toEqual({ lines: ['{"a":1}'], next: 8 });
    appendFileSync(file, "2}\n");
    expect(readAppended(file, 8)).toEqual({ lines: ['{"b":2}'], next: 16 });
    writeFileSync(file, '{"c":3}\n'); // replaced by a shorter file: read from its start
    expect(readAppended(file, 16)).toEqual({ lines: ['{"c":3}'], next: 8 });
  });
});

describe("DirWatch", () => {
  it("tells of a file replaced by a rename (an editor saving the configuration), and not of its neighbours", async () => {
    const dir = makeTempDir("ao-cfg-");
    writeFileSync(join(dir, "agent-orchestrator.yaml"), "port: 0\n");
    const seen: string[] = [];
    const dirs = newDirWatch();
    expect(dirs.add(dir, "agent-orchestrator.yaml", () => seen.push("config"))).toBe(true);
    expect(dirs.add(dir, "marker", () => seen.push("marker"))).toBe(true);
    writeFileSync(join(dir, "other.txt"), "not watched\n");
    writeFileSync(join(dir, ".agent-orchestrator.yaml.swp"), "port: 1\n");
    renameSync(join(dir, ".agent-orchestrator.yaml.swp"), join(dir, "agent-orchestrator.yaml"));
    writeFileSync(join(dir, "marker"), "after the config\n");
    await eventually(() => seen.includes("marker"), "the marker's notification");
    expect(seen.filter((name) => name !== "marker").length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(["config", "marker"]));
  });

  it("reports a directory it cannot watch, and the caller keeps its poll", () => {
    const errors: string[] = [];
    const missing = join(makeTempDir("ao-gone-"), "missing");
    expect(newDirWatch(errors).add(missing, "x", () => undefined)).toBe(false);
    expect(errors).toEqual([missing]);
  });
});
