import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { photograph as saveScreenshot } from "../web/browser.js";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";
import type { DashboardWorld } from "../web/dashboard-world.js";
import { READ_PAGE_WIDTH } from "../web/page-checks.js";
import { expectReadableText } from "../web/text-look.js";
import { question, type TurnJson } from "./acp-fixture.js";
import { eventually } from "./e2e-fixture.js";

/**
 * The session page shows the conversation as data (issues 26, 27, 28), in Debian's chromium against
 * the built `ao`: an ACP agent's turns with their origin, times, replies (as text, long ones folded),
 * tool calls (with who let them run) and plan, updated live; the conflict radar's pairs and the
 * merge queue's place, and "Add to merge queue" queuing an approved session.
 */
const suite = dashboardBrowserSuite((world) => {
  for (const session of world.sessions()) world.ao(["session", "kill", session.id]);
  world.ao(["stop"]);
});
const { skip, world, open } = suite;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOWN = ".turns-section, .merge-radar";

const at = (w: DashboardWorld, route: string) => w.url.replace(/#/, `#${route}?`);
const turn = (page: Page, id: string) => page.getByRole("listitem", { name: `turn ${id}` });

function turnEnded(w: DashboardWorld, id: string): TurnJson {
  const waited = w.ao(["turns", "wait", id, "--json"]);
  expect(waited.exitCode, waited.stderr).toBe(0);
  return JSON.parse(waited.stdout) as TurnJson;
}

/**
 * A photograph for docs/screens/ (copied there with AO_UPDATE_SCREENSHOTS=1, like the other pages'):
 * the window, scrolled to what it shows, not the whole page (the files stay small).
 */
async function photograph(page: Page, file: string, shows: Locator): Promise<void> {
  await shows.evaluate('(element) => element.scrollIntoView({ block: "start" })');
  await saveScreenshot(page, file);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; client: number; wide: string[] }>(READ_PAGE_WIDTH);
  expect(widths.scroll, widths.wide.join(", ")).toBeLessThanOrEqual(widths.client);
}

describe.skipIf(skip !== undefined)("the session page's conversation, conflicts and merge queue", () => {
  it(
    "shows an ACP session's turns: tool calls with who allowed them, the plan, a reply with HTML as text, folded when long, live",
    { timeout: 300_000 },
    async () => {
      const w = world({
        sessions: ["say hello"],
        projectYaml: "agent:\n  plugin: acp\n  argv: [fake-acp-agent]",
      });
      expect(turnEnded(w, "t-1").status).toBe("completed");
      expect(w.ao(["send", "app-1", "edit notes.txt hello from the agent"]).exitCode).toBe(0);
      expect(turnEnded(w, "t-2").work?.tools[0]).toMatchObject({
        kind: "edit",
        files: [join(w.worktree("app-1"), "notes.txt:1")],
      });
      const hostile = `<script>window.__pwned = 1</script><b>bold</b><img src=x onerror="window.__pwned = 2"> ${"more words ".repeat(150)}`;
      expect(w.ao(["send", "app-1", hostile]).exitCode).toBe(0);
      expect(turnEnded(w, "t-3").reply).toContain("<script>");

      const page = await open(at(w, "/s/app-1"), DESKTOP);
      await turn(page, "t-1").waitFor({ timeout: 60_000 });
      expect(await turn(page, "t-1").locator(".turn-origin").textContent()).toBe("the task (spawn)");
      const first = turn(page, "t-2");
      expect(await first.locator(".turn-origin").textContent()).toBe("a person");
      expect(await first.locator(".turn-status").textContent()).toBe("completed");
      const edit = first.getByRole("list", { name: "Tool calls of t-2" }).getByRole("listitem");
      expect(await edit.locator(".tool-kind").textContent()).toBe("edit");
      expect(await edit.locator(".tool-title").textContent()).toBe("Edit notes.txt");
      // A file in the session's checkout is named from its root.
      expect(await edit.locator(".tool-files").textContent()).toBe("notes.txt:1");
      expect(await edit.textContent()).toContain("completed");
      // Times in the browser's local time, as the rest of the page shows them.
      const queued = await first.locator("time").first().getAttribute("datetime");
      expect(await first.locator("time").first().textContent()).toBe(
        await page.evaluate((iso) => new Date(iso!).toLocaleString(), queued),
      );

      // The reply with HTML in it is text: no element made of it, no script run.
      const second = turn(page, "t-3");
      const reply = second.getByLabel("Reply of t-3");
      expect(await reply.textContent()).toContain("<script>window.__pwned = 1</script><b>bold</b><img src=x");
      expect(await second.locator("script, b, img").count()).toBe(0);
      expect(await page.evaluate("window.__pwned ?? null")).toBeNull();
      // Long: folded to its start until "Show more".
      const more = second.getByRole("button", { name: /Show more/ });
      expect((await reply.textContent())!.length).toBeLessThan(hostile.length);
      await more.click();
      expect(await reply.textContent()).toBe(`You said: ${hostile}`);
      await second.getByRole("button", { name: "Show less" }).click();

      // Live: a turn with a plan, and one whose command a person approved, appear without reload.
      expect(w.ao(["send", "app-1", "plan"]).exitCode).toBe(0);
      const plan = turn(page, "t-4").getByRole("list", { name: "Plan of t-4" });
      await plan.waitFor({ timeout: 60_000 });
      expect(await plan.getByRole("listitem").count()).toBe(3);
      expect(await plan.textContent()).toMatch(/\(completed.*\(in progress.*\(pending/s);
      expect(w.ao(["send", "app-1", "run npm test"]).exitCode).toBe(0);
      await eventually(() => question(w), "the permission question");
      expect(w.ao(["approve", "app-1"]).exitCode).toBe(0);
      const run = turn(page, "t-5").getByRole("list", { name: "Tool calls of t-5" }).getByRole("listitem");
      await run.waitFor({ timeout: 60_000 });
      expect(await run.textContent()).toMatch(/execute Run npm test — completed · approved \(allow-once\)/);
      expect(w.ao(["turns", "show", "t-5"]).stderr).toContain("approved (allow-once)");

      // The photographs show the session as the daemon sees it once the question is answered.
      await expect
        .poll(() => page.getByRole("article", { name: "app-1" }).textContent(), { timeout: 60_000 })
        .not.toContain("blocked on a question");
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await expectReadableText(page, SHOWN, colorScheme)).toBeGreaterThan(10);
      }
      await page.emulateMedia({ colorScheme: "light" });
      await photograph(page, "session-turns-desktop.png", page.getByRole("region", { name: "Turns" }));
      const phone = await open(at(w, "/s/app-1"), PHONE);
      await turn(phone, "t-5").waitFor({ timeout: 60_000 });
      await expectNoSidewaysScroll(phone);
      await photograph(phone, "session-turns-phone.png", turn(phone, "t-5"));
    },
  );

  it(
    "shows the session's predicted conflict with its lines, queues the approved session from the page and shows its place",
    { timeout: 300_000 },
    async () => {
      const w = world({ sessions: [], projectYaml: "scm:\n  plugin: local\n  ci:\n    - node gate.mjs" });
      const gate = join(w.userHome, "ci-gate");
      // Local CI waits for the test's gate: the queued entry stays in the queue while the page looks.
      const script = `import { existsSync } from "node:fs";\nwhile (!existsSync(${JSON.stringify(gate)})) await new Promise((r) => setTimeout(r, 200));\n`;
      writeFileSync(
        join(w.repo.dir, "app.txt"),
        `${Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n")}\n`,
      );
      writeFileSync(join(w.repo.dir, "gate.mjs"), script);
      runGit(w.repo.dir, ["add", "app.txt", "gate.mjs"]);
      runGit(w.repo.dir, ["commit", "-q", "-m", "app.txt and the CI gate"]);
      runGit(w.repo.dir, ["push", "-q", "origin", "main"]);
      try {
        for (const task of ["Change line five", "Change line five too"])
          expect(w.ao(["spawn", "app", task]).exitCode).toBe(0);
        for (const [id, words] of [
          ["app-1", "five by app-1"],
          ["app-2", "five by app-2"],
        ] as const) {
          const worktree = w.worktree(id);
          const text = Array.from({ length: 20 }, (_, i) => (i === 4 ? words : `line ${i + 1}`));
          writeFileSync(join(worktree, "app.txt"), `${text.join("\n")}\n`);
          runGit(worktree, ["add", "app.txt"]);
          runGit(worktree, ["commit", "-q", "-m", `${id}: line five`]);
        }
        await eventually(
          () => (w.ao(["review", "app-1", "--approve"]).exitCode === 0 ? true : undefined),
          "app-1's pull request to open and be approved",
        );
        const page = await open(at(w, "/s/app-1"), DESKTOP);
        const radar = page.getByRole("region", { name: "Conflicts and merge queue" });
        await radar.locator(".radar-conflict").waitFor({ timeout: 90_000 });
        expect(await radar.locator(".radar-conflict").textContent()).toMatch(
          /^Conflicts with app-2 ao\/change-line-five-too.*app\.txt lines 5–9/s,
        );
        expect(await radar.textContent()).toContain("Not in the merge queue.");

        await radar.getByRole("button", { name: "Add to merge queue" }).click({ timeout: 60_000 });
        await radar.getByRole("button", { name: "Yes, add to merge queue" }).click();
        await expect
          .poll(() => radar.getByLabel("Add to merge queue result").textContent())
          .toBe("Queued at place 1.");
        const listed = JSON.parse(w.ao(["queue", "app", "--json"]).stdout) as {
          queue: { session: string }[];
        };
        expect(listed.queue.map((entry) => entry.session)).toEqual(["app-1"]);
        const place = radar.getByLabel("Place in the merge queue");
        await place.waitFor({ timeout: 60_000 });
        expect(await place.textContent()).toMatch(/Place 1 of 1 in the merge queue/);
        expect(await radar.getByRole("button", { name: "Add to merge queue" }).count()).toBe(0);

        // A head the page did not show is refused, and queues nothing more.
        const moved = await page.evaluate(async () => {
          const response = await fetch("/api/sessions/app-1/queue", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ sha: "0000000" }),
          });
          return {
            status: response.status,
            body: (await response.json()) as { code?: string; error?: string },
          };
        });
        expect(moved).toMatchObject({ status: 409, body: { code: "E_MERGE_REJECTED" } });
        expect(moved.body.error).toContain("not at 0000000 as seen");
        expect(JSON.parse(w.ao(["queue", "app", "--json"]).stdout)).toMatchObject({
          queue: [{ session: "app-1" }],
        });
        // A terminal agent's turn shows what exists: its reply and where ao read it.
        const spawnTurn = turn(page, "t-1");
        expect(await spawnTurn.locator(".turn-origin").textContent()).toBe("the task (spawn)");
        expect(await spawnTurn.locator(".reply-source").textContent()).toMatch(
          /^reply read from the (hook|transcript|screen)$/,
        );
        expect(await spawnTurn.locator(".tool-calls").count()).toBe(0);

        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          expect(await expectReadableText(page, ".merge-radar", colorScheme)).toBeGreaterThan(3);
        }
        await page.emulateMedia({ colorScheme: "light" });
        await photograph(page, "session-queue-desktop.png", page.locator(".merge-radar"));
        const phone = await open(at(w, "/s/app-1"), PHONE);
        await phone.getByLabel("Place in the merge queue").waitFor({ timeout: 60_000 });
        await expectNoSidewaysScroll(phone);
        await photograph(phone, "session-queue-phone.png", phone.locator(".merge-radar"));
      } finally {
        writeFileSync(gate, "open");
      }
    },
  );
});
