import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { artifactsDir } from "../web/browser.js";
import { type DashboardWorld } from "../web/dashboard-world.js";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";
import { question } from "./acp-fixture.js";
import { eventually } from "./e2e-fixture.js";
import type { TurnJson } from "./turns-fixture.js";

/**
 * What a person needs to see and do on the dashboard (issue 27), in Debian's chromium against the
 * built `ao`: an ACP agent's permission question shown on its card with its options as buttons,
 * answered from the page (the agent goes on); a stale answer refused; the same for the permission
 * dialog on a terminal Claude Code's screen, answered by the keys that pick its choice; a card with its task's first
 * line, then its pull request's title, its branch's diff size, its failing check and its
 * unresolved review comment.
 */
const suite = dashboardBrowserSuite((world) => {
  world.ao(["session", "kill", "app-1"]);
  world.ao(["stop"]);
});
const { skip, world, open, browser } = suite;

const card = (page: Page, id: string) => page.getByRole("article", { name: id });
const zone = (page: Page, title: string) => page.getByRole("region", { name: title });

function turns(w: DashboardWorld): TurnJson[] {
  const listed = w.ao(["turns", "app-1", "--json"]);
  expect(listed.exitCode, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { turns: TurnJson[] }).turns;
}

describe.skipIf(skip !== undefined)("what a person sees and answers on the dashboard", () => {
  it(
    "shows an ACP agent's permission question with its options, refuses a stale answer, and an answer makes the agent go on",
    { timeout: 240_000 },
    async () => {
      const w = world({
        sessions: ["say hello"],
        projectYaml: "agent:\n  plugin: acp\n  argv: [fake-acp-agent]",
      });
      const page = await open(w.url);
      await card(page, "app-1").waitFor();
      // The free-text task's first line is the card's title before any pull request.
      await expect.poll(() => card(page, "app-1").locator(".card-title").textContent()).toBe("say hello");
      await eventually(() => (turns(w)[0]?.status === "completed" ? true : undefined), "the task's turn");

      expect(w.ao(["send", "app-1", "run npm test"]).exitCode).toBe(0);
      const asked = await eventually(() => question(w), "the permission question");
      const waiting = zone(page, "Needs you").getByRole("article", { name: "app-1" });
      const box = waiting.getByRole("group", { name: "Question from app-1" });
      await box.waitFor({ timeout: 60_000 });
      expect(await box.locator(".question-text").textContent()).toBe("Run npm test");
      expect(await box.textContent()).toContain("The agent asks (execute):");
      expect(await waiting.locator(".card-urgency").textContent()).toBe(
        "the agent is blocked on a question: Run npm test",
      );
      const answers = box.getByRole("group", { name: "Answers" }).getByRole("button");
      expect(await answers.allTextContents()).toEqual(["Allow once", "Always allow", "Reject"]);
      await page.screenshot({ path: join(artifactsDir(), "dashboard-question.png") });

      // An answer to a question the page did not show is refused, and answers nothing.
      const stale = await page.evaluate(async () => {
        const response = await fetch("/api/sessions/app-1/answer", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ questionId: "an-older-question", optionId: "allow-once" }),
        });
        return { status: response.status, body: (await response.json()) as { code?: string } };
      });
      expect(stale).toMatchObject({ status: 409, body: { code: "E_QUESTION_CHANGED" } });
      expect(question(w)?.id).toBe(asked.id);

      await box.getByRole("button", { name: "Allow once" }).click();
      const ran = w.ao(["turns", "wait", "t-2", "--json"]);
      expect(ran.exitCode, ran.stderr).toBe(0);
      expect(JSON.parse(ran.stdout) as TurnJson).toMatchObject({
        status: "completed",
        reply: "Ran npm test.",
      });
      // The question leaves the card once the daemon sees the agent go on.
      await box.waitFor({ state: "detached", timeout: 60_000 });
      expect(await zone(page, "Needs you").getByRole("article", { name: "app-1" }).count()).toBe(0);
    },
  );

  it(
    "shows Claude Code's permission dialog with its choices as buttons, refuses a stale answer on the page, and an answer makes the agent go on",
    { timeout: 240_000 },
    async () => {
      const w = world({ sessions: ["say hello"] });
      const page = await open(w.url);
      await eventually(() => (turns(w)[0]?.status === "completed" ? true : undefined), "the task's turn");
      const ask = (command: string) => ({ tool: "Bash", command, description: "Keep the greeting" });
      w.nextTurns({ asks: [ask("touch hello.txt"), ask("git add hello.txt")], reply: "Added hello.txt." });
      expect(w.ao(["send", "app-1", "Please create hello.txt and stage it"]).exitCode).toBe(0);

      const box = zone(page, "Needs you")
        .getByRole("article", { name: "app-1" })
        .getByRole("group", { name: "Question from app-1" });
      await box.waitFor({ timeout: 60_000 });
      expect(await box.locator(".question-text").textContent()).toBe(
        "Bash command\ntouch hello.txt\nKeep the greeting\nDo you want to proceed?",
      );
      const answers = box.getByRole("group", { name: "Answers" }).getByRole("button");
      expect(await answers.allTextContents()).toEqual([
        "Yes",
        "Yes, and always allow access to project/ from this project",
        "No",
      ]);
      expect(await box.getByRole("button", { name: "No" }).getAttribute("class")).toContain("danger");
      expect(await box.locator(".question-note").textContent()).toBe(
        "or answer on its terminal: ao session attach app-1",
      );
      await page.screenshot({ path: join(artifactsDir(), "dashboard-screen-question.png") });

      // A second page without the live feed keeps showing the first dialog after it was answered
      // elsewhere; its answer is refused, with the reason on the page, and answers nothing.
      const frozen = await (await browser().newContext({ viewport: { width: 1400, height: 900 } })).newPage();
      await frozen.route("**/events", (route) => route.abort());
      await frozen.goto(w.url);
      const stale = frozen.getByRole("group", { name: "Question from app-1" });
      await stale.waitFor();
      expect(await stale.locator(".question-text").textContent()).toContain("touch hello.txt");
      const first = w.ao(["session", "answer", "app-1", "1"]);
      expect(first.exitCode, first.stderr).toBe(0);
      await box.locator(".question-text", { hasText: "git add hello.txt" }).waitFor({ timeout: 60_000 });
      await stale.getByRole("button", { name: "Yes", exact: true }).click();
      const refusal = stale.getByRole("status", { name: "Yes result" });
      await expect
        .poll(() => refusal.textContent(), { timeout: 30_000 })
        .toContain("no longer asks question");
      expect(await refusal.textContent()).toContain("git add hello.txt");
      expect(await refusal.getAttribute("class")).toContain("failed");
      expect(await box.locator(".question-text").textContent()).toContain("git add hello.txt");

      await box.getByRole("button", { name: "Yes", exact: true }).click();
      const ran = w.ao(["turns", "wait", "t-2", "--json"]);
      expect(ran.exitCode, ran.stderr).toBe(0);
      expect(JSON.parse(ran.stdout) as TurnJson).toMatchObject({
        status: "completed",
        reply: "Added hello.txt.",
      });
      await box.waitFor({ state: "detached", timeout: 60_000 });
      expect(await zone(page, "Needs you").getByRole("article", { name: "app-1" }).count()).toBe(0);
      const events = w.ao(["events", "--session", "app-1", "--type", "session.answered", "--json"]);
      const answered = (JSON.parse(events.stdout) as { events: { payload: Record<string, unknown> }[] })
        .events;
      expect(answered.map(({ payload }) => [payload.by, payload.answer, payload.confirmed])).toEqual([
        ["cli", "Yes", true],
        ["dashboard", "Yes", true],
      ]);
    },
  );

  it(
    "a card shows its pull request's title, its diff size, its failing check, its unresolved comment and its cost",
    { timeout: 240_000 },
    async () => {
      const w = world({
        sessions: ["Fix the login bug\n\nThe form loses the password."],
        projectYaml: 'tracker: local\nscm: { plugin: local, ci: ["false"] }',
      });
      const worktree = w.worktree("app-1");
      writeFileSync(join(worktree, "login.txt"), "one\ntwo\nthree\n");
      writeFileSync(join(worktree, "form.txt"), "password\n");
      runGit(worktree, ["add", "login.txt", "form.txt"]);
      runGit(worktree, ["commit", "-q", "-m", "fix: keep the password"]);
      const page = await open(w.url);
      const shown = card(page, "app-1");
      await page.locator('article[aria-label="app-1"][data-status="ci_failed"]').waitFor({ timeout: 90_000 });
      const review = w.ao(["review", "app-1", "--comment", "name the form's field"]);
      expect(review.exitCode, review.stderr).toBe(0);
      await expect.poll(() => shown.textContent(), { timeout: 60_000 }).toContain("1 unresolved");
      const text = (await shown.textContent()) ?? "";
      // Once the pull request is open its title wins over the task's first line.
      expect(await shown.locator(".card-title").textContent()).toBe("fix: keep the password");
      expect(text).toContain("+4 −0 in 2 files");
      expect(text).toContain("CI failing: false");
      // The fake claude records $0.000175: less than a cent is never shown as $0.00.
      expect(text).toContain("<$0.01");
      expect(text).not.toContain("$0.00");
      await page.screenshot({ path: join(artifactsDir(), "dashboard-rich-card.png") });
    },
  );
});
