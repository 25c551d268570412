import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../../src/cli/run-cli.js";
import { promptFilePath } from "../../../src/core/sessions/prompt-files.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeSessionFixture, type SessionFixture } from "../../core/sessions/session-fixture.js";
import { captureStream } from "../../helpers/test-context.js";
import { GITHUB_TEST_TOKEN, REPO, startGitHubIssues } from "./github-fixture.js";
import { startLinear } from "./linear-fixture.js";

/**
 * `ao spawn` / `ao batch-spawn` in-process (commander, the file logger in AO_HOME/logs, the store)
 * with the real tracker/github and tracker/linear against the fake servers; runtime, agent and
 * workspace are the in-memory fakes.
 */
function makeFixture(env: Record<string, string>) {
  const f = makeSessionFixture();
  const catalog = {
    ...f.ctx.catalog,
    tracker: {
      ...f.ctx.catalog.tracker,
      github: builtinCatalog.tracker["github"]!,
      linear: builtinCatalog.tracker["linear"]!,
    },
  };
  const ao = async (argv: string[]) => {
    const stdout = captureStream();
    const stderr = captureStream();
    const exitCode = await runCli({
      argv,
      env: { ...f.ctx.env, ...env, NO_COLOR: "1" },
      cwd: f.ctx.cwd,
      stdout,
      stderr,
      catalog,
      version: "0.0.0-test",
    });
    return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
  };
  const prompt = (sessionId: string) => readFileSync(promptFilePath(f.ctx.paths, sessionId), "utf8");
  return { f, ao, prompt };
}

/** Every file under AO_HOME (logs, the store, prompts), as text. */
function everythingIn(dir: string): string {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString("latin1"))
    .join("\n");
}

function logsOf(f: SessionFixture): string {
  return everythingIn(f.ctx.paths.logs);
}

describe("spawning from a Linear issue", () => {
  it("puts the issue in the prompt, uses Linear's branch, moves the issue, and never writes the key", async () => {
    const linear = await startLinear();
    const added = linear.addIssue({
      title: "Add dark mode",
      description: "Users ask for a dark theme.",
      labels: ["ui"],
    });
    // AO_LOG_LEVEL=debug: Linear requests are logged at debug, and the key must not be in them either.
    const { f, ao, prompt } = makeFixture({ LINEAR_API_KEY: linear.apiKey, AO_LOG_LEVEL: "debug" });
    f.writeConfig(
      `tracker: { plugin: linear, apiUrl: "${linear.apiUrl}", team: ENG, startedState: In Progress }`,
    );
    const result = await ao(["spawn", "app", "ENG-1"]);
    expect(result).toMatchObject({ exitCode: 0, stdout: "app-1\n" });
    expect(prompt("app-1")).toContain("## Issue ENG-1: Add dark mode");
    expect(prompt("app-1")).toContain("Users ask for a dark theme.");
    expect(f.session("app-1")).toMatchObject({ issue: "ENG-1", branch: "ada/eng-1-add-dark-mode" });
    expect(linear.stateName(added)).toBe("In Progress");
    expect(logsOf(f)).toContain("linear: AoIssueUpdateState");
    expect(everythingIn(f.ctx.env["AO_HOME"]!) + result.stderr).not.toContain(linear.apiKey);
  });
});

describe("spawning from a GitHub issue", () => {
  it("puts title, body and comments in the prompt, names the branch after the issue, labels it", async () => {
    const fixture = await startGitHubIssues();
    const issue = fixture.issues.add(REPO, {
      title: "Crash on save",
      body: "Saving an empty file throws.",
      comments: [{ author: "bob", body: "Seen on 2.3 too." }],
    });
    const { f, ao, prompt } = makeFixture({ GITHUB_TOKEN: GITHUB_TEST_TOKEN });
    f.writeConfig(
      `repo: ${REPO}\ntracker: { plugin: github, apiUrl: "${fixture.github.apiUrl}", labelOnStart: wip }`,
    );
    // A rate limit on the first read: the client logs it, waits, and retries.
    fixture.github.failNext({ status: 429, retryAfter: 1, path: `/repos/${REPO}/issues/1` });
    const result = await ao(["spawn", "app", "#1"]);
    expect(result).toMatchObject({ exitCode: 0, stdout: "app-1\n" });
    expect(prompt("app-1")).toContain("## Issue #1: Crash on save");
    expect(prompt("app-1")).toContain("Saving an empty file throws.");
    expect(prompt("app-1")).toContain("Comment 1 of 1, by bob:");
    expect(f.session("app-1")).toMatchObject({ issue: "1", branch: "feat/issue-1-crash-on-save" });
    expect(issue.labels).toEqual(["wip"]);
    expect(logsOf(f)).toContain("github secondary rate limit: retrying in 1s");
    expect(everythingIn(f.ctx.env["AO_HOME"]!) + result.stderr).not.toContain(GITHUB_TEST_TOKEN);
  });

  it("batch-spawns the open issues with a label, once each", async () => {
    const fixture = await startGitHubIssues();
    fixture.issues.add(REPO, { title: "Agent one", labels: ["agent"] });
    fixture.issues.add(REPO, { title: "Not for agents" });
    fixture.issues.add(REPO, { title: "Agent PR", labels: ["agent"], isPullRequest: true });
    fixture.issues.add(REPO, { title: "Agent two", labels: ["agent"] });
    const { f, ao } = makeFixture({ GITHUB_TOKEN: GITHUB_TEST_TOKEN });
    f.writeConfig(`repo: ${REPO}\ntracker: { plugin: github, apiUrl: "${fixture.github.apiUrl}" }`);
    const first = await ao(["batch-spawn", "app", "--label", "agent", "--json"]);
    expect(first.exitCode).toBe(0);
    const outcomes = (text: string) =>
      (JSON.parse(text) as { results: { issue: string; outcome: string }[] }).results.map((r) => [
        r.issue,
        r.outcome,
      ]);
    expect(outcomes(first.stdout)).toEqual([
      ["4", "spawned"],
      ["1", "spawned"],
    ]);
    const again = await ao(["batch-spawn", "app", "--label", "agent", "--json"]);
    expect(outcomes(again.stdout)).toEqual([
      ["4", "skipped"],
      ["1", "skipped"],
    ]);
    const both = await ao(["batch-spawn", "app", "4", "--label", "agent"]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain("name issues or select them with --label/--assignee, not both");
    expect(everythingIn(f.ctx.env["AO_HOME"]!)).not.toContain(GITHUB_TEST_TOKEN);
  });
});
