import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import { agentEventsFile } from "../../../src/plugins/agent/_shared/agent-events.js";
import { RECEIVED_AT_KEY } from "../../../src/plugins/agent/_shared/hook-recorder.js";
import { CLAUDE_BYPASS_FLAG, createClaudeCodeAgent } from "../../../src/plugins/agent/claude-code.js";
import { CLAUDE_HOOK_EVENTS } from "../../../src/plugins/agent/claude-code/settings-hooks.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { fixture, launchInput, screen, tempClaudePaths } from "./fixtures.js";
import { appendJsonl, turnLines } from "./turn-fixtures.js";
import { claudeCodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

const alive: Liveness = { state: "alive" };
const agent = (options: Record<string, unknown> = {}) =>
  createClaudeCodeAgent(claudeCodeOptions.parse(options), process.execPath, tempClaudePaths());

describe("claude-code launch and resume", () => {
  it("hands over the task as an @file mention, with no permission flag by default", async () => {
    const input = launchInput("/w");
    const spec = await agent().launch(input);
    expect(spec.argv).toEqual(["claude", `Carry out the task described in @${input.promptFile}`]);
    expect(spec.env).toEqual({});
  });

  it("adds --dangerously-skip-permissions only when permissionless", async () => {
    const input = launchInput("/w", { model: "opus" });
    expect((await agent().launch(input)).argv).not.toContain(CLAUDE_BYPASS_FLAG);
    const bypass = await agent({ permissionMode: "acceptEdits" }).launch({
      ...input,
      permissions: "permissionless",
    });
    expect(bypass.argv.slice(0, 4)).toEqual(["claude", "--model", "opus", CLAUDE_BYPASS_FLAG]);
    expect(bypass.argv).not.toContain("--permission-mode");
  });

  it("passes a configured permission mode in the default permissions", async () => {
    const spec = await agent({
      permissionMode: "acceptEdits",
      command: "/opt/claude",
      args: ["--verbose"],
    }).launch(launchInput("/w"));
    expect(spec.argv.slice(0, 4)).toEqual(["/opt/claude", "--permission-mode", "acceptEdits", "--verbose"]);
  });

  it("quotes a prompt path with spaces the way Claude Code reads @-mentions", async () => {
    const spec = await agent().launch({ ...launchInput("/w"), promptFile: "/a b/prompt.md" });
    expect(spec.argv.at(-1)).toBe('Carry out the task described in @"/a b/prompt.md"');
  });

  it("resumes the conversation by its session id, without re-sending the task", async () => {
    // Claude Code prints the same command when it exits (recorded): "claude --resume <id>".
    const id = /claude --resume ([0-9a-f-]{36})/.exec(screen("claude", "exited"))?.[1] ?? "";
    const spec = await agent().resume!({ ...launchInput("/w"), agentSessionId: id });
    expect(spec.argv).toEqual(["claude", "--resume", id]);
    expect(screen("claude", "exited")).toContain(spec.argv.join(" "));
  });
});

describe("claude-code workspace hooks", () => {
  it("writes every hook into .claude/settings.local.json, keeps other settings, and leaves git clean", async () => {
    const worktree = makeTestRepo().dir;
    mkdirSync(join(worktree, ".claude"));
    const settingsFile = join(worktree, ".claude", "settings.local.json");
    writeFileSync(
      settingsFile,
      JSON.stringify({
        permissions: { allow: ["Bash(npm test)"] },
        hooks: { Stop: [{ hooks: [{ type: "command", command: "echo mine" }] }] },
      }),
    );
    await agent().prepareWorkspace!({ sessionId: "app-1", worktree });
    const first = readFileSync(settingsFile, "utf8");
    await agent().prepareWorkspace!({ sessionId: "app-1", worktree });
    expect(readFileSync(settingsFile, "utf8")).toBe(first);
    const settings = JSON.parse(first) as {
      permissions: unknown;
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    expect(settings.permissions).toEqual({ allow: ["Bash(npm test)"] });
    expect(Object.keys(settings.hooks).sort()).toEqual([...CLAUDE_HOOK_EVENTS].sort());
    expect(settings.hooks["Stop"]?.map((entry) => entry.hooks[0]?.command)).toContain("echo mine");
    expect(runGit(worktree, ["status", "--porcelain", "--untracked-files=all"])).toBe("");
  });

  it("installs a hook command that appends the event JSON from stdin to .ao/agent-events.jsonl", async () => {
    const worktree = makeTestRepo().dir;
    await agent().prepareWorkspace!({ sessionId: "app-1", worktree });
    const settings = JSON.parse(readFileSync(join(worktree, ".claude", "settings.local.json"), "utf8")) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    const command = settings.hooks["SessionStart"]?.[0]?.hooks[0]?.command ?? "";
    const payload = fixture("claude", "hook-events.jsonl").split("\n")[0] ?? "";
    const before = Date.now();
    execFileSync("/bin/sh", ["-c", command], { input: `${payload}\n`, cwd: worktree });
    const lines = readFileSync(agentEventsFile(worktree), "utf8").split("\n");
    expect(lines).toHaveLength(2);
    const { [RECEIVED_AT_KEY]: receivedAt, ...event } = JSON.parse(lines[0] ?? "") as Record<string, unknown>;
    // The payload as Claude Code sent it, stamped with its arrival (hook payloads carry no time).
    expect(event).toEqual(JSON.parse(payload));
    expect(receivedAt).toBeGreaterThanOrEqual(before);
    expect(receivedAt).toBeLessThanOrEqual(Date.now());
  });

  it("hides only its own files in .ao/: the local tracker's issues there stay visible to git", async () => {
    const worktree = makeTestRepo().dir;
    await agent().prepareWorkspace!({ sessionId: "app-1", worktree });
    writeFileSync(agentEventsFile(worktree), "{}\n");
    mkdirSync(join(worktree, ".ao", "issues"));
    writeFileSync(join(worktree, ".ao", "issues", "1-fix.md"), "# fix\n");
    expect(runGit(worktree, ["status", "--porcelain", "--untracked-files=all"])).toBe(
      "?? .ao/issues/1-fix.md",
    );
  });

  it("refuses to overwrite a settings file that is not JSON", async () => {
    const worktree = makeTestRepo().dir;
    mkdirSync(join(worktree, ".claude"));
    writeFileSync(join(worktree, ".claude", "settings.local.json"), "{ not json");
    await expect(agent().prepareWorkspace!({ sessionId: "app-1", worktree })).rejects.toThrow(
      /is not a JSON object/,
    );
  });
});

describe("claude-code activity", () => {
  const worktreeWithEvents = (lines: string[]): string => {
    const worktree = makeTestRepo().dir;
    mkdirSync(join(worktree, ".ao"));
    writeFileSync(agentEventsFile(worktree), lines.map((line) => `${line}\n`).join(""));
    return worktree;
  };
  const recorded = fixture("claude", "hook-events.jsonl")
    .split("\n")
    .filter((line) => line.trim() !== "");

  it.each([
    ["folder-trust", "needs_input"],
    ["custom-api-key", "needs_input"],
    ["permission-prompt", "needs_input"],
    ["idle-not-logged-in", "needs_input"],
    ["first-run-offline", "needs_input"],
    ["working", "working"],
    ["working-prompt-argument", "working"],
    ["idle", "idle"],
    ["idle-after-turn", "idle"],
    ["idle-after-prompt-file", "idle"],
    ["resumed", "idle"],
  ])("reads the recorded %s screen as %s when no hook has fired", async (name, expected) => {
    const report = await agent().activity({
      sessionId: "s",
      worktree: makeTestRepo().dir,
      liveness: alive,
      screen: screen("claude", name),
    });
    expect(report.activity).toBe(expected);
  });

  it("explains the folder-trust dialog", async () => {
    const report = await agent().activity({
      sessionId: "s",
      worktree: "/nonexistent",
      liveness: alive,
      screen: screen("claude", "folder-trust"),
    });
    expect(report.detail).toMatch(/folder trust/);
  });

  const recordedSessionId = (JSON.parse(recorded[0] ?? "{}") as { session_id: string }).session_id;

  it("takes the session id and the activity from the recorded hook events", async () => {
    const sessionId = recordedSessionId;
    const upTo = (event: string, nth = 1) => {
      const indexes = recorded.flatMap((line, index) =>
        line.includes(`"hook_event_name":"${event}"`) ? [index] : [],
      );
      return worktreeWithEvents(recorded.slice(0, (indexes[nth - 1] ?? -1) + 1));
    };
    const probe = (worktree: string) => agent().activity({ sessionId: "s", worktree, liveness: alive });
    expect(await probe(upTo("SessionStart"))).toMatchObject({ activity: "idle", agentSessionId: sessionId });
    expect(await probe(upTo("UserPromptSubmit"))).toMatchObject({
      activity: "working",
      agentSessionId: sessionId,
    });
    expect(await probe(upTo("PreToolUse"))).toMatchObject({ activity: "working" });
    expect(await probe(upTo("Notification"))).toMatchObject({
      activity: "needs_input",
      detail: "Claude needs your permission",
    });
    expect(await probe(upTo("Stop", 2))).toMatchObject({ activity: "idle", agentSessionId: sessionId });
  });

  it("lets a dialog on screen outrank the hooks, which report permission prompts late", async () => {
    const worktree = worktreeWithEvents(recorded.slice(0, 2));
    const report = await agent().activity({
      sessionId: "s",
      worktree,
      liveness: alive,
      screen: screen("claude", "permission-prompt"),
    });
    expect(report.activity).toBe("needs_input");
  });

  it("reports exited only from the runtime, keeping the session id for resume", async () => {
    const worktree = worktreeWithEvents(recorded);
    const exited = await agent().activity({
      sessionId: "s",
      worktree,
      liveness: { state: "exited", exitCode: 0 },
      screen: screen("claude", "exited"),
    });
    expect(exited).toMatchObject({ activity: "exited", agentSessionId: recordedSessionId });
    const unknown = await agent().activity({
      sessionId: "s",
      worktree,
      liveness: { state: "unknown", reason: "tmux busy" },
    });
    expect(unknown.activity).toBe("unknown");
  });

  it("reads a turn a person interrupted (no hook runs, the transcript says so) as idle", async () => {
    const transcript = join(makeTempDir("ao-claude-projects-"), "session.jsonl");
    const hooks = turnLines("claude", "interrupted", "hooks").map((line) =>
      JSON.stringify({ ...line, transcript_path: transcript }),
    );
    const worktree = worktreeWithEvents(hooks);
    const entries = turnLines("claude", "interrupted", "transcript");
    const marker = entries.findIndex((entry) =>
      JSON.stringify(entry).includes("[Request interrupted by user"),
    );
    appendJsonl(transcript, entries.slice(0, marker));
    const probe = () => agent().activity({ sessionId: "s", worktree, liveness: alive });
    expect(await probe()).toMatchObject({ activity: "working" });
    appendJsonl(transcript, entries.slice(marker));
    expect(await probe()).toMatchObject({ activity: "idle", detail: "turn interrupted" });
  });

  it("ignores a torn last line in the events file", async () => {
    const worktree = worktreeWithEvents([...recorded.slice(0, 2), '{"session_id":"half']);
    expect(existsSync(agentEventsFile(worktree))).toBe(true);
    expect((await agent().activity({ sessionId: "s", worktree, liveness: alive })).activity).toBe("working");
  });
});
