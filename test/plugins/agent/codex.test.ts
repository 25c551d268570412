import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import {
  CODEX_BYPASS_FLAG,
  codexHomeFrom,
  createCodexAgent,
  trustOverride,
} from "../../../src/plugins/agent/codex.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { fixture, launchInput, screen } from "./fixtures.js";
import { codexOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

const alive: Liveness = { state: "alive" };
const recordedMeta = (
  JSON.parse(fixture("codex", "rollout.jsonl").split("\n")[0] ?? "{}") as {
    payload: { id: string; cwd: string };
  }
).payload;
const RECORDED_ID = recordedMeta.id;
const RECORDED_CWD = recordedMeta.cwd;
const agent = (codexHome = "/nonexistent", options: Record<string, unknown> = {}) =>
  createCodexAgent(codexOptions.parse(options), codexHome);

/** A CODEX_HOME holding the recorded rollout, moved to `worktree`, cut after `lines` lines. */
function codexHomeWithRollout(worktree: string, lines?: number): string {
  const home = makeTempDir("ao-codex-home-");
  const day = join(home, "sessions", "2026", "11", "29");
  mkdirSync(day, { recursive: true });
  const rollout = fixture("codex", "rollout.jsonl")
    .replaceAll(RECORDED_CWD, worktree)
    .split("\n")
    .filter(Boolean);
  writeFileSync(
    join(day, `rollout-2026-11-29T15-31-17-${RECORDED_ID}.jsonl`),
    `${rollout.slice(0, lines).join("\n")}\n`,
  );
  return home;
}

describe("codex launch and resume", () => {
  it("trusts the worktree for this run only, names the task file in the first prompt, and asks for approvals", async () => {
    const input = launchInput("/work/my.repo");
    const spec = await agent().launch(input);
    expect(spec.argv).toEqual([
      "codex",
      "-c",
      'projects={"/work/my.repo"={trust_level="trusted"}}',
      `Carry out the task described in ${input.promptFile}`,
    ]);
    expect(spec.argv).not.toContain(CODEX_BYPASS_FLAG);
  });

  it("adds the bypass flag only when permissionless, and can leave trust to a person", async () => {
    const input = launchInput("/w", { permissions: "permissionless", model: "gpt-5" });
    const spec = await agent("/x", { trustWorktree: false }).launch(input);
    expect(spec.argv.slice(0, 4)).toEqual(["codex", "--model", "gpt-5", CODEX_BYPASS_FLAG]);
  });

  it("resumes with the `resume` subcommand and the session id, options after the subcommand", async () => {
    const spec = await agent().resume!({ ...launchInput("/w"), agentSessionId: RECORDED_ID });
    expect(spec.argv).toEqual(["codex", "resume", "-c", trustOverride("/w"), RECORDED_ID]);
  });

  it("escapes the worktree path as a TOML string", () => {
    expect(trustOverride('/a "b"\\c')).toBe('projects={"/a \\"b\\"\\\\c"={trust_level="trusted"}}');
  });

  it("finds CODEX_HOME like codex does", () => {
    expect(codexHomeFrom({ CODEX_HOME: "/ch", HOME: "/h" })).toBe("/ch");
    expect(codexHomeFrom({ HOME: "/h" })).toBe("/h/.codex");
  });
});

describe("codex activity", () => {
  it.each([
    ["sign-in", "needs_input"],
    ["folder-trust", "needs_input"],
    ["approval-prompt", "needs_input"],
    ["working", "working"],
    ["idle", "idle"],
    ["idle-after-turn", "idle"],
    ["resumed", "idle"],
  ])("reads the recorded %s screen as %s", async (name, expected) => {
    expect(
      (
        await agent().activity({
          sessionId: "s",
          worktree: "/w",
          liveness: alive,
          screen: screen("codex", name),
        })
      ).activity,
    ).toBe(expected);
  });

  it("says the recorded sign-in screen waits for a login, with no key press suggested", async () => {
    const report = await agent().activity({
      sessionId: "s",
      worktree: "/w",
      liveness: alive,
      screen: screen("codex", "sign-in"),
    });
    expect(report.detail).toContain("codex is waiting for sign-in (Sign in with ChatGPT / API key)");
    expect(report.detail).toContain("`codex login`");
    expect(report.detail).toContain("OPENAI_API_KEY");
    // Enter on that screen picks "Sign in with ChatGPT": the reason must not suggest it.
    expect(report.detail).not.toMatch(/enter/i);
  });

  it("takes the session id and the turn state from the rollout recorded in the worktree", async () => {
    const worktree = makeTempDir("ao-wt-");
    const started = await agent(codexHomeWithRollout(worktree, 9)).activity({
      sessionId: "s",
      worktree,
      liveness: alive,
    });
    expect(started).toMatchObject({ activity: "working", agentSessionId: RECORDED_ID });
    const done = await agent(codexHomeWithRollout(worktree)).activity({
      sessionId: "s",
      worktree,
      liveness: alive,
    });
    expect(done).toMatchObject({ activity: "idle", agentSessionId: RECORDED_ID });
  });

  it("ignores rollouts of other directories", async () => {
    const home = codexHomeWithRollout("/somewhere/else");
    const report = await agent(home).activity({
      sessionId: "s",
      worktree: makeTempDir("ao-wt-"),
      liveness: alive,
      screen: screen("codex", "idle"),
    });
    expect(report).toEqual({ activity: "idle", detail: "prompt is empty" });
  });

  it("keeps a known session id when the process exited", async () => {
    const worktree = makeTempDir("ao-wt-");
    const report = await agent(codexHomeWithRollout(worktree)).activity({
      sessionId: "s",
      worktree,
      liveness: { state: "missing" },
      agentSessionId: RECORDED_ID,
    });
    expect(report).toMatchObject({ activity: "exited", agentSessionId: RECORDED_ID });
  });
});
