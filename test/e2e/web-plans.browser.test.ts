import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import { proposePlan } from "../../src/core/plans/propose-plan.js";
import { appendRevision } from "../../src/core/plans/revision-store.js";
import { proposalSchema } from "../../src/core/plans/types.js";
import { closeStore, openStore, writeTransaction } from "../../src/core/store/index.js";
import { recordRoleRuns } from "../core/plans/role-run-fixture.js";
import { DIAMOND } from "../core/plans/run/plan-fixture.js";
import { artifactsDir } from "../web/browser.js";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";

/**
 * A plan on the dashboard in a real headless chromium, against the built `ao` and its daemon:
 * the DAG with the critical path, the inspector, the revision timeline with its diff, and approval
 * by the person at the page, after which the daemon starts the first step.
 */
const suite = dashboardBrowserSuite();
const { skip, world } = suite;

/** Two revisions of the diamond (the second adds ticket D after C): D → C → A is the longest chain. */
function proposeDiamond(home: string): void {
  const store = openStore({ paths: aoPaths(home), clock: { now: () => Date.now() } });
  try {
    const roles = {
      dev: { kind: "existing" as const, agent: "claude-code" },
      writer: { kind: "existing" as const, agent: "claude-code" },
    };
    const first = proposalSchema.parse({ ...DIAMOND, roles });
    proposePlan(store, { project: "app", proposal: first, author: "person" });
    const second = proposalSchema.parse({
      ...DIAMOND,
      roles,
      tickets: [
        ...DIAMOND.tickets,
        { id: "D", title: "Document the JSON export", body: "Write it.", role: "dev", dependsOn: ["C"] },
      ],
      synthesis: { ...DIAMOND.synthesis, dependsOn: ["B", "D"] },
    });
    writeTransaction(store, (tx) =>
      appendRevision(tx, "plan-1", {
        kind: "agent",
        author: "agent:orchestrator",
        proposal: second,
        baseRevision: 1,
      }),
    );
  } finally {
    closeStore(store);
  }
}

/**
 * Earlier runs of `dev` (10 and 20 minutes, $1 and $3) and `slow` (100 minutes, $5), none of
 * `writer`; then a plan where A → B → C (three dev hops) is the chain with most tickets but E → F
 * (a slow one and an unknown one) takes longest.
 */
function proposeWithHistory(home: string): void {
  const store = openStore({ paths: aoPaths(home), clock: { now: () => Date.now() } });
  try {
    recordRoleRuns(
      store,
      "app",
      [
        { id: "dev-1", role: "dev", minutes: 10, usd: 1 },
        { id: "dev-2", role: "dev", minutes: 20, usd: 3 },
        { id: "slow-1", role: "slow", minutes: 100, usd: 5 },
      ],
      { runtime: "tmux", agent: "claude-code" },
    );
    const existing = { kind: "existing" as const, agent: "claude-code" };
    const ticket = (id: string, role: string, dependsOn: string[] = []) => ({
      ...{ id, title: `Ticket ${id}`, body: "Do it.", role, dependsOn },
    });
    const proposal = proposalSchema.parse({
      goal: "Estimate me",
      roles: { dev: existing, slow: existing, writer: existing },
      tickets: [
        ticket("A", "dev"),
        ticket("B", "dev", ["A"]),
        ticket("C", "dev", ["B"]),
        ticket("E", "slow"),
        { ...ticket("F", "writer", ["E"]), refs: ["src/f.ts"] },
      ],
      synthesis: { role: "writer", body: "Sum up." },
    });
    proposePlan(store, { project: "app", proposal, author: "agent:lead" });
  } finally {
    closeStore(store);
  }
}

describe.skipIf(skip !== undefined)("a plan on the dashboard (built ao, daemon, chromium)", () => {
  it(
    "shows the DAG with the critical path, the inspector, the revisions, and approves by a person",
    { timeout: 180_000 },
    async () => {
      const w = world({ sessions: [] });
      w.writeConfig("tracker: local"); // approval files the parent ticket as a local issue
      proposeDiamond(w.home);
      const page = await (
        await suite.browser().newContext({ viewport: { width: 1400, height: 900 } })
      ).newPage();
      await page.goto(w.url.replace(/#/, "#/plans/plan-1?"));
      const node = (id: string) => page.locator(`g.node[data-step="${id}"]`);
      await node("D").waitFor();
      expect(await page.locator("g.node").count()).toBe(5);
      for (const id of ["A", "C", "D", "synthesis"])
        expect(await node(id).getAttribute("class")).toContain("critical");
      expect(await node("B").getAttribute("class")).not.toContain("critical");
      expect(await node("A").getAttribute("data-state")).toBe("pending");
      const approval = page.getByRole("region", { name: "Approval" });
      const row = (id: string) => approval.locator(`tr[data-ticket="${id}"]`);
      expect(await row("A").locator("td").allTextContents()).toEqual([
        ...["A", "dev", "0", "unknown", "unknown", "unknown"],
      ]);
      expect(await approval.locator(".total-cost").textContent()).toBe(
        "Total cost: unknown (partial: 4 of 4 tickets unknown)",
      );
      expect(await approval.locator(".total-duration").textContent()).toContain(
        "unknown along A → C → D (partial)",
      );

      await node("C").click();
      const inspector = page.getByRole("region", { name: "Step inspector" });
      await expect.poll(() => inspector.textContent()).toContain("Build the JSON export");
      const revisions = page.getByRole("region", { name: "Revisions" });
      expect(await revisions.textContent()).toContain("+ D: Document the JSON export");
      expect(await revisions.textContent()).toContain("~ synthesis");

      await page.getByRole("button", { name: "Approve revision 2" }).click();
      await page.getByRole("button", { name: "Yes, approve revision 2" }).click();
      await expect
        .poll(() => page.getByRole("region", { name: "Approval" }).textContent(), { timeout: 20_000 })
        .toContain("Approved revision 2");
      await expect.poll(() => node("A").getAttribute("data-state"), { timeout: 60_000 }).toBe("running");
      await page.screenshot({ path: join(artifactsDir(), "dashboard-plan.png"), fullPage: true });
      if (process.env["AO_UPDATE_SCREENSHOTS"] === "1")
        copyFileSync(
          join(artifactsDir(), "dashboard-plan.png"),
          join(process.cwd(), "docs", "dashboard-plan.png"),
        );
    },
  );

  it(
    "shows the estimates from recorded runs on the approval bar, and the critical path by duration",
    { timeout: 120_000 },
    async () => {
      const w = world({ sessions: [] });
      proposeWithHistory(w.home);
      const page = await (
        await suite.browser().newContext({ viewport: { width: 1400, height: 900 } })
      ).newPage();
      await page.goto(w.url.replace(/#/, "#/plans/plan-2?"));
      const approval = page.getByRole("region", { name: "Approval" });
      const row = (id: string) => approval.locator(`tr[data-ticket="${id}"]`);
      await row("F").waitFor();
      expect(await row("A").locator("td").allTextContents()).toEqual([
        ...["A", "dev", "2", "$1.50–$2.50", "13m–18m", "unknown"],
      ]);
      expect(await row("E").locator("td").allTextContents()).toEqual([
        ...["E", "slow", "1", "$5.00–$5.00", "1h40m–1h40m", "unknown"],
      ]);
      expect(await row("F").locator("td").allTextContents()).toEqual([
        ...["F", "writer", "0", "unknown", "unknown", "src/f.ts"],
      ]);
      expect(await approval.locator(".total-cost").textContent()).toBe(
        "Total cost: $9.50–$12.50 (partial: 1 of 5 tickets unknown)",
      );
      const duration = await approval.locator(".total-duration").textContent();
      expect(duration).toContain("1h40m–1h40m along E → F (partial)");
      expect(duration).toContain("not a quantile of the total");
      const node = (id: string) => page.locator(`g.node[data-step="${id}"]`);
      for (const id of ["E", "F", "synthesis"])
        expect(await node(id).getAttribute("class")).toContain("critical");
      for (const id of ["A", "B", "C"])
        expect(await node(id).getAttribute("class")).not.toContain("critical");
      expect(await page.locator(".legend").textContent()).toContain("takes longest");
      await page.screenshot({ path: join(artifactsDir(), "dashboard-plan-estimates.png"), fullPage: true });

      // `ao plan show` is the same card: --json is what the page's API serves, the text the same numbers.
      const api = await page.evaluate(async () => (await fetch("/api/plans/plan-2")).json());
      const shown = w.ao(["plan", "show", "plan-2", "--json"]);
      expect(shown.exitCode, shown.stderr).toBe(0);
      expect(JSON.parse(shown.stdout)).toEqual(api);
      const text = w.ao(["plan", "show", "plan-2"]).stdout;
      expect(text).toMatch(
        /^A +pending +dev \(claude-code\) +- +\$1\.50–\$2\.50 +13m–18m +2 +unknown +Ticket A$/m,
      );
      expect(text).toMatch(
        /^F \* +pending +writer \(claude-code\) +E +unknown +unknown +0 +src\/f\.ts +Ticket F$/m,
      );
      expect(text).toContain("critical path (* by duration): E → F → synthesis");
      expect(text).toContain("cost: $9.50–$12.50 (partial: 1 of 5 tickets unknown)");
      expect(text).toContain("time: 1h40m–1h40m along E → F (partial)");
    },
  );
});
