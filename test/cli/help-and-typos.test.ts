import { describe, expect, it } from "vitest";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

describe("names that do not exist are errors with hints (issue 18)", () => {
  it("ao help <command> prints that command's help; ao help nosuch is a usage error", async () => {
    const f = makeCliFixture();
    const status = await f.ao(["help", "status"]);
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain("Usage: ao status");
    const kill = await f.ao(["help", "session", "kill"]);
    expect(kill.stdout).toContain("Usage: ao session kill");
    const nosuch = await f.ao(["help", "nosuch"]);
    expect(nosuch.exitCode).toBe(2);
    expect(nosuch.stderr).toContain('no command "nosuch"');
    const typo = await f.ao(["help", "stauts"]);
    expect(typo.stderr).toContain('did you mean "status"?');
  });

  it("ao events --session for a session that does not exist is an error, not 'no events'", async () => {
    const f = makeCliFixture();
    const result = await f.ao(["events", "--session", "nope-9"]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).not.toContain("no events");
    expect(result.stderr).toContain("no session nope-9");
    expect(result.stderr).toContain("ao session ls --all");
    await f.ao(["spawn", "app", "Fix it"]);
    expect((await f.ao(["events", "--session", "app-1"])).exitCode).toBe(0);
  });
});

describe("help pages have examples (issue 18)", () => {
  /** Every command path of the real tree, from `ao help`'s own listing down. */
  async function commandPaths(): Promise<string[]> {
    const { buildProgram } = await import("../../src/cli/program.js");
    const program = await buildProgram({ action: () => () => Promise.resolve() } as never, "0.0.0", {});
    const paths: string[] = [];
    const walk = (command: typeof program, path: string[]): void => {
      for (const sub of command.commands) {
        paths.push([...path, sub.name()].join(" "));
        walk(sub, [...path, sub.name()]);
      }
    };
    walk(program, []);
    return paths;
  }

  it("every command's --help has an Examples section that runs that command", async () => {
    const f = makeCliFixture();
    const paths = await commandPaths();
    expect(paths.length).toBeGreaterThan(50);
    const without: string[] = [];
    for (const path of paths) {
      const help = await f.ao([...path.split(" "), "--help"]);
      const examples = help.stdout.split("\nExamples:\n")[1] ?? "";
      // At least one example runs this very command (a group's may run its subcommands).
      const own = examples.split("\n").filter((line) => line.startsWith(`  ao ${path}`));
      if (help.exitCode !== 0 || own.length === 0) without.push(path);
    }
    expect(without).toEqual([]);
  });

  it("ao --help has examples and names AO_HOME and AO_CONFIG_PATH", async () => {
    const help = await makeCliFixture().ao(["--help"]);
    expect(help.stdout).toContain("\nExamples:\n  ao init --auto\n");
    expect(help.stdout).toMatch(/\n {2}AO_HOME {10}where ao keeps its state/);
    expect(help.stdout).toMatch(/\n {2}AO_CONFIG_PATH {3}the configuration file/);
  });
});
