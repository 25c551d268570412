import { describe, expect, it } from "vitest";
import { createLookMemory, FULL_LOOK_MS, lookMemoryAt } from "../../../src/core/sessions/look-memory.js";
import { paneScreenStamp } from "../../../src/plugins/runtime/tmux/screen-stamp.js";

describe("look memory", () => {
  it("answers only under the very stamp it kept, and only until the time bound", () => {
    const memory = createLookMemory<string>();
    memory.keep("s-1", "a", "screen", 1_000);
    expect(memory.recall("s-1", "a", 1_000 + FULL_LOOK_MS - 1)).toBe("screen");
    expect(memory.recall("s-1", "b", 2_000)).toBeUndefined();
    expect(memory.recall("s-1", "a", 1_000 + FULL_LOOK_MS)).toBeUndefined();
    expect(memory.recall("s-1", "a", 999)).toBeUndefined();
    expect(memory.recall("s-2", "a", 2_000)).toBeUndefined();
  });

  it("forgets the keys it is told to, and a cycle that must look afresh recalls nothing but keeps", () => {
    const memory = createLookMemory<string>();
    memory.keep("s-1", "a", "one", 0);
    memory.keep("s-2", "a", "two", 0);
    memory.retain((key) => key === "s-2");
    expect(memory.size).toBe(1);
    const fresh = lookMemoryAt(memory, 10, false);
    expect(fresh.recall("s-2", "a")).toBeUndefined();
    fresh.keep("s-3", "x", "three");
    expect(lookMemoryAt(memory, 20, true).recall("s-3", "x")).toBe("three");
  });
});

describe("tmux screen stamp", () => {
  it("is the second of the last output and the size, once that second is over", () => {
    expect(paneScreenStamp("1796380530", "80x24", 1_796_380_531_000)).toBe("1796380530@80x24");
    expect(paneScreenStamp("1796380531", "80x24", 1_796_380_531_999)).toBeUndefined();
    expect(paneScreenStamp("", "80x24", 1_796_380_531_000)).toBeUndefined();
  });
});
