import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { DemoStepKind } from "../../src/core/demo/demo-steps.js";
import type { DemoResult } from "../../src/core/demo/run-demo.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { expectNothingLeft, interruptedDemo, sandboxOf } from "./demo-fixture.js";

/** The steps of the loop, in the order the demo agent's run must show them (others may come between). */
const LOOP: DemoStepKind[] = [
  "sandbox",
  "spawned",
  "agent_committed",
  "pr_opened",
  "ci_running",
  "ci_failed",
  "reaction",
  "agent_committed",
  "ci_passed",
  "review_approved",
  "notified",
  "merged",
  "done",
];

/** A private TMPDIR, so the sandbox's place is known, and an AO_HOME the demo must not touch. */
function world() {
  const tmp = makeTempDir("ao-demo-e2e-");
  const home = makeTempDir("ao-demo-home-");
  return { tmp, home, env: { AO_HOME: home, TMPDIR: tmp, NO_COLOR: "1" } };
}

describe("ao demo", () => {
  it("runs the whole loop to a merge, in order, and leaves nothing behind", { timeout: 240_000 }, () => {
    const { tmp, home, env } = world();
    const run = runAo(["demo", "--json"], { cwd: home, env });
    expect(run.exitCode, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as DemoResult;
    const kinds = result.steps.map((step) => step.kind);
    let position = -1;
    for (const kind of LOOP) {
      const next = kinds.indexOf(kind, position + 1);
      expect(next, `${kind} after ${kinds.slice(0, position + 1).join(", ")}`).toBeGreaterThan(position);
      position = next;
    }
    const titles = result.steps.map((step) => step.title);
    expect(titles.some((title) => /^the agent committed \w+ "feat: add average\(\)"$/.test(title))).toBe(
      true,
    );
    expect(titles.some((title) => /^CI failed on \w{7}: node --test$/.test(title))).toBe(true);
    expect(titles).toContain(
      "reaction ci-failed: sent to the agent (pasted into its pane, submit confirmed)",
    );
    expect(titles.some((title) => title.endsWith('"fix: average of an empty list is 0"'))).toBe(true);
    expect(titles).toContain("notification received: demo-1: approved and green, ready to merge");
    expect(result).toMatchObject({ kept: false, session: "demo-1" });
    expect(result.steps.at(-1)?.title).toMatch(/^done in \d+\.\ds: issue #1 went from spawn to merged/);
    // The progress went to stderr as it happened, the same steps.
    expect(run.stderr).toContain("CI failed on");
    // The person's AO_HOME is not touched: the store, logs and tmux socket were the sandbox's.
    expect(readdirSync(home)).toEqual([]);
    expectNothingLeft(tmp, result.sandbox);
  });

  it(
    "fails with the step it was stuck at when the loop takes too long, and still cleans up",
    { timeout: 120_000 },
    () => {
      const { tmp, home, env } = world();
      const run = runAo(["demo", "--timeout", "1s"], { cwd: home, env });
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toContain("spawned demo-1");
      expect(run.stdout).toMatch(/stuck: no merge after 1s; waiting for /);
      expect(run.stderr).toMatch(/error: the demo loop did not finish in 1s: it was waiting for /);
      expectNothingLeft(tmp, sandboxOf(run.stdout));
    },
  );

  it("stops on Ctrl-C and removes the sandbox all the same", { timeout: 120_000 }, async () => {
    const { tmp, home, env } = world();
    const { code, stdout, stderr } = await interruptedDemo([], {
      cwd: home,
      env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", ...env },
    });
    expect(code, stderr).toBe(130);
    expect(stderr).toContain("error: the demo was interrupted");
    expectNothingLeft(tmp, sandboxOf(stdout));
  });
});
