import { afterEach, describe, expect, it } from "vitest";
import { eventually, killDaemons } from "./e2e-fixture.js";
import { limitsWorld } from "./limits-fixture.js";

/**
 * Codex's and Gemini CLI's own limit messages lead to `rate_limited` through the same path as
 * Claude Code's (usage-limit.test.ts): the built `ao`, its daemon, real tmux, and the fakes ending a
 * turn with the recorded wording (test/fixtures/agents/<agent>/limits/) whose reset is an hour
 * ahead, in that CLI's own format — Codex's and Gemini's in the machine's zone, which is the test's.
 */
const ZONE = "Asia/Kolkata";
const HOUR_MS = 3_600_000;
const AGENTS: [agent: string, words: RegExp][] = [
  [
    "codex",
    /^You've hit your usage limit\. Upgrade to Plus to continue using Codex \(https:\/\/chatgpt\.com\/explore\/plus\), or try again at \d{1,2}:\d{2} [AP]M\.$/,
  ],
  ["gemini", /^Usage limit reached for all Pro models\. Access resets at \d{1,2}:\d{2} [AP]M GMT\+5:30\.$/],
];

const daemons: number[] = [];
afterEach(() => killDaemons(daemons));

describe.each(AGENTS)("%s at its usage limit (issue 14)", (agent, words) => {
  it(
    "goes rate_limited with its own words and reset; ao send is refused until then",
    { timeout: 180_000 },
    async () => {
      const world = limitsWorld(agent, ZONE);
      world.nextTurn({ reply: "Looked at the login check." });
      const spawned = world.ao(["spawn", "app", "Fix the login bug"]);
      expect(spawned.exitCode, spawned.stderr).toBe(0);
      // The task's own turn ended: its reply is on the screen (a message sent while it works would
      // join it, or be dropped, as these CLIs do).
      await eventually(
        () =>
          world.ao(["session", "logs", "app-1"]).stdout.includes("Looked at the login check.")
            ? true
            : undefined,
        "the spawn prompt's reply",
      );

      world.nextTurn({ limit: { resetInSeconds: 3600 }, workMs: 300 });
      const sentAt = Date.now();
      world.ao(["send", "app-1", "--wait", "Now add a test for it"]);
      const failed = world.turns("app-1").find((turn) => turn.status === "failed");
      expect(failed, JSON.stringify(world.turns("app-1"))).toBeDefined();
      daemons.push(world.startDaemon());
      const limited = await eventually(() => {
        const view = world.view("app-1");
        return view?.status === "rate_limited" ? view : undefined;
      }, `app-1 (${agent}) to be rate_limited`);

      expect(limited.reason).toBe("usage_limit");
      expect(limited.hold?.words).toMatch(words);
      // The printed minute an hour ahead, held to its end.
      const until = Date.parse(limited.hold?.until ?? "");
      expect(until % 60_000).toBe(0);
      expect(until).toBeGreaterThan(sentAt + HOUR_MS);
      expect(until).toBeLessThanOrEqual(Date.parse(failed?.endedAt ?? "") + HOUR_MS + 60_000);
      expect(world.events("limit.hit").map((event) => event.payload)).toEqual([
        { agent, account: agent, words: limited.hold?.words, resetAt: until, resetPrinted: true },
      ]);

      const refused = world.ao(["send", "app-1", "--json", "are you there?"]);
      expect(refused.exitCode).not.toBe(0);
      expect(JSON.parse(refused.stdout)).toMatchObject({
        error: {
          code: "E_RATE_LIMITED",
          message: `a turn for app-1 is held until ${new Date(until).toISOString()}: ${limited.hold?.words}`,
          details: { gate: "rate_limit", until, words: limited.hold?.words },
        },
      });
      expect(world.ao(["stop"]).exitCode).toBe(0);
    },
  );
});
