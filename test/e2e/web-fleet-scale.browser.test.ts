import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeActivity } from "../../src/core/fleet/index.js";
import { artifactsDir, browserSkipReason, launchBrowser } from "../web/browser.js";
import { makeLargeFleetWorld, type LargeFleetWorld } from "../web/large-fleet-world.js";

/**
 * Finding things in a fleet of 200 (issue 27): the page stays about two screens tall, search
 * narrows it to the few that match, the keyboard walks and opens cards, and the view is a URL.
 * Debian's chromium at 1440×900, against the built `ao` with 200 sessions in its store.
 */
const skip = browserSkipReason();
const SESSIONS = 200;
/**
 * Every section shows at most 10 cards before "Show all" (SECTION_CARD_LIMIT), and at 1440 px the
 * five zones are side by side: the page is the header and search bar (~100 px), the tallest column
 * (a heading, 10 cards of ~160 px with their gaps, the "Show all" button: ~1,800 px) and the "New
 * session" form (~250 px). 3,000 px leaves room for cards a line taller, and is a tenth of the
 * ~31,800 px that 200 cards in one column took before.
 */
const MAX_PAGE_HEIGHT = 3_000;
const selected = (page: Page) =>
  page.evaluate<string[]>(
    `[...document.querySelectorAll(".card-slot.selected article")].map((card) => card.getAttribute("aria-label"))`,
  );
const focusedCard = (page: Page) =>
  page.evaluate<string | null>(
    `document.activeElement?.closest("article")?.getAttribute("aria-label") ?? null`,
  );

let browser: Browser;
let world: LargeFleetWorld;

beforeAll(async () => {
  if (skip === undefined) browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
// A world per test: the tmux helper removes each test's AO_HOME after it (test/helpers/tmux.ts), so
// a world made once for the file lost its home after the first test and `ao stop` could not find
// its daemon, which ran on.
beforeEach(() => {
  if (skip === undefined) world = makeLargeFleetWorld(SESSIONS);
}, 120_000);
afterEach(() => {
  world?.ao(["stop"]);
});

async function open(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const countText = (page: Page) => page.getByRole("search").getByRole("status");
const shownIds = (page: Page) =>
  page.evaluate<string[]>(
    `[...document.querySelectorAll("article[aria-label]")].map((card) => card.getAttribute("aria-label"))`,
  );
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search" });

/** What `ao status --json` says each session's agent does (describeActivity, as its table does). */
function statusActivities(fleet: LargeFleetWorld): Map<string, string> {
  const result = fleet.ao(["status", "--json"]);
  expect(result.exitCode, result.stderr).toBe(0);
  const { sessions } = JSON.parse(result.stdout) as {
    sessions: { id: string; status: string; activity?: { state?: string } | null }[];
  };
  return new Map(sessions.map((view) => [view.id, describeActivity(view.status, view.activity?.state)]));
}

describe.skipIf(skip !== undefined)("the fleet page at 200 sessions (built ao, chromium)", () => {
  it("stays bounded in height, and search narrows it to the matching few", { timeout: 120_000 }, async () => {
    const page = await open(world.url);
    const working = page.getByRole("region", { name: "Working" }).getByRole("heading");
    await expect.poll(() => working.textContent()).toMatch(new RegExp(`\\b${SESSIONS}$`));
    await page.getByRole("article").first().waitFor();
    const height = await page.evaluate<number>("document.documentElement.scrollHeight");
    console.log(`fleet page height at ${SESSIONS} sessions, 1440x900: ${height} px`);
    expect(height).toBeLessThan(MAX_PAGE_HEIGHT);
    await page.screenshot({ path: join(artifactsDir(), "dashboard-fleet-200.png") });
    expect(await countText(page).textContent()).toBe(`${SESSIONS} sessions`);
    // Issue 27: "unknown" was shown as "idle" while `ao status` said unknown. Each card says what
    // `ao status` says of its agent (these sessions' agents report nothing: unknown).
    const said = statusActivities(world);
    const cards = page.getByRole("article");
    for (const index of [0, 1, 2]) {
      const card = cards.nth(index);
      const id = (await card.getAttribute("aria-label")) ?? "";
      expect(said.get(id)).toBe("unknown");
      expect(await card.locator(".card-meta .activity").textContent()).toBe(said.get(id));
    }

    await page.keyboard.press("/");
    await expect
      .poll(() => page.evaluate<string | null>(`document.activeElement?.getAttribute("type") ?? null`))
      .toBe("search");
    await page.keyboard.type("needle");
    await expect.poll(() => shownIds(page)).toHaveLength(world.needles.length);
    expect((await shownIds(page)).sort()).toEqual([...world.needles].sort());
    expect(await countText(page).textContent()).toBe(`${world.needles.length} of ${SESSIONS} sessions`);
    expect(new URL(page.url()).hash).toBe("#/?q=needle");

    // Enter leaves the box for the first match; j moves on; Enter opens the selected card's session.
    const order = await shownIds(page);
    await page.keyboard.press("Enter");
    await expect.poll(() => selected(page)).toEqual([order[0]]);
    await page.keyboard.press("j");
    await expect.poll(() => selected(page)).toEqual([order[1]]);
    expect(await focusedCard(page)).toBe(order[1]);
    await page.keyboard.press("k");
    await page.keyboard.press("j");
    await expect.poll(() => selected(page)).toEqual([order[1]]);
    await page.keyboard.press("Enter");
    await page.getByRole("main", { name: `Session ${order[1]}` }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/s/${order[1]}`);

    // Back: the filtered fleet again, from the address bar.
    await page.goBack();
    await expect.poll(() => shownIds(page)).toHaveLength(world.needles.length);
    expect(await searchBox(page).inputValue()).toBe("needle");

    // `/` selects the search text; typed there, j and ? are text, not shortcuts; Escape clears it.
    await page.keyboard.press("/");
    await page.keyboard.type("j?");
    expect(await searchBox(page).inputValue()).toBe("j?");
    expect(await focusedCard(page)).toBeNull();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => countText(page).textContent()).toBe(`${SESSIONS} sessions`);
    expect(new URL(page.url()).hash).toBe("#/");

    // ? shows the help, Escape closes it.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.waitFor();
    expect(await help.textContent()).toContain("Select the next card");
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("keeps a filtered view in its URL, also through the login URL", { timeout: 120_000 }, async () => {
    const origin = new URL(world.url).origin;
    const token = new URLSearchParams(new URL(world.url).hash.replace(/^#\/?\??/, "")).get("token");
    const page = await open(`${origin}/#/?q=needle&project=app&token=${token}`);
    const appNeedles = world.needles.filter((id) => id.startsWith("app-"));
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual(appNeedles.sort());
    expect(page.url()).not.toContain("token");
    expect(new URL(page.url()).hash).toBe("#/?q=needle&project=app");
    expect(await page.getByRole("banner").getByLabel("Project").inputValue()).toBe("app");

    // A bookmark of a grouped, filtered view opens as it was, in a tab with the cookie.
    const bookmark = await page.context().newPage();
    await bookmark.goto(`${origin}/#/?project=web&group=project`);
    await expect
      .poll(() => countText(bookmark).textContent())
      .toBe(`${SESSIONS / 2} of ${SESSIONS} sessions`);
    expect(await bookmark.getByRole("region", { name: "web" }).getByRole("article").count()).toBe(10);
    expect(await bookmark.getByRole("region", { name: "app" }).getByRole("article").count()).toBe(0);
    await page.context().close();
  });

  it("shows all of a long section on request, and remembers a folded one", { timeout: 120_000 }, async () => {
    const page = await open(world.url);
    await expect.poll(() => countText(page).textContent()).toBe(`${SESSIONS} sessions`);
    const working = page.getByRole("region", { name: "Working" });
    const before = await working.getByRole("article").count();
    expect(before).toBe(10);
    await working.getByRole("button", { name: /^Show all/ }).click();
    await expect.poll(() => working.getByRole("article").count()).toBeGreaterThan(before);

    const fold = working.getByRole("button", { name: /^Working/ });
    expect(await fold.getAttribute("aria-expanded")).toBe("true");
    await fold.click();
    expect(await fold.getAttribute("aria-expanded")).toBe("false");
    expect(await working.getByRole("article").count()).toBe(0);
    await page.reload();
    await expect.poll(() => countText(page).textContent()).toBe(`${SESSIONS} sessions`);
    expect(await fold.getAttribute("aria-expanded")).toBe("false");
    expect(await working.getByRole("article").count()).toBe(0);
    await fold.click();
    await expect.poll(() => working.getByRole("article").count()).toBe(10);
    await page.context().close();
  });
});
