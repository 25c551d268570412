import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTmuxHome } from "../helpers/tmux.js";
import { eventually } from "./e2e-fixture.js";

const AGENT = fileURLToPath(new URL("../fixtures/github-loop-agent.mjs", import.meta.url));

/** The project's CI: red until the agent's work file holds a fix. */
const CI_SCRIPT = `import { readFileSync } from "node:fs";
const work = readFileSync("loop-agent-work.txt", "utf8");
if (!work.includes("fix number")) { console.error("not ok 1 - the work is not fixed yet"); process.exit(1); }
`;

interface EventJson {
  type: string;
  sessionId: string | null;
  payload: Record<string, unknown>;
}

/** A repository without a remote, with its CI script and issue #1 for the local tracker. */
function makeLocalRepo(): string {
  const repo = join(makeTempDir("ao-wake-"), "app");
  mkdirSync(join(repo, ".ao", "issues"), { recursive: true });
  writeFileSync(join(repo, "ci.mjs"), CI_SCRIPT);
  writeFileSync(join(repo, "loop-agent-work.txt"), "nothing yet\n");
  writeFileSync(join(repo, ".ao", "issues", "1-greet.md"), "---\ntitle: Greet the user\n---\n\nSay hello.\n");
  runGit(join(repo, ".."), ["init", "-q", "--initial-branch=main", repo]);
  runGit(repo, ["add", "-A"]);
  runGit(repo, ["commit", "-q", "-m", "app with its CI"]);
  return repo;
}

/** A poll far longer than the test may take: whatever happens after the first cycle was woken. */
function writeConfig(repo: string, agentLog: string): void {
  const config = {
    port: 0,
    daemon: { pollInterval: "600s" },
    projects: {
      app: {
        path: repo,
        defaultBranch: "main",
        tracker: "local",
        scm: { plugin: "local", ci: ["node ci.mjs"] },
        agent: {
          plugin: "command",
          argv: [process.execPath, AGENT, "--prompt-file", "{promptFile}"],
          env: { LOOP_AGENT_LOG: agentLog, LOOP_AGENT_NO_PUSH: "1" },
        },
      },
    },
  };
  writeFileSync(join(repo, "agent-orchestrator.yaml"), JSON.stringify(config, null, 2));
}

describe("the daemon is woken, not polled (issue 29)", () => {
  it(
    "with a 600 s poll, the agent's commit starts local CI and its failure reaches the agent as its ci-failed turn",
    { timeout: 180_000 },
    async () => {
      const { home } = makeTmuxHome();
      const repo = makeLocalRepo();
      const agentLog = join(home, "agent-arrivals.jsonl");
      writeConfig(repo, agentLog);
      const env = { AO_HOME: home, NO_COLOR: "1" };
      const ao = (args: string[]) => runAo(args, { cwd: repo, env });
      const arrivals = () =>
        existsSync(agentLog)
          ? readFileSync(agentLog, "utf8")
              .split("\n")
              .filter(Boolean)
              .map((line) => JSON.parse(line) as { kind: string; text: string })
          : [];
      const events = () => {
        const run = ao(["events", "--json", "--limit", "100000"]);
        expect(run.exitCode, run.stderr).toBe(0);
        return (JSON.parse(run.stdout) as { events: EventJson[] }).events;
      };
      try {
        const started = ao(["start", "--json"]);
        expect(started.exitCode, started.stderr).toBe(0);
        const spawned = ao(["spawn", "app", "1"]);
        expect(spawned.exitCode, spawned.stderr).toBe(0);
        const id = spawned.stdout.trim();

        // The agent commits (red), ao opens the pull request and runs CI, CI fails: the agent is told.
        const told = await eventually(
          () => arrivals().find((arrival) => arrival.kind === "message" && /CI failed/.test(arrival.text)),
          "the ci-failed message to reach the agent",
          120_000,
        );
        expect(told.text).toContain("node ci.mjs");
        expect(told.text).toContain("the work is not fixed yet");
        // The agent's fix is a new commit: CI runs again, passes, and the daemon sees that too.
        await eventually(
          () => {
            const run = ao(["ci", id, "--json"]);
            const runs = JSON.parse(run.stdout) as { runs: { state: string }[] };
            return runs.runs[0]?.state === "passing" ? runs : undefined;
          },
          "CI to pass on the fix",
          120_000,
        );
        const seen = await eventually(() => {
          const all = events().filter((event) => event.sessionId === id);
          return all.some((event) => event.type === "session.status" && event.payload["to"] === "pr_open")
            ? all
            : undefined;
        }, "the daemon to see the green head");
        const types = seen.map((event) => event.type);
        expect(types).toContain("pr.opened");
        // The ci-failed reaction became a turn of the agent, and that turn was delivered.
        const reaction = seen.find(
          (event) => event.type === "reaction.delivering" && event.payload["reaction"] === "ci-failed",
        );
        const turn = seen.find(
          (event) =>
            event.type === "turn.queued" &&
            event.payload["origin"] === "reaction" &&
            event.payload["reactionId"] === reaction?.payload["reactionId"],
        );
        expect(turn, JSON.stringify(types)).toBeDefined();
        expect(
          seen.filter(
            (event) => event.type === "turn.delivered" && event.payload["turnId"] === turn?.payload["turnId"],
          ),
        ).toHaveLength(1);

        // Every cycle after the first was woken: by the new session, its commits, its CI runs.
        const log = readFileSync(join(home, "logs", "daemon.log"), "utf8");
        expect(log).toMatch(/woken \([^)]*commit[^)]*\): app-1/);
        expect(log).toMatch(/woken \([^)]*scm[^)]*\): app-1/);
      } finally {
        ao(["stop"]);
      }
    },
  );
});
