import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserSkipReason, bundleForPage, launchBrowser } from "./browser.js";
import { watchPageErrors } from "./page-checks.js";

const NONCE = "dGVzdC1ub25jZS0xMjM0NQ==";
/** The policy the dashboard gives index.html (src/web/server/static-assets.ts), with a fixed nonce. */
const POLICY = `default-src 'self'; img-src 'self' data:; base-uri 'none'; style-src 'self' 'nonce-${NONCE}'`;
const SHIM = join(import.meta.dirname, "../../src/web/page/terminal/csp-styles.ts");

/** xterm.js alone under that policy, writing a line in 24-bit colour (set as a style attribute). */
const ENTRY = `import { Terminal } from "@xterm/xterm";
import "@xterm/xterm/css/xterm.css";
import { allowScriptMadeStyles } from ${JSON.stringify(SHIM)};
if (location.hash !== "#bare") allowScriptMadeStyles(document);
const term = new Terminal({ disableStdin: true });
term.open(document.getElementById("t"));
term.write("plain line\\r\\n\\x1b[38;2;255;0;0mtruecolour red\\x1b[0m\\r\\n", () => (document.body.dataset.written = "yes"));`;

async function serve(): Promise<Server> {
  const bundled = await bundleForPage(ENTRY);
  const file = (ext: ".js" | ".css") => (ext === ".js" ? bundled.js : bundled.css);
  const page = `<!doctype html><link rel="icon" href="data:,"><link rel="stylesheet" href="/t.css" nonce="${NONCE}"><div id="t"></div><script type="module" src="/t.js"></script>`;
  const files: Record<string, [string, string]> = {
    "/": ["text/html", page],
    "/t.js": ["text/javascript", file(".js")],
    "/t.css": ["text/css", file(".css")],
  };
  const server = createServer((request, response) => {
    const [type, body] = files[request.url ?? ""] ?? ["text/plain", ""];
    response.writeHead(body === "" ? 404 : 200, { "content-type": type, "content-security-policy": POLICY });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

const skip = browserSkipReason();

describe.skipIf(skip !== undefined)("xterm.js under the dashboard's Content-Security-Policy", () => {
  let browser: Browser;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await serve();
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    await browser.close();
    server.close();
  });

  async function draw(hash: string): Promise<{ font: string; red: string; errors: string[] }> {
    const page = await browser.newPage();
    const errors = await watchPageErrors(page);
    await page.goto(`${base}/${hash}`);
    await page.locator("body[data-written=yes]").waitFor();
    const look = await page.evaluate<{ font: string; red: string }>(`({
      font: getComputedStyle(document.querySelector(".xterm-rows")).fontFamily,
      red: getComputedStyle(
        [...document.querySelectorAll(".xterm-rows span")].find((span) => span.textContent.includes("truecolour")),
      ).color,
    })`);
    const seen = await errors();
    await page.close();
    return { ...look, errors: seen };
  }

  it("styles the rows and 24-bit colours with the nonce and the CSSOM, and nothing is refused", async () => {
    const shown = await draw("");
    expect(shown.errors).toEqual([]);
    expect(shown.font).toMatch(/monospace/);
    expect(shown.red).toBe("rgb(255, 0, 0)");
  });

  it("is refused without them (what the page looked like before)", async () => {
    const shown = await draw("#bare");
    expect(shown.errors.filter((error) => error.startsWith("csp: style-src")).length).toBeGreaterThan(0);
    expect(shown.font).not.toMatch(/monospace/);
    expect(shown.red).not.toBe("rgb(255, 0, 0)");
  });
});
