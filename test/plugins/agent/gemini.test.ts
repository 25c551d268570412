import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import { createGeminiAgent, GEMINI_BYPASS_FLAG } from "../../../src/plugins/agent/gemini.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { fixture, launchInput, screen } from "./fixtures.js";
import { geminiOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

const alive: Liveness = { state: "alive" };
const agent = (home = "/nonexistent", options: Record<string, unknown> = {}) =>
  createGeminiAgent(geminiOptions.parse(options), home, makeTestContext().exec);

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

describe("gemini turn plumbing", () => {
  const prepare = (worktree: string) =>
    agent(makeTempDir("ao-gemini-home-")).prepareWorkspace!({ sessionId: "app-1", worktree });

  it("trusts the worktree from the start (GEMINI_CLI_TRUST_WORKSPACE), so its settings and hooks load", async () => {
    const worktree = makeTestRepo().dir;
    expect((await agent().launch(launchInput(worktree))).env).toEqual({ GEMINI_CLI_TRUST_WORKSPACE: "true" });
    const resumed = await agent().resume!({ ...launchInput(worktree), agentSessionId: "0199" });
    expect(resumed.env).toEqual({ GEMINI_CLI_TRUST_WORKSPACE: "true" });
    expect((await agent("/x", { trustWorktree: false }).launch(launchInput(worktree))).env).toEqual({});
  });

  it("merges its hooks into .gemini/settings.json, keeps the person's settings, git-ignored, idempotent", async () => {
    const worktree = makeTestRepo().dir;
    const settings = join(worktree, ".gemini", "settings.json");
    mkdirSync(join(worktree, ".gemini"));
    writeFileSync(
      settings,
      JSON.stringify({ ui: { theme: "ANSI" }, hooks: { BeforeAgent: [{ hooks: [] }] } }),
    );
    await prepare(worktree);
    const first = readFileSync(settings, "utf8");
    const written = JSON.parse(first) as {
      ui: unknown;
      hooks: Record<string, { hooks: { name?: string; command: string }[] }[]>;
    };
    expect(written.ui).toEqual({ theme: "ANSI" });
    expect(Object.keys(written.hooks).sort()).toEqual(
      ["AfterAgent", "BeforeAgent", "Notification", "SessionEnd", "SessionStart"].sort(),
    );
    expect(written.hooks["BeforeAgent"]).toHaveLength(2);
    const ours = written.hooks["AfterAgent"]?.[0]?.hooks[0];
    expect(ours?.name).toBe("ao-turns");
    expect(ours?.command).toContain(join(worktree, ".ao", "agent-events.jsonl"));
    await prepare(worktree);
    expect(readFileSync(settings, "utf8")).toBe(first);
    expect(runGit(worktree, ["status", "--porcelain", "--untracked-files=all"])).toBe("");
  });

  it("refuses to change a committed .gemini/settings.json, saying why", async () => {
    const worktree = makeTestRepo().dir;
    mkdirSync(join(worktree, ".gemini"));
    writeFileSync(join(worktree, ".gemini", "settings.json"), "{}\n");
    runGit(worktree, ["add", ".gemini/settings.json"]);
    runGit(worktree, ["commit", "-q", "-m", "gemini settings"]);
    await expect(prepare(worktree)).rejects.toThrow(/is committed to the repository/);
    expect(readFileSync(join(worktree, ".gemini", "settings.json"), "utf8")).toBe("{}\n");
  });

  it("interrupts with Escape (the recorded 'esc to cancel'), which Gemini CLI answers 'Request cancelled.'", () => {
    expect(fixture("gemini", "turns/screens/working-long.txt")).toContain("esc to cancel");
    expect(fixture("gemini", "turns/screens/interrupted.txt")).toContain("Request cancelled.");
    expect(agent().interruptKeys).toEqual(["Escape"]);
  });

  it.each([
    ["model-not-found-dialog", "needs_input"],
    ["daily-quota-dialog", "needs_input"],
    ["working-long", "working"],
    ["completed-after-tool", "idle"],
    ["failed-401", "idle"],
  ])("reads the recorded turn screen %s as %s", async (name, expected) => {
    const report = await agent().activity({
      sessionId: "s",
      worktree: "/w",
      liveness: alive,
      screen: fixture("gemini", `turns/screens/${name}.txt`),
    });
    expect(report.activity).toBe(expected);
  });

  it("reads a spinner past a minute as working", async () => {
    const screenText =
      "> fix it\n ⠴ Thinking... (esc to cancel, 2m 12s)\n >   Type your message or @path/to/file";
    const report = await agent().activity({
      sessionId: "s",
      worktree: "/w",
      liveness: alive,
      screen: screenText,
    });
    expect(report.activity).toBe("working");
  });
});
