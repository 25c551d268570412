import {
  chmodSync,
  existsSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { AoError, messageOf } from "../../../core/plugin-api.js";

/** How often a write that raced with Claude Code's own is tried again before ao gives up. */
const ATTEMPTS = 5;

/**
 * Claude Code keeps folder trust in its global state file (`$CLAUDE_CONFIG_DIR/.claude.json`, else
 * `~/.claude.json`) as `projects[<absolute path>].hasTrustDialogAccepted`; recorded from 2.1.332
 * (test/fixtures/agents/claude/2.1.332/): with it set the session starts without the dialog, which
 * since 2.1.33x pre-selects "No, exit" when the folder's `.claude/settings.local.json` has hooks.
 */
export function claudeStateFile(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const configDir = env["CLAUDE_CONFIG_DIR"]?.trim();
  return join(configDir === undefined || configDir === "" ? home : configDir, ".claude.json");
}

/**
 * Marks exactly `worktree` trusted, keeping every other key and project as they are. The file is
 * the person's own (and Claude Code rewrites it while running): ao writes a temporary file next to
 * it with the same mode and renames it over, but only if the file still holds what ao read, so a
 * concurrent write by Claude Code is never lost; a file that is not a JSON object is never touched.
 */
export function preTrustWorktree(stateFile: string, worktree: string): void {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = existsSync(stateFile) ? readFileSync(stateFile, "utf8") : undefined;
    const state = parseState(stateFile, before);
    const projects = asObject(state["projects"]);
    const entry = asObject(projects[worktree]);
    if (entry["hasTrustDialogAccepted"] === true) return;
    const next = {
      ...state,
      projects: { ...projects, [worktree]: { ...entry, hasTrustDialogAccepted: true } },
    };
    if (replaceIfUnchanged(stateFile, before, `${JSON.stringify(next, null, 2)}\n`)) return;
  }
  throw new AoError("E_PLUGIN_FAILED", `${stateFile} kept changing while ao marked ${worktree} trusted`, {
    hint: "nothing was written; start the session again, or answer Claude Code's trust dialog once",
    details: { path: stateFile, kept: "the file as Claude Code last wrote it" },
  });
}

function parseState(file: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // reported below, never overwritten
  }
  throw new AoError(
    "E_PLUGIN_FAILED",
    `${file} is not a JSON object, so ao cannot mark the worktree trusted`,
    {
      hint: "fix the file (Claude Code's own state), or answer the trust dialog in the session by hand",
      details: { path: file, kept: "the file unchanged" },
    },
  );
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Writes `text` over `file` atomically; false (nothing written) when the file changed since `before`. */
function replaceIfUnchanged(file: string, before: string | undefined, text: string): boolean {
  const temp = join(dirname(file), `.${basename(file)}.ao-${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, { mode: 0o600 });
    if (before !== undefined) chmodSync(temp, statSync(file).mode & 0o777);
    const now = existsSync(file) ? readFileSync(file, "utf8") : undefined;
    if (now !== before) {
      unlinkSync(temp);
      return false;
    }
    renameSync(temp, file);
    return true;
  } catch (error) {
    if (existsSync(temp)) unlinkSync(temp);
    throw new AoError("E_PLUGIN_FAILED", `could not write ${file}: ${messageOf(error)}`, {
      hint: "check that the directory is writable; the file was left as it was",
      details: { path: file, kept: "the file unchanged" },
    });
  }
}
