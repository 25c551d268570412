import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { browserSkipReason, launchBrowser } from "../web/browser.js";
import { eventually, hookEvents, killDaemons } from "./e2e-fixture.js";
import { limitsWorld } from "./limits-fixture.js";

/**
 * Issue 27's times, in a browser: a rate limit's reset on the card is the person's local time, and
 * a refusal that quotes a time (the server's "held until 2026-…Z") reads in local time, never UTC
 * ISO. The built `ao` and its daemon, the fake claude ending a turn with Claude Code's own limit
 * message, and Debian's chromium in a time zone that is neither UTC nor the machine's.
 */
const ZONE = "Asia/Kolkata"; // +05:30
const ISO_UTC = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const skip = browserSkipReason();
const daemons: number[] = [];
let browser: Browser;

beforeAll(async () => {
  if (skip === undefined) browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(() => killDaemons(daemons));

describe.skipIf(skip !== undefined)("times a person reads on the dashboard (built ao, chromium)", () => {
  it(
    "shows a rate limit's reset and a refusal's time in the person's own time, never UTC",
    { timeout: 180_000 },
    async () => {
      const world = limitsWorld("claude-code", ZONE);
      world.nextTurn({ reply: "Looked at the login check." });
      expect(world.ao(["spawn", "app", "Fix the login bug"]).exitCode).toBe(0);
      const started = world.ao(["start", "--json"]);
      expect(started.exitCode, started.stderr).toBe(0);
      const { pid, url } = JSON.parse(started.stdout) as { pid: number; url: string };
      daemons.push(pid);
      await eventually(
        () =>
          hookEvents(world.worktree("app-1")).some((e) => e["hook_event_name"] === "Stop") ? true : undefined,
        "the spawn prompt's turn to end",
      );
      // The next turn meets the limit, its reset an hour ahead: the session stays held.
      world.nextTurn({ limit: { resetInSeconds: 3600 } });
      expect(world.ao(["send", "app-1", "Now add a test for it"]).exitCode).toBe(0);
      const held = await eventually(() => {
        const view = world.view("app-1");
        return view?.status === "rate_limited" && view.hold?.until !== undefined ? view.hold : undefined;
      }, "app-1 to be rate_limited");
      const until = Date.parse(String(held.until));
      const clock = new Date(until).toLocaleTimeString("en-US", {
        timeZone: ZONE,
        hour: "2-digit",
        minute: "2-digit",
      });
      const utcClock = new Date(until).toLocaleTimeString("en-US", {
        timeZone: "UTC",
        hour: "2-digit",
        minute: "2-digit",
      });
      expect(clock).not.toBe(utcClock);

      const context = await browser.newContext({
        locale: "en-US",
        timezoneId: ZONE,
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      await page.goto(url);
      const hold = page.getByRole("article", { name: "app-1" }).locator(".card-hold");
      await expect.poll(() => hold.textContent(), { timeout: 60_000 }).toMatch(/^rate limited until /);
      expect(await hold.textContent()).toContain(`rate limited until ${clock}, in `);
      expect(await hold.textContent()).not.toMatch(ISO_UTC);

      // A message sent from the page while held: the server refuses with its UTC moment; the page
      // says it in the person's time.
      await page.getByRole("article", { name: "app-1" }).getByRole("link", { name: "app-1" }).click();
      await page.getByLabel("Message to the agent").fill("Are you there?");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      const result = page.getByRole("status", { name: "Send result" });
      await expect.poll(() => result.textContent(), { timeout: 30_000 }).toContain("held until");
      const refusal = (await result.textContent()) ?? "";
      expect(refusal).not.toMatch(ISO_UTC);
      expect(refusal).toContain(new Date(until).toLocaleString("en-US", { timeZone: ZONE }));
      await context.close();
    },
  );
});
