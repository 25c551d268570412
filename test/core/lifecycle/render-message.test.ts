import { describe, expect, it } from "vitest";
import { DEFAULT_REACTIONS } from "../../../src/core/config/default-reactions.js";
import { formatDuration, renderMessage, trimLog } from "../../../src/core/lifecycle/render-message.js";
import type { MessageFacts } from "../../../src/core/lifecycle/reaction-payload.js";

const NOW = 1_700_000_000_000;
const facts: MessageFacts = {
  session: "app-3",
  project: "app",
  issue: "12",
  branch: "feat/x",
  baseBranch: "main",
  pr: { number: 4, url: "https://forge.invalid/pull/4", title: "Fix it", headSha: "abc" },
  checks: [
    { name: "lint", url: "https://ci.invalid/1", logTail: "\u001b[31merror\u001b[0m: x is unused" },
    { name: "test" },
  ],
  threads: [
    {
      id: "t1",
      path: "src/a.ts",
      line: 3,
      author: "rev",
      body: "Use {{session}} here\n$(rm -rf /)",
      isBot: false,
      url: "https://forge.invalid/t1",
    },
  ],
  conflicts: ["src/a.ts", "README.md"],
  reason: "ci_failing",
  since: NOW - 12 * 60_000,
};

describe("renderMessage", () => {
  it("fills the default ci-failed template with the checks and the log tail", () => {
    const text = renderMessage(DEFAULT_REACTIONS["ci-failed"].message, facts, { now: NOW });
    expect(text).toContain("CI failed on your pull request https://forge.invalid/pull/4.");
    expect(text).toContain("Failing checks:\n- lint (https://ci.invalid/1)\n- test\n");
    expect(text).toContain("End of the log:\n[lint]\nerror: x is unused\n");
  });

  it("keeps untrusted review text as plain text, never rendered again", () => {
    const text = renderMessage("{{threads}}", facts, { now: NOW });
    expect(text).toBe("- src/a.ts:3 rev (https://forge.invalid/t1):\n  Use {{session}} here\n  $(rm -rf /)");
  });

  it("fills every placeholder it knows and leaves unknown ones empty", () => {
    const template =
      "{{session}}|{{project}}|{{issue}}|{{branch}}|{{baseBranch}}|{{pr.number}}|{{pr.title}}|{{conflicts}}|{{duration}}|{{reason}}|{{ nope }}";
    expect(renderMessage(template, facts, { now: NOW })).toBe(
      "app-3|app|12|feat/x|main|4|Fix it|- src/a.ts\n- README.md|12m|ci_failing|",
    );
  });

  it("uses the caller's log tail (an agent's screen) over the CI logs", () => {
    expect(renderMessage("{{logTail}}", facts, { now: NOW, logTail: "❯ waiting" })).toBe("❯ waiting");
  });
});

describe("renderMessage with withheld review threads", () => {
  const changesRequested = DEFAULT_REACTIONS["changes-requested"].message;

  it("counts the withheld threads without their text when none was forwarded", () => {
    const text = renderMessage(changesRequested, { ...facts, threads: [], withheldThreads: 2 }, { now: NOW });
    expect(text).toContain("https://forge.invalid/pull/4");
    expect(text).toContain(
      "(2 review threads from authors this project does not trust were not forwarded to you; a person will look at them.)",
    );
    expect(text).not.toContain("$(rm -rf /)");
  });

  it("lists the forwarded threads, then counts the withheld one", () => {
    const text = renderMessage(changesRequested, { ...facts, withheldThreads: 1 }, { now: NOW });
    expect(text).toContain("Address every comment");
    expect(text).toContain(
      "$(rm -rf /)\n\n(1 review thread from authors this project does not trust was not forwarded to you; a person will look at it.)",
    );
  });

  it("gives a person's own template the same count", () => {
    const text = renderMessage(
      "Fix: {{threads}}",
      { ...facts, threads: [], withheldThreads: 1 },
      { now: NOW },
    );
    expect(text).toBe(
      "Fix: (1 review thread from authors this project does not trust was not forwarded to you; a person will look at it.)",
    );
  });
});

describe("trimLog and formatDuration", () => {
  it("keeps the end of a long log", () => {
    const log = Array.from({ length: 100 }, (_, index) => `line ${index}`).join("\n");
    const tail = trimLog(log);
    expect(tail.split("\n")).toHaveLength(40);
    expect(tail.endsWith("line 99")).toBe(true);
    expect(trimLog("x".repeat(5000)).length).toBe(3001);
  });

  it("says durations the way people do", () => {
    expect([
      formatDuration(45_000),
      formatDuration(12 * 60_000),
      formatDuration(125 * 60_000),
      formatDuration(26 * 3_600_000),
    ]).toEqual(["45s", "12m", "2h 5m", "1d 2h"]);
  });
});
