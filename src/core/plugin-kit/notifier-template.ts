/**
 * The files `ao plugin create --slot notifier` writes: a plain-JavaScript ESM package with no
 * dependencies (so `npm install <its directory>` works offline), whose notifier appends each
 * notification as one JSON line to a file. Real, small, and a starting point to replace.
 */
export function notifierFiles(name: string): Record<string, string> {
  return {
    "package.json": `${JSON.stringify(manifest(name), null, 2)}\n`,
    "index.js": ENTRY.replaceAll("__NAME__", name),
    "test/notifier.test.js": TEST,
    "README.md": readme(name),
  };
}

function manifest(name: string): Record<string, unknown> {
  return {
    name,
    version: "0.1.0",
    description: "An ao notifier plugin that appends every notification to a file as a JSON line",
    keywords: ["agent-orchestrator-plugin"],
    type: "module",
    exports: { ".": "./index.js" },
    files: ["index.js"],
    scripts: { test: "node --test test/" },
    engines: { node: ">=20.19" },
    peerDependencies: { "agent-orchestrator": "^0.1.0" },
    peerDependenciesMeta: { "agent-orchestrator": { optional: true } },
  };
}

const ENTRY = `import { appendFile, mkdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";

/**
 * Options: \`file\`, where notifications go (relative to the configuration file's directory).
 * A zod schema would do; this package has no dependencies, so it checks by hand. ao calls only
 * \`safeParse\` and reads \`{ success, data }\` or \`error.issues\` (\`path\`, \`message\`).
 */
const options = {
  safeParse(raw) {
    const value = raw ?? {};
    const issues = Object.keys(value)
      .filter((key) => key !== "file")
      .map((key) => ({ path: [key], message: \`unknown option "\${key}" (this plugin has only file)\` }));
    if (value.file !== undefined && (typeof value.file !== "string" || value.file === ""))
      issues.push({ path: ["file"], message: "expected a non-empty string (a file path)" });
    if (issues.length > 0) return { success: false, error: { issues } };
    return { success: true, data: { file: value.file ?? "notifications.jsonl" } };
  },
};

export const plugin = {
  slot: "notifier",
  name: "__NAME__",
  description: "appends every notification to a file, one JSON line each",
  options,
  defaults: { file: "notifications.jsonl" },
  create(config, ctx) {
    const file = resolve(ctx.baseDir, config.file);
    return {
      async notify(notification) {
        await mkdir(dirname(file), { recursive: true });
        const line = { at: new Date(ctx.clock.now()).toISOString(), ...notification };
        await appendFile(file, \`\${JSON.stringify(line)}\\n\`);
        ctx.logger.debug("notification written", { file });
      },
    };
  },
};
`;

const TEST = `import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { plugin } from "../index.js";

const ctx = (baseDir) => ({ baseDir, clock: { now: () => 0 }, logger: { debug() {} } });

test("a notification becomes one JSON line in the file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "notifier-"));
  const parsed = plugin.options.safeParse({ file: "out/n.jsonl" });
  assert.equal(parsed.success, true);
  const notifier = await plugin.create(parsed.data, ctx(dir));
  await notifier.notify({ title: "PR ready", body: "app-1 opened #3", priority: "action" });
  const [line] = readFileSync(join(dir, "out", "n.jsonl"), "utf8").trim().split("\\n");
  assert.deepEqual(JSON.parse(line), {
    at: "1970-01-01T00:00:00.000Z",
    title: "PR ready",
    body: "app-1 opened #3",
    priority: "action",
  });
});

test("a misspelt option is refused", () => {
  const parsed = plugin.options.safeParse({ fiel: "x" });
  assert.equal(parsed.success, false);
  assert.deepEqual(parsed.error.issues[0].path, ["fiel"]);
});
`;

function readme(name: string): string {
  return `# ${name}

An [ao](https://github.com/ComposioHQ/agent-orchestrator) notifier plugin, made by
\`ao plugin create ${name} --slot notifier\`. It appends every notification to a file, one JSON
line each; replace \`notify\` in \`index.js\` with your own delivery.

## Use it

\`\`\`sh
ao plugin install ./${name.replace(/^@[^/]+\//, "")}   # npm install next to agent-orchestrator.yaml, then names it in defaults.notifiers
\`\`\`

or by hand, in \`agent-orchestrator.yaml\`:

\`\`\`yaml
notifiers:
  log:
    plugin: ${name}
    file: notifications.jsonl # relative to this file's directory
defaults:
  notifiers: [log]
\`\`\`

## Develop

\`npm test\` runs \`test/\` with \`node --test\`. The plugin exports \`plugin\` (slot, name,
description, options, create), as ao's docs/plugins.md describes; add the keyword
\`agent-orchestrator-plugin\` (already in package.json) so \`ao plugin search\` finds it once published.
`;
}
