import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually } from "../../contracts/eventually.js";
import { makeTestRepo } from "../../helpers/git-repo.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { agentRecordings } from "./fixtures.js";
import { harness } from "./tmux-harness.js";

/**
 * What Ctrl-U does to an unsubmitted paste, the fake claude against each recorded Claude Code
 * (screens/clear-input/, scripts/record-agent-turns/claude-clear-input.sh): a short multi-line
 * paste loses one line's text or one line break per press, a long one (a "[Pasted text …]"
 * placeholder) goes at once. Compared is the input box, the lines between the last two rules.
 * One Ctrl-U, as ao pressed after an interrupted delivery, leaves all but the last line.
 */
const RULE = /^─{20,}\s*$/;

function inputBox(screen: string): string[] {
  const lines = screen.split("\n");
  const rules = lines.flatMap((line, index) => (RULE.test(line) ? [index] : []));
  const [top, bottom] = rules.slice(-2);
  if (top === undefined || bottom === undefined) throw new Error(`no input box on the screen:\n${screen}`);
  // Claude Code draws "❯" and a no-break space; the fake a plain space.
  return lines.slice(top + 1, bottom).map((line) => line.replace(/\u00a0/g, " ").trimEnd());
}

/** The pane's input box as one text, or undefined while the TUI has drawn none yet. */
function boxNow(screen: string): string | undefined {
  try {
    return inputBox(screen).join("\n");
  } catch {
    return undefined;
  }
}

/** The recorded steps of one paste: the screen after it, then after each Ctrl-U. */
function steps(dir: string, paste: string): string[][] {
  const pressed = readdirSync(dir)
    .map((file) => new RegExp(`^${paste}\\.ctrl-u-(\\d+)\\.txt$`).exec(file)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const files = [`${paste}.pasted.txt`, ...pressed.map((n) => `${paste}.ctrl-u-${String(n)}.txt`)];
  return files.map((file) => inputBox(readFileSync(join(dir, file), "utf8")));
}

const recorded = agentRecordings("claude")
  .map(({ version, dir }) => ({
    version,
    dir: join(dir, "screens", "clear-input"),
    first: basename(dir) === "claude",
  }))
  .filter(({ dir }) => existsSync(dir));

describe.each(recorded)(
  "Claude Code $version: Ctrl-U on an unsubmitted paste (fake, in tmux)",
  (recording) => {
    it("has recordings of a short and a long paste", () => {
      expect(steps(recording.dir, "short").length).toBeGreaterThan(2);
      expect(steps(recording.dir, "long").length).toBeGreaterThan(1);
    });

    it.each(["short", "long"])(
      "%s paste: the input box after each press is the recorded one",
      async (paste) => {
        const expected = steps(recording.dir, paste);
        const pane = harness(makeTestRepo().dir, makeTempDir("ao-claude-home-"));
        const env = recording.first ? {} : { FAKE_CLAUDE_VERSION: recording.version };
        pane.start({ argv: ["claude"], env: {} }, env);
        await eventually(() => boxNow(pane.screen()) === "❯", "the idle input box");
        pane.paste(readFileSync(join(recording.dir, `${paste}.paste.txt`), "utf8"));
        await eventually(() => boxNow(pane.screen()) !== "❯", "the paste in the input box");
        const seen = [inputBox(pane.screen())];
        for (const step of expected.slice(1)) {
          const before = seen.at(-1)!.join("\n");
          pane.keys("C-u");
          // The last recorded press changed nothing; the others each changed the box.
          const changes = step.join("\n") !== expected[seen.length - 1]!.join("\n");
          await eventually(
            () => !changes || inputBox(pane.screen()).join("\n") !== before,
            `the input box after Ctrl-U ${String(seen.length)}`,
          );
          seen.push(inputBox(pane.screen()));
        }
        expect(seen).toEqual(expected);
      },
    );
  },
);
