import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { runGit } from "../helpers/git-repo.js";
import { artifactsDir } from "../web/browser.js";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";
import { contrastRatio, READ_PAGE_WIDTH, watchPageErrors } from "../web/page-checks.js";
import { commitReviewWork } from "../web/review-fixture.js";

/**
 * The review in the page (issue 27), in a real headless chromium against the built `ao`, its
 * daemon and the fake claude in tmux: a person reads the session's diff, comments on lines of two
 * files and sends; the agent gets one turn holding both; a branch that moved meanwhile is refused.
 */
const { skip, world, open } = dashboardBrowserSuite();

/** What the fake agents received so far (nothing before the first message). */
const typed = (file: string): string => (existsSync(file) ? readFileSync(file, "utf8") : "");

/**
 * Each kind of line of the diff (text, its line number, and the colour behind them: the nearest
 * element with one), and whether the long line's box scrolls inside.
 */
const READ_DIFF_LOOK = `(() => {
  const backdrop = (element) => {
    while (element !== null && /rgba\\(0, 0, 0, 0\\)|transparent/.test(getComputedStyle(element).backgroundColor))
      element = element.parentElement;
    return element === null ? "rgb(255, 255, 255)" : getComputedStyle(element).backgroundColor;
  };
  const lines = [...document.querySelectorAll(".diff tr.line, .diff tr.hunk-head")].map((row) => {
    const text = row.querySelector(".code") ?? row.querySelector("td");
    const num = row.querySelector(".line-no") ?? text;
    return { kind: row.className, color: getComputedStyle(text).color, numColor: getComputedStyle(num).color, background: backdrop(text) };
  });
  const code = document.querySelector(".diff .code");
  const box = document.querySelector('[aria-label="File src/login.ts"] .diff-box');
  return { font: getComputedStyle(code).fontFamily, lines, boxScrolls: box.scrollWidth > box.clientWidth };
})()`;

interface DiffLook {
  font: string;
  lines: { kind: string; color: string; numColor: string; background: string }[];
  boxScrolls: boolean;
}

async function comment(page: Page, where: string, text: string): Promise<void> {
  await page.getByRole("button", { name: `Comment on ${where}` }).click();
  await page.getByRole("textbox", { name: `Comment on ${where}`, exact: true }).fill(text);
  await page.getByRole("button", { name: "Add comment" }).click();
}

describe.skipIf(skip !== undefined)("the review in the page (built ao, fake claude, tmux)", () => {
  it(
    "shows the diff file by file, sends two inline comments as one turn, and refuses a branch that moved",
    { timeout: 240_000 },
    async () => {
      const w = world({ sessions: ["Add a login"] });
      const head = commitReviewWork(w.worktree("app-1"));
      const page = await open(w.url);
      const errors = await watchPageErrors(page);
      await page.getByRole("article", { name: "app-1" }).getByRole("link", { name: "app-1" }).click();
      await page
        .getByRole("navigation", { name: "Session views" })
        .getByRole("link", { name: "Review" })
        .click();
      const files = page.getByRole("list", { name: "Changed files" });
      await files.waitFor();
      expect((await files.innerText()).replace(/\s+/g, " ")).toBe("README.md +2 −0 src/login.ts +5 −0");
      expect(await page.locator(".diff-meta").innerText()).toContain(head.slice(0, 12));
      await page.getByRole("region", { name: "File src/login.ts" }).getByText("return checked;").waitFor();

      await comment(page, "src/login.ts line 3", "Say why the session checks it.");
      await comment(page, "README.md line 3", "Which token? Name the command that prints it.");
      const pending = page.getByRole("group", { name: "Pending comments" });
      expect(await pending.getByRole("heading").innerText()).toBe("Pending comments (2)");
      const before = typed(w.inputLog).length;
      await page.getByRole("button", { name: "Send to agent" }).click();
      const result = page.getByRole("status", { name: "Review result" });
      await expect
        .poll(() => result.textContent(), { timeout: 60_000 })
        .toMatch(/^Sent 2 comments to the agent as one turn \(\S+, (delivered|running|completed)\)\.$/);
      const received = typed(w.inputLog).slice(before);
      // Exactly one message (one bracketed paste), holding both comments with their file:line and code.
      expect(received.split("\x1b[200~")).toHaveLength(2);
      const turn = received.slice(received.indexOf("\x1b[200~") + 6, received.indexOf("\x1b[201~"));
      expect(turn).toContain(
        `A person reviewed your branch at ${head.slice(0, 12)} and left 2 comments on the diff.`,
      );
      expect(turn).toContain(
        "1. README.md:3\n   > Log in with a token.\n   Which token? Name the command that prints it.",
      );
      expect(turn).toContain("2. src/login.ts:3\n   > " + "  const checked = session.check(user, password);");
      expect(turn).toContain("   Say why the session checks it.");
      expect(await pending.getByRole("heading").innerText()).toBe("Pending comments (0)");
      await page.screenshot({ path: join(artifactsDir(), "dashboard-review-sent.png"), fullPage: true });

      // The agent commits again while the person writes: the comment is refused, kept, and a reload shows it.
      writeFileSync(join(w.worktree("app-1"), "README.md"), "# test repo\n\nLog in with `ao token`.\n");
      runGit(w.worktree("app-1"), ["commit", "-qam", "docs: name the command"]);
      await comment(page, "src/login.ts line 4", "Return early instead.");
      await page.getByRole("button", { name: "Send to agent" }).click();
      await expect
        .poll(() => result.textContent(), { timeout: 30_000 })
        .toMatch(/app-1's branch is at \w{12}, not at \w{12} as reviewed: nothing was sent/);
      expect(typed(w.inputLog).length).toBe(before + received.length);
      expect(await pending.getByRole("heading").innerText()).toBe("Pending comments (1)");
      await page.getByRole("button", { name: "Reload the diff" }).click();
      await page.getByText("Log in with `ao token`.").waitFor();
      // The refused send is the console's only complaint (a browser logs every 4xx answer).
      expect(await errors()).toEqual([
        "console: Failed to load resource: the server responded with a status of 409 (Conflict)",
      ]);
    },
  );

  it(
    "fits a 390 px phone (the diff scrolls inside its box) and reads at 4.5:1 in light and dark",
    { timeout: 180_000 },
    async () => {
      const w = world({ sessions: ["Add a login"] });
      commitReviewWork(w.worktree("app-1"));
      const page = await open(w.url.replace(/#/, "#/s/app-1/review?"), { width: 390, height: 844 });
      await page.getByRole("list", { name: "Changed files" }).waitFor();
      await page.getByRole("button", { name: "Comment on src/login.ts line 3" }).click();
      const widths = await page.evaluate<{ scroll: number; client: number; wide: string[] }>(READ_PAGE_WIDTH);
      expect(widths.scroll, widths.wide.join(", ")).toBeLessThanOrEqual(widths.client);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        const look = await page.evaluate<DiffLook>(READ_DIFF_LOOK);
        expect(look.font).toMatch(/monospace/);
        expect(look.boxScrolls).toBe(true);
        expect(new Set(look.lines.map((line) => line.kind))).toEqual(
          new Set(["hunk-head", "line line-context", "line line-added"]),
        );
        for (const line of look.lines) {
          const where = `${colorScheme} ${line.kind}`;
          expect(contrastRatio(line.color, line.background), where).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(line.numColor, line.background), where).toBeGreaterThanOrEqual(4.5);
        }
        await page.screenshot({
          path: join(artifactsDir(), `dashboard-review-phone-${colorScheme}.png`),
          fullPage: true,
        });
      }
    },
  );
});
