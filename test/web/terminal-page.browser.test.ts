import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteRequest, RouteSet } from "../../src/core/http/index.js";
import { eventually } from "../contracts/eventually.js";
import { browserSkipReason, bundleForPage, launchBrowser } from "./browser.js";
import { makeTerminalWorld, TOKEN, type TerminalWorld } from "./terminal-world.js";

const ENTRY = `import { mountTerminal } from ${JSON.stringify(join(import.meta.dirname, "../../src/web/page/terminal/index.ts"))};
mountTerminal(document.getElementById("t"), { sessionId: location.hash.slice(1) });`;

/** The component alone on a page of its own, bundled the way scripts/build.mjs bundles the page. */
async function pageRoutes(): Promise<RouteSet> {
  const bundled = await bundleForPage(ENTRY);
  const file = (ext: ".js" | ".css") => (ext === ".js" ? bundled.js : bundled.css);
  const html = `<!doctype html><link rel="stylesheet" href="/t.css"><div id="t" style="width:700px"></div><script type="module" src="/t.js"></script>`;
  const asset = (path: string, type: string, body: string) => ({
    method: "GET" as const,
    path,
    auth: "none" as const,
    handle: (request: RouteRequest) => {
      request.raw.response.writeHead(200, { "content-type": type }).end(body);
      return undefined;
    },
  });
  return {
    owner: "test-page",
    routes: [
      asset("/", "text/html", html),
      asset("/t.js", "text/javascript", file(".js")),
      asset("/t.css", "text/css", file(".css")),
    ],
  };
}

const skip = browserSkipReason();

describe.skipIf(skip !== undefined)("the terminal component in a real browser", () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser.close());

  async function open(world: TerminalWorld, session: string): Promise<Page> {
    const context = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${TOKEN}` } });
    const page = await context.newPage();
    await page.goto(`${world.base}/#${session}`);
    return page;
  }

  it("shows the pane read-only, and after Take control typed keys reach the agent", async () => {
    const world = await makeTerminalWorld([await pageRoutes()]);
    const size = () =>
      world.tmux(["display", "-p", "-t", "=ao-1:0.0", "#{pane_width}x#{pane_height}"]).trim();
    const page = await open(world, "ao-1");
    const paneLine =
      world
        .tmux(["capture-pane", "-p", "-t", "=ao-1:0.0"])
        .split("\n")
        .find((line) => line.includes(">")) ?? ">";
    await eventually(
      async () => (await page.locator(".xterm-rows").innerText()).includes(paneLine.trim()),
      "the pane's prompt in the page",
    );
    await page.locator(".xterm").click();
    await page.keyboard.type("ignored");
    expect(existsSync(world.inputLog) ? readFileSync(world.inputLog, "utf8") : "").toBe("");
    expect(size()).toBe("100x30");
    await page.getByRole("button", { name: "Take control" }).click();
    await page.getByRole("button", { name: "Release control" }).waitFor();
    await page.keyboard.type("hi there");
    await eventually(
      () => existsSync(world.inputLog) && readFileSync(world.inputLog, "utf8") === "hi there",
      "the typed keys",
    );
    await eventually(
      async () => (await page.locator(".xterm-rows").innerText()).includes("hi there"),
      "the echo in the page",
    );
    await page.getByRole("button", { name: "Release control" }).click();
    await page.getByRole("button", { name: "Take control" }).waitFor();
    await eventually(() => size() === "100x30", "the pane's own size back");
  });

  it("says so for a runtime without a pane", async () => {
    const world = await makeTerminalWorld([await pageRoutes()]);
    const page = await open(world, "ao-2");
    await page.getByText("this runtime (process) has no pane").waitFor();
    expect(await page.locator(".xterm").count()).toBe(0);
  });
});
