import { describe, expect, it } from "vitest";
import type { ExecOptions } from "../../../src/core/exec.js";
import type { PluginContext } from "../../../src/core/registry/define-plugin.js";
import { agentContext } from "../../../src/core/registry/agent-env.js";
import { AO_SECRET_VARIABLES } from "../../../src/core/secret-variables.js";

describe("agentContext (what a runtime and its agents inherit)", () => {
  it("keeps the person's environment and removes ao's secrets, also from every process it starts", async () => {
    const seen: ExecOptions[] = [];
    const ctx = {
      env: {
        HOME: "/h",
        ANTHROPIC_API_KEY: "k",
        GITHUB_TOKEN: "g",
        AO_COMMANDER_TOKEN_FILE: "/f",
        HOOK: "s",
      },
      exec: (_file: string, _args: readonly string[], options: ExecOptions = {}) => {
        seen.push(options);
        return Promise.resolve({} as never);
      },
    } as unknown as PluginContext;
    const runtime = agentContext(ctx, [...AO_SECRET_VARIABLES, "HOOK"]);
    expect(runtime.env).toEqual({ HOME: "/h", ANTHROPIC_API_KEY: "k" });
    await runtime.exec("tmux", ["new-session"], { env: { TMUX: undefined } });
    expect(seen[0]?.env).toMatchObject({ TMUX: undefined, GITHUB_TOKEN: undefined, HOOK: undefined });
    expect(Object.hasOwn(seen[0]?.env ?? {}, "AO_COMMANDER_TOKEN_FILE")).toBe(true);
  });
});
