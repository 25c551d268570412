import { afterEach, describe, expect, it } from "vitest";
import { NOTIFICATION_PRIORITIES, type Notifier } from "../../src/core/slots/index.js";
import { eventually } from "./eventually.js";

export interface NotifierSubject {
  notifier: Notifier;
  /** What arrived on the other side (a recorded command line, a loopback server's request bodies), one string per notification. */
  received(): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** The behaviour every notifier has; run it with `notifierContract("slack", makeSubject)`. */
export function notifierContract(name: string, makeSubject: () => Promise<NotifierSubject>): void {
  describe(`notifier contract: ${name}`, () => {
    let subject: NotifierSubject;
    afterEach(() => subject.cleanup());
    const arrived = (text: string) =>
      eventually(
        async () => (await subject.received()).find((entry) => entry.includes(text)),
        `"${text}" to arrive`,
      );

    it("delivers the title and body", async () => {
      subject = await makeSubject();
      await subject.notifier.notify({
        title: "CI failed on app-3",
        body: "unit tests: 2 failures",
        priority: "action",
      });
      expect(await arrived("CI failed on app-3")).toContain("unit tests: 2 failures");
    });

    it("accepts every priority and the optional fields", async () => {
      subject = await makeSubject();
      for (const priority of NOTIFICATION_PRIORITIES) {
        await subject.notifier.notify({
          title: `priority ${priority}`,
          body: "body",
          priority,
          sessionId: "app-3",
          url: "https://example.invalid/pull/3",
          nextCommand: "ao open app-3",
        });
        await arrived(`priority ${priority}`);
      }
    });

    it("passes untrusted text through without interpreting it", async () => {
      subject = await makeSubject();
      const body = 'review says: $(touch pwned) `id` "quoted" <b>tag</b> & done\nsecond line ünïcödé ✓';
      await subject.notifier.notify({ title: "Changes requested", body, priority: "info" });
      const entry = await arrived("Changes requested");
      expect(entry).toContain("$(touch pwned) `id`");
      expect(entry).toContain("ünïcödé ✓");
    });
  });
}
