import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_REACTIONS, type ReactionKey } from "../../../src/core/config/index.js";
import { loadConfig } from "../../../src/core/config/load-config.js";
import type { LifecycleEngine } from "../../../src/core/lifecycle/engine.js";
import { messageBody } from "../../../src/core/lifecycle/perform-reaction.js";
import { reactionPayload, type MessageFacts } from "../../../src/core/lifecycle/reaction-payload.js";
import { closeStore, openStore } from "../../../src/core/store/index.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";

const FACTS: MessageFacts = {
  project: "app",
  branch: "ao/fix-login",
  baseBranch: "main",
  pr: { number: 7, url: "https://example.test/pull/7", headSha: "abc" },
  checks: [{ name: "unit tests" }],
  threads: [{ id: "t1", author: "ana", isBot: false, body: "Rename this", path: "a.ts", line: 3 }],
  conflicts: ["src/login.ts"],
  since: 0,
};

type HandedBack = "ci-failed" | "changes-requested" | "merge-conflicts";

/** The default ci-failed, changes-requested and merge-conflicts messages as delivered for a project with this scm. */
async function rendered(scmYaml: string): Promise<Record<HandedBack, string>> {
  const dir = makeTempDir("ao-hand-back-");
  writeFileSync(join(dir, "agent-orchestrator.yaml"), `projects:\n  app:\n    path: .\n${scmYaml}`);
  const ctx = makeTestContext({ cwd: dir, catalog: builtinCatalog, env: { HOME: dir } });
  const store = openStore(ctx);
  const engine: LifecycleEngine = {
    store,
    config: await loadConfig(ctx, {}),
    close: () => closeStore(store),
  };
  try {
    const body = (key: ReactionKey) =>
      messageBody(ctx, engine, reactionPayload(key, DEFAULT_REACTIONS[key], FACTS), undefined);
    return {
      "ci-failed": await body("ci-failed"),
      "changes-requested": await body("changes-requested"),
      "merge-conflicts": await body("merge-conflicts"),
    };
  } finally {
    engine.close();
  }
}

const PUSH = /\bpush\b(?!:)/i;
const PUSH_ORDER = /commit and push|git push|then push/i;
const REPLY_ON_THREADS = /reply on (each|the) thread/i;

describe("reaction messages follow the project's scm, as the agent's rules do (issue 25)", () => {
  it("in local mode, ci-failed, changes-requested and merge-conflicts tell the agent to commit, never to push or reply on threads", async () => {
    const texts = await rendered("    scm: local\n");
    for (const text of Object.values(texts)) {
      expect(text).not.toMatch(PUSH_ORDER);
      expect(text).not.toMatch(REPLY_ON_THREADS);
      expect(text).toContain("commit");
      expect(text).toContain("`ao/fix-login`");
    }
    expect(texts["ci-failed"]).toContain("CI failed on your pull request https://example.test/pull/7.");
    expect(texts["changes-requested"]).toContain("- a.ts:3 ana:\n  Rename this");
    // No remote in local mode: the base is the local default branch, and nothing is pushed.
    const conflicts = texts["merge-conflicts"];
    expect(conflicts).not.toMatch(PUSH);
    expect(conflicts).not.toContain("origin/");
    expect(conflicts).toContain("Your branch ao/fix-login conflicts with main in:\n- src/login.ts");
    expect(conflicts).toMatch(/merge `main` into `ao\/fix-login`/i);
    expect(conflicts).toMatch(/resolve the conflicts/i);
  });

  it("on GitHub they still say commit and push, and reply on each thread", async () => {
    const texts = await rendered("    repo: acme/widgets\n    scm: github\n");
    expect(texts["ci-failed"]).toMatch(/then commit and push\.$/);
    expect(texts["changes-requested"]).toMatch(PUSH);
    expect(texts["changes-requested"]).toMatch(REPLY_ON_THREADS);
    expect(texts["merge-conflicts"]).toBe(
      "Your branch ao/fix-login conflicts with main in:\n- src/login.ts\n\n" +
        "Rebase onto origin/main, resolve the conflicts, run the tests and push (force-with-lease).",
    );
  });

  it("an scm that words no hand-back gets a merge-conflicts message that names no remote and defers to the rules", async () => {
    const texts = await rendered("");
    expect(texts["merge-conflicts"]).not.toContain("origin/");
    expect(texts["merge-conflicts"]).not.toMatch(PUSH_ORDER);
    expect(texts["merge-conflicts"]).toMatch(/the way your rules \(step 4\) say/);
  });
});
