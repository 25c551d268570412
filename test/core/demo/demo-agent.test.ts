import { spawnSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locateDemoMaterial } from "../../../src/core/demo/demo-agent-path.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { eventually } from "../../contracts/eventually.js";
import { runGit } from "../../helpers/git-repo.js";
import { makeTmuxHome } from "../../helpers/tmux.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";

/** The demo project in a fresh repository, and the demo agent started on it in a real tmux pane. */
async function startDemoAgent() {
  const tmux = makeTmuxHome();
  const material = locateDemoMaterial();
  const repo = join(tmux.home, "repo");
  cpSync(material.project, repo, { recursive: true });
  runGit(tmux.home, ["init", "-q", "--initial-branch=main", repo]);
  runGit(repo, ["add", "-A"]);
  runGit(repo, ["commit", "-q", "-m", "initial"]);
  const prompt = join(tmux.home, "prompt.md");
  writeFileSync(prompt, "# Your task\n\n## Issue #1: Add average() to stats.mjs\n");
  const runtime = createTmuxRuntime({ ...tmux.ctx, baseDir: tmux.home }, tmuxRuntimeOptions.parse({}));
  const handle = await runtime.create({
    sessionId: "demo-1",
    cwd: repo,
    argv: [process.execPath, material.agent, "--prompt-file", prompt],
    env: { DEMO_AGENT_STEP_MS: "20" },
  });
  const subjects = () => runGit(repo, ["log", "--format=%s"]).split("\n");
  const screen = () => runtime.capture?.(handle, { lines: 80 }) ?? Promise.resolve("");
  return { repo, runtime, handle, subjects, screen };
}

function nodeTest(cwd: string): number | null {
  return spawnSync(process.execPath, ["--test"], { cwd, encoding: "utf8" }).status;
}

describe("examples/demo-agent (the scripted stand-in)", () => {
  it(
    "commits the task with a failing test, then fixes it when told CI failed",
    { timeout: 60_000 },
    async () => {
      const agent = await startDemoAgent();
      await eventually(() => agent.subjects().includes("feat: add average()"), "the first commit");
      expect(nodeTest(agent.repo)).not.toBe(0);
      expect(await agent.screen()).toContain("it is not an AI");

      const message = [
        "CI failed on your pull request file:///x/pull.json.",
        "",
        "Failing checks:",
        "node --test",
        "",
        "End of the log:",
        "not ok 4 - average of an empty list is 0",
        "",
        "Find the cause, fix it, run the relevant tests locally, then commit and push.",
      ].join("\n");
      const delivery = await agent.runtime.deliver(agent.handle, message);
      expect(delivery.confirmed).toBe(true);
      await eventually(() => agent.subjects()[0] === "fix: average of an empty list is 0", "the fix");
      expect(nodeTest(agent.repo)).toBe(0);
      expect(await agent.screen()).toContain("the failing check is `node --test`: not ok 4");
    },
  );

  it("does nothing with a message its script has no answer for", { timeout: 60_000 }, async () => {
    const agent = await startDemoAgent();
    await eventually(() => agent.subjects().includes("feat: add average()"), "the first commit");
    const delivery = await agent.runtime.deliver(agent.handle, "Please also add a median() function.");
    expect(delivery.confirmed).toBe(true);
    await eventually(
      async () => (await agent.screen()).includes("my script has nothing for it"),
      "the answer",
    );
    expect(agent.subjects()[0]).toBe("feat: add average()");
  });
});
