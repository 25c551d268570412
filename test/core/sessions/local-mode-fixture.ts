import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { definePlugin } from "../../../src/core/registry/define-plugin.js";
import type { PluginCatalog, PluginLoader } from "../../../src/core/registry/catalog.js";
import { openProjectForge } from "../../../src/core/sessions/project-forge.js";
import type { PullRequest, Scm } from "../../../src/core/slots/index.js";
import {
  closeStore,
  insertSession,
  listEvents,
  openStore,
  updateSession,
  writeTransaction,
  type StoredEvent,
} from "../../../src/core/store/index.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { defaultsOnlyCatalog, makeTestContext, type TestContext } from "../../helpers/test-context.js";
import { prOpened, sessionCreated } from "../../helpers/events.js";

export interface LocalModeFixture {
  ctx: TestContext;
  /** The person's main checkout, on main, with no remote. */
  repo: string;
  configPath: string;
  /** A session row (as spawn leaves it) with a real worktree on `branch` holding one commit of `files`. */
  session(id: string, branch: string, files: Record<string, string>): string;
  /** What the lifecycle does once the branch has commits: push and open the pull request. */
  openPull(branch: string, worktree: string): Promise<PullRequest>;
  scm(): Promise<Scm>;
  /** What the lifecycle records once it knows the session's pull request. */
  linkPull(sessionId: string, number: number, url: string): void;
  events(sessionId: string): StoredEvent[];
}

/** The built-in local plugins, reached through a catalog exactly as `ao` reaches them. */
function localCatalog(extraScm: Record<string, Scm>): PluginCatalog {
  const fixed = Object.entries(extraScm).map(([name, instance]): [string, PluginLoader] => [
    name,
    () =>
      Promise.resolve(
        definePlugin({
          slot: "scm",
          name,
          description: "test scm",
          options: z.strictObject({}),
          create: () => instance,
        }),
      ),
  ]);
  return {
    ...defaultsOnlyCatalog(),
    tracker: { local: () => import("../../../src/plugins/tracker/local.js") },
    scm: { local: () => import("../../../src/plugins/scm/local.js"), ...Object.fromEntries(fixed) },
  };
}

/**
 * A project `app` in local mode (tracker/local, scm/local with `ci`), its own AO_HOME and config.
 * `extraScm` adds in-memory scm plugins by name, for `scmYaml: "scm: <name>"`.
 */
export function makeLocalModeFixture(
  options: { ci?: string[]; scmYaml?: string; extraScm?: Record<string, Scm> } = {},
): LocalModeFixture {
  const { dir: repo } = makeTestRepo();
  runGit(repo, ["remote", "remove", "origin"]);
  runGit(repo, ["config", "user.name", "Ada Reviewer"]);
  runGit(repo, ["config", "user.email", "ada@ao.invalid"]);
  const configDir = makeTempDir("ao-config-");
  const configPath = join(configDir, "agent-orchestrator.yaml");
  const scmYaml =
    options.scmYaml ?? `scm:\n      plugin: local\n      ci: ${JSON.stringify(options.ci ?? [])}`;
  writeFileSync(configPath, `projects:\n  app:\n    path: ${repo}\n    tracker: local\n    ${scmYaml}\n`);
  const ctx = makeTestContext({ catalog: localCatalog(options.extraScm ?? {}), cwd: configDir });
  const worktrees = makeTempDir("ao-worktrees-");
  const scm = async () => (await (await openProjectForge(ctx, "app", configPath)).scm()).plugin;
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
    configPath,
    session: (id, branch, files) => {
      const worktree = join(worktrees, id);
      runGit(repo, ["worktree", "add", "-q", "-b", branch, worktree, "main"]);
      commitFiles(worktree, files);
      withStore((store) =>
        writeTransaction(store, (tx) =>
          insertSession(
            tx,
            { id, project: "app", branch, worktree, runtime: "fake", agent: "fake", status: "working" },
            sessionCreated(),
          ),
        ),
      );
      return worktree;
    },
    openPull: async (branch, worktree) => {
      const plugin = await scm();
      await plugin.push(worktree, branch);
      return plugin.openPullRequest({
        branch,
        base: "main",
        title: `Work on ${branch}`,
        body: "Why: tests.",
      });
    },
    scm,
    linkPull: (sessionId, number, url) =>
      withStore((store) =>
        writeTransaction(store, (tx) =>
          updateSession(tx, sessionId, { prNumber: number, prUrl: url }, prOpened(number, url)),
        ),
      ),
    events: (sessionId) => withStore((store) => listEvents(store, { sessionId })),
  };
}

export function commitFiles(checkout: string, files: Record<string, string>, message = "change"): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(checkout, path)), { recursive: true });
    writeFileSync(join(checkout, path), content);
  }
  runGit(checkout, ["add", "-A"]);
  runGit(checkout, ["commit", "-q", "-m", message]);
  return runGit(checkout, ["rev-parse", "HEAD"]);
}
