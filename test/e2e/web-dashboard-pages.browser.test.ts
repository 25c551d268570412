import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import { proposePlan } from "../../src/core/plans/propose-plan.js";
import { proposalSchema } from "../../src/core/plans/types.js";
import { closeStore, openStore } from "../../src/core/store/index.js";
import { DIAMOND } from "../core/plans/run/plan-fixture.js";
import { artifactsDir, browserSkipReason, launchBrowser } from "../web/browser.js";
import { makeDashboardWorld, type DashboardWorld } from "../web/dashboard-world.js";
import { commitReviewWork } from "../web/review-fixture.js";
import { contrastRatio, READ_TERMINAL_LOOK, watchPageErrors, type TerminalLook } from "../web/page-checks.js";

/**
 * Every page of the dashboard as a person sees it, in a real headless chromium against the built
 * `ao`, its daemon and the fake claude in tmux: the live terminal is readable under the page's
 * Content-Security-Policy, the keyboard can leave it, and the page installs as an app that opens
 * offline. Every page's width at 390 px, its contrast and its photographs are
 * web-dashboard-screens.browser.test.ts.
 */
const skip = browserSkipReason();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let world: DashboardWorld;

beforeAll(async () => {
  if (skip === undefined) browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
// A world per test: the tmux helper ends every test's tmux servers after it (test/helpers/tmux.ts).
afterEach(() => {
  world?.ao(["stop"]);
});

/** The built ao with one session that committed work (for the review), and a proposed plan for the plan pages. */
function makeWorld(): void {
  world = makeDashboardWorld({ sessions: ["Fix the login bug"] });
  commitReviewWork(world.worktree("app-1"));
  const store = openStore({ paths: aoPaths(world.home), clock: { now: () => Date.now() } });
  try {
    const roles = { dev: { kind: "existing" as const, agent: "claude-code" } };
    const writer = { writer: { kind: "existing" as const, agent: "claude-code" } };
    proposePlan(store, {
      project: "app",
      proposal: proposalSchema.parse({ ...DIAMOND, roles: { ...roles, ...writer } }),
      author: "person",
    });
  } finally {
    closeStore(store);
  }
}

/** The login URL opened on `route` (`#/s/app-1`): the fragment keeps the token after the route. */
const at = (route: string) => world.url.replace(/#/, `#${route}?`);

async function open(route: string, viewport = DESKTOP): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(at(route));
  return { page, context };
}

/** The session page once its terminal shows the fake claude's pane. */
async function openSession(viewport = DESKTOP): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await open("/s/app-1", viewport);
  await expect
    .poll(() => opened.page.locator(".xterm-rows").innerText(), { timeout: 60_000 })
    .toContain("Claude Code (fake)");
  return opened;
}

describe.skipIf(skip !== undefined)(
  "the dashboard's pages in a browser (built ao, fake claude, tmux)",
  () => {
    it(
      "draws the live terminal readable: monospace, contrasted, rows apart, no CSP error",
      { timeout: 120_000 },
      async () => {
        makeWorld();
        const context = await browser.newContext({ viewport: DESKTOP });
        const page = await context.newPage();
        const errors = await watchPageErrors(page);
        await page.goto(at("/s/app-1"));
        await expect
          .poll(() => page.locator(".xterm-rows").innerText(), { timeout: 60_000 })
          .toContain("Claude Code (fake)");
        const look = await page.evaluate<TerminalLook>(READ_TERMINAL_LOOK);
        expect(look.font).toMatch(/monospace/);
        expect(contrastRatio(look.color, look.background)).toBeGreaterThanOrEqual(4.5);
        expect(look.lines.length).toBeGreaterThan(3);
        for (const [index, line] of look.lines.entries()) {
          if (index === 0) continue;
          const above = look.lines[index - 1]!;
          expect(line.top).toBeGreaterThan(above.top);
          expect(line.top).toBeGreaterThanOrEqual(above.bottom - 0.5);
        }
        expect(await errors()).toEqual([]);
        await context.close();
      },
    );

    it(
      "lets the keyboard leave the terminal: Tab when read-only, Escape then Tab in control",
      { timeout: 120_000 },
      async () => {
        makeWorld();
        const { page, context } = await openSession();
        const inTerminal = () => page.evaluate<boolean>('document.activeElement?.closest(".xterm") !== null');
        const focused = () =>
          page.evaluate<string>(
            "(document.activeElement?.tagName ?? '') + ':' + (document.activeElement?.className ?? '') + ':' + (document.activeElement?.textContent ?? '')",
          );
        await page.locator(".xterm").click();
        expect(await inTerminal()).toBe(true);
        await page.keyboard.press("Tab");
        expect(await inTerminal()).toBe(false);
        await page.locator(".xterm").click();
        await page.keyboard.press("Shift+Tab");
        expect(await inTerminal()).toBe(false);
        expect(await focused()).toBe("BUTTON::Take control");

        // In control, Tab is the agent's (completion), and Escape then Tab leaves without typing either.
        const typed = () => (existsSync(world.inputLog) ? readFileSync(world.inputLog, "utf8") : "");
        await page.getByRole("button", { name: "Take control" }).click();
        await page.getByRole("button", { name: "Release control" }).waitFor();
        expect(await inTerminal()).toBe(true);
        const before = typed().length;
        await page.keyboard.press("Tab");
        expect(await inTerminal()).toBe(true);
        await expect.poll(() => typed().slice(before), { timeout: 30_000 }).toBe("\t");
        await page.keyboard.press("Escape");
        await page.keyboard.press("Tab");
        expect(await inTerminal()).toBe(false);
        await page.locator(".xterm").click();
        await page.keyboard.press("Escape");
        await page.keyboard.press("Shift+Tab");
        expect(await focused()).toBe("BUTTON::Release control");
        // An Escape not followed by Tab still reaches the agent, as does what is typed next.
        await page.locator(".xterm").click();
        await page.keyboard.press("Escape");
        await page.keyboard.type("q");
        await expect.poll(() => typed().slice(before), { timeout: 30_000 }).toBe("\t\x1bq");
        await page.getByRole("button", { name: "Release control" }).click();
        await page.getByRole("button", { name: "Take control" }).waitFor();
        await context.close();
      },
    );

    // Last: it stops the daemon, to open the installed shell with no server at all.
    it(
      "installs as an app: a manifest with its icons, a service worker, and a shell that opens offline",
      { timeout: 120_000 },
      async () => {
        makeWorld();
        const context = await browser.newContext({ viewport: PHONE });
        const page = await context.newPage();
        const errors = await watchPageErrors(page);
        await page.goto(at("/"));
        await page.getByRole("article", { name: "app-1" }).waitFor();

        const href = await page.evaluate<string>('document.querySelector("link[rel=manifest]").href');
        const answer = await page.request.get(href);
        expect(answer.headers()["content-type"]).toBe("application/manifest+json; charset=utf-8");
        const manifest = (await answer.json()) as Record<string, unknown> & {
          icons: { src: string; sizes: string; type: string }[];
        };
        expect(manifest).toMatchObject({
          short_name: "ao",
          start_url: "/",
          display: "standalone",
          theme_color: "#1d2330",
        });
        expect(manifest.icons.map((icon) => [icon.sizes, icon.type])).toEqual([
          ["192x192", "image/png"],
          ["512x512", "image/png"],
        ]);
        for (const icon of manifest.icons) {
          const size = await page.evaluate<number>(
            `(async () => { const image = new Image(); image.src = ${JSON.stringify(icon.src)}; await image.decode(); return image.naturalWidth; })()`,
          );
          expect(`${String(size)}x${String(size)}`).toBe(icon.sizes);
        }
        expect(
          await page.evaluate<string>("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)"),
        ).toMatch(/\/sw\.js$/);
        await expect
          .poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"))
          .toBe(true);
        expect(await errors()).toEqual([]);

        // The daemon stops: the app opens from the worker's shell and says it is offline, with no card
        // and no action from before.
        world.stopDaemon();
        await page.reload();
        await page.getByRole("alert").filter({ hasText: "Offline" }).waitFor({ timeout: 30_000 });
        expect(await page.getByRole("link", { name: "ao" }).count()).toBe(1);
        expect(await page.getByRole("article").count()).toBe(0);
        expect(await page.getByRole("button").count()).toBe(0);
        await page.screenshot({ path: join(artifactsDir(), "screens", "offline-phone.png") });
        await context.close();
      },
    );
  },
);
