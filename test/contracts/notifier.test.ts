import { describe, expect, it } from "vitest";
import { FakeNotifier } from "../fakes/notifier.js";
import { notifierContract } from "./notifier.js";

notifierContract("fake", () => {
  const notifier = new FakeNotifier();
  return Promise.resolve({
    notifier,
    received: () => Promise.resolve(notifier.sent.map((n) => `${n.title}\n${n.body}`)),
    cleanup: () => Promise.resolve(),
  });
});

describe("FakeNotifier controls", () => {
  it("fails on demand and filters by session", async () => {
    const notifier = new FakeNotifier();
    await notifier.notify({ title: "a", body: "", priority: "info", sessionId: "s-1" });
    await notifier.notify({ title: "b", body: "", priority: "urgent", sessionId: "s-2" });
    expect(notifier.forSession("s-2").map((n) => n.title)).toEqual(["b"]);
    notifier.failWith = new Error("slack is down");
    await expect(notifier.notify({ title: "c", body: "", priority: "info" })).rejects.toThrow(
      "slack is down",
    );
    expect(notifier.sent).toHaveLength(2);
  });
});
