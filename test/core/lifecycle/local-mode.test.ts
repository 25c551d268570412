import { fixedPlugin } from "../../helpers/fixed-plugin.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { openLifecycleEngine, runCycle, type LifecycleEngine } from "../../../src/core/lifecycle/index.js";
import type { PluginCatalog } from "../../../src/core/registry/catalog.js";
import {
  insertSession,
  listEvents,
  requireSession,
  writeTransaction,
} from "../../../src/core/store/index.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { FakeAgent } from "../../fakes/agent.js";
import { FakeRuntime } from "../../fakes/runtime.js";
import { makeTestRepo, runGit } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { makeLifecycleFixture } from "./lifecycle-fixture.js";
import { sessionCreated } from "../../helpers/events.js";

/** A session branch in a real worktree of the project's repository, with one commit of the agent's. */
function worktreeWithCommit(
  repoDir: string,
  id: string,
  file = "feature.txt",
): { worktree: string; branch: string } {
  const worktree = join(makeTempDir("ao-wt-"), id);
  const branch = `session/${id}`;
  runGit(repoDir, ["worktree", "add", "-q", "-b", branch, worktree, "main"]);
  writeFileSync(join(worktree, file), "work\n");
  runGit(worktree, ["add", "-A"]);
  runGit(worktree, ["commit", "-q", "-m", "Add the feature file"]);
  return { worktree, branch };
}

describe("pull requests for sessions without one", () => {
  it("pushes and opens one once the branch has commits, titled from the issue, closing it", async () => {
    const f = makeLifecycleFixture();
    const engine = await f.engine();
    const { worktree, branch } = worktreeWithCommit(f.repo.dir, "app-1");
    const handle = await f.runtime.create({ sessionId: "app-1", cwd: worktree, argv: ["x"], env: {} });
    f.agent.setActivity("app-1", { activity: "working" });
    writeTransaction(engine.store, (tx) =>
      insertSession(
        tx,
        {
          id: "app-1",
          project: "app",
          branch,
          worktree,
          runtime: "fake",
          agent: "fake",
          issue: "7",
          status: "working",
          runtimeHandle: { ...handle },
        },
        sessionCreated(),
      ),
    );
    await f.cycle();
    expect(f.scm.pushes).toEqual([expect.objectContaining({ worktree, branch })]);
    const pr = await f.scm.findPullRequest(branch);
    expect(pr).toMatchObject({ number: 1, title: "Issue 7 title", base: "main" });
    const body = (f.scm as unknown as { prs: Map<number, { body: string }> }).prs.get(1)?.body ?? "";
    expect(body).toContain("- Add the feature file");
    expect(body).toContain("Closes #7");
    expect(f.session("app-1")).toMatchObject({
      prNumber: 1,
      prUrl: "https://forge.invalid/pull/1",
      status: "pr_open",
    });
    expect(f.eventTypes("app-1")).toContain("pr.opened");
    await f.cycle();
    expect(f.scm.pushes).toHaveLength(1);
  });

  it("opens nothing while the branch has no commits of its own", async () => {
    const f = makeLifecycleFixture();
    const engine = await f.engine();
    const worktree = join(makeTempDir("ao-wt-"), "app-1");
    runGit(f.repo.dir, ["worktree", "add", "-q", "-b", "session/app-1", worktree, "main"]);
    writeTransaction(engine.store, (tx) =>
      insertSession(
        tx,
        {
          id: "app-1",
          project: "app",
          branch: "session/app-1",
          worktree,
          runtime: "fake",
          agent: "fake",
          status: "working",
        },
        sessionCreated(),
      ),
    );
    const report = await f.cycle();
    expect(report.errors).toEqual([]);
    expect(f.scm.pushes).toEqual([]);
    expect(f.session("app-1").prNumber).toBeNull();
  });
});

describe("local mode end to end (scm/local, real git, real CI commands)", () => {
  it("opens the local PR, runs CI, and sends the failing check with its log to the agent once", async () => {
    const repo = makeTestRepo();
    const runtime = new FakeRuntime();
    const agent = new FakeAgent();
    const catalog: PluginCatalog = {
      ...builtinCatalog,
      runtime: { ...builtinCatalog.runtime, fake: fixedPlugin("runtime", runtime) },
      agent: { ...builtinCatalog.agent, fake: fixedPlugin("agent", agent) },
      notifier: {
        ...builtinCatalog.notifier,
        fake: fixedPlugin("notifier", { notify: () => Promise.resolve() }),
      },
    };
    const configDir = makeTempDir("ao-config-");
    const ctx = makeTestContext({ catalog, cwd: configDir });
    const ci = `node -e "console.error('lint: x is unused'); process.exit(3)"`;
    writeFileSync(
      join(configDir, "agent-orchestrator.yaml"),
      [
        "defaults:",
        "  notifiers: [fake]",
        "projects:",
        "  app:",
        `    path: ${repo.dir}`,
        "    runtime: fake",
        "    agent: fake",
        "    tracker: local",
        "    scm:",
        "      plugin: local",
        `      ci: [${JSON.stringify(ci)}]`,
        "",
      ].join("\n"),
    );
    const engine: LifecycleEngine = await openLifecycleEngine(ctx, {});
    try {
      const { worktree, branch } = worktreeWithCommit(repo.dir, "app-1");
      const handle = await runtime.create({ sessionId: "app-1", cwd: worktree, argv: ["x"], env: {} });
      agent.setActivity("app-1", { activity: "idle" });
      writeTransaction(engine.store, (tx) =>
        insertSession(
          tx,
          {
            id: "app-1",
            project: "app",
            branch,
            worktree,
            runtime: "fake",
            agent: "fake",
            status: "working",
            runtimeHandle: { ...handle },
          },
          sessionCreated(),
        ),
      );
      // CI runs detached: cycle until it has finished (bounded; no timing is asserted).
      for (
        let round = 0;
        round < 100 && requireSession(engine.store, "app-1").status !== "ci_failed";
        round += 1
      ) {
        const report = await runCycle(ctx, engine);
        expect(report.errors).toEqual([]);
        await sleep(100);
      }
      expect(requireSession(engine.store, "app-1")).toMatchObject({ status: "ci_failed", prNumber: 1 });
      await runCycle(ctx, engine);
      const sent = runtime.processOf("app-1")?.transcript ?? [];
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain(`- ${ci}`);
      expect(sent[0]).toContain("lint: x is unused");
      const types = listEvents(engine.store, { sessionId: "app-1" }).map((event) => event.type);
      expect(types).toEqual(
        expect.arrayContaining(["pr.opened", "lifecycle.ci_failed", "reaction.delivered"]),
      );
    } finally {
      engine.close();
    }
  });
});
