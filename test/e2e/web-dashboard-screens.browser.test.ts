import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { browserSkipReason, launchBrowser, photograph } from "../web/browser.js";
import type { DashboardWorld } from "../web/dashboard-world.js";
import { makeNeedsYouWorld, needPerson } from "../web/needs-you-world.js";
import { READ_PAGE_WIDTH } from "../web/page-checks.js";
import { expectReadableText } from "../web/text-look.js";

/**
 * Every page of the dashboard on a fleet that needs a person (a question, a CI failure, a pull
 * request approved and green, a plan to approve), in Debian's chromium against the built `ao`:
 * no page scrolls sideways at 390×844, every text reads at 4.5:1 in the light and the dark colour
 * scheme, and each page is photographed at 1440×900 and 390×844 (the window, not the whole page)
 * into the artifacts, and into docs/screens/ with AO_UPDATE_SCREENSHOTS=1.
 */
const skip = browserSkipReason();
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
/** SVG text is drawn by its fill (its `color` means nothing); the terminal is checked on its own. */
const NOT_TEXT = "svg, .xterm";
let browser: Browser;
let world: DashboardWorld;

beforeAll(async () => {
  if (skip === undefined) browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
// One world for the whole file, so one test: the tmux helper removes a test's AO_HOME after it.
afterEach(() => {
  world?.ao(["stop"]);
});

/** `route` (`/s/app-1`) opened with the login URL: the fragment keeps the token after the route. */
const at = (route: string) => world.url.replace(/#/, `#${route}?`);

async function open(
  route: string | null,
  size: keyof typeof SIZES,
  colorScheme: "light" | "dark",
): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZES[size], colorScheme });
  const page = await context.newPage();
  await page.goto(route === null ? world.url.replace(/#.*$/, "") : at(route));
  return page;
}

const hasText = (
  page: Page,
  role: "article" | "alert" | "heading" | "link" | "listitem" | "region",
  name: string | RegExp,
) => page.getByRole(role, { name }).first().waitFor({ timeout: 60_000 });

/** The pages photographed for docs/screens/, each with what shows that it has drawn. */
const PAGES: { name: string; route: string | null; photo?: false; ready(page: Page): Promise<void> }[] = [
  { name: "fleet", route: "/", ready: (page) => hasText(page, "article", "app-1") },
  {
    name: "login",
    route: null,
    ready: (page) => page.getByRole("alert").filter({ hasText: "Not logged in" }).waitFor(),
  },
  {
    name: "session",
    route: "/s/app-2",
    ready: async (page) => {
      await page.getByRole("group", { name: "Session actions" }).waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.locator(".xterm-rows").innerText(), { timeout: 60_000 })
        .toContain("Claude Code (fake)");
    },
  },
  {
    name: "session-question",
    route: "/s/app-1",
    ready: (page) =>
      page.getByRole("group", { name: "Question from app-1" }).first().waitFor({ timeout: 60_000 }),
  },
  {
    name: "review",
    route: "/s/app-2/review",
    ready: (page) =>
      page.getByRole("button", { name: "Comment on src/login.ts line 3" }).waitFor({ timeout: 60_000 }),
  },
  { name: "supervision", route: "/p/app", ready: (page) => hasText(page, "listitem", "app-4") },
  { name: "plans", route: "/plans", ready: (page) => hasText(page, "link", "plan-1") },
  { name: "plan", route: "/plans/plan-1", ready: (page) => page.locator('g.node[data-step="A"]').waitFor() },
  // Photographed with entries by web-fleet-queue.browser.test.ts.
  {
    name: "queue",
    route: "/queue",
    photo: false,
    ready: (page) => page.getByRole("main", { name: "Queue" }).waitFor(),
  },
  { name: "settings", route: "/settings", ready: (page) => hasText(page, "region", "Notifications") },
];

describe.skipIf(skip !== undefined)("every page on a fleet that needs a person (built ao, chromium)", () => {
  it(
    "shows who needs a person and why on every page, fits a phone, reads at 4.5:1 light and dark",
    { timeout: 600_000 },
    async () => {
      world = makeNeedsYouWorld();
      await needPerson(world);
      await fleetSaysWhy();
      await mergeOnlyWhenGreen();
      for (const shown of PAGES) {
        for (const size of ["desktop", "phone"] as const) {
          for (const scheme of ["light", "dark"] as const) {
            const page = await open(shown.route, size, scheme);
            await shown.ready(page);
            const widths = await page.evaluate<{ scroll: number; client: number; wide: string[] }>(
              READ_PAGE_WIDTH,
            );
            expect
              .soft(widths.scroll, `${shown.name} ${size}: ${widths.wide.join(", ")}`)
              .toBeLessThanOrEqual(widths.client);
            expect(
              await expectReadableText(page, "body", `${shown.name} ${size} ${scheme}`, NOT_TEXT),
            ).toBeGreaterThan(2);
            if (scheme === "light" && shown.photo !== false)
              await photograph(page, `${shown.name}-${size}.png`);
            await page.context().close();
          }
        }
      }
    },
  );
});

/** The fleet says who needs a person and why, and never shows a cost of $0.00. */
async function fleetSaysWhy(): Promise<void> {
  const page = await open("/", "desktop", "light");
  const needs = page.getByRole("region", { name: "Needs you" });
  await needs.getByRole("article", { name: "app-1" }).waitFor({ timeout: 60_000 });
  // The plan waiting for approval first, then the agent blocked on its question.
  const order = await Promise.all(
    (await needs.getByRole("article").all()).map((shown) => shown.getAttribute("aria-label")),
  );
  expect(order).toEqual(["plan-1", "app-1"]);
  const asking = needs.getByRole("article", { name: "app-1" });
  expect(await asking.locator(".card-urgency").textContent()).toBe(
    "the agent is blocked on a question: Run npm test",
  );
  await page
    .getByRole("region", { name: "Ready to merge" })
    .getByRole("article", { name: "app-3" })
    .waitFor();
  expect(await page.getByRole("article", { name: "app-2" }).textContent()).toContain(
    "CI failing: node check.js",
  );
  // The ACP agent records no cost: said as unknown, and no card anywhere reads $0.00.
  expect(await asking.textContent()).toContain("cost unknown");
  expect(await page.locator("main").innerText()).not.toContain("$0.00");
  await page.context().close();
}

/** Merge is offered only when CI is green; reasons are words, not codes; the timeline has its legend. */
async function mergeOnlyWhenGreen(): Promise<void> {
  const failing = await open("/s/app-2", "desktop", "light");
  const actions = failing.getByRole("group", { name: "Session actions" });
  await actions.waitFor({ timeout: 60_000 });
  await failing.getByRole("region", { name: "Events" }).locator("time").first().waitFor();
  // CI fails: Merge cannot be pressed, and says why in words.
  expect(await actions.getByRole("button", { name: "Merge", exact: true }).isDisabled()).toBe(true);
  expect(await actions.getByLabel("Why merge is disabled").textContent()).toBe("CI failing: node check.js");
  const legend = failing.getByRole("list", { name: "Timeline legend" });
  expect(await legend.getByRole("listitem").allTextContents()).toContain(
    "needs a person, CI failed, a turn failed",
  );
  // A status change is said in words in the event list, never `from=pr_open to=ci_failed`.
  const events = failing.getByRole("region", { name: "Events" });
  await expect.poll(() => events.innerText()).toContain("pull request open → CI failing");
  expect(await events.innerText()).not.toMatch(/from=|to=ci_failed|reason=/);
  await failing.context().close();

  const green = await open("/s/app-3", "desktop", "light");
  await green
    .getByRole("group", { name: "Session actions" })
    .getByRole("button", { name: "Merge", exact: true })
    .waitFor({ timeout: 60_000 });
  expect(await green.getByRole("button", { name: "Merge", exact: true }).isEnabled()).toBe(true);
  await green.context().close();
}
