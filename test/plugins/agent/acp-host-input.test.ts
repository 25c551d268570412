import { describe, expect, it } from "vitest";
import { createKeyReader, type Key } from "../../../src/plugins/agent/acp/host/key-reader.js";
import { chosenOption } from "../../../src/plugins/agent/acp/host/permission.js";
import { createScreen } from "../../../src/plugins/agent/acp/host/screen.js";
import { printable } from "../../../src/plugins/agent/acp/host/screen-text.js";
import { tailThatFits, textWidth } from "../../../src/plugins/agent/acp/host/terminal-width.js";

function keysOf(chunks: (string | Buffer)[], lineMode = false): Key[] {
  const keys: Key[] = [];
  const reader = createKeyReader((key) => keys.push(key), { lineMode, escapeWaitMs: 5 });
  for (const chunk of chunks) reader.feed(chunk);
  return keys;
}

describe("acp-host: keys from the terminal", () => {
  it("a bracketed paste is one text, its line breaks never Enter, even split across reads", () => {
    const keys = keysOf(["\x1b[20", "0~line one\r\nline", " two\x1b[2", "01~", "\r"]);
    expect(keys).toEqual([{ kind: "text", text: "line one\nline two" }, { kind: "enter" }]);
  });

  it("typed text, LF as a line break, CR as Enter; in line mode (a pipe) LF is Enter", () => {
    expect(keysOf(["ab\ncd\r"])).toEqual([
      { kind: "text", text: "ab" },
      { kind: "text", text: "\n" },
      { kind: "text", text: "cd" },
      { kind: "enter" },
    ]);
    expect(keysOf(["ab\n"], true)).toEqual([{ kind: "text", text: "ab" }, { kind: "enter" }]);
  });

  it("Ctrl-C, Ctrl-U, Ctrl-D and backspace are keys; arrows and Alt-keys are ignored", () => {
    expect(keysOf(["\x03\x15\x04\x7f\x1b[A\x1bxok"])).toEqual([
      { kind: "interrupt", bytes: 1 },
      { kind: "clear" },
      { kind: "eof" },
      { kind: "backspace" },
      { kind: "text", text: "ok" },
    ]);
  });

  it("a lone Escape interrupts once nothing follows it", async () => {
    const keys: Key[] = [];
    createKeyReader((key) => keys.push(key), { lineMode: false, escapeWaitMs: 5 }).feed("\x1b");
    expect(keys).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(keys).toEqual([{ kind: "interrupt", bytes: 1 }]);
  });

  it("a multi-byte character split between reads arrives whole", () => {
    const bytes = Buffer.from("日本", "utf8");
    expect(keysOf([bytes.subarray(0, 2), bytes.subarray(2)])).toEqual([{ kind: "text", text: "日本" }]);
  });
});

describe("acp-host: answers and drawing", () => {
  const options = [
    { optionId: "allow-once", name: "Allow once", kind: "allow_once" as const },
    { optionId: "reject-once", name: "Reject", kind: "reject_once" as const },
  ];

  it("an answer is an option's number or its exact optionId", () => {
    expect(chosenOption("1", options)).toBe("allow-once");
    expect(chosenOption(" 2 ", options)).toBe("reject-once");
    expect(chosenOption("reject-once", options)).toBe("reject-once");
    expect(chosenOption("3", options)).toBeUndefined();
    expect(chosenOption("0", options)).toBeUndefined();
    expect(chosenOption("Allow once", options)).toBeUndefined();
  });

  it("an agent's escape sequences never reach the terminal", () => {
    expect(printable("a\x1b[2Jb\x1b]0;title\x07c\r\nd\te\x00")).toBe("abc\nd  e");
  });

  it("the input line keeps to one row and shows what was typed last", () => {
    const written: string[] = [];
    const screen = createScreen({ write: (text) => written.push(text), columns: () => 30 });
    const typed = `${"x".repeat(100)}the end`;
    screen.input("> ", typed);
    const drawn = written.at(-1) ?? "";
    expect(drawn.startsWith("> ")).toBe(true);
    expect(drawn.endsWith("the end")).toBe(true);
    expect(textWidth(drawn)).toBeLessThanOrEqual(29);
    expect(tailThatFits("日本語", 4)).toBe("本語");
  });

  it("streamed text longer than the width is broken into whole rows above the input line", () => {
    const written: string[] = [];
    const screen = createScreen({ write: (text) => written.push(text), columns: () => 21 });
    screen.stream("  ", "a".repeat(40));
    const output = written.join("");
    expect(output).toContain(`  ${"a".repeat(18)}\r\n  ${"a".repeat(18)}\r\n  aaaa`);
  });
});
