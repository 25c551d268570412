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
