import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { makeE2e, type E2e } from "../e2e/e2e-fixture.js";

/** A port nothing listens on right now (the restart test needs the same port twice). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface DashboardWorld extends E2e {
  /** The URL `ao start --json` printed: it carries the login token in its fragment. */
  url: string;
  daemonPid: number;
  /** Every byte the fake agents received on stdin. */
  inputLog: string;
  /** The fake agents' next turns: `{ workMs, reply, fail }` (FAKE_AGENT_TURNS_FILE). */
  nextTurns(settings: Record<string, unknown>): void;
  startDaemon(): { url: string; pid: number };
  stopDaemon(): void;
}

/**
 * The built `ao` with the fake claude in tmux (or the agent `projectYaml` names), a daemon that cycles every second (so a change
 * shows up without a reload), and its dashboard on `port` (0: any free one).
 */
export function makeDashboardWorld(options: {
  port?: number;
  sessions: string[];
  /** More of the project's YAML (`agent: {plugin: acp, …}`, `scm: …`), as `E2e.writeConfig` takes it. */
  projectYaml?: string;
}): DashboardWorld {
  const e2e = makeE2e();
  const inputLog = `${e2e.userHome}/input.log`;
  const turnsFile = `${e2e.userHome}/turns.json`;
  e2e.env["FAKE_AGENT_INPUT_LOG"] = inputLog;
  e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
  const config = `port: ${options.port ?? 0}\ndaemon:\n  pollInterval: 1s\n  stopTimeout: 10s\n`;
  const writeWorldConfig = (): void => {
    e2e.writeConfig(options.projectYaml);
    const file = `${e2e.configDir}/agent-orchestrator.yaml`;
    writeFileSync(file, config + readFileSync(file, "utf8"));
  };
  writeWorldConfig();
  for (const task of options.sessions) {
    const spawned = e2e.ao(["spawn", "app", task]);
    expect(spawned.exitCode, spawned.stderr).toBe(0);
  }
  const startDaemon = (): { url: string; pid: number } => {
    const started = e2e.ao(["start", "--json"]);
    expect(started.exitCode, started.stderr).toBe(0);
    const json = JSON.parse(started.stdout) as { pid: number; url?: string; dashboard?: { url: string } };
    const url = json.url ?? json.dashboard?.url;
    expect(url, started.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*#.*token=/);
    return { url: url!, pid: json.pid };
  };
  const first = startDaemon();
  const world: DashboardWorld = Object.assign(e2e, {
    url: first.url,
    daemonPid: first.pid,
    inputLog,
    nextTurns: (settings: Record<string, unknown>) => writeFileSync(turnsFile, JSON.stringify(settings)),
    startDaemon,
    stopDaemon: () => {
      const stopped = e2e.ao(["stop"]);
      expect(stopped.exitCode, stopped.stderr).toBe(0);
    },
  });
  return world;
}
