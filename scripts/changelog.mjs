#!/usr/bin/env node
// The changelog from fragments: one file per change in changelog/unreleased/ (format in
// changelog/README.md), so parallel branches never conflict on CHANGELOG.md.
//
//   node scripts/changelog.mjs check               every fragment is well formed (exit 1 if not)
//   node scripts/changelog.mjs preview             the Unreleased section as it would be released
//   node scripts/changelog.mjs release <version> [--date YYYY-MM-DD]
//                                                  write it into CHANGELOG.md and remove the fragments
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** Keep a Changelog's order of sections. */
export const TYPES = ["added", "changed", "removed", "fixed", "security"];
const ROOT = resolve(import.meta.dirname, "..");
const FRAGMENTS = join(ROOT, "changelog", "unreleased");

/** One fragment's text → { type, issue, body } or a list of problems. */
export function parseFragment(name, text) {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) return { problems: [`${name}: no front matter (--- type: … ---)`] };
  const fields = Object.fromEntries(
    match[1].split("\n").map((line) => line.replace(/\s+#.*$/, "").split(/:\s*/, 2)),
  );
  const body = match[2].trim();
  const problems = [];
  if (!TYPES.includes(fields.type)) problems.push(`${name}: type must be one of ${TYPES.join(", ")}`);
  if (fields.issue !== undefined && !/^\d+$/.test(fields.issue))
    problems.push(`${name}: issue must be a number`);
  if (body === "") problems.push(`${name}: no text after the front matter`);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*\.md$/.test(name)) problems.push(`${name}: name it in kebab-case, ending .md`);
  return problems.length > 0 ? { problems } : { type: fields.type, issue: fields.issue, body };
}

/** Fragments in name order, each parsed. */
export function readFragments(dir = FRAGMENTS) {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => ({ name, ...parseFragment(name, readFileSync(join(dir, name), "utf8")) }));
}

/** The Markdown of one release from parsed fragments, sections in TYPES order. */
export function renderRelease(heading, fragments) {
  const sections = TYPES.flatMap((type) => {
    const items = fragments.filter((f) => f.type === type);
    if (items.length === 0) return [];
    const bullets = items.map((f) => `- ${f.body.replace(/\n/g, "\n  ")}`);
    return [`### ${type[0].toUpperCase()}${type.slice(1)}`, "", ...bullets, ""];
  });
  return [`## ${heading}`, "", ...sections].join("\n");
}

/** Writes the fragments under root as one release into root's CHANGELOG.md, then removes them. */
export function release(root, version, date) {
  const dir = join(root, "changelog", "unreleased");
  const fragments = readFragments(dir);
  const path = join(root, "CHANGELOG.md");
  const current = readFileSync(path, "utf8");
  // The new release goes right after the Unreleased section (which only points at the fragments).
  const unreleased = current.indexOf("## [Unreleased]");
  const at = current.indexOf("\n## ", unreleased + 1);
  const head = at === -1 ? current.trimEnd() + "\n" : current.slice(0, at + 1);
  const rest = at === -1 ? "" : current.slice(at + 1);
  writeFileSync(path, `${head}\n${renderRelease(`[${version}] - ${date}`, fragments)}\n${rest}`);
  for (const f of fragments) rmSync(join(dir, f.name));
  return fragments.length;
}

function main([command, ...args]) {
  const fragments = readFragments();
  const problems = fragments.flatMap((f) => f.problems ?? []);
  if (problems.length > 0) {
    for (const p of problems) console.error(`changelog: ${p}`);
    return 1;
  }
  if (command === "check")
    return (console.log(`changelog: ${fragments.length} fragments, all well formed`), 0);
  if (command === "preview") return (console.log(renderRelease("[Unreleased]", fragments)), 0);
  if (command === "release" && /^\d+\.\d+\.\d+/.test(args[0] ?? "")) {
    const dateAt = args.indexOf("--date");
    const date = dateAt === -1 ? new Date().toISOString().slice(0, 10) : args[dateAt + 1];
    console.log(`changelog: ${release(ROOT, args[0], date)} fragments released as ${args[0]}`);
    return 0;
  }
  console.error("usage: node scripts/changelog.mjs check | preview | release <version> [--date YYYY-MM-DD]");
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
