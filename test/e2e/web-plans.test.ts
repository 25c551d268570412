import { copyFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aoPaths } from "../../src/core/paths.js";
import { proposePlan } from "../../src/core/plans/propose-plan.js";
import { appendRevision } from "../../src/core/plans/revision-store.js";
import { proposalSchema } from "../../src/core/plans/types.js";
import { closeStore, openStore, writeTransaction } from "../../src/core/store/index.js";
import { DIAMOND } from "../core/plans/run/plan-fixture.js";
import { artifactsDir, browserSkipReason, launchBrowser } from "../web/browser.js";
import { makeDashboardWorld, type DashboardWorld } from "../web/dashboard-world.js";

/**
 * A plan on the dashboard in a real headless chromium, against the built `ao` and its daemon:
 * the DAG with the critical path, the inspector, the revision timeline with its diff, and approval
 * by the person at the page, after which the daemon starts the first step.
 */
const skip = browserSkipReason();
let browser: Browser;
const worlds: DashboardWorld[] = [];

beforeAll(async () => {
  if (skip === undefined) browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(() => {
  for (const world of worlds.splice(0)) world.ao(["stop"]);
});

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

describe.skipIf(skip !== undefined)("a plan on the dashboard (built ao, daemon, chromium)", () => {
  it(
    "shows the DAG with the critical path, the inspector, the revisions, and approves by a person",
    { timeout: 180_000 },
    async () => {
      const w = makeDashboardWorld({ sessions: [] });
      worlds.push(w);
      w.writeConfig("tracker: local"); // approval files the parent ticket as a local issue
      proposeDiamond(w.home);
      const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
      await page.goto(w.url.replace(/#/, "#/plans/plan-1?"));
      const node = (id: string) => page.locator(`g.node[data-step="${id}"]`);
      await node("D").waitFor();
      expect(await page.locator("g.node").count()).toBe(5);
      for (const id of ["A", "C", "D", "synthesis"])
        expect(await node(id).getAttribute("class")).toContain("critical");
      expect(await node("B").getAttribute("class")).not.toContain("critical");
      expect(await node("A").getAttribute("data-state")).toBe("pending");

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
});
