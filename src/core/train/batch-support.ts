import { locateKeyPath } from "../config/index.js";
import { AoError, EXIT_USAGE } from "../errors.js";
import type { Named, ProjectForge } from "../sessions/project-forge.js";
import type { Scm } from "../slots/index.js";

/**
 * Whether the project's scm can take `mergeQueue.batch` above 1 (docs/merge-train.md,
 * "Batching"). The train's batching stacks branches and lands the tested tip by moving the default
 * branch itself; an scm that lands pull requests on a forge (it offers `train`) merges each one
 * there, which cannot take a stack, and its forge's own merge queue batches instead. Checked where
 * the scm is known, when an entry is queued: undefined, or the refusal naming file, line and key.
 */
export async function batchRefusal(forge: ProjectForge, scm: Named<Scm>): Promise<AoError | undefined> {
  const { batch } = forge.project.mergeQueue;
  if (batch <= 1 || scm.plugin.train === undefined) return undefined;
  const keyPath = ["projects", forge.project.id, "mergeQueue", "batch"];
  const at = await locateKeyPath(forge.loaded, keyPath).catch(() => undefined);
  const where = at === undefined ? forge.loaded.path : `${at.file}:${String(at.line)}:${String(at.column)}`;
  return new AoError(
    "E_CONFIG_INVALID",
    `${where} ${keyPath.join(".")}: batch ${String(batch)} needs an scm whose train lands branches itself; scm/${scm.name} merges each pull request on its forge`,
    {
      hint: `set it to 1 and enable the repository's merge queue, which batches by itself (docs/merge-train.md, Batching)`,
      exitCode: EXIT_USAGE,
    },
  );
}
