import { describe, expect, it } from "vitest";
import type { Liveness } from "../../../src/core/slots/index.js";
import { commandOptions, createCommandAgent } from "../../../src/plugins/agent/command.js";
import { launchInput } from "./fixtures.js";

const alive: Liveness = { state: "alive" };
const make = (options: Record<string, unknown>) => createCommandAgent(commandOptions.parse(options));

describe("command agent", () => {
  const options = {
    argv: ["my-agent", "--prompt-file", "{promptFile}", "--cwd={worktree}"],
    resumeArgv: ["my-agent", "--continue", "{agentSessionId}"],
    permissionlessArgs: ["--yes"],
    env: { MY_AGENT_MODE: "tui" },
    workingPattern: "thinking…",
    idlePattern: "^> $",
    needsInputPattern: "\\[y/N\\]",
    sessionIdPattern: "session ([0-9a-f]+)",
  };

  it("fills the argv template, adds the model and, only when permissionless, the bypass args", async () => {
    const input = launchInput("/w", { model: "m1" });
    const spec = await make(options).launch(input);
    expect(spec).toEqual({
      argv: ["my-agent", "--prompt-file", input.promptFile, "--cwd=/w", "--model", "m1"],
      env: { MY_AGENT_MODE: "tui" },
    });
    expect((await make(options).launch({ ...input, permissions: "permissionless" })).argv.at(-1)).toBe(
      "--yes",
    );
  });

  it("resumes with the resume template, and has no resume without one", async () => {
    const spec = await make(options).resume!({ ...launchInput("/w"), agentSessionId: "abc123" });
    expect(spec.argv).toEqual(["my-agent", "--continue", "abc123"]);
    expect("resume" in make({ argv: ["x"] })).toBe(false);
  });

  it("rejects placeholders it would not fill and patterns that are not regular expressions", () => {
    expect(() => make({ argv: ["x", "{prompt}"] })).toThrow(/\{prompt\}/);
    expect(() => make({ argv: ["x"], resumeArgv: ["x", "{model}"] })).toThrow(/\{model\}/);
    expect(() => commandOptions.parse({ argv: ["x"], idlePattern: "(" })).toThrow();
  });

  it("reads activity and the session id from the screen patterns", async () => {
    const agent = make(options);
    const probe = (screen: string) =>
      agent.activity({ sessionId: "s", worktree: "/w", liveness: alive, screen });
    expect(await probe("session 9f3e started\nthinking…")).toEqual({
      activity: "working",
      detail: "workingPattern matched",
      agentSessionId: "9f3e",
    });
    expect((await probe("Delete it? [y/N]")).activity).toBe("needs_input");
    expect((await probe("done\n> ")).activity).toBe("idle");
    expect((await probe("something else")).activity).toBe("unknown");
    expect(
      (
        await make({ argv: ["x"] }).activity({
          sessionId: "s",
          worktree: "/w",
          liveness: { state: "exited", exitCode: 0 },
        })
      ).activity,
    ).toBe("exited");
  });
});
