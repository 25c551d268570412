import { existsSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";

/**
 * How this ao was installed, which decides what `ao update` means: an npm package (a newer version
 * from the registry) or a git checkout (pull, install, build). Anything else (a copy, a tarball
 * unpacked by hand) is `unknown`: update then only says what it found.
 */
export interface AoInstall {
  readonly kind: "npm" | "git" | "unknown";
  /** The package's directory (the one with package.json and bin/ao.js). */
  readonly root: string;
  readonly name: string;
  readonly version: string;
  /** npm: the prefix the package is installed under (`<prefix>/lib/node_modules/<name>`). */
  readonly prefix?: string | undefined;
}

/** The install the package at `root` is: `.git` there is a checkout, `…/lib/node_modules/<name>` a global npm install. */
export function describeInstall(root: string): AoInstall {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    name?: unknown;
    version?: unknown;
  };
  const name = typeof manifest.name === "string" ? manifest.name : "agent-orchestrator";
  const version = typeof manifest.version === "string" ? manifest.version : "0.0.0";
  if (existsSync(join(root, ".git"))) return { kind: "git", root, name, version };
  const modules = `${sep}lib${sep}node_modules${sep}${name.split("/").join(sep)}`;
  if (root.endsWith(modules))
    return { kind: "npm", root, name, version, prefix: root.slice(0, -modules.length) };
  return { kind: "unknown", root, name, version };
}

/** The package directory of an entry script (`<root>/bin/ao.js`). */
export function packageRootOf(entryScript: string): string {
  return dirname(dirname(entryScript));
}
