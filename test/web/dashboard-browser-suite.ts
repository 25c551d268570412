import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { browserSkipReason, launchBrowser } from "./browser.js";
import { makeDashboardWorld, type DashboardWorld } from "./dashboard-world.js";

type WorldOptions = Parameters<typeof makeDashboardWorld>[0];

/**
 * What every dashboard browser test file set up alike: one chromium for the file (none when the
 * machine has no browser: `skip` says why), dashboard worlds stopped after the test that made them
 * (before the tmux helper removes their AO_HOME), and a page opened at a URL. `stop` is how a
 * world ends (default `ao stop`).
 */
export function dashboardBrowserSuite(stop: (world: DashboardWorld) => void = (world) => world.ao(["stop"])) {
  const skip = browserSkipReason();
  let launched: Browser | undefined;
  const worlds: DashboardWorld[] = [];
  beforeAll(async () => {
    if (skip === undefined) launched = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await launched?.close();
  });
  afterEach(() => {
    for (const world of worlds.splice(0)) stop(world);
  });
  const browser = (): Browser => {
    if (launched === undefined) throw new Error(`no browser: ${skip ?? "not launched yet"}`);
    return launched;
  };
  return {
    skip,
    browser,
    world: (options: WorldOptions): DashboardWorld => {
      const made = makeDashboardWorld(options);
      worlds.push(made);
      return made;
    },
    open: async (url: string, viewport = { width: 1400, height: 900 }): Promise<Page> => {
      const page = await (await browser().newContext({ viewport })).newPage();
      await page.goto(url);
      return page;
    },
  };
}
