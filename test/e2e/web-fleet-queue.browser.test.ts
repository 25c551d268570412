import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import { closeStore, getSession, openStore, writeTransaction } from "../../src/core/store/index.js";
import { queueSession } from "../../src/core/train/index.js";
import { runGit } from "../helpers/git-repo.js";
import { photograph } from "../web/browser.js";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";
import type { DashboardWorld } from "../web/dashboard-world.js";
import { contrastRatio, READ_PAGE_WIDTH } from "../web/page-checks.js";
import { startAo } from "./turns-fixture.js";

/**
 * The fleet page's conflict radar, merge queue and waiting spawns in a real headless chromium,
 * against the built `ao`, its daemon (1 s cycles), real git branches and the fake claude in tmux:
 * two sessions whose branches conflict carry a marker naming each other, which goes away live when
 * one of them drops its change; queued sessions are listed in landing order; a spawn held for
 * memory says what it waits for. Photographed for docs/screens/fleet-queue-{desktop,phone}.png.
 */
const suite = dashboardBrowserSuite();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const GiB = 1024 ** 3;
const children: { pid: number }[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    try {
      process.kill(child.pid, "SIGTERM");
    } catch {
      // it ended
    }
});

/** An agent's work: files written and committed on the session's branch, in its worktree. */
function commit(world: DashboardWorld, id: string, files: Record<string, string>): void {
  const worktree = world.worktree(id);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(worktree, file), text);
  runGit(worktree, ["add", ...Object.keys(files)]);
  runGit(worktree, ["commit", "-q", "-m", `${id}: ${Object.keys(files).join(", ")}`]);
}

/** Puts sessions in their project's merge queue, in this order, as `ao merge --queue` records it. */
function enqueue(world: DashboardWorld, ids: readonly string[]): void {
  const store = openStore({ paths: aoPaths(world.home), clock: { now: () => Date.now() } });
  try {
    writeTransaction(store, (tx) => {
      for (const id of ids) {
        const session = getSession(tx, id)!;
        const head = runGit(world.worktree(id), ["rev-parse", "HEAD"]).trim();
        queueSession(tx, { session, pr: 1, head, by: "ao merge --queue" });
      }
    });
  } finally {
    closeStore(store);
  }
}

/** A spawn that waits for memory: the machine says 1 GiB free, admission wants 3 GiB. */
function spawnWaitingForMemory(world: DashboardWorld, task: string): void {
  const machine = join(world.userHome, "machine.json");
  writeFileSync(machine, JSON.stringify({ freeMemory: 1 * GiB }));
  world.env["AO_MACHINE_FILE"] = machine;
  appendFileSync(
    join(world.configDir, "agent-orchestrator.yaml"),
    "admission:\n  minFreeMemory: 2GiB\n  perAgentMemory:\n    claude-code: 1GiB\n",
  );
  children.push(startAo(world, ["spawn", "--queue", "app", task]));
}

const card = (page: Page, id: string) => page.getByRole("article", { name: id });

/** The text colour and the first opaque background behind each element `selector` matches. */
const READ_COLOURS = (
  selector: string,
) => `[...document.querySelectorAll(${JSON.stringify(selector)})].map((el) => {
  let back = el;
  while (back && /rgba\\(0, 0, 0, 0\\)|transparent/.test(getComputedStyle(back).backgroundColor)) back = back.parentElement;
  return { color: getComputedStyle(el).color, background: back ? getComputedStyle(back).backgroundColor : "rgb(255, 255, 255)" };
})`;

const TEXTS = [
  ".card-conflict",
  ".queue-state",
  ".queue-note",
  ".queue-since",
  ".spawn-reason",
  ".spawn-task",
];

async function expectReadable(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  for (const selector of TEXTS) {
    const looks = await page.evaluate<{ color: string; background: string }[]>(READ_COLOURS(selector));
    expect(looks.length, selector).toBeGreaterThan(0);
    for (const look of looks)
      expect
        .soft(
          contrastRatio(look.color, look.background),
          `${selector} in ${scheme}: ${look.color} on ${look.background}`,
        )
        .toBeGreaterThanOrEqual(4.5);
  }
}

describe.skipIf(suite.skip !== undefined)("the fleet page's radar and queues in a browser (built ao)", () => {
  it(
    "marks both conflicting cards and clears them live, lists the queue in order and a waiting spawn's reason",
    { timeout: 300_000 },
    async () => {
      const world = suite.world({
        sessions: ["Reword the greeting", "Greet in French", "Write the changelog"],
        projectYaml: "scm: local",
      });
      const held = join(world.userHome, "release-app-3");
      world.nextTurns({ workUntil: held });
      commit(world, "app-1", { "greeting.txt": "hello\n", "farewell.txt": "goodbye\n" });
      commit(world, "app-2", { "greeting.txt": "bonjour\n", "farewell.txt": "au revoir\n" });
      commit(world, "app-3", { "CHANGELOG.md": "# Changes\n" });
      // app-3's agent is busy: the train waits for its turn, so the queue stays as entered.
      const sent = world.ao(["send", "app-3", "Add the release date too"]);
      expect(sent.exitCode, sent.stderr).toBe(0);
      enqueue(world, ["app-3", "app-1"]);
      spawnWaitingForMemory(world, "Translate the docs");

      const page = await suite.open(world.url, DESKTOP);
      await page.evaluate("window.__sameDocument = true");
      for (const [id, other] of [
        ["app-1", "app-2"],
        ["app-2", "app-1"],
      ] as const)
        await expect
          .poll(() => card(page, id).locator(".card-conflict").allInnerTexts(), { timeout: 90_000 })
          .toEqual([`conflicts with ${other} in 2 files`]);
      expect(await card(page, "app-3").locator(".card-conflict").count()).toBe(0);
      expect(await card(page, "app-1").locator(".card-conflict").getAttribute("title")).toContain(
        "farewell.txt",
      );

      const queue = page.getByRole("region", { name: "Merge queue of app" });
      const entries = queue.getByRole("listitem");
      await expect
        .poll(async () => Promise.all((await entries.all()).map((item) => item.getAttribute("aria-label"))))
        .toEqual(["app-3", "app-1"]);
      expect(await entries.first().innerText()).toMatch(/^1\.\s+app-3\s+waiting/);
      const spawns = page.getByRole("region", { name: "Spawns waiting to start" });
      await expect
        .poll(() => spawns.getByRole("listitem").allInnerTexts(), { timeout: 60_000 })
        .toEqual([
          expect.stringMatching(
            /Translate the docs[\s\S]*machine busy[\s\S]*waiting for 3\.0 GiB free; 1\.0 GiB now/,
          ),
        ]);

      // Keyboard: the header's Queue link is reached with Tab and opens the queue's own page.
      const link = page.getByRole("link", { name: /^Queue \(3\)$/ });
      await link.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Queue", exact: true }).waitFor();
      expect(new URL(page.url()).hash).toMatch(/^#\/queue/);
      await page.evaluate("document.activeElement?.blur()");
      await photograph(page, "queue-desktop.png");
      await page.goBack();
      await page.evaluate("document.activeElement?.blur()");

      await expectReadable(page, "light");
      await expectReadable(page, "dark");
      await page.emulateMedia({ colorScheme: "light" });
      await photograph(page, "fleet-queue-desktop.png");

      const phone = await suite.open(world.url, PHONE);
      await card(phone, "app-2").locator(".card-conflict").waitFor();
      await phone.getByRole("region", { name: "Spawns waiting to start" }).waitFor();
      for (const route of ["#/", "#/queue"]) {
        await phone.evaluate(`location.hash = ${JSON.stringify(route)}`);
        await phone.getByRole("heading", { name: "Queue", exact: true }).waitFor();
        const widths = await phone.evaluate<{ scroll: number; client: number; wide: string[] }>(
          READ_PAGE_WIDTH,
        );
        expect(widths.scroll, `${route}: ${widths.wide.join(", ")}`).toBeLessThanOrEqual(widths.client);
        if (route === "#/queue") await photograph(phone, "queue-phone.png");
      }
      await phone.evaluate(`location.hash = "#/"`);
      await card(phone, "app-1").waitFor();
      await photograph(phone, "fleet-queue-phone.png");

      // The session page's card says it too.
      const session = await suite.open(world.url.replace(/#/, "#/s/app-2?"), DESKTOP);
      await expect
        .poll(() => session.locator(".card-conflict").allInnerTexts(), { timeout: 30_000 })
        .toEqual(["conflicts with app-1 in 2 files"]);

      // app-2 drops its change: the radar clears the pair and both markers go, without a reload.
      runGit(world.worktree("app-2"), ["reset", "-q", "--hard", "HEAD~1"]);
      for (const id of ["app-1", "app-2"])
        await expect
          .poll(() => card(page, id).locator(".card-conflict").count(), { timeout: 90_000 })
          .toBe(0);
      expect(await page.evaluate("window.__sameDocument === true")).toBe(true);
      writeFileSync(held, "");
    },
  );
});
