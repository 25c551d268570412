import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chooseScreenOption, cursorKeys } from "../../../src/core/sessions/answer-screen-question.js";
import { questionOf } from "../../../src/core/sessions/record-questions.js";
import { screenDialog } from "../../../src/core/sessions/screen-dialog.js";

const screen = (path: string) =>
  readFileSync(new URL(`../../fixtures/agents/${path}`, import.meta.url), "utf8");

describe("the dialog on a terminal agent's screen (recorded screens)", () => {
  it("reads Claude Code's permission prompt: the tool, the command, the question and the choices", () => {
    expect(screenDialog(screen("claude/screens/permission-prompt.txt"))).toEqual({
      lines: ["Bash command", "touch hello.txt", "Create hello.txt", "Do you want to proceed?"],
      choices: [
        { key: "1", label: "Yes" },
        { key: "2", label: "Yes, and always allow access to project/ from this project" },
        { key: "3", label: "No" },
      ],
      selected: 0,
    });
  });

  it("reads Codex's approval prompt and Gemini's boxed question", () => {
    expect(screenDialog(screen("codex/screens/approval-prompt.txt"))).toMatchObject({
      lines: [
        "Would you like to run the following command?",
        "Environment: local",
        "Reason: Create hello.txt outside the sandbox?",
        "$ touch hello.txt",
      ],
      choices: [
        { key: "1", label: "Yes, proceed (y)" },
        { key: "2", label: "Yes, and don't ask again for commands that start with `touch hello.txt` (p)" },
        { key: "3", label: "No, and tell Codex what to do differently (esc)" },
      ],
    });
    const gemini = screenDialog(screen("gemini/screens/outside-workspace-read.txt"));
    expect(gemini?.lines.at(-1)).toBe("Do you want to allow this read?");
    expect(gemini?.choices.map((choice) => choice.label)).toEqual(["Yes", "No"]);
    expect(gemini?.selected).toBe(0);
  });

  it("knows which choice the cursor is on, and the keys that move it onto another", () => {
    const trust = screen("claude/screens/folder-trust.txt");
    expect(screenDialog(trust)?.selected).toBe(0);
    const moved = trust
      .replace(" ❯ 1. Yes, I trust this folder", "   1. Yes, I trust this folder")
      .replace("   2. No, exit", " ❯ 2. No, exit");
    expect(screenDialog(moved)?.selected).toBe(1);
    const unmarked = trust.replace(" ❯ 1. Yes", "   1. Yes");
    expect(screenDialog(unmarked)?.selected).toBeUndefined();
    expect(cursorKeys(0, 2)).toEqual(["Down", "Down"]);
    expect(cursorKeys(2, 1)).toEqual(["Up"]);
    expect(cursorKeys(1, 1)).toEqual([]);
  });

  it("finds a dialog's choice by its number or its words, and names the choices otherwise", () => {
    const words = questionOf({
      activity: { activity: "needs_input" },
      dialog: screenDialog(screen("claude/screens/permission-prompt.txt")),
    })!;
    expect(chooseScreenOption(words, "3", "app-1").name).toBe("No");
    expect(chooseScreenOption(words, " no ", "app-1").id).toBe("3");
    const refusal = (() => {
      try {
        return chooseScreenOption(words, "Maybe", "app-1");
      } catch (error) {
        return error as { code: string; hint: string };
      }
    })();
    expect(refusal).toMatchObject({
      code: "E_USAGE",
      hint: "the choices: 1 (Yes), 2 (Yes, and always allow access to project/ from this project), 3 (No)",
    });
  });

  it("finds no dialog on a working or idle screen", () => {
    for (const path of ["claude/screens/idle.txt", "claude/screens/working.txt", "gemini/screens/idle.txt"])
      expect(screenDialog(screen(path)), path).toBeUndefined();
  });

  it("turns a probe into the question's words: ACP data first, then the screen's dialog, then the hook's why", () => {
    const asked = {
      id: "q-1",
      title: "Run npm test",
      toolKind: "execute",
      options: [{ id: "allow-once", name: "Allow once", kind: "allow_once" }],
    };
    expect(questionOf({ activity: { activity: "needs_input", question: asked } })).toEqual({
      id: "q-1",
      source: "data",
      text: "Run npm test",
      toolKind: "execute",
      options: asked.options,
    });
    const dialog = screenDialog(screen("claude/screens/permission-prompt.txt"));
    const fromScreen = questionOf({
      activity: { activity: "needs_input", detail: "permission prompt" },
      dialog,
    });
    expect(fromScreen).toMatchObject({ source: "screen", text: dialog?.lines.join("\n") });
    expect(fromScreen?.options.map((option) => option.id)).toEqual(["1", "2", "3"]);
    const fromHook = questionOf({
      activity: { activity: "needs_input", detail: "Claude needs your permission to use Bash" },
    });
    expect(fromHook).toMatchObject({ text: "Claude needs your permission to use Bash", options: [] });
    expect(fromHook?.id).toMatch(/^screen-[0-9a-f]{12}$/);
    expect(questionOf({ activity: { activity: "working" } })).toBeUndefined();
  });
});
