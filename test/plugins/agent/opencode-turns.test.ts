import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { observeOpencodeEvents } from "../../../src/plugins/agent/opencode/event-turns.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { fixture } from "./fixtures.js";
import { recordedLog, turnProbe } from "./turn-logs.js";

/**
 * observeTurn against what opencode 1.18.33 recorded (test/fixtures/agents/opencode/turns/): the
 * bus events a plugin received in one `--mini` session through every kind of turn.
 */
const NOW = Date.parse("2030-01-01T00:00:00Z");

/** The cursor a turn had: just before the user message whose text part says `text`. */
function turnOf(text: string) {
  const log = recordedLog(fixture("opencode", "turns/events.jsonl"));
  const part = log.lines.find(
    (line) =>
      line.includes('"type":"message.part.updated"') && line.includes(`"text":${JSON.stringify(text)}`),
  );
  const messageID = /"messageID":"(msg_\w+)"/.exec(part ?? "")?.[1] ?? "none";
  const cursor = log.cursorBefore((line) => line.includes(`"info":{"id":"${messageID}","role":"user"`));
  return { log, cursor };
}

function observe(text: string) {
  const { log, cursor } = turnOf(text);
  return observeOpencodeEvents(log.file, turnProbe(log.worktree, cursor, NOW));
}

describe("opencode turns from the recorded plugin events", () => {
  it("a completed turn ends at session.idle with the assistant's text", () => {
    expect(observe("Say hello in one word")).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hello from the mock model.",
      source: "hook",
    });
  });

  it("a turn without text is a completion with no reply (core makes it empty)", () => {
    expect(observe("Please reply with nothing")).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "",
    });
  });

  it.each([
    ["Please fail with 401", "Incorrect API key provided: offline."],
    ["Please fail with 404", "The model `mock-retired` does not exist or you do not have access to it."],
    ["Please fail with 429", "You exceeded your current quota, please check your plan and billing details."],
  ])("%s: failed with session.error's message", (text, error) => {
    expect(observe(text)).toMatchObject({ state: "ended", outcome: "failed", reply: "", error });
  });

  it("a 429 that opencode still retries is running", () => {
    const { log, cursor } = turnOf("Please fail with 429");
    const lastRetry = log.lines.reduce(
      (at, line, index) => (line.includes('"type":"retry"') ? index : at),
      -1,
    );
    const cut = recordedLog(`${log.lines.slice(0, lastRetry + 1).join("\n")}\n`);
    expect(observeOpencodeEvents(cut.file, turnProbe(cut.worktree, cursor, NOW))).toMatchObject({
      state: "running",
    });
  });

  it("an interrupted turn (Escape twice) is MessageAbortedError", () => {
    expect(observe("Please take your time")).toMatchObject({ state: "ended", outcome: "interrupted" });
  });

  it("the first user message after the cursor is the turn's, with its creation time", () => {
    const signal = observe("Please fail with 401");
    expect(signal.state === "waiting" ? undefined : signal.startedAt).toBeGreaterThan(0);
  });

  it("nothing after the cursor yet is waiting, a missing log too", () => {
    const log = recordedLog(fixture("opencode", "turns/events.jsonl"));
    expect(observeOpencodeEvents(log.file, turnProbe(log.worktree, log.end, NOW))).toEqual({
      state: "waiting",
      cursor: log.end,
    });
    const worktree = makeTempDir("ao-opencode-none-");
    expect(
      observeOpencodeEvents(join(worktree, ".ao", "agent-events.jsonl"), turnProbe(worktree, "0", NOW)),
    ).toEqual({ state: "waiting", cursor: "0" });
  });

  it("a torn last line is left for the next read", () => {
    const { log, cursor } = turnOf("Say hello in one word");
    const idle = log.lines.findIndex((line) => line.includes('"type":"session.idle"'));
    const whole = log.lines[idle] ?? "";
    const cut = recordedLog(`${log.lines.slice(0, idle).join("\n")}\n${whole.slice(0, 30)}`);
    expect(observeOpencodeEvents(cut.file, turnProbe(cut.worktree, cursor, NOW))).toMatchObject({
      state: "running",
    });
    appendFileSync(cut.file, `${whole.slice(30)}\n`);
    expect(observeOpencodeEvents(cut.file, turnProbe(cut.worktree, cursor, NOW))).toMatchObject({
      outcome: "completed",
    });
  });
});
