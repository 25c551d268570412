import { describe, expect, it } from "vitest";
import { describeActivity, describeStatus } from "../../../src/core/fleet/index.js";
import { sessionArb } from "./fleet-arbitraries.js";
import fc from "fast-check";

describe("describeActivity: what ao status and the dashboard say the agent does", () => {
  it("says ended for an ended session whatever it last stored, unknown for nothing read", () => {
    expect(describeActivity("killed", "working")).toBe("ended");
    expect(describeActivity("exited", "working")).toBe("ended");
    expect(describeActivity("working", null)).toBe("unknown");
    expect(describeActivity("working", "unknown")).toBe("unknown");
    expect(describeActivity("working", undefined)).toBe("unknown");
    expect(describeActivity("needs_input", "needs_input")).toBe("needs_input");
    expect(describeActivity("idle", "idle")).toBe("idle");
  });
});

describe("describeStatus: reasons in words", () => {
  it("never repeats an internal code the status already says", () => {
    fc.assert(
      fc.property(sessionArb, (raw) => {
        const line = describeStatus({ ...raw, status: "pr_open", reason: "pr_open" });
        expect(line).toBe("pull request open");
      }),
    );
  });

  it("says a known code in words and an unknown one without underscores", () => {
    fc.assert(
      fc.property(sessionArb, (raw) => {
        expect(describeStatus({ ...raw, status: "approved", reason: "ci_pending", prState: null })).toBe(
          "approved: CI still running",
        );
        expect(describeStatus({ ...raw, status: "stuck", reason: "some_new_code" })).toBe(
          "agent stuck: some new code",
        );
        expect(describeStatus({ ...raw, status: "working", reason: "constructor" })).toBe(
          "agent working: constructor",
        );
      }),
    );
  });
});
