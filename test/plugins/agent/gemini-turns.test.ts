import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GEMINI_NUDGE_GRACE_MS, observeGeminiHooks } from "../../../src/plugins/agent/gemini/hook-turns.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { fixture } from "./fixtures.js";
import { recordedLog, turnProbe } from "./turn-logs.js";

/**
 * observeTurn against what Gemini CLI 0.61.0 recorded (test/fixtures/agents/gemini/turns/): the
 * hooks' stdin payloads of one session through every kind of turn, and its chat file, which the
 * payloads' transcript_path names (moved here from the recording machine).
 */
function recorded() {
  const chat = join(makeTempDir("ao-gemini-chat-"), "session.jsonl");
  writeFileSync(chat, fixture("gemini", "turns/chat.jsonl"));
  const hooks = fixture("gemini", "turns/hooks.jsonl").replace(
    /"transcript_path":"[^"]*"/g,
    `"transcript_path":${JSON.stringify(chat)}`,
  );
  return recordedLog(hooks);
}

const beforeAgent = (prompt: string) => (line: string) =>
  line.includes('"hook_event_name":"BeforeAgent"') && line.includes(`"prompt":${JSON.stringify(prompt)}`);

function observeTurnOf(prompt: string, now = Date.parse("2030-01-01T00:00:00Z")) {
  const log = recorded();
  return observeGeminiHooks(log.file, turnProbe(log.worktree, log.cursorBefore(beforeAgent(prompt)), now));
}

describe("gemini turns from the recorded hooks and chat file", () => {
  it("a completed turn ends with AfterAgent's prompt_response, from the hook", () => {
    const signal = observeTurnOf("Say hello in one word");
    expect(signal).toMatchObject({
      state: "ended",
      outcome: "completed",
      reply: "Hello from the mock model.",
      source: "hook",
      startedAt: Date.parse("2026-12-01T20:33:00.756Z"),
      endedAt: Date.parse("2026-12-01T20:33:02.653Z"),
    });
  });

  it("a turn with a tool call ends at its one AfterAgent, with the text after the tool", () => {
    expect(observeTurnOf("Please list the files")).toMatchObject({
      outcome: "completed",
      reply: "The project has a README.md.",
    });
  });

  it("no text after a tool: Gemini CLI's own nudges belong to the turn, which fails with its words", () => {
    const signal = observeTurnOf("Please list the files and then say nothing");
    expect(signal).toMatchObject({
      state: "ended",
      outcome: "failed",
      source: "transcript",
      error:
        "The model returned an empty response with no text or thoughts. This may be a transient API issue; please try again.",
      endedAt: Date.parse("2026-12-01T20:33:46.556Z"),
    });
  });

  it("an empty AfterAgent after a tool is still running until the nudge grace passed", () => {
    const log = recorded();
    const firstAfter = log.lines.findIndex((line) => line.includes('"prompt_response":"[no response text]"'));
    const upToIt = `${log.lines.slice(0, firstAfter + 1).join("\n")}\n`;
    const cut = recordedLog(upToIt);
    const cursor = cut.cursorBefore(beforeAgent("Please list the files and then say nothing"));
    const endedAt = Date.parse("2026-12-01T20:33:21.389Z");
    const soon = observeGeminiHooks(cut.file, turnProbe(cut.worktree, cursor, endedAt + 1_000));
    expect(soon).toMatchObject({ state: "running" });
    const later = observeGeminiHooks(
      cut.file,
      turnProbe(cut.worktree, cursor, endedAt + GEMINI_NUDGE_GRACE_MS),
    );
    expect(later).toMatchObject({ state: "ended", outcome: "completed", reply: "" });
  });

  it.each([
    ["Please reply with nothing", "The model returned an empty response with no text or thoughts."],
    [
      "Please fail with 401",
      '[API Error: {"error":{"code":401,"status":"UNAUTHENTICATED","message":"API key not valid.',
    ],
    ["Please fail with 404", "[API Error: models/gemini-retired is not found for API version v1beta"],
    ["Please fail with 429", "[API Error: You have exhausted your daily quota on this model.]"],
  ])("%s: failed, with the error Gemini CLI wrote to its chat file", (prompt, words) => {
    const signal = observeTurnOf(prompt);
    expect(signal).toMatchObject({ state: "ended", outcome: "failed", reply: "" });
    expect(signal.state === "ended" ? signal.error : undefined).toContain(words);
  });

  it("an interrupted turn (Escape): its chat file says Request cancelled., the partial text is kept", () => {
    expect(observeTurnOf("Please take your time")).toMatchObject({
      state: "ended",
      outcome: "interrupted",
      reply: "Thinking it over",
      source: "hook",
    });
  });

  it("nothing after the cursor yet is waiting, and the cursor stays", () => {
    const log = recorded();
    expect(observeGeminiHooks(log.file, turnProbe(log.worktree, log.end, Date.now()))).toEqual({
      state: "waiting",
      cursor: log.end,
    });
  });

  it("a missing hook log is waiting, not an error", () => {
    const worktree = makeTempDir("ao-gemini-none-");
    const probe = turnProbe(worktree, "0", Date.now());
    expect(observeGeminiHooks(join(worktree, ".ao", "agent-events.jsonl"), probe)).toEqual({
      state: "waiting",
      cursor: "0",
    });
  });

  it("a torn last line (a hook still writing) is not read: the turn is running, then ends once it is whole", () => {
    const log = recorded();
    const before = log.lines.findIndex(beforeAgent("Say hello in one word"));
    const after = log.lines[before + 1] ?? "";
    const head = `${log.lines.slice(0, before + 1).join("\n")}\n`;
    const torn = recordedLog(`${head}${after.slice(0, 40)}`);
    const cursor = torn.cursorBefore(beforeAgent("Say hello in one word"));
    const now = Date.parse("2030-01-01T00:00:00Z");
    expect(observeGeminiHooks(torn.file, turnProbe(torn.worktree, cursor, now))).toMatchObject({
      state: "running",
    });
    appendFileSync(torn.file, `${after.slice(40)}\n`);
    expect(observeGeminiHooks(torn.file, turnProbe(torn.worktree, cursor, now))).toMatchObject({
      outcome: "completed",
      reply: "Hello from the mock model.",
    });
  });

  it("without its chat file an AfterAgent with no text is an empty completion (core makes it empty)", () => {
    const log = recordedLog(
      fixture("gemini", "turns/hooks.jsonl").replace(
        /"transcript_path":"[^"]*"/g,
        '"transcript_path":"/nonexistent"',
      ),
    );
    const cursor = log.cursorBefore(beforeAgent("Please fail with 401"));
    expect(observeGeminiHooks(log.file, turnProbe(log.worktree, cursor, Date.now()))).toMatchObject({
      outcome: "completed",
      reply: "",
    });
  });
});
