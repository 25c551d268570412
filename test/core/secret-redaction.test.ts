import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reportError } from "../../src/cli/report-error.js";
import { writeJson } from "../../src/cli/render.js";
import { createNodeContext } from "../../src/core/context.js";
import { createDaemonLog } from "../../src/core/daemon/daemon-log.js";
import { AoError, messageOf } from "../../src/core/errors.js";
import { forgetSecretValues, REDACTED, redactText } from "../../src/core/redact.js";
import { aoSecretVariables } from "../../src/core/secret-variables.js";
import { insertSession, updateSession, writeTransaction } from "../../src/core/store/index.js";
import { sessionCreated, statusChanged } from "../helpers/events.js";
import { makeTempDir } from "../helpers/temp-dir.js";
import { openTestStore } from "./store/store-fixture.js";

/** Secrets that match no token pattern: only their known values can find them. */
const FORGE_TOKEN = "plain-forge-token-0123456789";
const WEBHOOK_SECRET = "hook-secret-abcdefgh";

afterEach(() => forgetSecretValues([FORGE_TOKEN, WEBHOOK_SECRET]));

function sink(): { write(text: string): boolean; text: () => string } {
  let text = "";
  return { write: (chunk: string) => ((text += chunk), true), text: () => text };
}

/** A context made as the CLI makes it, from an environment holding ao's secrets. */
function contextWithSecrets(): ReturnType<typeof createNodeContext> {
  const home = makeTempDir("ao-redact-");
  const env = { AO_HOME: home, GITHUB_TOKEN: FORGE_TOKEN, AO_GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET };
  return createNodeContext({ env, cwd: home, catalog: {} as never, stdout: sink(), stderr: sink() });
}

describe("one redaction of known secret values", () => {
  it("redacts the environment's secret values wherever they occur, once a context exists", () => {
    expect(redactText(`Bad credentials: ${FORGE_TOKEN}`)).toContain(FORGE_TOKEN);
    contextWithSecrets();
    expect(redactText(`Bad credentials: ${FORGE_TOKEN}`)).toBe(`Bad credentials: ${REDACTED}`);
    expect(messageOf(new Error(`signature with ${WEBHOOK_SECRET} failed`))).toBe(
      `signature with ${REDACTED} failed`,
    );
  });

  it("ao.log gets neither the forge token nor the webhook secret", () => {
    const ctx = contextWithSecrets();
    ctx.logger.warn(`forge said: token ${FORGE_TOKEN} is invalid`, { note: `secret ${WEBHOOK_SECRET}` });
    ctx.logger.flush();
    const log = readFileSync(join(ctx.paths.logs, "ao.log"), "utf8");
    expect(log).toContain("forge said");
    expect(log).not.toContain(FORGE_TOKEN);
    expect(log).not.toContain(WEBHOOK_SECRET);
  });

  it("daemon.log (the daemon's stderr) gets neither the forge token nor the webhook secret", () => {
    const ctx = contextWithSecrets();
    const daemonLog = sink();
    const log = createDaemonLog({ ...ctx, stderr: daemonLog });
    log.error(`cycle: GitHub answered 401: Bad credentials (token ${FORGE_TOKEN})`);
    log.warn(`webhook refused: signature made with ${WEBHOOK_SECRET}`);
    expect(daemonLog.text()).toContain("GitHub answered 401: Bad credentials");
    expect(daemonLog.text()).toContain(`(token ${REDACTED})`);
    expect(daemonLog.text()).not.toContain(FORGE_TOKEN);
    expect(daemonLog.text()).not.toContain(WEBHOOK_SECRET);
  });

  it("the store keeps a session's reason and its JSON columns redacted", () => {
    contextWithSecrets();
    const { store } = openTestStore();
    writeTransaction(store, (tx) => {
      insertSession(
        tx,
        { id: "app-1", project: "app", branch: "b", worktree: "/w", runtime: "tmux", agent: "claude-code" },
        sessionCreated(),
      );
      updateSession(
        tx,
        "app-1",
        {
          status: "errored",
          reason: `GitHub answered 401 for ${FORGE_TOKEN}`,
          prState: { error: `fetch failed with ${FORGE_TOKEN}` } as never,
        },
        statusChanged("spawning", "errored", `401 for ${FORGE_TOKEN}`),
      );
    });
    const dump = JSON.stringify(store.db.prepare("SELECT * FROM sessions").all());
    const events = JSON.stringify(store.db.prepare("SELECT * FROM events").all());
    expect(dump).toContain("GitHub answered 401");
    expect(dump + events).not.toContain(FORGE_TOKEN);
  });

  it("CLI output (--json and error:) carries no known secret", () => {
    contextWithSecrets();
    const out = sink();
    writeJson(out, { sessions: [{ reason: `forge error ${FORGE_TOKEN}` }] });
    const stdout = sink();
    const stderr = sink();
    const error = new AoError("E_PLUGIN_FAILED", `GitHub refused ${FORGE_TOKEN}`, {
      hint: `check ${WEBHOOK_SECRET}`,
    });
    reportError(error, { stdout, stderr, style: plainStyle(), json: true, debug: true });
    const all = out.text() + stdout.text() + stderr.text();
    expect(all).toContain("GitHub refused");
    expect(all).not.toContain(FORGE_TOKEN);
    expect(all).not.toContain(WEBHOOK_SECRET);
  });

  it("takes the secrets a configuration names (daemon.webhookSecretEnv, a notifier's secretEnv)", () => {
    const names = aoSecretVariables({
      daemon: { webhookSecretEnv: "MY_HOOK", pollInterval: "30s" },
      notifiers: { team: { plugin: "webhook", secretEnv: "TEAM_SECRET", url: "https://x" } },
    });
    expect(names).toEqual(expect.arrayContaining(["MY_HOOK", "TEAM_SECRET", "GITHUB_TOKEN"]));
  });
});

function plainStyle(): Parameters<typeof reportError>[1]["style"] {
  const same = (text: string) => text;
  return new Proxy({}, { get: () => same }) as Parameters<typeof reportError>[1]["style"];
}
