import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { AoError } from "../errors.js";

const AGENT_FILE = join("examples", "demo-agent", "demo-agent.mjs");

/** Where ao's demo material lives: `examples/demo-agent/` of the ao package. */
export interface DemoMaterial {
  /** The scripted demo agent (a node script). */
  agent: string;
  /** The sandbox project copied into each demo's repository. */
  project: string;
  /** The sandbox's configuration and how the demo describes it (sandbox-config.ts). */
  manifest: string;
}

/**
 * Walks up from this module to the package root: the same code runs from src/ (tests), dist/
 * (tsc) or a bundle, each at a different depth, and all of them sit inside the package.
 */
export function locateDemoMaterial(from: string = import.meta.url): DemoMaterial {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    if (existsSync(join(dir, AGENT_FILE))) {
      const base = join(dir, "examples", "demo-agent");
      return {
        agent: join(base, "demo-agent.mjs"),
        project: join(base, "project"),
        manifest: join(base, "sandbox.yaml"),
      };
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new AoError("E_NOT_FOUND", `the demo agent (${AGENT_FILE}) is not part of this ao installation`, {
    hint: "reinstall ao from its repository (bash scripts/setup.sh); the examples/ folder ships with it",
  });
}
