import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  AGENT_ACTIVITIES,
  type Agent,
  type AgentLaunchInput,
  type Liveness,
} from "../../src/core/slots/index.js";
import { runGit } from "../helpers/git-repo.js";
import { makeTempDir } from "../helpers/temp-dir.js";

export interface AgentSubject {
  agent: Agent;
  /** A clean git checkout (e.g. makeTestRepo().dir) the agent works in. */
  worktree: string;
  /** The argv elements that switch off the agent's permission prompts (empty if it has none). */
  bypassFlags: string[];
  /** What the agent's screen looks like in each state, when it reads activity from the screen. */
  screens?: { working: string; idle: string; needsInput: string };
  cleanup(): Promise<void>;
}

const PROMPT = 'PROMPT-MARKER fix "the bug" $(rm -rf ~) `id`\nsecond line of the task\n';

/** The behaviour every agent has; run it with `agentContract("claude-code", makeSubject)`. */
export function agentContract(name: string, makeSubject: () => Promise<AgentSubject>): void {
  describe(`agent contract: ${name}`, () => {
    let subject: AgentSubject;
    afterEach(() => subject.cleanup());

    async function setUp(): Promise<AgentLaunchInput> {
      subject = await makeSubject();
      const promptFile = join(makeTempDir("ao-prompt-"), "prompt.md");
      writeFileSync(promptFile, PROMPT);
      return { sessionId: "contract-1", worktree: subject.worktree, promptFile, permissions: "default" };
    }
    const probe = (liveness: Liveness, screen?: string) => ({
      sessionId: "contract-1",
      worktree: subject.worktree,
      liveness,
      ...(screen === undefined ? {} : { screen }),
    });

    it("launches with plain argv and env, deterministically, never with the prompt text on the command line", async () => {
      const input = await setUp();
      const spec = await subject.agent.launch(input);
      expect(spec.argv.length).toBeGreaterThan(0);
      expect(spec.argv[0]).not.toBe("");
      for (const arg of spec.argv) expect(arg).not.toContain("PROMPT-MARKER");
      for (const value of Object.values(spec.env)) expect(value).not.toContain("PROMPT-MARKER");
      expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
      expect(await subject.agent.launch(input)).toEqual(spec);
    });

    it("adds permission-bypass flags only when the project opted in", async () => {
      const input = await setUp();
      const safe = await subject.agent.launch(input);
      for (const flag of subject.bypassFlags) expect(safe.argv).not.toContain(flag);
      if (subject.bypassFlags.length === 0) return;
      const bypass = await subject.agent.launch({ ...input, permissions: "permissionless" });
      expect(subject.bypassFlags.some((flag) => bypass.argv.includes(flag))).toBe(true);
    });

    it("resumes a conversation by the agent's own session id, when it can", async () => {
      const input = await setUp();
      if (!subject.agent.resume) return;
      const spec = await subject.agent.resume({ ...input, agentSessionId: "3f2c-contract-conversation" });
      expect(spec.argv).toContain("3f2c-contract-conversation");
      for (const flag of subject.bypassFlags) expect(spec.argv).not.toContain(flag);
    });

    it("reports exited only when the runtime says the process is gone", async () => {
      await setUp();
      const exited = await subject.agent.activity(probe({ state: "exited", exitCode: 1 }));
      const missing = await subject.agent.activity(probe({ state: "missing" }));
      const unknown = await subject.agent.activity(probe({ state: "unknown", reason: "probe failed" }));
      const alive = await subject.agent.activity(probe({ state: "alive" }, ""));
      expect(exited.activity).toBe("exited");
      expect(missing.activity).toBe("exited");
      expect(unknown.activity).not.toBe("exited");
      expect(alive.activity).not.toBe("exited");
      expect(AGENT_ACTIVITIES).toContain(alive.activity);
    });

    it("reads working, idle and needs_input from the screen", async () => {
      await setUp();
      const screens = subject.screens;
      if (!screens) return;
      const alive: Liveness = { state: "alive" };
      expect((await subject.agent.activity(probe(alive, screens.working))).activity).toBe("working");
      expect((await subject.agent.activity(probe(alive, screens.idle))).activity).toBe("idle");
      expect((await subject.agent.activity(probe(alive, screens.needsInput))).activity).toBe("needs_input");
    });

    it("prepares the workspace idempotently and leaves git status clean", async () => {
      const input = await setUp();
      const prepare = subject.agent.prepareWorkspace?.bind(subject.agent);
      if (!prepare) return;
      await prepare({ sessionId: input.sessionId, worktree: input.worktree });
      const first = snapshot(input.worktree);
      await prepare({ sessionId: input.sessionId, worktree: input.worktree });
      expect(snapshot(input.worktree)).toEqual(first);
      expect(runGit(input.worktree, ["status", "--porcelain", "--untracked-files=all"])).toBe("");
    });

    it("reports cost as numbers, or null before there is any", async () => {
      await setUp();
      if (!subject.agent.cost) return;
      const cost = await subject.agent.cost({ worktree: subject.worktree });
      if (cost === null) return;
      expect(cost.inputTokens).toBeGreaterThanOrEqual(0);
      expect(cost.outputTokens).toBeGreaterThanOrEqual(0);
    });
  });
}

/** Every file under `dir` (outside .git) with its content. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const path = join(current, entry);
      if (entry === ".git") continue;
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, "utf8");
    }
  };
  walk(dir);
  return files;
}
