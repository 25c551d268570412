import { describe, expect, it } from "vitest";
import {
  claimDueReactions,
  insertReactionIfNew,
  insertSession,
  writeTransaction,
  type ClaimOptions,
  type Store,
} from "../../../src/core/store/index.js";
import { openTestStore } from "./store-fixture.js";
import { sessionCreated } from "../../helpers/events.js";

/** Sessions app-1, app-2 (project app) and web-1 (project web), each with a due reaction, plus each project's own. */
function seed(store: Store): void {
  writeTransaction(store, (tx) => {
    for (const [id, project] of [
      ["app-1", "app"],
      ["app-2", "app"],
      ["web-1", "web"],
    ] as const) {
      insertSession(
        tx,
        { id, project, branch: id, worktree: `/w/${id}`, runtime: "tmux", agent: "claude-code" },
        sessionCreated(),
      );
      insertReactionIfNew(tx, { sessionId: id, reactionKey: "notify", dedupeKey: `${id}:notify` });
    }
    insertReactionIfNew(tx, { reactionKey: "all-complete", dedupeKey: "app:all-complete:app-1" });
    insertReactionIfNew(tx, { reactionKey: "all-complete", dedupeKey: "web:all-complete:web-1" });
  });
}

function claimed(store: Store, options: ClaimOptions): string[] {
  return writeTransaction(store, (tx) => claimDueReactions(tx, options)).map((r) => r.dedupeKey);
}

describe("claimDueReactions in a scope", () => {
  it("claims only the reactions of the sessions named", () => {
    const { store } = openTestStore();
    seed(store);
    expect(claimed(store, { sessionIds: ["app-2", "web-1"] })).toEqual(["app-2:notify", "web-1:notify"]);
    expect(claimed(store, { sessionIds: [] })).toEqual([]);
  });

  it("claims only one project's reactions, its own (sessionless) ones included", () => {
    const { store } = openTestStore();
    seed(store);
    expect(claimed(store, { project: "app" })).toEqual([
      "app-1:notify",
      "app-2:notify",
      "app:all-complete:app-1",
    ]);
    expect(claimed(store, {})).toEqual(["web-1:notify", "web:all-complete:web-1"]);
  });
});
