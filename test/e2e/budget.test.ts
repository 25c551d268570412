import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../fakes/webhook-receiver.js";
import { runGit } from "../helpers/git-repo.js";
import { eventually, hookEvents, makeE2e, type E2e } from "./e2e-fixture.js";
import type { EventJson } from "./event-shapes.js";
import type { TurnJson } from "./turns-fixture.js";

/**
 * Budgets through the built `ao` and the real daemon (issue 14): the fake claude records the
 * recording's usage for its spawn turn (10 in, 5 out, claude-opus-4-8: $0.000175), which crosses a
 * $0.0001 budget. CI is scm/local's, a command that fails, so a ci-failed reaction comes due while
 * the session is over its budget; a person is told through a loopback webhook.
 */
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
}, 60_000);

function writeWorld(e2e: E2e, receiver: WebhookReceiver, budgetYaml: string): void {
  writeFileSync(
    join(e2e.configDir, "agent-orchestrator.yaml"),
    [
      "port: 0",
      "daemon:",
      "  pollInterval: 1s",
      "notifiers:",
      `  hook: { plugin: webhook, url: "${receiver.url}", secretEnv: AO_WEBHOOK_SECRET }`,
      "defaults:",
      "  notifiers: [hook]",
      "projects:",
      "  app:",
      `    path: ${e2e.repo.dir}`,
      "    agent: claude-code",
      "    tracker: local",
      '    scm: { plugin: local, ci: ["false"] }',
      `    budget: ${budgetYaml}`,
      "",
    ].join("\n"),
  );
}

async function budgetWorld(budgetYaml: string): Promise<{ e2e: E2e; receiver: WebhookReceiver }> {
  const e2e = makeE2e();
  const receiver = await startWebhookReceiver({ secret: SECRET }, "/ao");
  e2e.env["AO_WEBHOOK_SECRET"] = SECRET;
  writeWorld(e2e, receiver, budgetYaml);
  stops.push(() => {
    e2e.ao(["stop"]);
    void receiver.close();
  });
  const started = e2e.ao(["start", "--json"]);
  expect(started.exitCode, started.stderr).toBe(0);
  return { e2e, receiver };
}

const SECRET = "budget-test-secret";
const SESSION_BUDGET = (usd: number) => `{ session: { maxCostUsd: ${usd}, per: session } }`;

function events(e2e: E2e, type: string): EventJson[] {
  const run = e2e.ao(["events", "--json", "--limit", "100000"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { events: EventJson[] }).events.filter((event) => event.type === type);
}

function statusOf(e2e: E2e, id: string): { status: string; reason: string | null } | undefined {
  const run = e2e.ao(["status", "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  const { sessions } = JSON.parse(run.stdout) as {
    sessions: { id: string; status: string; reason: string }[];
  };
  return sessions.find((session) => session.id === id);
}

function turnsOf(e2e: E2e, id: string): TurnJson[] {
  const run = e2e.ao(["turns", id, "--json"]);
  expect(run.exitCode, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { turns: TurnJson[] }).turns;
}

/** The spawn prompt's turn ended: its usage is in the transcript for the daemon to read. */
async function spawnTurnEnded(e2e: E2e, id: string): Promise<void> {
  await eventually(
    () =>
      hookEvents(e2e.worktree(id)).some((event) => event["hook_event_name"] === "Stop") ? true : undefined,
    `${id}'s spawn turn to end`,
  );
}

/** A commit on the session's branch, as its agent would make: scm/local opens its PR and runs CI. */
function commitInSession(e2e: E2e, id: string): void {
  const worktree = e2e.worktree(id);
  writeFileSync(join(worktree, "clock.txt"), "fixed\n");
  runGit(worktree, ["add", "clock.txt"]);
  runGit(worktree, ["commit", "-q", "-m", "fix: the clock"]);
}

describe("a session over its budget, through the daemon", () => {
  it(
    "holds the reaction, tells a person, shows over_budget; --over-budget sends; raising the budget in the file delivers it",
    { timeout: 240_000 },
    async () => {
      const { e2e, receiver } = await budgetWorld(SESSION_BUDGET(0.0001));
      const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      await spawnTurnEnded(e2e, "app-1");
      await eventually(
        () => (statusOf(e2e, "app-1")?.status === "over_budget" ? true : undefined),
        "app-1 to be over_budget",
      );
      expect(statusOf(e2e, "app-1")?.reason).toBe("session_budget");
      const told = await eventually(
        () => receiver.requests.find((request) => request.body.includes("app-1 is over its budget")),
        "a person to be told",
      );
      expect(told.signatureValid).toBe(true);
      expect(told.body).toContain("$0.000175 of $0.0001");

      commitInSession(e2e, "app-1");
      const held = await eventually(
        () => events(e2e, "reaction.held").find((event) => event.payload["reaction"] === "ci-failed"),
        "the ci-failed reaction to be held",
        120_000,
      ).catch((error: unknown) => {
        const all = e2e.ao(["events", "--json", "--limit", "100000"]).stdout;
        const types = (JSON.parse(all) as { events: EventJson[] }).events.map((event) => event.type);
        const log = readFileSync(join(e2e.home, "logs", "daemon.log"), "utf8")
          .split("\n")
          .filter((line) => /pull request|error|warn/i.test(line))
          .slice(-8)
          .join("\n");
        throw new Error(`${String(error)}; events: ${types.join(", ")}; daemon log: ${log}`);
      });
      expect(held).toMatchObject({ sessionId: "app-1", payload: { gate: "budget" } });
      expect(turnsOf(e2e, "app-1").filter((turn) => turn.origin === "reaction")).toEqual([]);
      expect(events(e2e, "reaction.delivered")).toEqual([]);
      expect(events(e2e, "budget.exceeded")).toHaveLength(1);

      const refused = e2e.ao(["send", "app-1", "--no-wait", "keep going"]);
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stderr).toContain("is held: $0.000175 of $0.0001");
      const overridden = e2e.ao(["send", "app-1", "--over-budget", "--wait", "one more by hand"]);
      expect(overridden.exitCode, overridden.stderr).toBe(0);
      expect(events(e2e, "budget.overridden")).toHaveLength(1);
      expect(turnsOf(e2e, "app-1").filter((turn) => turn.origin === "reaction")).toEqual([]);

      // A person raises the budget in the file while the daemon runs: the held reaction goes out.
      writeWorld(e2e, receiver, SESSION_BUDGET(10));
      await eventually(() => events(e2e, "budget.cleared")[0], "the budget hold to clear");
      const delivered = await eventually(
        () => events(e2e, "reaction.delivered").find((event) => event.payload["reaction"] === "ci-failed"),
        "the held reaction to be delivered",
        120_000,
      );
      expect(delivered.sessionId).toBe("app-1");
      await eventually(
        () => turnsOf(e2e, "app-1").find((turn) => turn.origin === "reaction"),
        "the reaction's turn",
      );
      expect(statusOf(e2e, "app-1")?.status).not.toBe("over_budget");
    },
  );

  it("a project over its daily budget holds a new ao spawn", { timeout: 180_000 }, async () => {
    const { e2e } = await budgetWorld("{ project: { maxCostUsd: 0.0001, per: day } }");
    const first = e2e.ao(["spawn", "app", "Fix the login bug"]);
    expect(first.exitCode, first.stderr).toBe(0);
    await spawnTurnEnded(e2e, "app-1");
    await eventually(() => events(e2e, "budget.exceeded")[0], "the project to be over its budget");
    const second = e2e.ao(["spawn", "app", "Add a test"]);
    expect(second.exitCode).not.toBe(0);
    expect(second.stderr).toContain("a new claude-code session for app is held: $0.000175 of $0.0001 today");
    expect(second.stderr).toContain("hint: raise projects.app.budget.project");
    expect(e2e.sessions().map((session) => session.id)).toEqual(["app-1"]);
  });
});
