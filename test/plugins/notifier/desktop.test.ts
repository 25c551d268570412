import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAoError } from "../../../src/core/errors.js";
import type { Notification, NotificationPriority } from "../../../src/core/slots/index.js";
import { createDesktopNotifier, desktopOptions } from "../../../src/plugins/notifier/desktop.js";
import { appleScriptString } from "../../../src/plugins/notifier/desktop/applescript.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { fakeProgram } from "./fake-program.js";

const options = desktopOptions.parse({});
const ciFailed: Notification = {
  title: "CI failed",
  body: "unit tests: 2 failures",
  priority: "action",
  sessionId: "app-3",
  url: "https://github.com/acme/app/pull/3",
  nextCommand: "ao open app-3",
};

/**
 * Reads one AppleScript string literal at `start` the way AppleScript does: `\\`, `\"`, `\n`, `\r`
 * and `\t` are its only escapes, and an unescaped `"` ends it. Returns the text and where it ended.
 */
function readLiteral(script: string, start: number): { text: string; end: number } {
  if (script[start] !== '"') throw new Error(`no literal at ${start}: ${script.slice(start)}`);
  const escapes: Record<string, string> = { "\\": "\\", '"': '"', n: "\n", r: "\r", t: "\t" };
  let text = "";
  for (let i = start + 1; i < script.length; i++) {
    const char = script[i]!;
    if (char === '"') return { text, end: i + 1 };
    if (char === "\\") {
      const escaped = escapes[script[i + 1] ?? ""];
      if (escaped === undefined) throw new Error(`bad escape at ${i}`);
      text += escaped;
      i++;
    } else {
      // eslint-disable-next-line no-control-regex -- a raw control character would break the literal
      if (/[\u0000-\u001f\u007f]/.test(char)) throw new Error(`raw control character at ${i}`);
      text += char;
    }
  }
  throw new Error("unterminated literal");
}

/** `display notification "<body>" with title "<title>"[ sound name "<sound>"]`, parsed back. */
function parseDisplayNotification(script: string): { body: string; title: string; rest: string } {
  const head = "display notification ";
  expect(script.startsWith(head)).toBe(true);
  const body = readLiteral(script, head.length);
  const withTitle = " with title ";
  expect(script.slice(body.end, body.end + withTitle.length)).toBe(withTitle);
  const title = readLiteral(script, body.end + withTitle.length);
  return { body: body.text, title: title.text, rest: script.slice(title.end) };
}

describe("notifier/desktop on Linux (notify-send)", () => {
  const send = async (notification: Notification) => {
    const program = fakeProgram("notify-send");
    const ctx = makeTestContext({ env: { PATH: program.binDir } });
    await createDesktopNotifier(ctx, options, "linux").notify(notification);
    return program.calls();
  };

  it("says which session, what happened, the link and the next command", async () => {
    expect(await send(ciFailed)).toEqual([
      [
        "--app-name=ao",
        "--urgency=normal",
        "--",
        "app-3: CI failed",
        "unit tests: 2 failures\nhttps://github.com/acme/app/pull/3\nNext: ao open app-3",
      ],
    ]);
  });

  it.each<[NotificationPriority, string]>([
    ["urgent", "critical"],
    ["action", "normal"],
    ["warning", "low"],
    ["info", "low"],
  ])("maps priority %s to urgency %s", async (priority, urgency) => {
    const [argv] = await send({ title: "t", body: "b", priority });
    expect(argv).toContain(`--urgency=${urgency}`);
  });

  it("escapes markup so a review comment cannot add links or images", async () => {
    const [argv] = await send({
      title: "-t <i>",
      body: '<a href="x">y</a> & <img src="http://x/">',
      priority: "info",
    });
    expect(argv?.slice(-3)).toEqual([
      "--",
      "-t <i>",
      '&lt;a href="x"&gt;y&lt;/a&gt; &amp; &lt;img src="http://x/"&gt;',
    ]);
  });

  it("rejects with notify-send's complaint when it fails", async () => {
    const program = fakeProgram("notify-send", {
      exitCode: 1,
      stderr: "GDBus.Error: no notification server\n",
    });
    const ctx = makeTestContext({ env: { PATH: program.binDir } });
    const failure = await createDesktopNotifier(ctx, options, "linux")
      .notify(ciFailed)
      .catch((error: unknown) => error);
    expect(isAoError(failure) && failure.code).toBe("E_NOTIFY_FAILED");
    expect((failure as Error).message).toBe("notify-send exited with 1: GDBus.Error: no notification server");
  });

  it("without notify-send, warns once and rejects every notify as unavailable (never as delivered)", async () => {
    const ctx = makeTestContext({ env: { PATH: makeTempDir("ao-empty-path-") } });
    const notifier = createDesktopNotifier(ctx, options, "linux");
    const outcomes = await Promise.all(
      [ciFailed, ciFailed, { ...ciFailed, priority: "urgent" as const }].map((notification) =>
        notifier.notify(notification).then(
          () => "delivered",
          (error: unknown) => (isAoError(error) ? error.code : "other"),
        ),
      ),
    );
    expect(outcomes).toEqual(["E_NOTIFIER_UNAVAILABLE", "E_NOTIFIER_UNAVAILABLE", "E_NOTIFIER_UNAVAILABLE"]);
    const warnings = ctx.stderr
      .text()
      .split("\n")
      .filter((line) => line !== "");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: desktop notifications are off: notify-send was not found on PATH/);
    expect(ctx.logger.records.filter((record) => record.level === "warn")).toHaveLength(1);
  });
});

describe("notifier/desktop on macOS (osascript)", () => {
  it("runs one display notification statement that reads back to the same text", async () => {
    const program = fakeProgram("osascript");
    const ctx = makeTestContext({ env: { PATH: program.binDir } });
    const hostile: Notification = {
      ...ciFailed,
      title: 'CI "failed" \\ end',
      body: 'x" & (do shell script "touch /tmp/pwned") & "\nline two\ttabbed\r\nwindows\u0007bell ✓',
      priority: "urgent",
    };
    await createDesktopNotifier(ctx, options, "darwin").notify(hostile);
    const [argv] = program.calls();
    expect(argv?.[0]).toBe("-e");
    expect(argv).toHaveLength(2);
    const parsed = parseDisplayNotification(argv?.[1] ?? "");
    expect(parsed.title).toBe('app-3: CI "failed" \\ end');
    expect(parsed.body).toBe(
      'x" & (do shell script "touch /tmp/pwned") & "\nline two\ttabbed\nwindows bell ✓\n' +
        "https://github.com/acme/app/pull/3\nNext: ao open app-3",
    );
    expect(parsed.rest).toBe(' sound name "Glass"');
  });

  it("without osascript, warns once and rejects as unavailable", async () => {
    const ctx = makeTestContext({ env: { PATH: makeTempDir("ao-empty-path-") } });
    const notifier = createDesktopNotifier(ctx, options, "darwin");
    await expect(notifier.notify(ciFailed)).rejects.toMatchObject({ code: "E_NOTIFIER_UNAVAILABLE" });
    await expect(notifier.notify(ciFailed)).rejects.toMatchObject({ code: "E_NOTIFIER_UNAVAILABLE" });
    expect(ctx.stderr.text()).toBe(
      "warning: desktop notifications are off: osascript was not found on PATH; notifications routed to desktop are dropped (route notifications to slack or webhook in notificationRouting)\n",
    );
  });
});

describe("appleScriptString", () => {
  it("is one literal that AppleScript reads back as the text, for any text", () => {
    const anyText = fc.string({
      unit: fc.oneof(
        fc.constantFrom('"', "\\", "\n", "\r", "\t", "\u0000", "¬"),
        fc.string({ unit: "grapheme", maxLength: 1 }),
      ),
    });
    fc.assert(
      fc.property(anyText, (text) => {
        const literal = appleScriptString(text);
        const read = readLiteral(literal, 0);
        expect(read.end).toBe(literal.length);
        // eslint-disable-next-line no-control-regex -- the expected reading of control characters
        const expected = text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ");
        expect(read.text).toBe(expected);
      }),
    );
  });
});
