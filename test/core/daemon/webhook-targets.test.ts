import { describe, expect, it } from "vitest";
import { matchWebhookSessions } from "../../../src/core/daemon/match-webhook-sessions.js";
import { webhookTargets } from "../../../src/core/daemon/webhook-targets.js";
import { listSessions } from "../../../src/core/store/index.js";
import { addSession, makeDaemonWorld } from "./daemon-fixture.js";

const repository = { full_name: "acme/widgets" };

describe("webhookTargets", () => {
  it("reads the branch and PR of each event a PR's life produces", () => {
    const cases: [unknown, string[], number[]][] = [
      [{ repository, pull_request: { number: 7, head: { ref: "feat/a" } } }, ["feat/a"], [7]],
      [
        { repository, check_run: { check_suite: { head_branch: "feat/b" }, pull_requests: [{ number: 8 }] } },
        ["feat/b"],
        [8],
      ],
      [{ repository, check_suite: { head_branch: "feat/c", pull_requests: [] } }, ["feat/c"], []],
      [
        { repository, workflow_run: { head_branch: "feat/d", pull_requests: [{ number: 9 }] } },
        ["feat/d"],
        [9],
      ],
      [{ repository, review: {}, pull_request: { number: 10, head: { ref: "feat/e" } } }, ["feat/e"], [10]],
      [
        { repository, state: "failure", branches: [{ name: "feat/f" }, { name: "main" }] },
        ["feat/f", "main"],
        [],
      ],
      [{ repository, issue: { number: 11, pull_request: {} } }, [], [11]],
      [{ repository, issue: { number: 12 } }, [], []],
      [{ repository, ref: "refs/heads/feat/g" }, ["feat/g"], []],
    ];
    for (const [payload, branches, pullRequests] of cases) {
      expect(webhookTargets(payload)).toEqual({ repo: "acme/widgets", branches, pullRequests });
    }
  });

  it("gives empty targets for shapes it does not know", () => {
    expect(webhookTargets(null)).toEqual({ repo: undefined, branches: [], pullRequests: [] });
    expect(webhookTargets({ zen: "Design for failure.", hook_id: 1 })).toEqual({
      repo: undefined,
      branches: [],
      pullRequests: [],
    });
  });
});

describe("matchWebhookSessions", () => {
  it("picks the active sessions of the payload's repository by branch or PR number", () => {
    const { engine } = makeDaemonWorld();
    addSession(engine.store, "app-1", { branch: "feat/a" });
    addSession(engine.store, "app-2", { branch: "feat/b", prNumber: 8 });
    addSession(engine.store, "app-3", { branch: "feat/c" });
    addSession(engine.store, "tools-1", { project: "tools", branch: "feat/a" });
    const sessions = listSessions(engine.store, { activeOnly: true });
    const config = engine.config.config;
    const match = (payload: unknown, project?: string) =>
      matchWebhookSessions(config, sessions, webhookTargets(payload), project);

    expect(
      match({
        repository: { full_name: "ACME/Widgets" },
        pull_request: { number: 1, head: { ref: "feat/a" } },
      }),
    ).toEqual(["app-1"]);
    expect(match({ repository, check_run: { pull_requests: [{ number: 8 }] } })).toEqual(["app-2"]);
    expect(match({ repository: { full_name: "acme/tools" }, ref: "refs/heads/feat/a" })).toEqual(["tools-1"]);
    expect(match({ repository: { full_name: "acme/tools" }, ref: "refs/heads/feat/a" }, "app")).toEqual([]);
    expect(match({ repository: { full_name: "other/repo" }, ref: "refs/heads/feat/a" })).toEqual([]);
    expect(
      match({ repository, state: "success", branches: [{ name: "feat/a" }, { name: "feat/c" }] }),
    ).toEqual(["app-1", "app-3"]);
  });
});
