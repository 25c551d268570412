import { afterEach } from "vitest";
import { parseConfig } from "../../../src/core/config/parse-config.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import type {
  CycleOptions,
  CycleReport,
  CycleRunner,
  LifecycleEngine,
} from "../../../src/core/daemon/cycle-types.js";
import {
  closeStore,
  insertSession,
  openStore,
  updateSession,
  writeTransaction,
  type Store,
} from "../../../src/core/store/index.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext, type TestContext } from "../../helpers/test-context.js";
import { prOpened, sessionCreated } from "../../helpers/events.js";

const engines: LifecycleEngine[] = [];

afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
});

/**
 * A real store and a real parsed config: the daemon only needs `store`, `config` and `close`, and
 * its cycle is injected. The built-in catalog is there for the scm webhooks the server mounts.
 */
export function makeDaemonWorld(
  yaml = defaultYaml(),
  env: Record<string, string> = {},
): { ctx: TestContext; engine: LifecycleEngine } {
  const ctx = makeTestContext({ env, catalog: builtinCatalog });
  const config = parseConfig(yaml, `${makeTempDir("ao-cfg-")}/agent-orchestrator.yaml`, ctx);
  const store = openStore(ctx);
  const engine: LifecycleEngine = { store, config, close: () => closeStore(store) };
  engines.push(engine);
  return { ctx, engine };
}

export function defaultYaml(): string {
  const repo = makeTempDir("ao-repo-");
  return [
    "port: 0",
    "daemon:",
    "  pollInterval: 1s",
    "  stopTimeout: 5s",
    "projects:",
    "  app:",
    `    path: ${repo}`,
    "    repo: acme/widgets",
    "    tracker: local",
    "    scm: local",
    "  tools:",
    `    path: ${repo}`,
    "    repo: acme/tools",
    "    tracker: local",
    "    scm: local",
    "",
  ].join("\n");
}

/** defaultYaml with `app` on scm/github, whose webhooks the daemon then receives; `tools` stays local. */
export function githubAppYaml(): string {
  return defaultYaml().replace("    scm: local\n  tools:", "    scm: github\n  tools:");
}

export function addSession(
  store: Store,
  id: string,
  fields: { project?: string; branch?: string; prNumber?: number; status?: "working" | "merged" } = {},
): void {
  writeTransaction(store, (tx) => {
    insertSession(
      tx,
      {
        id,
        project: fields.project ?? "app",
        branch: fields.branch ?? `feat/${id}`,
        worktree: `/nonexistent/${id}`,
        runtime: "tmux",
        agent: "claude-code",
        status: fields.status ?? "working",
      },
      sessionCreated(),
    );
    if (fields.prNumber !== undefined) {
      updateSession(tx, id, { prNumber: fields.prNumber }, prOpened(fields.prNumber));
    }
  });
}

/** A cycle function that records what it was asked and reports the number of sessions given. */
export function recordingCycle(): {
  runCycle: CycleRunner;
  calls: (readonly string[] | undefined)[];
  options: (CycleOptions | undefined)[];
} {
  const calls: (readonly string[] | undefined)[] = [];
  const options: (CycleOptions | undefined)[] = [];
  const runCycle: CycleRunner = (ctx, _engine, asked) => {
    calls.push(asked?.sessionIds);
    options.push(asked);
    return Promise.resolve(report(ctx.clock.now(), asked?.sessionIds?.length ?? 0));
  };
  return { runCycle, calls, options };
}

export function report(at: number, sessions: number): CycleReport {
  return {
    at,
    durationMs: 1,
    sessions,
    events: 0,
    planned: 0,
    delivered: 0,
    failed: 0,
    escalated: 0,
    errors: [],
  };
}

/**
 * The daemon's ready info, or its start error: a daemon that fails before it is ready (a taken
 * port, a held lock) rejects here at once instead of leaving the test to hang to its timeout.
 */
export function readyOrFailure<T>(ready: Promise<T>, done: Promise<number>): Promise<T> {
  const failed = done.then((code) => {
    throw new Error(`the daemon exited with ${code} before it was ready`);
  });
  const outcome = Promise.race([ready, failed]);
  // Handled here so a test that awaits only `done` (expecting it to reject) sees no stray rejection.
  outcome.catch(() => undefined);
  return outcome;
}
