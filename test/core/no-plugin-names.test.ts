import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builtinCatalog } from "../../src/plugins/builtin-catalog.js";
import { findPluginNames } from "../helpers/find-plugin-names.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CORE = join(ROOT, "src", "core");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** What the scanner says about one planted source text. */
const scan = (source: string) =>
  findPluginNames("planted.ts", source, builtinCatalog).map((finding) => finding.text);

describe("core names no built-in plugin", () => {
  it("no file in src/core names one (what differs per plugin is a capability the plugin offers)", () => {
    const findings = sourceFiles(CORE).flatMap((file) =>
      findPluginNames(relative(ROOT, file), readFileSync(file, "utf8"), builtinCatalog),
    );
    expect(findings.map((finding) => `${finding.file}:${finding.line}: ${finding.why}`)).toEqual([]);
  });

  it("takes the names from the built-in catalog, so a new plugin is covered without a list to update", () => {
    const catalog = {
      ...builtinCatalog,
      runtime: { ...builtinCatalog.runtime, firecracker: () => Promise.resolve({}) },
    };
    expect(findPluginNames("planted.ts", 'if (runtime === "firecracker") {}', catalog)).toHaveLength(1);
    expect(findPluginNames("planted.ts", 'if (runtime === "firecracker") {}', builtinCatalog)).toHaveLength(
      0,
    );
  });

  it.each([
    ['if (project.runtime.plugin === "tmux") check();', "tmux"],
    ['const choice = { plugin: "github" };', "github"],
    ['export const DEFAULT_TERMINAL = "tmux-attach";', "tmux-attach"],
    ['registry.resolve("lifecycle", "core");', "core"],
    ['const agent = options.agent ?? "claude-code";', "claude-code"],
    ['const lifecycle = "core"; // not a plugin:', "core"],
    ["const fallback = `local`;", "local"],
    ['runtime: z.string().default("process"),', "process"],
    ['switch (name) { case "worktree": break; }', "worktree"],
    ['const slots = ["command", "codex"];', "command"],
    ["const hint = `set \\`scm: local\\` for local mode`;", "set `scm: local` for local mode"],
    ['throw new Error("runtime/tmux failed");', "runtime/tmux failed"],
    [
      'const hint = "use a tracker that lists: github, linear, local";',
      "use a tracker that lists: github, linear, local",
    ],
  ])("catches a planted violation: %s", (source, text) => {
    expect(scan(source)).toContain(text);
  });

  it.each([
    ['await git(ctx, dir, ["clone", "--quiet", "--", source, target]);', "a git subcommand"],
    ['await gitText(ctx, repo, ["worktree", "list", "--porcelain"]);', "a git subcommand"],
    ['await ctx.exec("git", ["clone", url]);', "a program's argument"],
    ['export const PATCH_COLUMNS = { worktree: "worktree", prUrl: "pr_url" };', "a column name"],
    ['type PatchableField = "issue" | "worktree" | "status";', "a field name in a type"],
    ['import { openLifecycleEngine } from "../lifecycle/index.js";', "a module path"],
    ["const line = `worktree ${session.worktree}`;", "a word in a message"],
    ['const hint = "local mode needs no hosting service";', "a word in prose"],
    ['const text = "the command exited";', "a word in prose"],
    ["// runtime/tmux and tracker: github, in a comment", "a comment"],
    [
      'return { owner: "core", routes }; // not a plugin: the layer that owns the routes',
      "said so, with why",
    ],
  ])("leaves alone: %s (%s)", (source) => {
    expect(scan(source)).toEqual([]);
  });
});
