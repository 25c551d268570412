import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "./e2e-fixture.js";
import { makeMcpWorld, type McpWorld } from "./mcp-fixture.js";

/**
 * Issue 25's "Done when": during a spawn through the built ao (a commander's `ao mcp` starts the
 * daemon, real tmux, the fake claude), with a commander token file, a webhook secret (under a
 * variable the config names) and forge tokens in the environment, no file under AO_HOME, nothing
 * in tmux's global environment, no agent process's environment and no command line in `ps -ef`
 * holds any of them, and the daemon's environment holds no commander token. The commander token's
 * own 0600 file is the one place it belongs.
 */
const worlds: McpWorld[] = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.stopDaemon();
});

const unique = (label: string) => `${label}-${randomBytes(12).toString("hex")}`;

describe("secrets stay where they belong (issue 25)", () => {
  it("reach no agent, no tmux environment, no command line and no file under AO_HOME", async () => {
    const world = makeMcpWorld(
      "controlPlane:\n  enabled: true\n  sendBoundS: 20\ndaemon:\n  webhookSecretEnv: AO_TEST_HOOK_KEY\n",
    );
    worlds.push(world);
    const secrets = { forge: unique("forge-token"), gh: unique("gh-token"), hook: unique("hook-secret") };
    Object.assign(world.env, {
      GITHUB_TOKEN: secrets.forge,
      GH_TOKEN: secrets.gh,
      AO_TEST_HOOK_KEY: secrets.hook,
      AO_GITHUB_WEBHOOK_SECRET: secrets.hook,
      PERSON_OWN_SETTING: "kept-for-agents",
    });
    const alice = await world.commander("alice");
    const opened = await alice.call("open_session", { agent: "claude-code", name: "w1", task: "Say ready." });
    expect(opened.isError, opened.text).toBe(false);
    const panes = await eventually(() => nonEmpty(panePids(world)), "the worker's pane");
    const tokenFile = join(world.home, "control", "commanders", "alice.token");
    const commanderToken = readFileSync(tokenFile, "utf8").trim();
    const forbidden = [secrets.forge, secrets.gh, secrets.hook, commanderToken];

    const globalEnv = world.tmux(["show-environment", "-g"]);
    expect(globalEnv).toContain("PERSON_OWN_SETTING=kept-for-agents");
    expectNone(globalEnv, [...forbidden, "AO_COMMANDER_TOKEN_FILE"], "tmux show-environment -g");

    // The daemon `ao mcp` started keeps the forge token and the webhook secret (its own), never the
    // commander's token or its file (docs/daemon.md, "The daemon's environment").
    const daemonPid = world.daemonPid();
    expect(daemonPid, "the daemon's pid").toBeDefined();
    const daemonEnv = readEnviron(daemonPid ?? 0) ?? "";
    expect(daemonEnv).toContain("PERSON_OWN_SETTING=kept-for-agents");
    expectNone(
      daemonEnv,
      [commanderToken, "AO_COMMANDER_TOKEN_FILE="],
      `the daemon's /proc/${daemonPid}/environ`,
    );

    const agents = descendantsOf(panes);
    expect(agents.length).toBeGreaterThan(0);
    let environsRead = 0;
    for (const pid of agents) {
      const environ = readEnviron(pid);
      if (environ === undefined) continue; // ended meanwhile (a hook)
      environsRead += 1;
      expect(environ).toContain("PERSON_OWN_SETTING=kept-for-agents");
      expectNone(environ, [...forbidden, "AO_COMMANDER_TOKEN_FILE="], `/proc/${pid}/environ`);
    }
    expect(environsRead, "agent environments read").toBeGreaterThan(0);

    expectNone(spawnSync("ps", ["-ef"], { encoding: "utf8" }).stdout, forbidden, "ps -ef");
    for (const file of filesUnder(world.home)) {
      if (file === tokenFile) continue;
      expectNone(readFileSync(file, "latin1"), forbidden, file);
    }
  });
});

function expectNone(text: string, needles: readonly string[], where: string): void {
  for (const needle of needles) expect(text.includes(needle), `${where} holds ${needle}`).toBe(false);
}

function nonEmpty<T>(items: T[]): T[] | undefined {
  return items.length > 0 ? items : undefined;
}

function panePids(world: McpWorld): number[] {
  const result = spawnSync(
    "tmux",
    ["-S", join(world.home, "tmux.sock"), "list-panes", "-a", "-F", "#{pane_pid}"],
    {
      encoding: "utf8",
      env: { PATH: process.env["PATH"] ?? "" },
    },
  );
  return result.status === 0 ? result.stdout.split("\n").filter(Boolean).map(Number) : [];
}

/** The pane processes and everything they started (the agent's own MCP server, its hooks). */
function descendantsOf(roots: number[]): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrUndefined(`/proc/${entry}/stat`);
    const ppid = stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[1];
    if (ppid !== undefined) parents.set(Number(entry), Number(ppid));
  }
  const found = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (found.has(ppid) && !found.has(pid)) grew = found.add(pid) !== undefined;
  }
  return [...found];
}

function readEnviron(pid: number): string | undefined {
  return readOrUndefined(`/proc/${pid}/environ`)?.split("\0").join("\n");
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) files.push(...filesUnder(path));
    else if (stat?.isFile()) files.push(path);
  }
  return files;
}
