import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { COMMAND_MODULES } from "../../src/cli/command-modules.js";
import { invokedModules } from "../../src/cli/invoked-modules.js";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

const cli = { action: () => () => Promise.resolve() } as never;

/** The top-level names (and aliases) a module really registers. */
async function registeredNames(load: () => Promise<(program: Command, cli: never) => void>) {
  const program = new Command("ao");
  (await load())(program, cli);
  return program.commands.flatMap((command) => [command.name(), ...command.aliases()]);
}

describe("each command is registered only when it is the one invoked (issue 17: status speed)", () => {
  it("the table names exactly the top-level commands each module registers", async () => {
    for (const module of COMMAND_MODULES) {
      expect(await registeredNames(() => module.load())).toEqual(module.names);
    }
    const all = COMMAND_MODULES.flatMap((module) => module.names);
    expect(new Set(all).size).toBe(all.length);
  });

  it("finds the command after the global options, whatever their spelling", () => {
    const only = (argv: string[]) => invokedModules(argv).map((module) => module.names[0]);
    expect(only(["status", "--json"])).toEqual(["status"]);
    expect(only(["-c", "spawn", "status"])).toEqual(["status"]);
    expect(only(["--config", "a.yaml", "--debug", "send", "app-1", "hi"])).toEqual(["send"]);
    expect(only(["--config=a.yaml", "batch-spawn", "app", "1"])).toEqual(["spawn"]);
    expect(only(["-vc", "a.yaml", "acknowledge"])).toEqual(["report"]);
    expect(only(["-ca.yaml", "-v", "session", "ls"])).toEqual(["session"]);
  });

  it("registers the whole tree for help, completion, no command and names it does not know", () => {
    for (const argv of [
      [],
      ["--help"],
      ["-h", "status"],
      ["help", "status"],
      ["completion", "bash"],
      ["stauts"],
      ["--", "status"],
    ]) {
      expect(invokedModules(argv)).toBe(COMMAND_MODULES);
    }
  });

  it("still suggests the closest command for a typo, and ao --help lists every command but the hidden", async () => {
    const f = makeCliFixture();
    const typo = await f.ao(["stauts"]);
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toContain("(Did you mean status?)");
    const help = await f.ao(["--help"]);
    for (const module of COMMAND_MODULES) {
      for (const name of module.names) {
        const listed = new RegExp(`^  ${name}\\b`, "m");
        if (module.hidden === true) expect(help.stdout).not.toMatch(listed);
        else expect(help.stdout).toMatch(listed);
      }
    }
    expect(
      COMMAND_MODULES.filter((module) => module.hidden === true).flatMap((module) => module.names),
    ).toEqual(["acp-host"]);
  });
});
