import { describe, expect, it } from "vitest";
import { matchWebhookSessions } from "../../../src/core/daemon/match-webhook-sessions.js";
import type { WebhookSubject } from "../../../src/core/slots/index.js";
import { listSessions } from "../../../src/core/store/index.js";
import { addSession, makeDaemonWorld } from "./daemon-fixture.js";

const about = (
  repository: string | undefined,
  branches: string[] = [],
  pullRequests: number[] = [],
): WebhookSubject => ({ repository, branches, pullRequests });

describe("matchWebhookSessions", () => {
  it("picks the active sessions of the event's repository by branch or PR number", () => {
    const { engine } = makeDaemonWorld();
    addSession(engine.store, "app-1", { branch: "feat/a" });
    addSession(engine.store, "app-2", { branch: "feat/b", prNumber: 8 });
    addSession(engine.store, "app-3", { branch: "feat/c" });
    addSession(engine.store, "tools-1", { project: "tools", branch: "feat/a" });
    addSession(engine.store, "app-4", { branch: "feat/d", status: "merged" });
    const sessions = listSessions(engine.store, { activeOnly: true });
    const config = engine.config.config;
    const match = (subject: WebhookSubject, projects = ["app", "tools"]) =>
      matchWebhookSessions(config, sessions, subject, projects);

    expect(match(about("ACME/Widgets", ["feat/a"], [1]))).toEqual(["app-1"]);
    expect(match(about("acme/widgets", [], [8]))).toEqual(["app-2"]);
    expect(match(about("acme/tools", ["feat/a"]))).toEqual(["tools-1"]);
    expect(match(about("acme/widgets", ["feat/a", "feat/c"]))).toEqual(["app-1", "app-3"]);
    expect(match(about("acme/widgets", ["feat/d"]))).toEqual([]);
    expect(match(about("other/repo", ["feat/a"]))).toEqual([]);
    expect(match(about(undefined, ["feat/a"]))).toEqual([]);
  });

  it("looks only at the projects the receiving scm serves in this daemon", () => {
    const { engine } = makeDaemonWorld();
    addSession(engine.store, "tools-1", { project: "tools", branch: "feat/a" });
    const sessions = listSessions(engine.store, { activeOnly: true });
    const subject = about("acme/tools", ["feat/a"]);
    expect(matchWebhookSessions(engine.config.config, sessions, subject, ["tools"])).toEqual(["tools-1"]);
    expect(matchWebhookSessions(engine.config.config, sessions, subject, ["app"])).toEqual([]);
    expect(matchWebhookSessions(engine.config.config, sessions, subject, ["gone"])).toEqual([]);
  });
});
