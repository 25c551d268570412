import { spawn, type ChildProcess } from "node:child_process";
import type { AoContext } from "../context.js";
import { findOnPath } from "../find-on-path.js";
import type { DaemonLog } from "./daemon-log.js";

/** The inhibitor each platform has, and the argv that holds it until the process is ended. */
const INHIBITORS: Readonly<Record<string, { file: string; args: readonly string[] }>> = {
  linux: {
    file: "systemd-inhibit",
    args: [
      "--what=idle:sleep",
      "--who=ao",
      "--why=coding agents are working",
      "--mode=block",
      "sleep",
      "infinity",
    ],
  },
  darwin: { file: "caffeinate", args: ["-i"] },
};

/**
 * `power.preventIdleSleep`: while at least one agent works, the daemon holds the platform's idle-sleep
 * inhibitor (a child it ends when no agent works, and when it stops). Like spawn-detached.ts, one of
 * the few places a long-lived process starts outside exec.ts: an argument array, never a shell.
 * Without the program on PATH it says so once in the daemon log and does nothing.
 */
export class KeepAwake {
  private child: ChildProcess | undefined;
  private missingLogged = false;

  constructor(
    private readonly ctx: Pick<AoContext, "env" | "cwd">,
    private readonly platform: string,
    private readonly log: DaemonLog,
  ) {}

  /** Called after each cycle with whether any session's agent is working. */
  async update(working: boolean): Promise<void> {
    if (!working) return this.release();
    if (this.child !== undefined) return;
    const inhibitor = INHIBITORS[this.platform];
    const file = inhibitor && (await findOnPath(inhibitor.file, this.ctx.env["PATH"]));
    if (inhibitor === undefined || file === undefined) {
      if (!this.missingLogged)
        this.log.info(
          `power.preventIdleSleep: no ${inhibitor?.file ?? "inhibitor for " + this.platform} on PATH; the machine may sleep`,
        );
      this.missingLogged = true;
      return;
    }
    const child = spawn(file, inhibitor.args, {
      cwd: this.ctx.cwd,
      env: definedOnly(this.ctx.env),
      stdio: "ignore",
    });
    child.on("error", (error) =>
      this.log.error(`power.preventIdleSleep: ${inhibitor.file} failed: ${error.message}`),
    );
    child.on("exit", () => {
      if (this.child === child) this.child = undefined;
    });
    this.child = child;
    this.log.info(
      `power.preventIdleSleep: holding ${inhibitor.file} (pid ${String(child.pid)}) while agents work`,
    );
  }

  /** Ends the inhibitor, if held, and waits for it to go. */
  async release(): Promise<void> {
    const child = this.child;
    if (child === undefined) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    await gone;
    this.log.info("power.preventIdleSleep: released (no agent working)");
  }

  /** The inhibitor's pid while held (tests and `ao status` ask). */
  get heldBy(): number | undefined {
    return this.child?.pid;
  }
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
