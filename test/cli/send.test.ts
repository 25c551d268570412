import { describe, expect, it } from "vitest";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

const MULTILINE = 'first line; rm -rf / `id` $(whoami)\n  second "line" | & > <\n';

describe("ao send", () => {
  it("sends words, a file or stdin, and exits 0 once the delivery is confirmed", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    expect((await f.ao(["send", "app-1", "run", "the", "tests"])).exitCode).toBe(0);
    const piped = await f.ao(["send", "app-1", "--json"], { stdin: MULTILINE });
    expect(piped.exitCode).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({
      session: "app-1",
      confirmed: true,
      bytes: Buffer.byteLength(MULTILINE),
    });
    expect(f.runtime.processOf("app-1")?.transcript).toEqual(["run the tests", MULTILINE]);
  });

  it("exits 1 when the delivery is not confirmed, and names the session when it does not exist", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    f.runtime.processOf("app-1")!.unresponsive = true;
    const unconfirmed = await f.ao(["send", "app-1", "hello"]);
    expect(unconfirmed.exitCode).toBe(1);
    expect(unconfirmed.stderr).toContain("error: the message to app-1 was pasted but not confirmed");
    const missing = await f.ao(["send", "app-7", "hello"]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("error: no session app-7");
  });

  it("--no-wait exits 0 once the text is submitted, saying what was not confirmed", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    f.runtime.processOf("app-1")!.unresponsive = true;
    const sent = await f.ao(["send", "app-1", "--no-wait", "run", "the", "tests"]);
    expect(sent.exitCode).toBe(0);
    expect(sent.stderr).toContain(
      "app-1: delivered 13 bytes and pressed Enter once; not confirmed that the agent started on it (--no-wait)",
    );
    expect(f.runtime.deliveries.at(-1)).toEqual({ confirm: false });
    const json = await f.ao(["send", "app-1", "--no-wait", "--json", "again"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ confirmed: false, submitted: true, waited: false });
    expect(f.runtime.processOf("app-1")?.transcript).toEqual(["run the tests", "again"]);
  });

  it("documents --no-wait in its help", async () => {
    const f = makeCliFixture();
    const help = await f.ao(["send", "--help"]);
    expect(help.stdout).toContain("--no-wait");
    expect(help.stdout).toContain("without waiting for the agent to start on it");
  });
});
