import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinTmuxCommands } from "../../../src/plugins/_shared/tmux-client.js";
import { classifyTmuxFailure, runThroughServerExit } from "../../../src/plugins/_shared/tmux-errors.js";
import { assertTmuxSessionName, escapeTmuxFormat } from "../../../src/plugins/_shared/tmux-target.js";
import { renderEnvFile } from "../../../src/plugins/runtime/tmux/env-file.js";
import { paneCommand } from "../../../src/plugins/runtime/tmux/pane-command.js";
import {
  arrivalNeedle,
  sanitizePasteText,
  showsArrival,
} from "../../../src/plugins/runtime/tmux/screen-text.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

describe("tmux command lines", () => {
  it("separates commands with ';' and escapes arguments that end in ';'", () => {
    expect(
      joinTmuxCommands([
        ["set-option", "-g", "x", "on"],
        ["new-session", "--", "a;", "b\\;", "c"],
      ]),
    ).toEqual(["set-option", "-g", "x", "on", ";", "new-session", "--", "a\\;", "b\\\\;", "c"]);
  });

  it("doubles '#' so tmux does not expand formats or run #(…)", () => {
    expect(escapeTmuxFormat("/w/#{pane_id}/#(rm -rf x)")).toBe("/w/##{pane_id}/##(rm -rf x)");
  });

  it("accepts ao session ids and refuses what tmux cannot name", () => {
    expect(assertTmuxSessionName("app-12")).toBe("app-12");
    for (const bad of ["a.b", "a:b", "", "a b", "a*", "ao-[1]"]) {
      expect(() => assertTmuxSessionName(bad)).toThrow(expect.objectContaining({ code: "E_USAGE" }) as Error);
    }
  });

  it("wraps argv so that a single element is still run without a shell reading it", () => {
    expect(paneCommand(["/p a/agent"], undefined)).toEqual([
      "/bin/sh",
      "-c",
      'exec "$@"',
      "ao-runtime",
      "/p a/agent",
    ]);
    expect(() => paneCommand([], undefined)).toThrow(expect.objectContaining({ code: "E_USAGE" }) as Error);
  });
});

describe("tmux failures", () => {
  it("calls only tmux's own 'gone' answers missing", () => {
    expect(classifyTmuxFailure("no server running on /x/tmux.sock")).toBe("missing");
    expect(classifyTmuxFailure("error connecting to /x/tmux.sock (No such file or directory)")).toBe(
      "missing",
    );
    expect(classifyTmuxFailure("can't find session: ao-1")).toBe("missing");
    // What tmux 3.3 says to `list-panes -t =ao-1:0` when its server has no session left.
    expect(classifyTmuxFailure("no current target\n")).toBe("missing");
    expect(classifyTmuxFailure("can't find window: 0")).toBe("missing");
    expect(classifyTmuxFailure("error connecting to /x/tmux.sock (Permission denied)")).toBe("unknown");
    expect(classifyTmuxFailure("", true)).toBe("unknown");
    expect(classifyTmuxFailure("server exited unexpectedly")).toBe("unknown");
  });
});

describe("the env file", () => {
  it("gives every value back exactly when sourced by sh", () => {
    const dir = makeTempDir();
    const value = fc.string({ unit: "binary" }).filter((s) => !s.includes("\0"));
    fc.assert(
      fc.property(value, (text) => {
        const file = join(dir, "env");
        writeFileSync(file, renderEnvFile({ AO_VALUE: text }));
        const result = spawnSync("/bin/sh", ["-c", '. "$1"; printf %s "$AO_VALUE"', "sh", file], {
          encoding: "utf8",
        });
        expect(result.stdout).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a name the shell would not read as a plain variable", () => {
    expect(() => renderEnvFile({ "A;rm -rf /": "x" })).toThrow(
      expect.objectContaining({ code: "E_USAGE" }) as Error,
    );
  });
});

describe("arrival on screen", () => {
  it("finds a long message's tail through wrapping, borders and spacing", () => {
    const message = `${"word ".repeat(200)}and the end`;
    const wrapped = "│ > word word word │\n│ word word word w │\n│ ord word and th │\n│ e end           │";
    expect(showsArrival("│ >               │", wrapped, arrivalNeedle(message))).toBe(true);
    expect(showsArrival(wrapped, wrapped, arrivalNeedle(message))).toBe(false);
    expect(showsArrival("> ", "> something else", arrivalNeedle(message))).toBe(false);
  });

  it("counts a new '[Pasted text #n +N lines]' as arrived", () => {
    expect(
      showsArrival(
        "> [Pasted text #1 +9 lines]",
        "> [Pasted text #1 +9 lines][Pasted text #2 +40 lines]",
        "zzz",
      ),
    ).toBe(true);
  });

  it("strips control characters that could end a bracketed paste early, keeping tabs and newlines", () => {
    expect(sanitizePasteText("a\x1b[201~b\tc\r\nd\re\x07")).toBe("a[201~b\tc\nd\ne");
  });
});

describe("a server exiting while it answers", () => {
  const answer = (stderr: string) => ({
    failed: stderr !== "",
    stderr,
    stdout: "",
    exitCode: stderr === "" ? 0 : 1,
  });

  it("is asked once more, and its second answer stands", async () => {
    const asked: string[][] = [];
    const answers = ["server exited unexpectedly\n", "no server running on /x/tmux.sock\n"];
    const client = {
      run: (commands: readonly (readonly string[])[]) => {
        asked.push(commands.flat());
        return Promise.resolve(answer(answers.shift() ?? "") as never);
      },
    };
    const result = await runThroughServerExit(client, [["kill-session", "-t", "=ao-1"]]);
    expect(classifyTmuxFailure(result.stderr)).toBe("missing");
    expect(asked).toEqual([
      ["kill-session", "-t", "=ao-1"],
      ["kill-session", "-t", "=ao-1"],
    ]);
  });

  it("is not asked again for any other answer", async () => {
    let calls = 0;
    const client = {
      run: () => {
        calls += 1;
        return Promise.resolve(answer("can't find session: ao-1") as never);
      },
    };
    await runThroughServerExit(client, [["list-panes"]]);
    expect(calls).toBe(1);
  });
});
