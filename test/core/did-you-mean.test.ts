import { describe, expect, it } from "vitest";
import { didYouMean, editDistance } from "../../src/core/did-you-mean.js";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and transpositions as one edit each", () => {
    expect(editDistance("runtime", "runtime")).toBe(0);
    expect(editDistance("runtme", "runtime")).toBe(1);
    expect(editDistance("runtimes", "runtime")).toBe(1);
    expect(editDistance("runtina", "runtime")).toBe(2);
    expect(editDistance("runtiem", "runtime")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });
});

describe("didYouMean", () => {
  const keys = ["defaultBranch", "sessionPrefix", "runtime", "agent", "workspace"];

  it("suggests the closest name for a typo", () => {
    expect(didYouMean("defaultBrnach", keys)).toBe("defaultBranch");
    expect(didYouMean("agnet", keys)).toBe("agent");
    expect(didYouMean("Runtime", keys)).toBe("runtime");
  });

  it("suggests nothing for an unrelated word", () => {
    expect(didYouMean("banana", keys)).toBeUndefined();
    expect(didYouMean("x", keys)).toBeUndefined();
  });
});
