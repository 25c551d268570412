import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { artifactsDir } from "../web/browser.js";
import { freePort } from "../web/dashboard-world.js";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";

/**
 * The dashboard in a real headless chromium (Debian's), against the built `ao` with the fake claude
 * in tmux: what a person sees and does from the page reaches the real sessions, and what happens to
 * the sessions reaches the page without a reload. One browser for the file, one page per test.
 */
const suite = dashboardBrowserSuite();
const { skip, world, open } = suite;

const card = (page: Page, id: string) => page.getByRole("article", { name: id });
const zone = (page: Page, title: string) => page.getByRole("region", { name: title });

describe.skipIf(skip !== undefined)("the dashboard in a browser (built ao, fake claude, tmux)", () => {
  it(
    "lists the spawned sessions, drops the token from the address bar, and shows an exit without a reload",
    { timeout: 180_000 },
    async () => {
      const w = world({ sessions: ["Fix the login bug", "Write the changelog"] });
      const page = await open(w.url);
      await card(page, "app-1").waitFor();
      await card(page, "app-2").waitFor();
      expect(page.url()).not.toContain("token");
      await expect.poll(() => card(page, "app-1").textContent()).toContain("claude-code");

      // A phone-sized window: the columns stack into one, nothing is wider than the screen.
      await page.setViewportSize({ width: 390, height: 800 });
      const needs = await zone(page, "Needs you").boundingBox();
      const done = await zone(page, "Done").boundingBox();
      expect(done!.x).toBeCloseTo(needs!.x, 0);
      expect(done!.y).toBeGreaterThan(needs!.y + needs!.height - 1);
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
      await page.screenshot({ path: join(artifactsDir(), "dashboard-fleet-narrow.png") });
      await page.setViewportSize({ width: 1400, height: 900 });

      // Another browser without the token sees no data: the page says how to log in.
      const stranger = await open(w.url.replace(/#.*$/, ""));
      await stranger.getByRole("alert").filter({ hasText: "Not logged in" }).waitFor();
      expect(await stranger.getByRole("article").count()).toBe(0);
      await stranger.context().close();

      // The agent of app-2 quits (Ctrl-C twice at its idle prompt): the daemon sees it exit and the
      // stream moves the card, while the page is never reloaded.
      const loads: string[] = [];
      page.on("load", () => loads.push(page.url()));
      w.tmux(["send-keys", "-t", "app-2", "C-c"]);
      w.tmux(["send-keys", "-t", "app-2", "C-c"]);
      await page.locator('article[aria-label="app-2"][data-status="exited"]').waitFor({ timeout: 60_000 });
      expect(await zone(page, "Working").getByRole("article", { name: "app-2" }).count()).toBe(0);
      expect(await card(page, "app-2").textContent()).toMatch(/exited/);
      expect(loads).toEqual([]);
      // The tab names the worst state; the project's supervision view lists only the live session.
      await expect.poll(() => page.title()).toBe("(1) ao · needs you");
      await page.getByRole("navigation", { name: "Supervision" }).getByRole("link", { name: "app" }).click();
      const worker = page.getByRole("listitem", { name: "app-1" });
      await worker.getByRole("img", { name: /^(idle|running)$/ }).waitFor();
      await worker.getByRole("button", { name: "Close" }).waitFor();
      expect(await page.getByRole("listitem", { name: "app-2" }).count()).toBe(0);
      await page.getByRole("link", { name: "ao" }).click();
      await card(page, "app-2").waitFor();
      await page.screenshot({ path: join(artifactsDir(), "dashboard-fleet.png"), fullPage: true });
      await page.context().close();
    },
  );

  it(
    "sends from the page byte for byte, interrupts a running turn, shows the pane and kills after asking",
    { timeout: 240_000 },
    async () => {
      const w = world({ sessions: ["Fix the login bug"] });
      const page = await open(w.url);
      await card(page, "app-1").getByRole("link", { name: "app-1" }).click();
      const box = page.getByLabel("Message to the agent");
      await box.waitFor();

      const text = 'Rename `foo` to "bar" — then run $(tests) & report; 100% done? ü\nsecond line';
      await box.fill(text);
      await page.getByRole("button", { name: "Send" }).click();
      await expect
        .poll(() => page.getByRole("status", { name: "Send result" }).textContent(), { timeout: 60_000 })
        .toMatch(/Delivered and confirmed/);
      const received = readFileSync(w.inputLog, "utf8");
      // Byte for byte: one bracketed paste holding exactly the text typed into the box.
      expect(received).toContain(`\x1b[200~${text}\x1b[201~`);

      // A long turn, then "Interrupt": that turn ends as interrupted and the agent is idle again.
      const sendResult = page.getByRole("status", { name: "Send result" });
      const firstResult = await sendResult.textContent();
      w.nextTurns({ workMs: 600_000 });
      await box.fill("Think about it for a long while");
      await page.getByRole("button", { name: "Send" }).click();
      const secondResult = async (): Promise<string> => {
        const shown = (await sendResult.textContent()) ?? "";
        return shown === firstResult ? "" : shown;
      };
      await expect
        .poll(secondResult, { timeout: 60_000 })
        .toMatch(/^Delivered and confirmed: turn \S+ is running\.$/);
      const longTurn = /turn (\S+) is running/.exec(await secondResult())?.[1];
      await page.getByRole("button", { name: "Interrupt" }).click();
      await expect
        .poll(() => page.getByRole("status", { name: "Interrupt result" }).textContent(), { timeout: 60_000 })
        .toBe(`Turn ${longTurn} is interrupted; agent confirmed idle.`);

      // The live terminal shows the agent's pane; after "Take control" typed keys reach the agent.
      await expect
        .poll(() => page.locator(".xterm-rows").innerText(), { timeout: 60_000 })
        .toContain("Claude Code (fake)");
      await page.getByRole("button", { name: "Take control" }).click();
      await page.getByRole("button", { name: "Release control" }).waitFor();
      await page.locator(".xterm").click();
      await page.keyboard.type("typed in the page");
      await expect
        .poll(() => readFileSync(w.inputLog, "utf8"), { timeout: 30_000 })
        .toContain("typed in the page");
      await expect
        .poll(() => page.locator(".xterm-rows").innerText(), { timeout: 30_000 })
        .toContain("typed in the page");

      await page.screenshot({ path: join(artifactsDir(), "dashboard-session.png"), fullPage: true });

      // "Kill" asks first; only "Yes, kill" kills, and then the session is gone from the live columns.
      await page.getByRole("button", { name: "Kill", exact: true }).click();
      await page.getByRole("group", { name: "Confirm kill" }).waitFor();
      expect(w.sessions()[0]?.status).not.toBe("killed");
      await page.getByRole("button", { name: "Yes, kill" }).click();
      await expect
        .poll(() => page.getByRole("status", { name: "Kill result" }).textContent(), { timeout: 60_000 })
        .toMatch(/Killed/);
      expect(w.sessions()[0]?.status).toBe("killed");
      await page.getByRole("link", { name: "ao" }).click();
      await zone(page, "Done").getByRole("article", { name: "app-1" }).waitFor();
      await page.context().close();
    },
  );

  it(
    "resumes the stream after the server restarts and catches up on what it missed",
    { timeout: 180_000 },
    async () => {
      const w = world({ port: await freePort(), sessions: ["Fix the login bug"] });
      const page = await open(w.url);
      await card(page, "app-1").waitFor();
      w.stopDaemon();
      await page
        .getByRole("alert")
        .filter({ hasText: "Disconnected — reconnecting" })
        .waitFor({ timeout: 60_000 });

      // While the server is down, the session is killed from the CLI: the page learns it on reconnect.
      const killed = w.ao(["session", "kill", "app-1"]);
      expect(killed.exitCode, killed.stderr).toBe(0);
      w.startDaemon();
      await zone(page, "Done").getByRole("article", { name: "app-1" }).waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByRole("alert").count()).toBe(0);
      await page.context().close();
    },
  );
});
