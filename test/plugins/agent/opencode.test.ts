import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import { createOpencodeAgent, OPENCODE_BYPASS_FLAG } from "../../../src/plugins/agent/opencode.js";
import { newestSessionIn } from "../../../src/plugins/agent/opencode/session-list.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { fixture, launchInput, screen } from "./fixtures.js";
import { opencodeOptions } from "../../../src/plugins/agent/_shared/plugin-options.js";

const alive: Liveness = { state: "alive" };
const agent = () =>
  createOpencodeAgent(opencodeOptions.parse({ command: "/nonexistent/opencode" }), makeTestContext().exec);

describe("opencode launch and resume", () => {
  it("sends the first message with the task file attached and stays interactive", async () => {
    const input = launchInput("/w");
    const spec = await agent().launch(input);
    expect(spec.argv).toEqual([
      "/nonexistent/opencode",
      "run",
      "--interactive",
      "--file",
      input.promptFile,
      "--",
      "Carry out the task described in the attached file",
    ]);
  });

  it("adds --auto only when permissionless", async () => {
    const input = launchInput("/w", { permissions: "permissionless", model: "anthropic/claude" });
    expect((await agent().launch({ ...input, permissions: "default" })).argv).not.toContain(
      OPENCODE_BYPASS_FLAG,
    );
    expect((await agent().launch(input)).argv.slice(3, 6)).toEqual([
      "--model",
      "anthropic/claude",
      OPENCODE_BYPASS_FLAG,
    ]);
  });

  it("resumes in the TUI with --session, as opencode suggests on exit", async () => {
    const id = /opencode -s (ses_\w+)/.exec(screen("opencode", "exited"))?.[1] ?? "";
    expect(id).not.toBe("");
    const spec = await agent().resume!({ ...launchInput("/w"), agentSessionId: id });
    expect(spec.argv).toEqual(["/nonexistent/opencode", "--session", id]);
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
