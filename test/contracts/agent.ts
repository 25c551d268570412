import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  AGENT_ACTIVITIES,
  REPLY_SOURCES,
  type Agent,
  type AgentLaunchInput,
  type Liveness,
  type TurnProbe,
  type TurnSignal,
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
  /** Required when the agent offers `observeTurn`: writes the agent's own turn signals. */
  turns?: TurnDriver;
  cleanup(): Promise<void>;
}

/**
 * Plays the signals a real CLI writes for one turn (hook payloads, transcript or rollout lines, as
 * recorded in test/fixtures/agents/<agent>/turns/) into the subject's worktree or agent home, so the
 * turn section of the contract can watch the plugin read them.
 */
export interface TurnDriver {
  /** What the CLI writes when the delivered message starts a turn. */
  start(): void | Promise<void>;
  /** What it writes when the turn ends with `reply`. */
  end(reply: string): void | Promise<void>;
  /** The screen while the turn runs, for observers that also read the screen. */
  workingScreen?: string;
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

    it("reads usage without a throw before there is any, and a second read from its cursor adds nothing", async () => {
      const input = await setUp();
      const usage = subject.agent.usage?.bind(subject.agent);
      if (!usage) return;
      const probe = { sessionId: input.sessionId, worktree: input.worktree, cursor: "" };
      const first = await usage(probe);
      for (const record of first.records) {
        expect(Object.values(record.tokens).every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
      }
      expect((await usage({ ...probe, cursor: first.cursor })).records).toEqual([]);
    });
  });
}

const ALIVE: Liveness = { state: "alive" };

/**
 * The turn capability (agents that offer `observeTurn`): waiting before any signal, running after a
 * start, ended with the reply after an end, and never a throw over missing files. Each observation
 * gets the cursor the previous one returned, as core stores it.
 */
export function agentTurnContract(name: string, makeSubject: () => Promise<AgentSubject>): void {
  describe(`agent turn contract: ${name}`, () => {
    let subject: AgentSubject;
    afterEach(() => subject.cleanup());

    async function open(worktree?: string) {
      subject = await makeSubject();
      const agent = subject.agent;
      if (!agent.turnCursor || !agent.observeTurn)
        throw new Error(`${name} offers no turnCursor/observeTurn`);
      const probe = { sessionId: "contract-1", worktree: worktree ?? subject.worktree, liveness: ALIVE };
      let cursor = await agent.turnCursor(probe);
      const observe = async (overrides: Partial<TurnProbe> = {}): Promise<TurnSignal> => {
        const message = { sha256: "0".repeat(64), bytes: 5 };
        const signal = await agent.observeTurn!({
          ...probe,
          cursor,
          message,
          deliveredAt: 1,
          now: 2,
          ...overrides,
        });
        expect(typeof signal.cursor).toBe("string");
        cursor = signal.cursor;
        return signal;
      };
      return { observe, driver: subject.turns };
    }

    it("waits before any signal", async () => {
      const { observe } = await open();
      expect((await observe()).state).toBe("waiting");
      expect((await observe()).state).toBe("waiting");
    });

    it("runs after the agent's start signal, and ends with the reply after its end signal", async () => {
      const { observe, driver } = await open();
      if (!driver) throw new Error(`${name} offers observeTurn: give its contract subject a TurnDriver`);
      await driver.start();
      const screen = driver.workingScreen === undefined ? {} : { screen: driver.workingScreen };
      expect((await observe(screen)).state).toBe("running");
      await driver.end("CONTRACT-REPLY done");
      const ended = await observe(screen);
      expect(ended).toMatchObject({ state: "ended", outcome: "completed", reply: "CONTRACT-REPLY done" });
      expect(REPLY_SOURCES).toContain(ended.state === "ended" ? ended.source : "");
    });

    it("never throws when the worktree and the agent's files are missing", async () => {
      const { observe } = await open("/nonexistent/ao-contract-worktree");
      expect((await observe()).state).toBe("waiting");
    });

    it("interrupts with runtime keys, when it names any", async () => {
      subject = await makeSubject();
      const keys = subject.agent.interruptKeys;
      if (keys === undefined) return;
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(["Escape", "C-c", "Enter"]).toContain(key);
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
