import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import { proposePlan } from "../../src/core/plans/propose-plan.js";
import { proposalSchema } from "../../src/core/plans/types.js";
import { closeStore, openStore } from "../../src/core/store/index.js";
import { DIAMOND } from "../core/plans/run/plan-fixture.js";
import { question } from "../e2e/acp-fixture.js";
import { eventually } from "../e2e/e2e-fixture.js";
import { runGit } from "../helpers/git-repo.js";
import { makeDashboardWorld, type DashboardWorld } from "./dashboard-world.js";
import { commitReviewWork } from "./review-fixture.js";

/** The project: ACP agents by default (their questions are structured), local issues, local CI. */
const PROJECT_YAML = [
  "agent:",
  "  plugin: acp",
  "  argv: [fake-acp-agent]",
  "tracker: local",
  'scm: { plugin: local, ci: ["node check.js"] }',
].join("\n");

/** A commit in the session's worktree whose CI (`node check.js`) passes or fails. */
function commitCheck(worktree: string, passes: boolean, message: string): void {
  writeFileSync(
    join(worktree, "check.js"),
    passes ? "process.exit(0);\n" : 'console.error("2 tests failed");\nprocess.exit(1);\n',
  );
  runGit(worktree, ["add", "check.js"]);
  runGit(worktree, ["commit", "-q", "-m", message]);
}

function spawn(world: DashboardWorld, args: string[]): void {
  const spawned = world.ao(["spawn", "app", ...args]);
  expect(spawned.exitCode, spawned.stderr).toBe(0);
}

function proposeDiamond(home: string): void {
  const store = openStore({ paths: aoPaths(home), clock: { now: () => Date.now() } });
  try {
    const existing = { kind: "existing" as const, agent: "claude-code" };
    const proposal = proposalSchema.parse({ ...DIAMOND, roles: { dev: existing, writer: existing } });
    proposePlan(store, { project: "app", proposal, author: "agent:lead" });
  } finally {
    closeStore(store);
  }
}

/**
 * A fleet where a person is needed, for the pages' photographs and checks: app-1's ACP agent asks
 * to run a command, app-2's CI fails, app-3 is approved with CI green (ready to merge), app-4's
 * claude works on its task, and plan-1 waits for approval (needPerson makes it so).
 */
export function makeNeedsYouWorld(): DashboardWorld {
  return makeDashboardWorld({ sessions: [], projectYaml: PROJECT_YAML });
}

/** Brings `world` to the state makeNeedsYouWorld describes; resolves once `ao status` says so. */
export async function needPerson(world: DashboardWorld): Promise<void> {
  spawn(world, ["Add a health check endpoint"]);
  spawn(world, ["--agent", "claude-code", "Fix the login bug\n\nThe form loses the password."]);
  spawn(world, ["--agent", "claude-code", "Write the changelog for 2.0"]);
  spawn(world, ["--agent", "claude-code", "Rename the config module"]);
  proposeDiamond(world.home);
  commitReviewWork(world.worktree("app-2"));
  commitCheck(world.worktree("app-2"), false, "fix: keep the password");
  commitCheck(world.worktree("app-3"), true, "docs: the changelog for 2.0");
  await eventually(() => (ciState(world, "app-3") === "passing" ? true : undefined), "app-3's CI green");
  const approved = world.ao(["review", "app-3", "--approve"]);
  expect(approved.exitCode, approved.stderr).toBe(0);
  await untilStatus(world, "app-3", ["mergeable", "approved"]);
  await untilStatus(world, "app-2", ["ci_failed"]);
  await eventually(() => (turnDone(world, "app-1") ? true : undefined), "app-1's first turn");
  expect(world.ao(["send", "app-1", "run npm test"]).exitCode).toBe(0);
  await eventually(() => question(world), "app-1's permission question");
}

function sessions(world: DashboardWorld): { id: string; status: string }[] {
  return (
    JSON.parse(world.ao(["session", "ls", "--json"]).stdout) as { sessions: { id: string; status: string }[] }
  ).sessions;
}

/** Waits until `ao session ls` says one of `statuses` for `id`; a timeout names the last status seen. */
async function untilStatus(world: DashboardWorld, id: string, statuses: string[]): Promise<void> {
  let seen: string | undefined;
  await eventually(
    () => {
      seen = sessions(world).find((session) => session.id === id)?.status;
      return seen !== undefined && statuses.includes(seen) ? true : undefined;
    },
    `${id} ${statuses.join(" or ")}`,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)} (last seen: ${String(seen)})`);
  });
}

function ciState(world: DashboardWorld, id: string): string | undefined {
  const listed = world.ao(["ci", id, "--json"]);
  if (listed.exitCode !== 0) return undefined;
  return (JSON.parse(listed.stdout) as { runs: { state: string }[] }).runs[0]?.state;
}

function turnDone(world: DashboardWorld, id: string): boolean {
  const listed = world.ao(["turns", id, "--json"]);
  return (JSON.parse(listed.stdout) as { turns: { status: string }[] }).turns[0]?.status === "completed";
}
