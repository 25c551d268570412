import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import { createGeminiAgent, GEMINI_BYPASS_FLAG } from "../../../src/plugins/agent/gemini.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { fixture, launchInput, screen } from "./fixtures.js";
import { geminiOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

const alive: Liveness = { state: "alive" };
const agent = (home = "/nonexistent", options: Record<string, unknown> = {}) =>
  createGeminiAgent(geminiOptions.parse(options), home);

describe("gemini launch and resume", () => {
  it("runs the task as the first interactive prompt, from a copy inside the worktree, git-ignored", async () => {
    const worktree = makeTestRepo().dir;
    const input = launchInput(worktree);
    const spec = await agent().launch(input);
    expect(spec.argv).toEqual([
      "gemini",
      "--skip-trust",
      "--prompt-interactive",
      "Carry out the task described in @.ao/prompt.md",
    ]);
    expect(readFileSync(join(worktree, ".ao", "prompt.md"), "utf8")).toBe(
      readFileSync(input.promptFile, "utf8"),
    );
    expect(runGit(worktree, ["status", "--porcelain", "--untracked-files=all"])).toBe("");
  });

  it("adds --yolo only when permissionless", async () => {
    const worktree = makeTestRepo().dir;
    expect((await agent().launch(launchInput(worktree))).argv).not.toContain(GEMINI_BYPASS_FLAG);
    const spec = await agent("/x", { trustWorktree: false }).launch(
      launchInput(worktree, { permissions: "permissionless", model: "gemini-3" }),
    );
    expect(spec.argv.slice(0, 4)).toEqual(["gemini", "--model", "gemini-3", GEMINI_BYPASS_FLAG]);
  });

  it("resumes by session id", async () => {
    // Gemini prints this on exit (recorded): "To resume this session: gemini --resume <uuid>".
    const id = /gemini --resume ([0-9a-f-]{36})/.exec(screen("gemini", "exited"))?.[1] ?? "";
    const spec = await agent().resume!({ ...launchInput("/w"), agentSessionId: id });
    expect(spec.argv).toEqual(["gemini", "--skip-trust", "--resume", id]);
  });
});

describe("gemini activity", () => {
  it.each([
    ["folder-trust", "needs_input"],
    ["include-directories-trust", "needs_input"],
    ["auth-choice", "needs_input"],
    ["waiting-for-auth", "needs_input"],
    ["outside-workspace-read", "needs_input"],
    ["working", "working"],
    ["working-prompt-file", "working"],
    ["idle", "idle"],
  ])("reads the recorded %s screen as %s", async (name, expected) => {
    expect(
      (
        await agent().activity({
          sessionId: "s",
          worktree: "/w",
          liveness: alive,
          screen: screen("gemini", name),
        })
      ).activity,
    ).toBe(expected);
  });

  it("finds the session id in Gemini's session files for the worktree", async () => {
    const home = makeTempDir("ao-gemini-home-");
    const projects = (JSON.parse(fixture("gemini", "projects.json")) as { projects: Record<string, string> })
      .projects;
    const [worktree, name] = Object.entries(projects).at(-1) ?? ["", ""];
    const { sessionId } = JSON.parse(fixture("gemini", "session-head.jsonl")) as { sessionId: string };
    writeFileSync(join(home, "projects.json"), fixture("gemini", "projects.json"));
    const chats = join(home, "tmp", name, "chats");
    mkdirSync(chats, { recursive: true });
    writeFileSync(
      join(chats, `session-2026-11-29T15-38-${sessionId.slice(0, 8)}.jsonl`),
      fixture("gemini", "session-head.jsonl"),
    );
    const report = await agent(home).activity({
      sessionId: "s",
      worktree,
      liveness: alive,
      screen: screen("gemini", "idle"),
    });
    expect(report).toMatchObject({ activity: "idle", agentSessionId: sessionId });
    const elsewhere = await agent(home).activity({
      sessionId: "s",
      worktree: "/not/registered",
      liveness: alive,
    });
    expect(elsewhere.agentSessionId).toBeUndefined();
  });
});
