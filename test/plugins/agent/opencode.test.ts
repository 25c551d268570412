import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import { createOpencodeAgent, OPENCODE_ALLOW_ALL } from "../../../src/plugins/agent/opencode.js";
import { newestSessionIn } from "../../../src/plugins/agent/opencode/session-list.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { fixture, launchInput, screen } from "./fixtures.js";
import { opencodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

const alive: Liveness = { state: "alive" };
const agent = (env: Record<string, string> = {}) =>
  createOpencodeAgent(
    opencodeOptions.parse({ command: "/nonexistent/opencode" }),
    makeTestContext().exec,
    env,
  );

describe("opencode launch and resume", () => {
  it("submits the first message in --mini and stays interactive, naming a git-ignored copy of the task", async () => {
    const worktree = makeTestRepo().dir;
    const input = launchInput(worktree);
    const spec = await agent().launch(input);
    expect(spec.argv).toEqual([
      "/nonexistent/opencode",
      "--mini",
      "--prompt",
      "Carry out the task described in .ao/prompt.md",
    ]);
    expect(readFileSync(join(worktree, ".ao", "prompt.md"), "utf8")).toBe(
      readFileSync(input.promptFile, "utf8"),
    );
    expect(runGit(worktree, ["status", "--porcelain", "--untracked-files=all"])).toBe("");
  });

  it("loads ao's turn plugin through OPENCODE_CONFIG_CONTENT, keeping a config the person exported", async () => {
    const worktree = makeTestRepo().dir;
    const plain = await agent().launch(launchInput(worktree));
    const spec = pathToFileURL(join(worktree, ".ao", "opencode-turns.js")).href;
    expect(JSON.parse(plain.env["OPENCODE_CONFIG_CONTENT"] ?? "")).toEqual({ plugin: [spec] });
    const theirs = JSON.stringify({ model: "anthropic/claude", plugin: ["opencode-wakatime"] });
    const kept = await agent({ OPENCODE_CONFIG_CONTENT: theirs }).resume!({
      ...launchInput(worktree),
      agentSessionId: "ses_1",
    });
    expect(JSON.parse(kept.env["OPENCODE_CONFIG_CONTENT"] ?? "")).toEqual({
      model: "anthropic/claude",
      plugin: ["opencode-wakatime", spec],
    });
    await expect(agent({ OPENCODE_CONFIG_CONTENT: "[1]" }).launch(launchInput(worktree))).rejects.toThrow(
      /OPENCODE_CONFIG_CONTENT .* is not a JSON object/,
    );
  });

  it("allows every permission only when permissionless, in OPENCODE_CONFIG_CONTENT (--mini ignores --auto)", async () => {
    // Recorded: `--mini --auto` still shows "Permission required"; a "*": "allow" rule does not.
    expect(fixture("opencode", "turns/screens/permission-prompt-with-auto.txt")).toContain(
      "Permission required",
    );
    const worktree = makeTestRepo().dir;
    const config = async (permissions: "default" | "permissionless", env: Record<string, string> = {}) => {
      const spec = await agent(env).launch(launchInput(worktree, { permissions, model: "anthropic/claude" }));
      expect(spec.argv.slice(1, 4)).toEqual(["--mini", "--model", "anthropic/claude"]);
      return JSON.parse(spec.env["OPENCODE_CONFIG_CONTENT"] ?? "") as Record<string, unknown>;
    };
    expect((await config("default"))["permission"]).toBeUndefined();
    expect((await config("permissionless"))["permission"]).toEqual(OPENCODE_ALLOW_ALL);
    const theirs = JSON.stringify({ permission: { bash: "deny" } });
    expect((await config("permissionless", { OPENCODE_CONFIG_CONTENT: theirs }))["permission"]).toEqual({
      "*": "allow",
      bash: "deny",
    });
  });

  it("resumes in --mini with --session, as opencode suggests on exit", async () => {
    const id =
      /opencode --mini -s (ses_\w+)/.exec(fixture("opencode", "turns/screens/exited.txt"))?.[1] ?? "";
    expect(id).not.toBe("");
    const spec = await agent().resume!({ ...launchInput("/w"), agentSessionId: id });
    expect(spec.argv).toEqual(["/nonexistent/opencode", "--mini", "--session", id]);
  });

  it("writes its plugin into the worktree's .ao/, git-ignored, and a second time changes nothing", async () => {
    const worktree = makeTestRepo().dir;
    await agent().prepareWorkspace!({ sessionId: "app-1", worktree });
    const plugin = join(worktree, ".ao", "opencode-turns.js");
    const first = readFileSync(plugin, "utf8");
    expect(first).toContain(JSON.stringify(join(worktree, ".ao", "agent-events.jsonl")));
    await agent().prepareWorkspace!({ sessionId: "app-1", worktree });
    expect(readFileSync(plugin, "utf8")).toBe(first);
    expect(runGit(worktree, ["status", "--porcelain", "--untracked-files=all"])).toBe("");
    expect(existsSync(join(worktree, ".opencode"))).toBe(false);
  });

  it("presses Escape twice to interrupt: the first only arms it (recorded)", () => {
    expect(fixture("opencode", "turns/screens/interrupt-once.txt")).toContain("esc again to interrupt");
    expect(agent().interruptKeys).toEqual(["Escape", "Escape"]);
  });
});

describe("opencode activity", () => {
  it.each([
    ["working", "working"],
    ["idle", "idle"],
  ])("reads the recorded %s screen as %s", async (name, expected) => {
    expect(
      (
        await agent().activity({
          sessionId: "s",
          worktree: "/w",
          liveness: alive,
          screen: screen("opencode", name),
        })
      ).activity,
    ).toBe(expected);
  });

  it("picks the newest session of the worktree from `session list --format json`", () => {
    const recorded = fixture("opencode", "session-list.json");
    const [listed] = JSON.parse(recorded) as { id: string; directory: string }[];
    expect(newestSessionIn(recorded, listed?.directory ?? "")).toBe(listed?.id);
    expect(newestSessionIn(recorded, "/elsewhere")).toBeUndefined();
    expect(newestSessionIn("not json", "/w")).toBeUndefined();
  });
});

describe("opencode --mini screens", () => {
  it.each([
    ["completed", "idle"],
    ["interrupted", "idle"],
    ["working-long", "working"],
    ["interrupt-once", "working"],
    ["permission-prompt", "needs_input"],
  ])("reads the recorded %s screen as %s", async (name, expected) => {
    const report = await agent().activity({
      sessionId: "s",
      worktree: "/w",
      liveness: alive,
      agentSessionId: "ses_1",
      screen: fixture("opencode", `turns/screens/${name}.txt`),
    });
    expect(report.activity).toBe(expected);
  });
});
