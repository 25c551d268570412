import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, makeE2e, tmuxSessions, type E2e } from "./e2e-fixture.js";

/**
 * Reviewed plans through the built `ao` (issue 15), as a person runs them: `ao plan propose` a
 * diamond, `ao plan approve`, `ao start`; the daemon runs every step as a session of the fake
 * `claude` in real tmux, which hands its output on through the worker's `orch_report` (the fake
 * really spawns `ao mcp --worker`); the replies come from the turns file's `replies`, by step.
 */
const worlds: E2e[] = [];
afterEach(() => {
  for (const e2e of worlds.splice(0)) e2e.ao(["stop"]);
});

const PLAN = `goal: Ship the export feature end to end
roles:
  dev: { kind: existing, agent: claude-code }
  writer: { kind: hire, agent: claude-code, rules: Write plainly. }
tickets:
  - { id: A, title: Design the export, body: Design it., role: dev, outputSchema: { type: object, required: [files] } }
  - { id: B, title: Build the CSV export, body: Build it., role: dev, dependsOn: [A], outputSchema: { type: object, required: [files] } }
  - { id: C, title: Build the JSON export, body: Build it., role: dev, dependsOn: [A], outputSchema: { type: object, required: [files] } }
synthesis: { role: writer, body: Write the release note from B and C., dependsOn: [B, C] }
`;

/** What each step's agent answers, found by a line of its prompt (stepPrompt's "step A (ticket)"). */
const REPLIES = {
  "step A (ticket)": '{"files":["design.md"]}',
  "step B (ticket)": '{"files":["csv-export.ts"]}',
  "step C (ticket)": '{"files":["json-export.ts"]}',
  "step synthesis (synthesis)": "Release note: CSV and JSON exports.",
};

interface World extends E2e {
  turns(settings: Record<string, unknown>): void;
  json<T>(args: string[]): T;
  status(): string;
  /** The plan's steps' last state, from the `plan.ticket` events, with when each got it. */
  steps(): Map<string, { state: string; at: number; sessionId: string | null }[]>;
}

function world(): World {
  const e2e = makeE2e();
  worlds.push(e2e);
  const turnsFile = join(e2e.userHome, "turns.json");
  writeFileSync(turnsFile, JSON.stringify({ report: true, replies: REPLIES }));
  e2e.env["FAKE_AGENT_TURNS_FILE"] = turnsFile;
  writeFileSync(
    join(e2e.configDir, "agent-orchestrator.yaml"),
    [
      "port: 0",
      "daemon: { pollInterval: 1s, stopTimeout: 10s }",
      "controlPlane: { enabled: true }",
      "projects:",
      "  app:",
      `    path: ${e2e.repo.dir}`,
      "    tracker: local",
      "",
    ].join("\n"),
  );
  writeFileSync(join(e2e.configDir, "plan.yaml"), PLAN);
  const json = <T>(args: string[]): T => {
    const result = e2e.ao([...args, "--json"]);
    expect(result.exitCode, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as T;
  };
  return Object.assign(e2e, {
    turns: (settings: Record<string, unknown>) => writeFileSync(turnsFile, JSON.stringify(settings)),
    json,
    // `ao plan show --json` is the plan card (src/core/plans/run/plan-card-types.ts).
    status: () => json<{ status: string }>(["plan", "show", "plan-1"]).status,
    steps: () => {
      const { events } = json<{ events: PlanTicketEvent[] }>([
        "events",
        "--type",
        "plan.ticket",
        "--limit",
        "500",
      ]);
      const steps = new Map<string, { state: string; at: number; sessionId: string | null }[]>();
      for (const event of [...events].sort((a, b) => a.id - b.id)) {
        const list = steps.get(event.payload.ticketId) ?? [];
        list.push({ state: event.payload.to, at: event.createdAt, sessionId: event.sessionId });
        steps.set(event.payload.ticketId, list);
      }
      return steps;
    },
  });
}

interface PlanTicketEvent {
  id: number;
  createdAt: number;
  sessionId: string | null;
  payload: { ticketId: string; to: string };
}

function proposeAndApprove(w: World): void {
  const proposed = w.json<{ id: string; revision: number }>([
    "plan",
    "propose",
    "app",
    "--file",
    "plan.yaml",
  ]);
  expect(proposed).toMatchObject({ id: "plan-1", revision: 1 });
  const approved = w.json<{ plan: { status: string } }>(["plan", "approve", "plan-1", "--revision", "1"]);
  expect(approved.plan.status).toBe("executing");
}

const when = (w: World, step: string, state: string) =>
  w
    .steps()
    .get(step)
    ?.find((entry) => entry.state === state);

describe("a diamond plan through the built ao", () => {
  it(
    "runs A, then B and C in parallel, then the synthesis with both outputs, across a daemon restart",
    { timeout: 420_000 },
    async () => {
      const w = world();
      proposeAndApprove(w);
      expect(w.ao(["start"]).exitCode).toBe(0);
      await eventually(() => when(w, "B", "running") && when(w, "C", "running"), "B and C running", 180_000);
      // A daemon restart in the middle of the plan: the store carries it on.
      expect(w.ao(["stop"]).exitCode).toBe(0);
      expect(["executing", "synthesizing"]).toContain(w.status()); // stopped in the middle
      expect(w.ao(["start"]).exitCode).toBe(0);
      await eventually(() => (w.status() === "completed" ? true : undefined), "the plan completed", 240_000);

      const a = when(w, "A", "done")!;
      const [bStart, cStart] = [when(w, "B", "running")!, when(w, "C", "running")!];
      const [bDone, cDone] = [when(w, "B", "done")!, when(w, "C", "done")!];
      expect(Math.min(bStart.at, cStart.at)).toBeGreaterThanOrEqual(a.at); // after A
      expect(Math.max(bStart.at, cStart.at)).toBeLessThan(Math.min(bDone.at, cDone.at)); // overlapping
      const synthesis = when(w, "synthesis", "running")!;
      expect(synthesis.at).toBeGreaterThanOrEqual(Math.max(bDone.at, cDone.at));
      const prompt = readFileSync(join(w.home, "prompts", synthesis.sessionId!, "prompt.md"), "utf8");
      expect(prompt).toContain("csv-export.ts");
      expect(prompt).toContain("json-export.ts");
      expect(prompt).toContain("Write plainly.");

      const shown = w.json<{ status: string; deliverable: string; parent: { ref: string } }>([
        "plan",
        "show",
        "plan-1",
      ]);
      expect(shown).toMatchObject({
        status: "completed",
        deliverable: "Release note: CSV and JSON exports.",
      });
      const issues = join(w.repo.dir, ".ao", "issues");
      const parent = readdirSync(issues).find((name) => name.startsWith(`${shown.parent.ref}-`))!;
      const text = readFileSync(join(issues, parent), "utf8");
      expect(text).toMatch(/^state: closed$/m);
      expect(text).toContain("Release note: CSV and JSON exports.");
    },
  );

  it(
    "cancelled mid-run through ao plan cancel leaves no live tmux session",
    { timeout: 300_000 },
    async () => {
      const w = world();
      w.turns({ report: true, replies: REPLIES, workMs: 600_000 }); // A works until it is stopped
      proposeAndApprove(w);
      expect(w.ao(["start"]).exitCode).toBe(0);
      const a = await eventually(() => when(w, "A", "running"), "A running", 180_000);
      await eventually(() => (tmuxSessions(w).length > 0 ? true : undefined), "A's tmux session");
      const cancelled = w.json<{ plan: { status: string } }>([
        "plan",
        "cancel",
        "plan-1",
        "--reason",
        "not now",
      ]);
      expect(cancelled.plan.status).toBe("cancelled");
      expect(tmuxSessions(w)).toEqual([]);
      const session = w.sessions().find((s) => s.id === a.sessionId)!;
      expect(session.status).toBe("killed");
      expect(w.status()).toBe("cancelled");
      expect(when(w, "synthesis", "cancelled")).toBeDefined();
    },
  );
});
