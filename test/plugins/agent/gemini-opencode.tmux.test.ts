import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Agent, RuntimeHandle, TurnSignal } from "../../../src/core/slots/index.js";
import { createGeminiAgent } from "../../../src/plugins/agent/gemini.js";
import { createOpencodeAgent } from "../../../src/plugins/agent/opencode.js";
import { agentPaneTarget } from "../../../src/plugins/_shared/tmux-target.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTmuxHome } from "../../helpers/tmux.js";
import { FAKE_BIN, launchInput } from "./fixtures.js";
import { geminiOptions, opencodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";

/**
 * The fake gemini and opencode in ao's real tmux runtime, started with exactly what their plugins
 * build (workspace hooks / plugin, argv, env): each turn is seen running, then ended, from the
 * signals the real CLIs give (hooks and chat file; plugin events), never from the screen.
 */
const subjects: Record<
  string,
  (home: string, exec: ReturnType<typeof makeTmuxHome>["ctx"]["exec"]) => Agent
> = {
  gemini: (home, exec) => createGeminiAgent(geminiOptions.parse({}), join(home, ".gemini"), exec),
  opencode: (_home, exec) => createOpencodeAgent(opencodeOptions.parse({}), exec, {}),
};

/** tmux's names for the keys an agent asks for. */
const TMUX_KEYS = {
  Escape: "Escape",
  "C-c": "C-c",
  Enter: "Enter",
  "C-u": "C-u",
  Up: "Up",
  Down: "Down",
} as const;

describe.each(Object.keys(subjects))("%s fake in tmux, driven by its plugin", (name) => {
  it(
    "goes running → ended with the reply; a failed and an interrupted turn end as such",
    { timeout: 120_000 },
    async () => {
      const tmux = makeTmuxHome();
      const home = makeTempDir("ao-agent-home-");
      const worktree = makeTestRepo().dir;
      const turns = join(makeTempDir("ao-turns-file-"), "turns.json");
      writeFileSync(turns, "{}");
      const agent = subjects[name]!(home, tmux.ctx.exec);
      await agent.prepareWorkspace!({ sessionId: "app-1", worktree });
      const spec = await agent.launch(launchInput(worktree));
      const runtime = createTmuxRuntime({ ...tmux.ctx, baseDir: tmux.home }, tmuxRuntimeOptions.parse({}));
      const env = {
        PATH: `${FAKE_BIN}:${process.env["PATH"] ?? ""}`,
        HOME: home,
        FAKE_AGENT_TURNS_FILE: turns,
      };
      const handle = await runtime.create({
        sessionId: "app-1",
        cwd: worktree,
        argv: spec.argv,
        env: { ...spec.env, ...env },
      });

      const probe = async (cursor: string) => ({
        sessionId: "app-1",
        worktree,
        liveness: await runtime.liveness(handle),
        cursor,
        message: { sha256: "0".repeat(64), bytes: 1 },
        deliveredAt: Date.now(),
        now: Date.now(),
      });
      const ended = (cursor: string) =>
        eventually(
          async () => {
            const signal = await agent.observeTurn!(await probe(cursor));
            return signal.state === "ended" ? signal : undefined;
          },
          `${name}: the turn's end`,
          60_000,
        );

      // The task, submitted by the launch itself.
      const first = await ended("0");
      expect(first).toMatchObject({ outcome: "completed", source: "hook" });
      expect(first.reply).toMatch(/^Working on: /);

      const send = async (text: string, settings: Record<string, unknown>): Promise<string> => {
        writeFileSync(turns, JSON.stringify(settings));
        const cursor = await agent.turnCursor!({
          sessionId: "app-1",
          worktree,
          liveness: { state: "alive" },
        });
        await deliver(runtime, handle, text);
        return cursor;
      };

      const second = await send("Say hello in one word", { reply: "Hello from the fake.", workMs: 1500 });
      const running = await eventually(
        async () => {
          const signal: TurnSignal = await agent.observeTurn!(await probe(second));
          return signal.state === "running" ? signal : undefined;
        },
        `${name}: running`,
        30_000,
      );
      expect(running.startedAt).toBeGreaterThan(0);
      expect(await ended(second)).toMatchObject({
        outcome: "completed",
        reply: "Hello from the fake.",
        source: "hook",
      });

      const third = await send("Please fail", { fail: "API key not valid.", workMs: 300 });
      const failed = await ended(third);
      expect(failed.outcome).toBe("failed");
      expect(failed.error).toContain("API key not valid.");

      const fourth = await send("Please take your time", { workMs: 60_000 });
      await eventually(
        async () => (await agent.observeTurn!(await probe(fourth))).state === "running",
        "long turn",
      );
      for (const key of agent.interruptKeys ?? ["C-c"])
        tmux.tmux(["send-keys", "-t", agentPaneTarget(handle.id), TMUX_KEYS[key]]);
      expect(await ended(fourth)).toMatchObject({ outcome: "interrupted" });
      expect((await runtime.liveness(handle)).state).toBe("alive");
    },
  );
});

async function deliver(runtime: ReturnType<typeof createTmuxRuntime>, handle: RuntimeHandle, text: string) {
  const result = await runtime.deliver(handle, text, { confirm: false });
  expect(result.submitted ?? result.confirmed).toBe(true);
}
