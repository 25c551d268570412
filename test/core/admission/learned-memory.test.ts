import { describe, expect, it } from "vitest";
import { learnAgentMemory } from "../../../src/core/admission/index.js";
import { learnedAgentMemory } from "../../../src/core/store/index.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { closeStore, openStore } from "../../../src/core/store/index.js";

const MiB = 1024 ** 2;

describe("learned agent memory", () => {
  it("follows a new peak at once and forgets it 5 % per look; each agent its own", () => {
    const ctx = makeTestContext();
    const store = openStore(ctx);
    try {
      const sessions = [
        { id: "a-1", agent: "claude-code" },
        { id: "a-2", agent: "claude-code" },
        { id: "a-3", agent: "codex" },
      ];
      learnAgentMemory(
        store,
        sessions,
        new Map([
          ["a-1", 1000 * MiB],
          ["a-2", 1500 * MiB],
          ["a-3", 300 * MiB],
        ]),
        1,
      );
      expect(learnedAgentMemory(store)).toEqual(
        new Map([
          ["claude-code", 1500 * MiB],
          ["codex", 300 * MiB],
        ]),
      );
      learnAgentMemory(store, sessions, new Map([["a-1", 100 * MiB]]), 2);
      expect(learnedAgentMemory(store).get("claude-code")).toBe(Math.round(1500 * MiB * 0.95));
      learnAgentMemory(store, sessions, new Map([["a-2", 2000 * MiB]]), 3);
      expect(learnedAgentMemory(store).get("claude-code")).toBe(2000 * MiB);
      expect(learnedAgentMemory(store).get("codex")).toBe(300 * MiB);
    } finally {
      closeStore(store);
    }
  });
});
