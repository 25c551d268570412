import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { locateDemoMaterial } from "../../src/core/demo/demo-agent-path.js";
import { startWebhookReceiver } from "../fakes/webhook-receiver.js";
import { runGit } from "../helpers/git-repo.js";
import { runAo } from "../helpers/run-ao.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { makeTmuxHome } from "../helpers/tmux.js";
import { eventually } from "./e2e-fixture.js";
import { expectStableEvents, type EventJson } from "./event-shapes.js";

const SECRET = "loop-local-test-secret";
/**
 * The payload shapes of every event type this loop writes, recorded from a run of the build before
 * the event union (main at 24a29b6), which this branch's run matched type for type.
 */
const RECORDED_SHAPES = fileURLToPath(new URL("fixtures/loop-local-event-shapes.json", import.meta.url));

interface StatusJson {
  sessions: { id: string; branch: string; status: string; pr: { ci: { state: string } | null } | null }[];
}

/** A node project with no remote: stats.mjs, its tests (`npm test`) and issue #1 in .ao/issues. */
function makeLocalRepo(): string {
  const repo = join(makeTempDir("ao-loop-"), "stats");
  cpSync(locateDemoMaterial().project, repo, { recursive: true });
  writeFileSync(
    join(repo, "package.json"),
    `${JSON.stringify({ name: "stats", private: true, type: "module", scripts: { test: "node --test" } }, null, 2)}\n`,
  );
  runGit(join(repo, ".."), ["init", "-q", "--initial-branch=main", repo]);
  runGit(repo, ["config", "user.name", "ao test"]);
  runGit(repo, ["config", "user.email", "test@ao.invalid"]);
  runGit(repo, ["add", "-A"]);
  runGit(repo, ["commit", "-q", "-m", "stats: sum() and its tests"]);
  return repo;
}

/**
 * What `ao init --auto` wrote, plus what this test needs: the scripted demo agent as the (fake)
 * agent, a 1 s poll, any free port, and notifications to a loopback receiver.
 */
function adjustConfig(path: string, notifyUrl: string): void {
  const document = parseDocument(readFileSync(path, "utf8"));
  const agent = locateDemoMaterial().agent;
  document.setIn(["projects", "stats", "agent"], {
    plugin: "command",
    argv: [process.execPath, agent, "--prompt-file", "{promptFile}"],
  });
  document.set("port", 0);
  document.set("daemon", { pollInterval: "1s" });
  document.set("notifiers", { hook: { plugin: "webhook", url: notifyUrl, secretEnv: "AO_WEBHOOK_SECRET" } });
  document.set("defaults", { notifiers: ["hook"] });
  writeFileSync(path, document.toString());
}

describe("the loop in a repository with no remote (local mode)", () => {
  it(
    "init --auto, start, spawn: CI catches the agent's bug, the fix goes green, review, mergeable, merge",
    { timeout: 300_000 },
    async () => {
      const { home } = makeTmuxHome();
      const repo = makeLocalRepo();
      const receiver = await startWebhookReceiver({ secret: SECRET }, "/ao");
      const env = { AO_HOME: home, AO_WEBHOOK_SECRET: SECRET, NO_COLOR: "1", DEMO_AGENT_STEP_MS: "50" };
      const ao = (args: string[]) => runAo(args, { cwd: repo, env });
      const status = () => {
        const run = ao(["status", "--json"]);
        expect(run.exitCode, run.stderr).toBe(0);
        return (JSON.parse(run.stdout) as StatusJson).sessions.find((session) => session.id === "stats-1");
      };
      try {
        const init = ao(["init", "--auto"]);
        expect(init.exitCode, init.stderr).toBe(0);
        const configPath = join(repo, "agent-orchestrator.yaml");
        const written = readFileSync(configPath, "utf8");
        expect(written).toMatch(/tracker:\s+plugin: local/);
        expect(written).toMatch(/scm:\s+plugin: local\s+(#.*\s+)*ci:\s+- npm test/);
        adjustConfig(configPath, receiver.url);

        const started = ao(["start", "--json"]);
        expect(started.exitCode, started.stderr).toBe(0);
        const spawned = ao(["spawn", "stats", "1"]);
        expect(spawned.exitCode, spawned.stderr).toBe(0);
        expect(spawned.stdout.trim()).toBe("stats-1");

        // The agent's first commit breaks a test: CI (npm test) fails and the daemon sends it the failure.
        // Read from the event log, not `ao status`: the daemon is woken by the fix's commit, so the
        // session may be ci_failed for less time than one `ao status` takes on a busy machine.
        const ciFailed = () => {
          const run = ao(["events", "--json", "--type", "lifecycle.ci_failed", "--session", "stats-1"]);
          return (JSON.parse(run.stdout) as { events: unknown[] }).events.length > 0 ? true : undefined;
        };
        await eventually(ciFailed, "CI to fail", 120_000);
        // The agent fixes it: CI goes green on the new head.
        await eventually(
          () => (status()?.pr?.ci?.state === "passing" ? true : undefined),
          "CI to pass after the fix",
          120_000,
        );
        const branch = status()?.branch ?? "";
        expect(runGit(repo, ["log", "--format=%s", branch]).split("\n").slice(0, 2)).toEqual([
          "fix: average of an empty list is 0",
          "feat: add average()",
        ]);

        const approved = ao(["review", "stats-1", "--approve"]);
        expect(approved.exitCode, approved.stderr).toBe(0);
        await eventually(() => (status()?.status === "mergeable" ? true : undefined), "mergeable", 60_000);
        const notified = await eventually(
          () => receiver.requests.find((request) => request.body.includes("approved and CI is green")),
          "the approved-and-green notification",
        );
        expect(notified.signatureValid).toBe(true);

        const merged = ao(["merge", "stats-1"]);
        expect(merged.exitCode, merged.stderr).toBe(0);
        expect(runGit(repo, ["log", "-1", "--format=%s", "main"])).toBe("fix: average of an empty list is 0");
        expect(runGit(repo, ["status", "--porcelain", "--untracked-files=no"])).toBe("");
        expect(spawnSync(process.execPath, ["--test"], { cwd: repo }).status).toBe(0);
        await eventually(
          () => {
            const all = JSON.parse(ao(["session", "ls", "--all", "--json"]).stdout) as StatusJson;
            return all.sessions.find((session) => session.id === "stats-1")?.status === "merged"
              ? true
              : undefined;
          },
          "the session to end as merged",
          60_000,
        );

        // The feed of the whole run, as a follower reads it: the shapes people's scripts rely on.
        const events = ao(["events", "--json", "--limit", "100000"]);
        expect(events.exitCode, events.stderr).toBe(0);
        const { events: all } = JSON.parse(events.stdout) as { events: EventJson[] };
        expectStableEvents(all, RECORDED_SHAPES);
      } finally {
        ao(["stop"]);
        await receiver.close();
      }
    },
  );
});
