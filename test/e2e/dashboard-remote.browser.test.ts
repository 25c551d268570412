import { connect } from "node:tls";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { httpsRequest, plainHttpTo } from "../web/remote/https-client.js";
import { scanTerminalQr } from "../helpers/scan-terminal-qr.js";
import { photograph } from "../web/browser.js";
import { READ_PAGE_WIDTH } from "../web/page-checks.js";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";

/**
 * The dashboard reached from a second device (docs/dashboard.md, "From another device"): the built
 * `ao start --listen` on 127.0.0.2 (another loopback address, served by the same code path as a
 * LAN address), a second browser context standing for the phone, `ao dashboard pair`, `devices`
 * and `devices revoke` from the desk's command line.
 */
const suite = dashboardBrowserSuite();
const { skip, world } = suite;

interface Started {
  url: string;
  remote: { urls: string[]; fingerprint: string };
}

/** The lines of `ao dashboard pair --qr` after "or scan this…": the code itself. */
function qrPart(stdout: string): string[] {
  const lines = stdout.split("\n");
  return lines.slice(lines.findIndex((line) => line.startsWith("or scan this")) + 1).filter((l) => l !== "");
}

/** The certificate's SHA-256 as a TLS client sees it, straight off the socket. */
function servedFingerprint(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.end();
    });
    socket.on("error", reject);
  });
}

const DESKTOP = { width: 1440, height: 900 };

/** No sideways scrolling on a phone: the page is never wider than its window. */
async function expectFits(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; client: number; wide: string[] }>(READ_PAGE_WIDTH);
  expect(widths.scroll, widths.wide.join(", ")).toBeLessThanOrEqual(widths.client);
}

describe.skipIf(skip !== undefined)("the dashboard from another device (built ao, chromium)", () => {
  it(
    "serves HTTPS with the printed fingerprint; a paired browser sees the fleet; a revoked one is refused",
    { timeout: 180_000 },
    async () => {
      const w = world({ sessions: ["Fix the login bug"] });
      w.stopDaemon();
      const plain = w.ao(["start", "--listen", "http://127.0.0.2:0"]);
      expect(plain.exitCode).toBe(2);
      expect(plain.stderr).toMatch(/never serves plain HTTP off loopback/);
      const started = w.ao(["start", "--json", "--listen", "127.0.0.2:0"]);
      expect(started.exitCode, started.stderr).toBe(0);
      const { url: deskUrl, remote } = JSON.parse(started.stdout) as Started;
      const base = new URL(remote.urls[0]!);
      const address = { host: base.hostname, port: Number(base.port) };
      expect(address.host).toBe("127.0.0.2");
      expect(await servedFingerprint(address.host, address.port)).toBe(remote.fingerprint);
      expect(await plainHttpTo(address)).toBeInstanceOf(Error);
      expect((await httpsRequest(address, "GET", "/")).status).toBe(200);
      // `ao dashboard` prints the running daemon's --listen server, and refuses one it does not serve.
      const again = w.ao(["dashboard", "--no-open", "--json", "--listen", "127.0.0.2:0"]);
      expect(again.exitCode, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ started: false, remote });
      const other = w.ao(["dashboard", "--no-open", "--listen", "127.0.0.3:0"]);
      expect([other.exitCode, other.stderr]).toEqual([
        2,
        expect.stringContaining("serves --listen 127.0.0.2:0"),
      ]);
      const proxy = w.ao(["dashboard", "--no-open", "--allow-host", "desk.tailnet-1234.ts.net"]);
      expect([proxy.exitCode, proxy.stderr]).toEqual([
        2,
        expect.stringContaining("does not accept --allow-host"),
      ]);

      // The phone: another browser context, which accepts the self-signed certificate.
      const phone = await suite.browser().newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 390, height: 844 },
      });
      const page = await phone.newPage();
      await page.goto(base.href);
      await page.getByRole("alert").filter({ hasText: "Not logged in" }).waitFor();
      expect(await page.getByRole("article").count()).toBe(0);

      const pair = w.ao(["dashboard", "pair", "--json"]);
      expect(pair.exitCode, pair.stderr).toBe(0);
      const code = JSON.parse(pair.stdout) as { code: string; urls: string[]; fingerprint: string };
      expect(code.fingerprint).toBe(remote.fingerprint);
      expect(code.urls[0]).toBe(`${base.origin}/pair#code=${code.code}`);
      // The person scans the QR code the desk's terminal shows instead of typing the link.
      const shown = w.ao(["dashboard", "pair", "--qr"]);
      expect(shown.exitCode, shown.stderr).toBe(0);
      const scanned = scanTerminalQr(qrPart(shown.stdout));
      expect(scanned).toMatch(new RegExp(`^${base.origin}/pair#code=`));
      const scannedCode = new URL(scanned!).hash.slice("#code=".length);
      expect(scannedCode).not.toBe(code.code);
      expect(shown.stdout).toContain(`pairing code: ${scannedCode}`);
      await page.goto(scanned!);
      expect(await page.getByLabel("Pairing code").inputValue()).toBe(scannedCode);
      expect(page.url()).not.toContain(scannedCode);
      await page.getByLabel("Device name").fill("test phone");
      await expectFits(page);
      await photograph(page, "pair-phone.png");
      const wide = await (
        await suite.browser().newContext({ ignoreHTTPSErrors: true, viewport: DESKTOP })
      ).newPage();
      await wide.goto(code.urls[0]!);
      await wide.getByLabel("Device name").waitFor();
      await photograph(wide, "pair-desktop.png");
      await wide.context().close();
      await page.getByRole("button", { name: "Pair this device" }).click();
      await page.getByRole("article", { name: "app-1" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");

      const listed = w.ao(["dashboard", "devices", "--json"]);
      expect(listed.exitCode, listed.stderr).toBe(0);
      const { devices } = JSON.parse(listed.stdout) as {
        devices: { id: string; name: string; userAgent: string; lastSeenAt: string | null }[];
      };
      expect(devices).toHaveLength(1);
      expect(devices[0]).toMatchObject({ name: "test phone" });
      expect(devices[0]!.userAgent).toMatch(/Chrome/);
      expect(devices[0]!.lastSeenAt).not.toBeNull();

      // The desk's own page keeps working after the phone is revoked; the phone's is cut off at once.
      const desk = await (await suite.browser().newContext()).newPage();
      await desk.goto(deskUrl);
      await desk.getByRole("article", { name: "app-1" }).waitFor();
      const revoked = w.ao(["dashboard", "devices", "revoke", devices[0]!.id, "--json"]);
      expect(revoked.exitCode, revoked.stderr).toBe(0);
      expect(JSON.parse(revoked.stdout)).toEqual({ id: devices[0]!.id, revoked: true });
      await page.getByRole("alert").filter({ hasText: "Not logged in" }).waitFor({ timeout: 30_000 });
      const status = await page.evaluate(async () => (await fetch("/api/fleet")).status);
      expect(status).toBe(401);
      expect(await desk.evaluate(async () => (await fetch("/api/fleet")).status)).toBe(200);
      expect(JSON.parse(w.ao(["dashboard", "devices", "--json"]).stdout)).toEqual({ devices: [] });
      await phone.close();
      await desk.context().close();
    },
  );
});
