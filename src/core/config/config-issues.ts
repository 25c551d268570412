import { isAbsolute, relative } from "node:path";
import { AoError, type AoErrorCode } from "../errors.js";
import type { KeyPath, SourceLocation } from "./types.js";

/** Something wrong at a key path, before it is mapped to a line and column. */
export interface ConfigProblem {
  keyPath: KeyPath;
  message: string;
  /** Point at the key itself (unknown keys, bad ids) rather than its value. */
  at?: "key" | "value" | undefined;
}

/** A problem with its position: the shape of `details.issues` and of `ao config validate --json`. */
export interface ConfigIssue extends SourceLocation {
  /** The key path as people write it: `projects.app.defaultBranch`, `notificationRouting.urgent[0]`. */
  path: string;
  keyPath: (string | number)[];
  message: string;
}

export function formatKeyPath(keyPath: KeyPath): string {
  let out = "";
  for (const segment of keyPath) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z0-9_-]+$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `${out === "" ? "" : "."}${JSON.stringify(segment)}`;
  }
  return out;
}

/** `agent-orchestrator.yaml:12:5 projects.app.defaultBrnach: unknown key (…)`: one line per issue. */
export function formatIssue(issue: ConfigIssue, cwd: string): string {
  const where = `${displayPath(issue.file, cwd)}:${issue.line}:${issue.column}`;
  return issue.path === "" ? `${where}: ${issue.message}` : `${where} ${issue.path}: ${issue.message}`;
}

/** Relative to the working directory when the file is below it, so editors and terminals can open it. */
export function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? file : rel;
}

const HEADLINES: Partial<Record<AoErrorCode, string>> = {
  E_CONFIG_INVALID: "invalid configuration",
  E_CONFIG_ENV: "unresolved environment variables in the configuration",
};

const HINTS: Partial<Record<AoErrorCode, string>> = {
  E_CONFIG_INVALID: "fix the keys listed above; every key is described in docs/configuration.md",
  E_CONFIG_ENV:
    "export the variables, give them a default with ${VAR:-default}, or write $${ for a literal ${",
};

/** One AoError carrying every issue, so a person fixes the file in one pass rather than one per run. */
export function configIssuesError(
  code: "E_CONFIG_INVALID" | "E_CONFIG_ENV",
  file: string,
  issues: readonly ConfigIssue[],
  cwd: string,
  hint: string | undefined = HINTS[code],
): AoError {
  const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
  const lines = issues.map((issue) => `  ${formatIssue(issue, cwd)}`);
  return new AoError(code, [`${HEADLINES[code]} (${count}):`, ...lines].join("\n"), {
    hint,
    details: { file, issues },
  });
}
