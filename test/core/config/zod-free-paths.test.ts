import { describe, expect, it } from "vitest";
import { moduleGraph } from "../../helpers/module-graph.js";

/** The packages a module loads at once: through static imports, not those behind an `import()`. */
async function staticPackages(entry: string): Promise<string[]> {
  const inputs = await moduleGraph(entry);
  const seen = new Set([entry]);
  const packages = new Set<string>();
  for (const file of seen) {
    for (const found of inputs[file]?.imports ?? []) {
      if (found.kind !== "import-statement") continue;
      if (found.external) packages.add(found.path);
      else seen.add(found.path);
    }
  }
  return [...packages].sort();
}

describe("the hot commands' core loads no zod (issue 17: spawn and status speed)", () => {
  // zod is 390 kB of the bundle; a config the validated-config cache returns needs none of it.
  it.each([
    "src/core/sessions/spawn-session.ts",
    "src/core/sessions/list-sessions.ts",
    "src/core/sessions/send-message.ts",
  ])("%s", async (entry) => {
    const packages = await staticPackages(entry);
    expect(packages.filter((name) => name.startsWith("zod"))).toEqual([]);
  });
});
