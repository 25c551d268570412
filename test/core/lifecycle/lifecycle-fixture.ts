import { fixedPlugin } from "../../helpers/fixed-plugin.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { PluginCatalog } from "../../../src/core/registry/catalog.js";
import {
  openLifecycleEngine,
  runCycle,
  type CycleOptions,
  type LifecycleEngine,
} from "../../../src/core/lifecycle/index.js";
import {
  insertSession,
  listEvents,
  listReactions,
  listTurns,
  requireSession,
  updateSession,
  writeTransaction,
  type Session,
} from "../../../src/core/store/index.js";
import { plugin as coreLifecycle } from "../../../src/plugins/lifecycle/core.js";
import type { Tracker } from "../../../src/core/slots/index.js";
import { FakeAgent } from "../../fakes/agent.js";
import { FakeNotifier } from "../../fakes/notifier.js";
import { FakeRuntime, type FakeProgram } from "../../fakes/runtime.js";
import { FakeScm } from "../../fakes/scm.js";
import { makeTestRepo, type TestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { defaultsOnlyCatalog, makeTestContext, type TestContext } from "../../helpers/test-context.js";
import { manualClock, type ManualClock } from "../store/store-fixture.js";
import { prOpened, sessionCreated } from "../../helpers/events.js";

export interface LifecycleFixture {
  ctx: TestContext;
  clock: ManualClock;
  repo: TestRepo;
  runtime: FakeRuntime;
  agent: FakeAgent;
  scm: FakeScm;
  notifier: FakeNotifier;
  tracker: Tracker;
  /** Rewrites the config: extra YAML under `projects: app:` and at the top level. */
  writeConfig(projectYaml?: string, topYaml?: string): void;
  open(): Promise<LifecycleEngine>;
  engine(): Promise<LifecycleEngine>;
  cycle(options?: CycleOptions): ReturnType<typeof runCycle>;
  /** A running session with a working agent, optionally with an open PR (pushed and opened on the fake forge). */
  addSession(options?: { withPr?: boolean; status?: Session["status"] }): Promise<Session>;
  session(id: string): Session;
  transcript(id: string): string[];
  eventTypes(id?: string): string[];
  reactions(id?: string): ReturnType<typeof listReactions>;
  turns(id: string): ReturnType<typeof listTurns>;
}

const engines: LifecycleEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

/** A project `app` on fakes (runtime, agent, scm, tracker, notifier) with the real lifecycle/core and a real store. */
export function makeLifecycleFixture(
  options: { program?: FakeProgram; agent?: FakeAgent; runtime?: FakeRuntime } = {},
): LifecycleFixture {
  const repo = makeTestRepo();
  const runtime =
    options.runtime ?? new FakeRuntime(options.program === undefined ? {} : { program: options.program });
  const agent = options.agent ?? new FakeAgent();
  const scm = new FakeScm();
  const notifier = new FakeNotifier();
  const tracker: Tracker = {
    getIssue: (ref) =>
      Promise.resolve({
        id: ref,
        title: `Issue ${ref} title`,
        body: "",
        labels: [],
        state: "open",
        url: `https://tracker.invalid/${ref}`,
      }),
    branchName: (issue) => `issue-${issue.id}`,
    taskPrompt: (issue) => issue.title,
    closingReference: (issue) => `Closes #${issue.id}`,
  };
  const catalog: PluginCatalog = {
    ...defaultsOnlyCatalog(),
    runtime: { fake: fixedPlugin("runtime", runtime) },
    agent: { fake: fixedPlugin("agent", agent) },
    scm: { fake: fixedPlugin("scm", scm) },
    tracker: { fake: fixedPlugin("tracker", tracker) },
    notifier: { fake: fixedPlugin("notifier", notifier) },
    lifecycle: { core: () => Promise.resolve({ plugin: coreLifecycle }) },
  };
  const configDir = makeTempDir("ao-config-");
  const clock = manualClock();
  const ctx: TestContext = { ...makeTestContext({ catalog, cwd: configDir }), clock };
  const writeConfig = (projectYaml = "", topYaml = "") => {
    const project = [
      `path: ${repo.dir}`,
      "runtime: fake",
      "agent: fake",
      "workspace: worktree",
      "scm: fake",
      "tracker: fake",
      ...projectYaml.split("\n"),
    ]
      .filter((line) => line.trim() !== "")
      .map((line) => `    ${line}`)
      .join("\n");
    const top = topYaml === "" ? "defaults:\n  notifiers: [fake]" : topYaml;
    writeFileSync(join(configDir, "agent-orchestrator.yaml"), `${top}\nprojects:\n  app:\n${project}\n`);
  };
  writeConfig();
  let current: LifecycleEngine | undefined;
  let counter = 0;
  const f: LifecycleFixture = {
    ctx,
    clock,
    repo,
    runtime,
    agent,
    scm,
    notifier,
    tracker,
    writeConfig,
    open: async () => {
      const engine = await openLifecycleEngine(ctx, {});
      engines.push(engine);
      current = engine;
      return engine;
    },
    engine: async () => current ?? f.open(),
    cycle: async (options) => runCycle(ctx, await f.engine(), options),
    addSession: async (options = {}) => {
      counter += 1;
      const id = `app-${counter}`;
      const worktree = join(makeTempDir("ao-wt-"), id);
      const branch = `session/${id}`;
      const handle = await runtime.create({ sessionId: id, cwd: worktree, argv: ["fake-agent"], env: {} });
      agent.setActivity(id, { activity: "working" });
      const engine = await f.engine();
      let prNumber: number | null = null;
      let prUrl: string | null = null;
      if (options.withPr === true) {
        scm.commit(worktree);
        await scm.push(worktree, branch);
        const pr = await scm.openPullRequest({ branch, base: "main", title: `work of ${id}`, body: "" });
        prNumber = pr.number;
        prUrl = pr.url;
      }
      return writeTransaction(engine.store, (tx) => {
        insertSession(
          tx,
          {
            id,
            project: "app",
            branch,
            worktree,
            runtime: "fake",
            agent: "fake",
            issue: "7",
            status: options.status ?? "working",
            runtimeHandle: { ...handle },
          },
          sessionCreated(),
        );
        return prNumber === null
          ? requireSession(tx, id)
          : updateSession(tx, id, { prNumber, prUrl }, prOpened(prNumber, prUrl ?? undefined));
      });
    },
    session: (id) => requireSession(current!.store, id),
    transcript: (id) => runtime.processOf(id)?.transcript ?? [],
    eventTypes: (id) => listEvents(current!.store, { sessionId: id }).map((event) => event.type),
    reactions: (id) => listReactions(current!.store, { sessionId: id }),
    turns: (id) => listTurns(current!.store, { sessionId: id }),
  };
  return f;
}
