import { accessSync, chmodSync, constants, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "./temp-dir.js";

/**
 * A directory to use as the whole PATH: fake executables by name (shell scripts), plus symlinks to
 * real tools of this machine (`link: ["git", "tmux"]`) so a test decides exactly what is "installed".
 */
export function makeBinDir(options: { fake?: Record<string, string>; link?: string[] } = {}): string {
  const dir = makeTempDir("ao-bin-");
  for (const [name, script] of Object.entries(options.fake ?? {})) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${script}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  for (const name of options.link ?? []) symlinkSync(realTool(name), join(dir, name));
  return dir;
}

function realTool(name: string): string {
  for (const dir of (process.env["PATH"] ?? "").split(":")) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    return candidate;
  }
  throw new Error(`${name} is not installed on this machine`);
}
