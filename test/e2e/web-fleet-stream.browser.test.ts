import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import type { SessionStatus } from "../../src/core/slots/index.js";
import {
  closeStore,
  getSession,
  openStore,
  updateSession,
  writeTransaction,
} from "../../src/core/store/index.js";
import { statusChanged } from "../helpers/events.js";
import { browserSkipReason, launchBrowser } from "../web/browser.js";
import { freePort } from "../web/dashboard-world.js";
import { makeLargeFleetWorld, type LargeFleetWorld } from "../web/large-fleet-world.js";

/**
 * Change-only streams (issue 27): after the snapshot the page gets only patches, and a card still
 * shows the session's state when one session changes, and after the daemon restarts (a new
 * version: the page resyncs from a snapshot). Debian's chromium against the built `ao`, with the
 * sessions written into its store; the changes are written as another ao process would.
 */
const skip = browserSkipReason();
let browser: Browser;
const worlds: LargeFleetWorld[] = [];

beforeAll(async () => {
  if (skip === undefined) browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(() => {
  for (const world of worlds.splice(0)) world.ao(["stop"]);
});

/** Ends a session as `ao session kill` or a merge would: a terminal status no cycle rewrites. */
function endSession(world: LargeFleetWorld, id: string, to: SessionStatus): void {
  const store = openStore({ paths: aoPaths(world.home), clock: { now: () => Date.now() } });
  try {
    const from = getSession(store, id)!.status;
    writeTransaction(store, (tx) =>
      updateSession(tx, id, { status: to, reason: "test" }, statusChanged(from, to)),
    );
  } finally {
    closeStore(store);
  }
}

const zone = (page: Page, title: string) => page.getByRole("region", { name: title });
const ended = (page: Page, id: string, status: string) =>
  zone(page, "Done").locator(`article[aria-label="${id}"][data-status="${status}"]`);

describe.skipIf(skip !== undefined)("the dashboard's change-only stream in a browser", () => {
  it("keeps each card right after a change and after a daemon restart", { timeout: 180_000 }, async () => {
    const world = makeLargeFleetWorld(6, await freePort());
    worlds.push(world);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(world.url);
    await page.getByRole("article", { name: "app-1" }).waitFor();
    const loads: string[] = [];
    page.on("load", () => loads.push(page.url()));
    // The first cycle is in (it may rewrite rows): from here on only this test changes them.
    await expect.poll(() => page.locator(".cycle").textContent(), { timeout: 60_000 }).toMatch(/last cycle/);
    const untouched = await page.getByRole("article", { name: "web-2" }).getAttribute("data-status");

    endSession(world, "app-1", "killed");
    await ended(page, "app-1", "killed").waitFor({ timeout: 60_000 });
    expect(await page.getByRole("article", { name: "web-2" }).getAttribute("data-status")).toBe(untouched);

    world.ao(["stop"]);
    await page
      .getByRole("alert")
      .filter({ hasText: "Disconnected — reconnecting" })
      .waitFor({ timeout: 60_000 });
    endSession(world, "app-3", "merged");
    const started = world.ao(["start", "--json"]);
    expect(started.exitCode, started.stderr).toBe(0);
    await ended(page, "app-3", "merged").waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    expect(await ended(page, "app-1", "killed").count()).toBe(1);
    expect(await page.getByRole("article").count()).toBe(6);
    expect(loads).toEqual([]);
    await page.context().close();
  });
});
