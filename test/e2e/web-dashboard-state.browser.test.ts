import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import { proposePlan } from "../../src/core/plans/propose-plan.js";
import { proposalSchema } from "../../src/core/plans/types.js";
import { closeStore, openStore } from "../../src/core/store/index.js";
import { DIAMOND } from "../core/plans/run/plan-fixture.js";
import { type DashboardWorld } from "../web/dashboard-world.js";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";

/**
 * What the dashboard says about the fleet's state, in a real headless chromium against the built
 * `ao` (issue 27): an agent on its first task is running, an ended one says so; the login URL
 * pasted into an open tab logs in; plans waiting for a person are under "Needs you", say what each
 * step asks, can be rejected, and a missing plan or a lost login is said; "Start session" asks
 * before a second session for an issue, and the server refuses one it was not asked for.
 */
const suite = dashboardBrowserSuite();
const { skip, world, open } = suite;

const card = (page: Page, id: string) => page.getByRole("article", { name: id });
const zone = (page: Page, title: string) => page.getByRole("region", { name: title });
const base = (w: DashboardWorld) => w.url.replace(/#.*$/, "");

function proposeDiamond(home: string): void {
  const store = openStore({ paths: aoPaths(home), clock: { now: () => Date.now() } });
  try {
    const roles = {
      dev: { kind: "existing" as const, agent: "claude-code" },
      writer: { kind: "existing" as const, agent: "claude-code" },
    };
    proposePlan(store, {
      project: "app",
      proposal: proposalSchema.parse({ ...DIAMOND, roles }),
      author: "agent:lead",
    });
  } finally {
    closeStore(store);
  }
}

describe.skipIf(skip !== undefined)(
  "the fleet's state on the dashboard (built ao, fake claude, tmux)",
  () => {
    it(
      "logs in from a pasted URL, shows the agent on its first task running, and an ended one ended",
      { timeout: 180_000 },
      async () => {
        const w = world({ sessions: [] });
        w.nextTurns({ workMs: 600_000 }); // the spawn's task runs until the test ends it
        const spawned = w.ao(["spawn", "app", "Fix the login bug"]);
        expect(spawned.exitCode, spawned.stderr).toBe(0);

        // A tab opened without the token says so; pasting the printed URL into it logs in, and the
        // token leaves the address bar.
        const page = await open(base(w));
        await page.getByRole("alert").filter({ hasText: "Not logged in" }).waitFor();
        await page.goto(w.url);
        await card(page, "app-1").waitFor({ timeout: 30_000 });
        expect(page.url()).not.toContain("token");
        expect(await page.getByRole("alert").count()).toBe(0);

        // The agent works on the task it was spawned with (its only turn): running, and interruptible.
        await expect
          .poll(() => card(page, "app-1").locator(".activity").textContent(), { timeout: 60_000 })
          .toBe("turn running");
        await page
          .getByRole("navigation", { name: "Supervision" })
          .getByRole("link", { name: "app" })
          .click();
        const worker = page.getByRole("listitem", { name: "app-1" });
        await worker.getByRole("img", { name: "running" }).waitFor({ timeout: 30_000 });
        expect(await worker.getByRole("button", { name: "Interrupt" }).isEnabled()).toBe(true);

        // Killed: the card says ended, never its last "working".
        const killed = w.ao(["session", "kill", "app-1"]);
        expect(killed.exitCode, killed.stderr).toBe(0);
        await page.getByRole("link", { name: "ao" }).click();
        const done = zone(page, "Done").getByRole("article", { name: "app-1" });
        await done.waitFor({ timeout: 60_000 });
        await expect.poll(() => done.locator(".activity").textContent(), { timeout: 30_000 }).toBe("ended");
        const status = JSON.parse(w.ao(["session", "ls", "--all", "--json"]).stdout) as {
          sessions: { id: string; status: string }[];
        };
        expect(status.sessions.find((session) => session.id === "app-1")?.status).toBe("killed");
        await page.context().close();
      },
    );

    it(
      "puts a proposed plan under Needs you, counts its steps, shows what each asks, and rejects it with a reason",
      { timeout: 180_000 },
      async () => {
        const w = world({ sessions: [] });
        proposeDiamond(w.home);
        const page = await open(w.url);
        const waiting = zone(page, "Needs you").getByRole("article", { name: "plan-1" });
        await waiting.waitFor({ timeout: 30_000 });
        expect(await waiting.textContent()).toContain(DIAMOND.goal);

        await page.getByRole("link", { name: "Plans", exact: true }).click();
        await expect
          .poll(() => page.getByRole("main", { name: "Plans" }).textContent())
          .toContain("0/4 steps done");

        // A plan that does not exist is said, with the way back.
        await page.goto(`${base(w)}#/plans/plan-9`);
        const missing = page.getByRole("alert").filter({ hasText: "No plan named plan-9" });
        await missing.waitFor({ timeout: 30_000 });
        await missing.getByRole("link", { name: "All plans" }).click();
        await page.getByRole("link", { name: "plan-1" }).waitFor();

        await page.goto(`${base(w)}#/plans/plan-1`);
        const asks = page.getByRole("region", { name: "What each step asks" });
        await asks.waitFor({ timeout: 30_000 });
        for (const body of ["Design it.", "Build it.", "Write the release note from B and C."])
          expect(await asks.textContent()).toContain(body);

        await page.getByLabel("Why reject").fill("Split C in two first");
        await page.getByRole("button", { name: "Reject revision 1" }).click();
        await page.getByRole("button", { name: "Yes, reject revision 1" }).click();
        await expect
          .poll(() => page.getByRole("status", { name: "Reject revision 1 result" }).textContent(), {
            timeout: 60_000,
          })
          .toBe("Rejected: the plan is cancelled");
        const events = JSON.parse(w.ao(["events", "--type", "plan.rejected", "--json"]).stdout) as unknown;
        expect(JSON.stringify(events)).toContain("Split C in two first");
        await page.getByRole("link", { name: "ao", exact: true }).click();
        await zone(page, "Needs you").waitFor();
        expect(await zone(page, "Needs you").getByRole("article", { name: "plan-1" }).count()).toBe(0);

        // Logged out while a plan page is open (the cookie is gone): the page says so and what to do.
        await page.goto(`${base(w)}#/plans/plan-1`);
        await page
          .getByRole("main", { name: "Plan plan-1" })
          .getByText("rejected: Split C in two first")
          .waitFor();
        await page.context().clearCookies();
        await page
          .getByRole("alert")
          .filter({ hasText: "Not logged in: open the URL ao dashboard printed" })
          .waitFor({ timeout: 30_000 });
        await page.context().close();
      },
    );

    it(
      "asks before a second session for an issue with a live one; the server refuses one not asked for",
      { timeout: 240_000 },
      async () => {
        const w = world({ sessions: [], projectYaml: "tracker: local" });
        const filed = w.ao(["issue", "new", "Crash on empty input"]);
        expect(filed.exitCode, filed.stderr).toBe(0);
        const page = await open(w.url);
        const form = page.getByRole("region", { name: "New session" });
        await form.getByLabel("Issue").fill("1");
        await form.getByRole("button", { name: "Start session" }).click();
        await expect
          .poll(() => form.getByRole("status", { name: "Start session result" }).textContent(), {
            timeout: 90_000,
          })
          .toMatch(/^Started app-1 on /);
        await card(page, "app-1").waitFor({ timeout: 30_000 });

        await form.getByLabel("Issue").fill("#1");
        await form.getByRole("button", { name: "Start session" }).click();
        const question = page.getByRole("group", { name: "Issue already has a live session" });
        await question.waitFor();
        expect(await question.textContent()).toContain("Issue #1 already has a live session: app-1.");
        expect(await question.getByRole("link", { name: "Open app-1" }).getAttribute("href")).toBe(
          "#/s/app-1",
        );

        // The server refuses it too when the request does not say it wants a second one.
        const refused = await page.evaluate(async () => {
          const response = await fetch("/api/spawn", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ project: "app", issue: "1" }),
          });
          return {
            status: response.status,
            body: (await response.json()) as { error: string; code: string },
          };
        });
        expect(refused).toMatchObject({
          status: 409,
          body: { code: "E_EXISTS", error: "issue 1 already has a live session: app-1" },
        });
        const listed = JSON.parse(w.ao(["session", "ls", "--json"]).stdout) as { sessions: unknown[] };
        expect(listed.sessions).toHaveLength(1);

        await question.getByRole("button", { name: "Start a second session" }).click();
        await expect
          .poll(() => question.getByRole("status", { name: "Start a second session result" }).textContent(), {
            timeout: 90_000,
          })
          .toMatch(/^Started app-2 on /);

        // The live session offers no Restore; its event list shows local times with the ISO in a title.
        await question.getByRole("link", { name: "Open app-1" }).click();
        await page.getByRole("group", { name: "Session actions" }).waitFor();
        expect(await page.getByRole("button", { name: "Restore" }).count()).toBe(0);
        const times = page.getByRole("region", { name: "Events" }).locator("time");
        await times.first().waitFor();
        const first = times.first();
        expect(await first.getAttribute("title")).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
        expect(await first.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
        expect(await page.getByRole("region", { name: "Events" }).textContent()).not.toMatch(/\b1\d{12}\b/);
        await page.getByRole("button", { name: "Kill", exact: true }).click();
        await page.getByRole("button", { name: "Yes, kill" }).click();
        await page.getByRole("button", { name: "Restore" }).waitFor({ timeout: 60_000 });
        await page.context().close();
      },
    );
  },
);
