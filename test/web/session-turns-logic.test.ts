import { describe, expect, it } from "vitest";
import type { ConflictDetail, FleetCard, QueuePlaceDetail, TurnDetail } from "../../src/web/api/types.js";
import {
  FOLD_CHARS,
  FOLD_LINES,
  fileInCheckout,
  foldedStart,
  hunkText,
  originText,
  permissionText,
  queueOffered,
} from "../../src/web/page/session-words.js";

const turn = (fields: Partial<TurnDetail>) => ({ origin: "cli", reactionId: null, ...fields }) as TurnDetail;
const reaction = { id: 7, key: "ci-failed" } as never;

describe("the session page's turns (pure)", () => {
  it("folds a reply longer than its lines or characters, and shows a short one whole", () => {
    expect(foldedStart("short\nreply")).toBeUndefined();
    const many = Array.from({ length: FOLD_LINES + 3 }, (_, i) => `line ${i}`).join("\n");
    expect(foldedStart(many)).toBe(many.split("\n").slice(0, FOLD_LINES).join("\n"));
    expect(foldedStart("x".repeat(FOLD_CHARS + 1))).toBe("x".repeat(FOLD_CHARS));
  });

  it("says who gave a turn and who let a tool call run, in words", () => {
    expect(originText(turn({ origin: "spawn" }), [])).toBe("the task (spawn)");
    expect(originText(turn({ origin: "cli" }), [])).toBe("a person");
    expect(originText(turn({ origin: "mcp" }), [])).toBe("a commander");
    expect(originText(turn({ origin: "reaction", reactionId: 7 }), [reaction])).toBe("reaction ci-failed");
    expect(originText(turn({ origin: "reaction", reactionId: 8 }), [reaction])).toBe("a reaction");
    expect(permissionText(null)).toBeNull();
    expect(permissionText({ by: "auto", option: "allow-once" })).toBe("auto-allowed (allow-once)");
    expect(permissionText({ by: "denied", option: "reject-once" })).toBe("denied (reject-once)");
    expect(permissionText({ by: "cancelled", option: "" })).toBe("question cancelled");
  });

  it("names a file in the checkout from its root, and any other in full", () => {
    expect(fileInCheckout("/w/app-1/src/a.ts:3", "/w/app-1")).toBe("src/a.ts:3");
    expect(fileInCheckout("/w/app-10/a.ts", "/w/app-1")).toBe("/w/app-10/a.ts");
    expect(fileInCheckout("relative.ts", "/w/app-1/")).toBe("relative.ts");
  });
});

describe("the session page's conflicts and merge queue (pure)", () => {
  it("says where both sides change the same lines", () => {
    const conflict = {
      files: ["a.txt", "b.txt"],
      hunks: [
        { file: "a.txt", start: 5, end: 9 },
        { file: "b.txt", start: 3, end: 3 },
      ],
    } as ConflictDetail;
    expect(hunkText(conflict)).toBe("a.txt lines 5–9, b.txt line 3");
    expect(hunkText({ ...conflict, hunks: [] })).toBe("a.txt, b.txt");
  });

  it("offers the queue only to a live session with an open, approved pull request that is not queued", () => {
    const pr = { state: "open", headSha: "abc1234", review: { decision: "approved", unresolvedThreads: 0 } };
    const card = { status: "approved", pr } as unknown as FleetCard;
    expect(queueOffered(card, null)).toBe(true);
    expect(queueOffered(card, { place: 1 } as QueuePlaceDetail)).toBe(false);
    expect(queueOffered({ ...card, status: "killed" }, null)).toBe(false);
    expect(queueOffered({ ...card, pr: { ...pr, state: "merged" } } as unknown as FleetCard, null)).toBe(
      false,
    );
    const pending = { ...pr, review: { decision: "review_required", unresolvedThreads: 0 } };
    expect(queueOffered({ ...card, pr: pending } as unknown as FleetCard, null)).toBe(false);
    expect(queueOffered({ ...card, pr: null }, null)).toBe(false);
  });
});
