import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { AO_BIN } from "../helpers/run-ao.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/** Runs `ao <args>` in a pseudo-terminal (util-linux `script`), as a person at a terminal would. */
function inTerminal(e2e: E2e, args: string[]): Promise<number | null> {
  const command = [process.execPath, AO_BIN, ...args]
    .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
    .join(" ");
  // TMUX is set on purpose: attaching must work from inside a person's own tmux.
  const env = { ...e2e.env, TMUX: "/tmp/someone-elses-tmux,1,0", TERM: "xterm-256color" };
  const child = spawn("script", ["-q", "-f", "-e", "-c", command, "/dev/null"], {
    cwd: e2e.configDir,
    env,
    stdio: ["pipe", "ignore", "ignore"],
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
}

function clientsOf(e2e: E2e, session: string): string[] {
  try {
    return e2e
      .tmux(["list-clients", "-t", `=${session}`, "-F", "#{client_tty}"])
      .split("\n")
      .filter(Boolean);
  } catch {
    return [];
  }
}

describe("ao session attach (terminal tmux-attach)", () => {
  it(
    "attaches this terminal to the session and returns 0 when the person detaches",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
      const exited = inTerminal(e2e, ["session", "attach", "app-1"]);
      await eventually(
        () => (clientsOf(e2e, "app-1").length === 1 ? true : undefined),
        "the client to attach",
      );
      e2e.tmux(["detach-client", "-s", "=app-1"]);
      expect(await exited).toBe(0);
    },
  );

  it("spawn --open attaches once the session runs", { timeout: 120_000 }, async () => {
    const e2e = makeE2e();
    const exited = inTerminal(e2e, ["spawn", "app", "Fix the login bug", "--open"]);
    await eventually(() => (clientsOf(e2e, "app-1").length === 1 ? true : undefined), "the client to attach");
    e2e.tmux(["detach-client", "-s", "=app-1"]);
    expect(await exited).toBe(0);
    expect(e2e.sessions()[0]).toMatchObject({ id: "app-1", status: "working" });
  });

  it("says the session is not running, and how to bring it back", { timeout: 120_000 }, () => {
    const e2e = makeE2e();
    expect(e2e.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
    e2e.tmux(["kill-server"]);
    const result = e2e.ao(["session", "attach", "app-1"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("error: app-1 is not running");
    expect(result.stderr).toContain("hint: bring it back with `ao session restore app-1`");
  });
});
