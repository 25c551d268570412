import { fixedPlugin } from "../../helpers/fixed-plugin.js";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { type PluginCatalog, type PluginLoader, type Slot } from "../../../src/core/registry/catalog.js";
import type { Spawner } from "../../../src/core/sessions/spawner.js";
import {
  closeStore,
  listEvents,
  openStore,
  requireSession,
  type Session,
  type StoredEvent,
} from "../../../src/core/store/index.js";
import { FakeAgent, HookedFakeAgent } from "../../fakes/agent.js";
import { FakeRuntime } from "../../fakes/runtime.js";
import { FakeTracker } from "../../fakes/tracker.js";
import { FakeWorkspace } from "../../fakes/workspace.js";
import { makeTestRepo, type TestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { defaultsOnlyCatalog, makeTestContext, type TestContext } from "../../helpers/test-context.js";

export interface SessionFixture {
  ctx: TestContext;
  repo: TestRepo;
  runtime: FakeRuntime;
  agent: FakeAgent;
  /** Served as agent `hooked`: a fake with the turn capability (spawn with `agent: "hooked"`). */
  hooked: HookedFakeAgent;
  workspace: FakeWorkspace;
  tracker: FakeTracker;
  /** The project's YAML body, under `projects: app:`, for tests to extend. */
  writeConfig(projectYaml?: string, topYaml?: string): void;
  events(sessionId?: string): StoredEvent[];
  session(id: string): Session;
}

/**
 * A project `app` whose runtime, agent, workspace and tracker are the in-memory fakes, reached
 * through a test catalog exactly as real plugins are (registry, option validation, wrapping).
 */
export function makeSessionFixture(
  overrides: {
    runtime?: FakeRuntime;
    workspace?: FakeWorkspace;
    /** More plugins by slot and name, beside the fakes (e.g. the real agent/command). */
    plugins?: { [S in Slot]?: Record<string, PluginLoader> };
  } = {},
): SessionFixture {
  const repo = makeTestRepo();
  const runtime = overrides.runtime ?? new FakeRuntime();
  const agent = new FakeAgent();
  const hooked = new HookedFakeAgent();
  const workspace = overrides.workspace ?? new FakeWorkspace();
  const tracker = new FakeTracker();
  const catalog: PluginCatalog = {
    ...defaultsOnlyCatalog(),
    runtime: { fake: fixedPlugin("runtime", runtime) },
    agent: {
      fake: fixedPlugin("agent", agent),
      other: fixedPlugin("agent", new FakeAgent(["other-agent"]), "other"),
      hooked: fixedPlugin("agent", hooked, "hooked"),
    },
    workspace: { fake: fixedPlugin("workspace", workspace) },
    tracker: { fake: fixedPlugin("tracker", tracker) },
  };
  for (const [slot, loaders] of Object.entries(overrides.plugins ?? {}))
    Object.assign(catalog, { [slot]: { ...catalog[slot as Slot], ...loaders } });
  const configDir = makeTempDir("ao-config-");
  const ctx = makeTestContext({ catalog, cwd: configDir });
  const writeConfig = (projectYaml = "", topYaml = "") => {
    // A plugin key the test writes replaces the fake (YAML forbids the key twice).
    const fakes = ["runtime", "agent", "workspace"].filter(
      (key) => !projectYaml.split("\n").some((line) => line.startsWith(`${key}:`)),
    );
    const project = [`path: ${repo.dir}`, ...fakes.map((key) => `${key}: fake`), ...projectYaml.split("\n")]
      .filter((line) => line.trim() !== "")
      .map((line) => `    ${line}`)
      .join("\n");
    writeFileSync(join(configDir, "agent-orchestrator.yaml"), `${topYaml}\nprojects:\n  app:\n${project}\n`);
  };
  writeConfig();
  const withStore = <T>(fn: (store: ReturnType<typeof openStore>) => T): T => {
    const store = openStore(ctx);
    try {
      return fn(store);
    } finally {
      closeStore(store);
    }
  };
  return {
    ctx,
    repo,
    runtime,
    agent,
    hooked,
    workspace,
    tracker,
    writeConfig,
    events: (sessionId) => withStore((store) => listEvents(store, { sessionId })),
    session: (id) => withStore((store) => requireSession(store, id)),
  };
}

/** A spawner whose process has already exited: what a kill -9'd `ao spawn` leaves in the store. */
export function deadSpawner(): Spawner {
  const child = spawnSync(process.execPath, ["-e", "0"]);
  if (child.pid === undefined) throw new Error("could not start a short-lived process");
  return { pid: child.pid, host: hostname() };
}
