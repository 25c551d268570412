import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import { AIDER_BYPASS_FLAG, chatHistoryFile, createAiderAgent } from "../../../src/plugins/agent/aider.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { launchInput } from "./fixtures.js";
import { aiderOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

const alive: Liveness = { state: "alive" };
const agent = () => createAiderAgent(aiderOptions.parse({}));

describe("aider (flags from its documentation: aider is not installable here)", () => {
  it("loads the task read-only and keeps its history in .ao/, without touching .gitignore", async () => {
    const input = launchInput("/w");
    const spec = await agent().launch(input);
    expect(spec.argv).toEqual([
      "aider",
      "--read",
      input.promptFile,
      "--chat-history-file",
      "/w/.ao/aider.chat.history.md",
      "--input-history-file",
      "/w/.ao/aider.input.history",
      "--no-gitignore",
    ]);
  });

  it("adds --yes-always only when permissionless", async () => {
    expect((await agent().launch(launchInput("/w"))).argv).not.toContain(AIDER_BYPASS_FLAG);
    expect((await agent().launch(launchInput("/w", { permissions: "permissionless" }))).argv).toContain(
      AIDER_BYPASS_FLAG,
    );
  });

  it("resumes by restoring the chat history file it reported as the session id", async () => {
    const worktree = makeTestRepo().dir;
    mkdirSync(join(worktree, ".ao"));
    writeFileSync(chatHistoryFile(worktree), "#### fix it\n");
    const report = await agent().activity({
      sessionId: "s",
      worktree,
      liveness: alive,
      screen: "Aider v0.86\n> ",
    });
    expect(report).toEqual({
      activity: "idle",
      detail: "prompt is empty",
      agentSessionId: chatHistoryFile(worktree),
    });
    const spec = await agent().resume!({
      ...launchInput(worktree),
      agentSessionId: report.agentSessionId ?? "",
    });
    expect(spec.argv).toContain("--restore-chat-history");
    expect(spec.argv[spec.argv.indexOf("--chat-history-file") + 1]).toBe(chatHistoryFile(worktree));
  });

  it.each([
    ["Run shell command? (Y)es/(N)o/(D)on't ask again [Yes]: ", "needs_input"],
    ["> fix it\n\nWaiting for claude-3-5-sonnet", "working"],
    ["Added a.py to the chat.\nask> ", "idle"],
  ])("reads %j as %s (patterns from aider's source)", async (text, expected) => {
    expect(
      (await agent().activity({ sessionId: "s", worktree: "/w", liveness: alive, screen: text })).activity,
    ).toBe(expected);
  });
});
