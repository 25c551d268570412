import { existsSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { daemonEnvironment, personEnvPath } from "../../../src/core/daemon/daemon-env.js";
import { AO_SECRET_VARIABLES } from "../../../src/core/secret-variables.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

function ctxWith(home: string, env: Record<string, string>) {
  let warned = "";
  const stderr = { write: (text: string) => ((warned += text), true) };
  return { ctx: { env: { AO_HOME: home, ...env }, paths: { home } as never, stderr }, warned: () => warned };
}

describe("the daemon's environment (docs/daemon.md)", () => {
  it("does not depend on the client: `ao mcp`'s short environment gets the recorded person's one", () => {
    const home = makeTempDir("ao-denv-");
    const person = ctxWith(home, {
      PATH: "/person/bin",
      ANTHROPIC_API_KEY: "person-key-123456",
      GITHUB_TOKEN: "forge-token-123456",
      AO_COMMANDER_TOKEN_FILE: "/c/alice.token",
    });
    const started = daemonEnvironment(person.ctx, "caller", AO_SECRET_VARIABLES);
    expect(started["AO_COMMANDER_TOKEN_FILE"]).toBeUndefined();
    expect(started["GITHUB_TOKEN"]).toBe("forge-token-123456");
    const record = readFileSync(personEnvPath({ home }), "utf8");
    expect(record).toContain("person-key-123456");
    expect(record).not.toContain("forge-token-123456");
    expect(statSync(personEnvPath({ home })).mode & 0o777).toBe(0o600);

    const commander = ctxWith(home, {
      PATH: "/usr/bin",
      GITHUB_TOKEN: "forge-token-123456",
      AO_COMMANDER_TOKEN_FILE: "/c/alice.token",
    });
    const fromMcp = daemonEnvironment(commander.ctx, "recorded", AO_SECRET_VARIABLES);
    expect(fromMcp).toMatchObject({ PATH: "/person/bin", ANTHROPIC_API_KEY: "person-key-123456" });
    expect(fromMcp["GITHUB_TOKEN"]).toBe("forge-token-123456");
    expect(fromMcp["AO_COMMANDER_TOKEN_FILE"]).toBeUndefined();
  });

  it("without a record, `ao mcp` says so and passes its own environment minus the commander's token", () => {
    const home = makeTempDir("ao-denv-");
    const commander = ctxWith(home, { PATH: "/usr/bin", AO_COMMANDER_TOKEN: "t-123456789" });
    const env = daemonEnvironment(commander.ctx, "recorded", AO_SECRET_VARIABLES);
    expect(env).toEqual({ AO_HOME: home, PATH: "/usr/bin" });
    expect(commander.warned()).toContain("run `ao start` once from your terminal");
    expect(existsSync(personEnvPath({ home }))).toBe(false);
  });
});
