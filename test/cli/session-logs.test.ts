import { describe, expect, it } from "vitest";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

describe("ao session logs (issue 18)", () => {
  it("prints a dead agent's screen, then the kept lines once the pane is gone", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    const handle = f.runtime.processOf("app-1")!.handle;
    f.runtime.print(
      handle,
      "Unable to connect to Anthropic services\nkey sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123\n",
    );
    f.runtime.exit(handle, 1);
    const dead = await f.ao(["session", "logs", "app-1"]);
    expect(dead.exitCode).toBe(0);
    expect(dead.stdout).toContain("Unable to connect to Anthropic services");
    expect(dead.stdout).not.toContain("sk-ant-api03");

    await f.ao(["status"]); // the first look keeps the exit
    f.runtime.vanish(handle);
    const gone = await f.ao(["session", "logs", "app-1", "--json"]);
    expect(JSON.parse(gone.stdout)).toMatchObject({
      session: "app-1",
      source: "kept",
      text: expect.stringContaining("Unable to connect to Anthropic services") as unknown,
    });
    const text = await f.ao(["session", "logs", "app-1"]);
    expect(text.stderr).toContain("what ao kept when the agent exited");
  });

  it("refuses a bad --lines and an unknown session with hints", async () => {
    const f = makeCliFixture();
    const bad = await f.ao(["session", "logs", "app-1", "--lines", "ten"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--lines must be a whole number");
    const unknown = await f.ao(["session", "logs", "nope-9"]);
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain("nope-9");
  });
});
