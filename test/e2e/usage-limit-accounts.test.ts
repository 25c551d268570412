import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { makeTestRepo } from "../helpers/git-repo.js";
import { eventually, hookEvents, killDaemons } from "./e2e-fixture.js";
import {
  CONTINUE_MESSAGE,
  earlyInNextMinute,
  limitsWorld,
  minuteOf,
  type LimitsWorld,
} from "./limits-fixture.js";
import { startAo } from "./turns-fixture.js";

/**
 * Issue 29's usage limits per account, end to end: the built `ao`, its daemon (`ao start`), real
 * tmux, git and SQLite, the fake claude and the test clock (AO_CLOCK_FILE). Project `app` runs on
 * the machine's login (account `claude-code`); project `work` gives its agents another API key
 * (`agentConfig.env`), so its sessions are another account. app-1 and app-2 meet Claude Code's limit:
 * app's sessions and spawns wait, work's do not; at the reset app-1 and app-2 each get one continue
 * turn, `limits.resumeSpacing` (30 s of the test clock) apart, in the order they were interrupted.
 */
const ZONE = "Asia/Kolkata";
const SPACING_MS = 30_000;
const WORK_KEY = "sk-ant-test-0123456789-secret-of-the-work-account";

const daemons: number[] = [];
afterEach(() => killDaemons(daemons));

interface AccountJson {
  account: string;
  agent: string;
  until: string;
  sessions: number;
  spawns: number;
  resumesUntil: string | null;
}

function accountsWorld(): LimitsWorld {
  const world = limitsWorld("claude-code", ZONE);
  const work = makeTestRepo();
  world.env["WORK_ANTHROPIC_KEY"] = WORK_KEY;
  writeFileSync(
    join(world.configDir, "agent-orchestrator.yaml"),
    [
      "port: 0",
      "daemon:",
      "  pollInterval: 1s",
      "limits:",
      `  continueMessage: "${CONTINUE_MESSAGE}"`,
      "  resumeSpacing: 30s",
      "projects:",
      "  app:",
      `    path: ${world.repo.dir}`,
      "    agent: claude-code",
      "  work:",
      `    path: ${work.dir}`,
      "    agent: claude-code",
      "    agentConfig:",
      "      env:",
      "        ANTHROPIC_API_KEY: ${WORK_ANTHROPIC_KEY}",
      "",
    ].join("\n"),
  );
  return world;
}

const worktreeOf = (world: LimitsWorld, id: string) =>
  join(world.home, "projects", id.split("-")[0]!, "worktrees", id);

/** Turns the fake claude ended, a limit's (StopFailure) included. */
const stopped = (world: LimitsWorld, id: string) =>
  hookEvents(worktreeOf(world, id)).filter(
    (e) => e["hook_event_name"] === "Stop" || e["hook_event_name"] === "StopFailure",
  ).length;

function prompted(world: LimitsWorld, id: string, text: string): number {
  return hookEvents(worktreeOf(world, id)).filter(
    (e) => e["hook_event_name"] === "UserPromptSubmit" && e["prompt"] === text,
  ).length;
}

function accounts(world: LimitsWorld): AccountJson[] {
  const run = world.ao(["status", "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { accounts: AccountJson[] }).accounts;
}

function spawnAndSettle(world: LimitsWorld, project: string, task: string): string {
  const run = world.ao(["spawn", project, task]);
  expect(run.exitCode, run.stderr).toBe(0);
  return run.stdout.trim();
}

describe("usage limits per account, through the built ao and its daemon (issue 29)", () => {
  it(
    "one account's limit holds its sessions and spawns, not another account's; the reset resumes each once, staggered",
    { timeout: 240_000 },
    async () => {
      const world = accountsWorld();
      world.nextTurn({ reply: "Looked at it." });
      const ids = [
        spawnAndSettle(world, "app", "Fix the login bug"),
        spawnAndSettle(world, "app", "Fix the logout bug"),
        spawnAndSettle(world, "work", "Tidy the work readme"),
      ];
      expect(ids).toEqual(["app-1", "app-2", "work-1"]);
      for (const id of ids)
        await eventually(() => (stopped(world, id) > 0 ? true : undefined), `${id}'s first turn to end`);

      // app-1 and app-2 each meet the limit (the daemon is not running yet: both are interrupted).
      world.advanceClockTo(earlyInNextMinute(world.now()));
      world.nextTurn({ limit: { resetInSeconds: 2 } });
      for (const id of ["app-1", "app-2"]) {
        const sent = world.ao(["send", id, "Now add a test for it"]);
        expect(sent.exitCode, sent.stderr).toBe(0);
      }
      for (const id of ["app-1", "app-2"])
        await eventually(() => (stopped(world, id) > 1 ? true : undefined), `${id}'s limited turn to end`);
      world.nextTurn({ reply: "Carried on." });
      daemons.push(world.startDaemon());
      for (const id of ["app-1", "app-2"])
        await eventually(
          () => (world.view(id)?.status === "rate_limited" ? true : undefined),
          `${id} to be rate_limited`,
        );
      const [hit, ...more] = world.events("limit.hit");
      expect(more).toEqual([]);
      const until = minuteOf(hit!.createdAt) + 60_000;
      expect(hit?.payload).toMatchObject({ agent: "claude-code", account: "claude-code", resetAt: until });
      expect(world.now(), "the test reached the other account before the reset").toBeLessThan(until);

      // The other account is not held: work-1 takes a turn, and a new work session starts at once.
      expect(world.view("work-1")?.hold).toBeNull();
      const sent = world.ao(["send", "work-1", "Carry on with the readme"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      expect(spawnAndSettle(world, "work", "Tidy the work changelog")).toBe("work-2");
      expect(world.view("work-1")?.status).not.toBe("rate_limited");
      // The limited account's spawn waits for the reset.
      const refused = world.ao(["spawn", "app", "Write the changelog entry"]);
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stderr).toContain("(account claude-code) is held until");
      const queued = startAo(world, ["spawn", "--queue", "app", "Write the changelog entry"]);
      const window = await eventually(() => {
        const found = accounts(world).find((account) => account.spawns === 1);
        return found;
      }, "the queued spawn to wait on the account");
      expect(window).toEqual({
        account: "claude-code",
        agent: "claude-code",
        words: hit?.payload["words"],
        until: new Date(until).toISOString(),
        resetPrinted: true,
        sessions: 2,
        spawns: 1,
        resumesUntil: null,
      });
      const table = world.ao(["status"]).stdout;
      expect(table).toMatch(
        /usage limit claude-code: until \d{2}:\d{2} \(in \d+s\); 2 sessions and 1 spawn wait on it/,
      );
      for (const text of [
        table,
        world.ao(["events", "--json", "--limit", "100000"]).stdout,
        world.ao(["status", "--json"]).stdout,
      ])
        expect(text).not.toContain(WORK_KEY);

      // The reset: app-1 resumes at once, app-2 one spacing later by the test clock.
      world.advanceClockTo(until + 1_000);
      const [first] = await eventually(() => {
        const found = world.events("limit.resumed");
        return found.length > 0 ? found : undefined;
      }, "the first resume");
      expect(first?.sessionId).toBe("app-1");
      expect(first?.createdAt).toBeGreaterThanOrEqual(until);
      const second = await queued.done;
      expect(second.exitCode, second.stderr).toBe(0);
      expect(second.stdout.trim()).toBe("app-3");
      expect(world.events("limit.resumed")).toHaveLength(1);
      expect(world.view("app-2")).toMatchObject({ status: "rate_limited" });
      const firstSlot = first!.payload["resumeAt"] as number;
      const secondSlot = firstSlot + SPACING_MS;
      expect(first!.createdAt).toBeGreaterThanOrEqual(firstSlot);
      expect(world.view("app-2")?.hold?.until, "app-2 held until its slot").toBe(
        new Date(secondSlot).toISOString(),
      );
      expect(accounts(world)).toMatchObject([
        { account: "claude-code", sessions: 1, spawns: 0, resumesUntil: new Date(secondSlot).toISOString() },
      ]);

      world.advanceClockTo(secondSlot);
      const resumed = await eventually(() => {
        const found = world.events("limit.resumed");
        return found.length > 1 ? found : undefined;
      }, "the second resume");
      expect(resumed.map((event) => event.sessionId)).toEqual(["app-1", "app-2"]);
      expect(resumed.map((event) => event.payload["resumeAt"])).toEqual([firstSlot, secondSlot]);
      expect(resumed[1]!.createdAt).toBeGreaterThanOrEqual(secondSlot);
      for (const id of ["app-1", "app-2"])
        await eventually(
          () => (prompted(world, id, CONTINUE_MESSAGE) === 1 ? true : undefined),
          `${id}'s continue turn`,
        );

      // Cycles later: each resumed once, the window gone, the other account never held.
      const since = world.now();
      await eventually(
        () => ((world.lastCycleAt() ?? 0) > since + 2_000 ? true : undefined),
        "cycles after the resume",
      );
      expect(world.events("limit.resumed")).toHaveLength(2);
      for (const id of ["app-1", "app-2"]) expect(prompted(world, id, CONTINUE_MESSAGE)).toBe(1);
      for (const id of ["work-1", "work-2"]) expect(prompted(world, id, CONTINUE_MESSAGE)).toBe(0);
      expect(accounts(world)).toEqual([]);
      expect(world.ao(["stop"]).exitCode).toBe(0);
    },
  );
});
