import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import type { ProjectForge } from "../../../src/core/sessions/project-forge.js";
import type { Scm } from "../../../src/core/slots/index.js";
import { batchRefusal } from "../../../src/core/train/batch-support.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

/** A project's forge as enqueue sees it: the loaded file, the project, and an scm with or without `train`. */
async function forgeWith(batch: number): Promise<ProjectForge> {
  const dir = makeTempDir("ao-batch-");
  writeFileSync(
    join(dir, "agent-orchestrator.yaml"),
    `projects:\n  app:\n    path: a\n    repo: o/r\n    scm:\n      plugin: github\n    mergeQueue:\n      batch: ${String(batch)}\n`,
  );
  const loaded = await loadConfig({ catalog: builtinCatalog, cwd: dir, env: {} }, {});
  const project = loaded.config.projects["app"]!;
  return {
    loaded,
    project,
    scm: () => Promise.reject(new Error("unused")),
    tracker: () => Promise.reject(new Error("unused")),
  };
}
const forgeScm = { name: "github", plugin: { train: {} } as unknown as Scm };
const ownScm = { name: "local", plugin: {} as unknown as Scm };

describe("mergeQueue.batch and the project's scm", () => {
  it("refuses batch above 1 where pull requests land on a forge, naming file, line and key", async () => {
    const forge = await forgeWith(3);
    const refusal = await batchRefusal(forge, forgeScm);
    expect(refusal?.code).toBe("E_CONFIG_INVALID");
    expect(refusal?.message).toContain(`${forge.loaded.path}:8:14 projects.app.mergeQueue.batch: batch 3`);
    expect(refusal?.hint).toContain("enable the repository's merge queue");
  });

  it("lets batch 1 through on a forge, and any batch where the train lands branches itself", async () => {
    expect(await batchRefusal(await forgeWith(1), forgeScm)).toBeUndefined();
    expect(await batchRefusal(await forgeWith(3), ownScm)).toBeUndefined();
  });
});
