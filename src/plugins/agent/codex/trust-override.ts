/**
 * The `-c` value that marks `worktree` trusted for one run, so Codex does not stop at its
 * folder-trust dialog. `-c` values are TOML; a table literal keyed by the quoted path avoids the
 * dotted-key form, which would split a path at its dots. JSON string escapes are valid TOML
 * basic-string escapes.
 */
export function trustOverride(worktree: string): string {
  return `projects={${JSON.stringify(worktree)}={trust_level="trusted"}}`;
}
