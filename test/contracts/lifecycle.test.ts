import { describe, expect, it } from "vitest";
import { FakeLifecycle } from "../fakes/lifecycle.js";
import { lifecycleContract } from "./lifecycle.js";

lifecycleContract("fake", () =>
  Promise.resolve({ lifecycle: new FakeLifecycle(), cleanup: () => Promise.resolve() }),
);

describe("FakeLifecycle", () => {
  it("keeps a PR-derived status while the forge was not asked", () => {
    const previous = {
      sessionId: "s",
      status: "review_pending" as const,
      reason: "review_requested",
      since: 0,
    };
    const decision = new FakeLifecycle().decide(previous, {
      at: 1,
      liveness: { state: "alive" },
      activity: { activity: "idle" },
    });
    expect(decision).toEqual({ status: "review_pending", reason: "review_requested", events: [] });
  });
});
