import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../helpers/temp-dir.js";
import { AGENT_FIXTURES } from "../plugins/agent/fixtures.js";
import { eventually, makeE2e, type E2e } from "./e2e-fixture.js";

/**
 * A `claude` that starts as Claude Code 2.1.332 does and then stops at a dialog no recorded version
 * showed and no hook reports: it runs ao's own SessionStart and UserPromptSubmit hooks from
 * `.claude/settings.local.json` with the recorded payloads (so the hooks say the turn runs), prints
 * the dialog and waits; with NOTIFY_DIALOG=1 it first tells of the dialog the way 2.1.332 does, with
 * an `agent_needs_input` Notification. Written by the test, first on PATH.
 */
function claudeWithUnknownDialog(): string {
  const bin = makeTempDir("ao-unknown-dialog-bin-");
  const hooks = join(AGENT_FIXTURES, "claude", "2.1.332", "turns");
  const started = readFileSync(join(hooks, "session-start.hooks.jsonl"), "utf8").split("\n")[0]!;
  const submitted = readFileSync(join(hooks, "completed.hooks.jsonl"), "utf8")
    .split("\n")
    .find((line) => line.includes('"hook_event_name":"UserPromptSubmit"'))!;
  // The recorded permission_prompt Notification with the type and words 2.1.332's bundle gives the
  // classifier billing notice (which could not be provoked offline: docs/agents.md).
  const notification = JSON.stringify({
    ...(JSON.parse(
      readFileSync(join(hooks, "permission-prompt.hooks.jsonl"), "utf8")
        .split("\n")
        .find((line) => line.includes('"hook_event_name":"Notification"'))!,
    ) as Record<string, unknown>),
    notification_type: "agent_needs_input",
    message: "Auto mode has a classifier billing notice to acknowledge",
  });
  const script = `#!/usr/bin/env node
const { execFileSync } = require("node:child_process");
const { readFileSync } = require("node:fs");
const settings = JSON.parse(readFileSync(".claude/settings.local.json", "utf8"));
const run = (event, line) => {
  const payload = { ...JSON.parse(line), cwd: process.cwd() };
  for (const group of settings.hooks[event] ?? [])
    for (const hook of group.hooks) execFileSync("sh", ["-c", hook.command], { input: JSON.stringify(payload) });
};
run("SessionStart", ${JSON.stringify(started)});
run("UserPromptSubmit", ${JSON.stringify(submitted)});
if (process.env.NOTIFY_DIALOG === "1") run("Notification", ${JSON.stringify(notification)});
process.stdout.write("\\n Auto mode has a notice to acknowledge\\n\\n ❯ 1. Continue\\n   2. Leave auto mode\\n");
setInterval(() => {}, 60_000);
`;
  writeFileSync(join(bin, "claude"), script);
  chmodSync(join(bin, "claude"), 0o755);
  return bin;
}

interface Listed {
  id: string;
  activity: { state: string; detail?: string } | null;
}

function status(e2e: E2e): { listed: Listed | undefined; text: string } {
  const json = e2e.ao(["status", "--json"]);
  expect(json.exitCode, json.stderr).toBe(0);
  const listed = (JSON.parse(json.stdout) as { sessions: Listed[] }).sessions.find((s) => s.id === "app-1");
  const text = e2e.ao(["status"]);
  expect(text.exitCode, text.stderr).toBe(0);
  return { listed, text: text.stdout };
}

/**
 * Issue 25: a dialog ao does not know kept `ao status` on `working` until someone attached. A screen
 * that matches no known state and stands still (`stillScreenAfter`, 30 s) is `needs_input` with its
 * last lines. The built ao, real tmux, ao's own hook recorder; the clock moved by AO_CLOCK_FILE.
 */
/** `ao spawn`, then the agent's screen shows the dialog. */
async function spawnToDialog(e2e: E2e): Promise<void> {
  const spawned = e2e.ao(["spawn", "app", "Fix the login bug"]);
  expect(spawned.exitCode, spawned.stderr + spawned.stdout).toBe(0);
  await eventually(
    () => (pane(e2e).includes("Leave auto mode") ? true : undefined),
    "the dialog on the agent's screen",
  );
}

describe("ao status of an agent stopped at a dialog nobody reports", () => {
  it(
    "says working while the screen is new, then needs_input with the dialog's lines",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      const clock = join(e2e.userHome, "clock");
      writeFileSync(clock, "0\n");
      Object.assign(e2e.env, {
        AO_CLOCK_FILE: clock,
        PATH: `${claudeWithUnknownDialog()}:${e2e.env.PATH}`,
      });
      await spawnToDialog(e2e);

      const first = status(e2e);
      expect(first.listed?.activity?.state).toBe("working");
      writeFileSync(clock, "31000\n");
      const second = status(e2e);
      expect(second.listed?.activity).toMatchObject({ state: "needs_input" });
      expect(second.listed?.activity?.detail).toContain(
        "Auto mode has a notice to acknowledge / ❯ 1. Continue / 2. Leave auto mode",
      );
      expect(second.text).toMatch(/app-1 needs_input: the screen stood still for 3\d ?s .*Leave auto mode/);
      // The lifecycle cycle (here `--refresh`, else the daemon) records it as the session's status.
      expect(e2e.ao(["status", "--refresh"]).exitCode).toBe(0);
      expect(e2e.sessions().find((s) => s.id === "app-1")).toMatchObject({
        status: "needs_input",
        reason: "agent_needs_input",
      });
    },
  );

  it(
    "says needs_input with the message of an agent_needs_input Notification at once",
    { timeout: 120_000 },
    async () => {
      const e2e = makeE2e();
      Object.assign(e2e.env, { NOTIFY_DIALOG: "1", PATH: `${claudeWithUnknownDialog()}:${e2e.env.PATH}` });
      await spawnToDialog(e2e);
      const shown = status(e2e);
      expect(shown.listed?.activity).toMatchObject({
        state: "needs_input",
        detail: "Auto mode has a classifier billing notice to acknowledge",
      });
      expect(shown.text).toContain(
        "app-1 needs_input: Auto mode has a classifier billing notice to acknowledge\n",
      );
    },
  );
});

function pane(e2e: E2e): string {
  try {
    return e2e.tmux(["capture-pane", "-p", "-t", "app-1"]);
  } catch {
    return "";
  }
}
