import { fixedPlugin } from "../../../helpers/fixed-plugin.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import { createControlContext } from "../../../../src/core/control/control-context.js";
import { reportToCommander } from "../../../../src/core/control/worker-report.js";
import { workerSecretPath } from "../../../../src/core/credentials/worker-secret.js";
import { openLifecycleEngine, runCycle, type LifecycleEngine } from "../../../../src/core/lifecycle/index.js";
import { getPlan } from "../../../../src/core/plans/plan-store.js";
import { proposePlan } from "../../../../src/core/plans/propose-plan.js";
import type { ProposalInput } from "../../../../src/core/plans/types.js";
import { proposalSchema } from "../../../../src/core/plans/types.js";
import type { PluginCatalog } from "../../../../src/core/registry/catalog.js";
import { listTickets, requireSession, type PlanTicket } from "../../../../src/core/store/index.js";
import { builtinCatalog } from "../../../../src/plugins/builtin-catalog.js";
import { plugin as coreLifecycle } from "../../../../src/plugins/lifecycle/core.js";
import { FakeAgent } from "../../../fakes/agent.js";
import { FakeNotifier } from "../../../fakes/notifier.js";
import { FakeRuntime } from "../../../fakes/runtime.js";
import { FakeScm } from "../../../fakes/scm.js";
import type { Tracker } from "../../../../src/core/slots/index.js";
import { FakeTracker } from "../../../fakes/tracker.js";
import { makeTestRepo, type TestRepo } from "../../../helpers/git-repo.js";
import { makeTempDir } from "../../../helpers/temp-dir.js";
import { defaultsOnlyCatalog, makeTestContext, type TestContext } from "../../../helpers/test-context.js";
import { manualClock, type ManualClock } from "../../store/store-fixture.js";
import { writeFileSync } from "node:fs";

/** A project `app` on fakes (runtime, agent, scm, tracker, notifier), a real repository, worktrees and store. */
export interface PlanFixture {
  ctx: TestContext;
  clock: ManualClock;
  repo: TestRepo;
  runtime: FakeRuntime;
  agent: FakeAgent;
  scm: FakeScm;
  tracker: FakeTracker;
  notifier: FakeNotifier;
  configPath: string;
  engine(): Promise<LifecycleEngine>;
  /** A daemon restart: the engine closed, a new one opened on the same AO_HOME and config. */
  restart(): Promise<LifecycleEngine>;
  cycle(): ReturnType<typeof runCycle>;
  propose(id: string, proposal: ProposalInput): Promise<void>;
  tickets(planId: string): PlanTicket[];
  ticket(planId: string, id: string): PlanTicket;
  plan(planId: string): NonNullable<ReturnType<typeof getPlan>>;
  /** What a step's worker does with `orch_report` (the real core call behind the MCP tool, with its secret). */
  report(sessionId: string, text: string): Promise<void>;
  /** The prompt file its agent was launched with. */
  promptOf(sessionId: string): string;
}

const engines: LifecycleEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

/**
 * `tracker`: the project's tracker instead of the in-memory FakeTracker (a real plugin on a fake
 * server); `agent`: another fake agent (a HookedFakeAgent, whose turns end when a test says so).
 */
export function makePlanFixture(options: { tracker?: Tracker; agent?: FakeAgent } = {}): PlanFixture {
  const repo = makeTestRepo();
  const runtime = new FakeRuntime();
  const agent = options.agent ?? new FakeAgent();
  const tracker = new FakeTracker();
  const scm = new FakeScm();
  const notifier = new FakeNotifier();
  const catalog: PluginCatalog = {
    ...defaultsOnlyCatalog(),
    runtime: { fake: fixedPlugin("runtime", runtime) },
    agent: { fake: fixedPlugin("agent", agent) },
    scm: { fake: fixedPlugin("scm", scm) },
    tracker: { fake: fixedPlugin("tracker", options.tracker ?? tracker) },
    notifier: { fake: fixedPlugin("notifier", notifier) },
    workspace: { worktree: builtinCatalog.workspace.worktree! },
    lifecycle: { core: () => Promise.resolve({ plugin: coreLifecycle }) },
  };
  const configDir = makeTempDir("ao-config-");
  const configPath = join(configDir, "agent-orchestrator.yaml");
  writeFileSync(
    configPath,
    `defaults:\n  notifiers: [fake]\nprojects:\n  app:\n    path: ${repo.dir}\n    runtime: fake\n    agent: fake\n    workspace: worktree\n    scm: fake\n    tracker: fake\n`,
  );
  const clock = manualClock();
  const ctx: TestContext = { ...makeTestContext({ catalog, cwd: configDir }), clock };
  let current: LifecycleEngine | undefined;
  const open = async () => {
    current = await openLifecycleEngine(ctx, { configPath });
    engines.push(current);
    return current;
  };
  const store = () => current!.store;
  const f: PlanFixture = {
    ctx,
    clock,
    repo,
    runtime,
    agent,
    scm,
    tracker,
    notifier,
    configPath,
    engine: async () => current ?? open(),
    restart: async () => {
      current?.close();
      engines.splice(engines.indexOf(current!), 1);
      return open();
    },
    cycle: async () => {
      clock.advance(1000);
      return runCycle(ctx, await f.engine(), {});
    },
    propose: async (id, proposal) => {
      const engine = await f.engine();
      const made = proposePlan(engine.store, {
        project: "app",
        proposal: proposalSchema.parse(proposal),
        author: "person",
      });
      if (made.plan.id !== id) throw new Error(`the fixture expected ${id}, the store made ${made.plan.id}`);
    },
    tickets: (planId) => listTickets(store(), planId),
    ticket: (planId, id) => listTickets(store(), planId).find((row) => row.ticketId === id)!,
    plan: (planId) => getPlan(store(), planId)!,
    report: async (sessionId, text) => {
      const engine = await f.engine();
      const secret = readFileSync(workerSecretPath(ctx.paths, sessionId), "utf8").trim();
      clock.advance(10);
      reportToCommander(createControlContext(ctx, engine.store, engine.config), secret, {
        text,
        final: false,
      });
    },
    promptOf: (sessionId) => {
      const launch = agent.launches.find((input) => input.sessionId === sessionId);
      if (launch === undefined) throw new Error(`no launch of ${sessionId}`);
      requireSession(store(), sessionId);
      return readFileSync(launch.promptFile, "utf8");
    },
  };
  return f;
}

const files = {
  type: "object",
  properties: { files: { type: "array", items: { type: "string" } } },
  required: ["files"],
};

/** A → B, A → C, B + C → synthesis. */
export const DIAMOND: ProposalInput = {
  goal: "Ship the export feature end to end",
  roles: {
    dev: { kind: "existing", agent: "fake" },
    writer: { kind: "hire", agent: "fake", model: "small", rules: "Write plainly." },
  },
  tickets: [
    { id: "A", title: "Design the export", body: "Design it.", role: "dev", outputSchema: files },
    {
      id: "B",
      title: "Build the CSV export",
      body: "Build it.",
      role: "dev",
      dependsOn: ["A"],
      outputSchema: files,
      startFrom: "A",
    },
    {
      id: "C",
      title: "Build the JSON export",
      body: "Build it.",
      role: "dev",
      dependsOn: ["A"],
      outputSchema: files,
    },
  ],
  synthesis: { role: "writer", body: "Write the release note from B and C.", dependsOn: ["B", "C"] },
};
