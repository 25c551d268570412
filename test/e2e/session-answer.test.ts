import { describe, expect, it } from "vitest";
import type { AoRun } from "../helpers/run-ao.js";
import { eventually } from "./e2e-fixture.js";
import type { EventJson } from "./event-shapes.js";
import { turnsWorld, type TurnsWorld } from "./turns-fixture.js";

/**
 * `ao session answer` on a terminal agent's dialog (issue 27): the fake Claude Code stops at its
 * recorded permission prompt ("Do you want to proceed? 1. Yes 2. … 3. No"); the answer is the keys
 * that pick the choice on its screen, refused when the question seen is not the one shown, and
 * confirmed only once the dialog left the screen.
 */
const touch = { tool: "Bash", command: "touch hello.txt", description: "Create hello.txt" };

function answer(w: TurnsWorld, args: string[]): AoRun {
  return w.ao(["session", "answer", "app-1", ...args]);
}

/** The error document `--json` prints on a refusal. */
const errorOf = (run: AoRun) =>
  (JSON.parse(run.stdout) as { error: { code: string; message: string } }).error;

describe("ao session answer on a terminal agent's dialog", () => {
  it(
    "picks a choice by its words or number, refuses a stale or unknown one, and the agent goes on",
    { timeout: 180_000 },
    async () => {
      const w = turnsWorld("claude-code");
      w.nextTurn({ asks: [touch], reply: "Created hello.txt.", workMs: 300 });
      expect(w.ao(["send", "app-1", "Please create a file named hello.txt"]).exitCode).toBe(0);

      // A choice the dialog does not list is a usage error naming the ones it does.
      const unknown = await eventually(() => {
        const run = answer(w, ["Maybe"]);
        return run.exitCode === 2 ? run : undefined;
      }, "the permission dialog");
      expect(unknown.stderr).toContain(`"Maybe" is not one of the choices app-1's dialog lists`);
      expect(unknown.stderr).toContain(
        "1 (Yes), 2 (Yes, and always allow access to project/ from this project), 3 (No)",
      );

      // A question the person did not see is not answered; the dialog stays.
      const stale = answer(w, ["Yes", "--question", "screen-000000000000", "--json"]);
      expect(stale.exitCode, stale.stderr).toBe(1);
      expect(errorOf(stale)).toMatchObject({ code: "E_QUESTION_CHANGED" });
      expect(errorOf(stale).message).toContain("Do you want to proceed?");

      const yes = answer(w, ["yes"]);
      expect(yes.exitCode, yes.stderr).toBe(0);
      expect(yes.stderr).toMatch(
        /^app-1: answered "Do you want to proceed\?" with "Yes"; the agent is \w+\n$/,
      );
      const ran = w.ao(["turns", "wait", "t-2", "--json"]);
      expect(ran.exitCode, ran.stderr).toBe(0);
      expect(JSON.parse(ran.stdout)).toMatchObject({ status: "completed", reply: "Created hello.txt." });

      // "3" moves the cursor down twice, then Enter: the tool call is refused and the turn ends.
      w.nextTurn({ asks: [{ ...touch, command: "rm hello.txt" }], reply: "never", workMs: 300 });
      expect(w.ao(["send", "app-1", "Please remove hello.txt"]).exitCode).toBe(0);
      const no = await eventually(() => {
        const run = answer(w, ["3", "--json"]);
        return run.exitCode === 0 ? run : undefined;
      }, "the second dialog answered");
      expect(JSON.parse(no.stdout)).toMatchObject({
        choice: { id: "3", name: "No" },
        keys: ["Down", "Down", "Enter"],
        confirmed: true,
      });
      await eventually(
        () => (w.turns().find((turn) => turn.id === "t-3")?.status === "interrupted" ? true : undefined),
        "t-3 ended by the refusal",
      );

      const none = answer(w, ["1", "--json"]);
      expect(none.exitCode).toBe(1);
      expect(errorOf(none)).toMatchObject({ code: "E_NO_QUESTION" });

      const events = w.ao(["events", "--session", "app-1", "--type", "session.answered", "--json"]);
      const answered = (JSON.parse(events.stdout) as { events: EventJson[] }).events;
      expect(answered[0]?.payload.questionId).toMatch(/^screen-[0-9a-f]{12}$/);
      expect(answered.map((event) => event.payload)).toEqual([
        expect.objectContaining({
          question: "Bash command\ntouch hello.txt\nCreate hello.txt\nDo you want to proceed?",
          source: "screen",
          choice: "1",
          answer: "Yes",
          by: "cli",
          confirmed: true,
        }),
        expect.objectContaining({ source: "screen", choice: "3", answer: "No", by: "cli", confirmed: true }),
      ]);
    },
  );
});
