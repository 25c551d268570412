import { describe, expect, it } from "vitest";
import type { CDPSession } from "playwright-core";
import { dashboardBrowserSuite } from "../web/dashboard-browser-suite.js";

/**
 * "Notify me on this device" in Chromium (docs/dashboard.md, "Notifications"), against the built
 * `ao start`. Headless Chromium subscribes through Google's push service, which this machine cannot
 * reach: the page must then say so in words and keep nothing. Delivery itself is proven against a
 * loopback push service in test/web/push/push-delivery.test.ts; here the service worker is also
 * handed a push through the DevTools protocol, as the browser would after decrypting one.
 */
const suite = dashboardBrowserSuite();
const { skip, world, open } = suite;

interface Listed {
  subscriptions: { id: string; owner: string; service: string }[];
}

/** The service worker's registration id, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((each) => !each.isDeleted && each.scopeURL.endsWith("/"));
      if (ours !== undefined) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

describe.skipIf(skip !== undefined)("notifications on this device (built ao, chromium)", () => {
  it(
    "the toggle subscribes through the service worker's pushManager or says why not; a push shows the session's notification",
    { timeout: 180_000 },
    async () => {
      const w = world({ sessions: ["Fix the login bug"] });
      const page = await open(w.url, { width: 390, height: 844 });
      const origin = new URL(w.url).origin;
      await page.context().grantPermissions(["notifications"], { origin });
      await page.getByRole("link", { name: "Settings" }).click();
      await page.evaluate<string>("navigator.serviceWorker.ready.then(() => 'ready')");
      const toggle = page.getByRole("switch", { name: "Notify me on this device" });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      expect(await toggle.isChecked()).toBe(false);

      await toggle.click();
      const status = page.getByRole("status", { name: "Notification status" });
      await expect.poll(async () => (await status.textContent())?.trim() ?? "").not.toMatch(/^(Working…)?$/);
      const said = (await status.textContent())!.trim();
      // On a 390 px phone the settings page, its sentence included, does not scroll sideways.
      expect(await page.evaluate<boolean>("document.documentElement.scrollWidth <= innerWidth")).toBe(true);
      const listed = JSON.parse(w.ao(["dashboard", "push", "--json"]).stdout) as Listed;
      if (said.startsWith("This browser could not subscribe with its push service")) {
        // Headless Chromium answers "AbortError: Registration failed - permission denied" (and an
        // offline one cannot reach Google's service): nothing is kept, the switch stays off, and
        // the person is told why, in words.
        expect(said).toMatch(/\(AbortError: .+\)\. Web Push goes through the browser's own push service/);
        expect(await toggle.isChecked()).toBe(false);
        expect(listed.subscriptions).toEqual([]);
      } else {
        expect(said).toBe("Notifications are on for this device.");
        expect(await toggle.isChecked()).toBe(true);
        expect(listed.subscriptions.map((each) => [each.owner, each.service.startsWith("https:")])).toEqual([
          ["desk", true],
        ]);
      }

      // The service worker shows what the daemon pushes, linked to the session's page.
      const cdp = await page.context().newCDPSession(page);
      const id = await registrationId(cdp);
      const payload = {
        title: "app-1 needs your input",
        body: "The agent is waiting.",
        tag: "app-1:input",
        url: "/#/s/app-1",
      };
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: id,
        data: JSON.stringify(payload),
      });
      const shown = () =>
        page.evaluate<unknown[]>(`navigator.serviceWorker.ready
          .then((registration) => registration.getNotifications())
          .then((notes) => notes.map((note) => ({ title: note.title, body: note.body, tag: note.tag, data: note.data })))`);
      await expect.poll(shown).toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: payload.tag,
          data: { url: `${origin}/#/s/app-1` },
        },
      ]);
    },
  );
});
