import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

/** The session fixture with the real lifecycle/core, so `ao status --refresh` decides. */
const withLifecycle = () =>
  makeCliFixture({ plugins: { lifecycle: { core: () => import("../../src/plugins/lifecycle/core.js") } } });

describe("ao status when an agent died (issue 18)", () => {
  it("does not say `working` next to an exited runtime", async () => {
    const f = makeCliFixture();
    await f.ao(["spawn", "app", "Fix it"]);
    const handle = f.runtime.processOf("app-1")!.handle;
    f.runtime.print(handle, "Unable to connect to Anthropic services\n");
    f.runtime.exit(handle, 1);
    const { stdout } = await f.ao(["status"]);
    const row = stdout.split("\n").find((line) => line.startsWith("app-1"));
    expect(row).toMatch(/ exited +- +- +- +\S+ +exited 1 /);
    expect(row).not.toMatch(/working/);
  });

  it("names a session that ended on its own since, instead of letting it vanish", async () => {
    const f = withLifecycle();
    await f.ao(["spawn", "app", "Fix it"]);
    await f.ao(["spawn", "app", "Fix the rest"]);
    const handle = f.runtime.processOf("app-1")!.handle;
    f.runtime.print(handle, "Failed to connect to api.anthropic.com: ENOTFOUND\n");
    f.runtime.exit(handle, 1);
    await f.ao(["status", "--refresh"]);
    await f.ao(["status", "--refresh"]);
    expect(f.session("app-1").status).toBe("exited");
    const { stdout } = await f.ao(["status"]);
    expect(stdout).not.toMatch(/^app-1 /m);
    expect(stdout).toMatch(/^app-2 /m);
    expect(stdout).toContain("1 session ended by itself in the last 24h: app-1 (exited)");
    expect(stdout).toContain("ao session ls --all");
    expect(stdout).toContain("Failed to connect to api.anthropic.com: ENOTFOUND");

    // A session a person ended is no news: it is not listed.
    await f.ao(["session", "kill", "app-2"]);
    const after = await f.ao(["status"]);
    expect(after.stdout).not.toContain("app-2");
    expect(after.stdout).toContain("no sessions");
    expect(after.stdout).toContain("app-1 (exited)");
  });
});

describe("ao status --watch (issue 18)", () => {
  it("keeps the daemon line in every frame", async () => {
    const home = makeTempDir("ao-watch-home-");
    const child = spawn(process.execPath, [AO_BIN, "status", "--watch"], {
      cwd: home,
      env: { PATH: process.env["PATH"] ?? "", HOME: home, AO_HOME: home, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const threeFramesBegun = new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        // A third frame begun: the first two are whole.
        if (out.split("no sessions").length > 3) resolve();
      });
      child.on("exit", (code) => reject(new Error(`ao status --watch exited ${code}: ${out}`)));
    });
    try {
      await threeFramesBegun;
    } finally {
      child.kill("SIGINT");
    }
    const frames = out.split(/(?=no sessions)/).slice(0, 2);
    for (const frame of frames) expect(frame).toContain("daemon: not running (start it with: ao start)");
  });
});
