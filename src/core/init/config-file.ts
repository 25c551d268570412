import { randomBytes } from "node:crypto";
import { access, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CONFIG_FILE_NAMES } from "../config/find-config-path.js";
import { AoError } from "../errors.js";

/** The config file already at the repository root, if any (either spelling). */
export async function findExistingConfig(root: string): Promise<string | undefined> {
  for (const name of CONFIG_FILE_NAMES) {
    const path = join(root, name);
    try {
      await access(path);
      return path;
    } catch {
      // not there: try the other spelling
    }
  }
  return undefined;
}

/**
 * Where init writes. An existing file is refused without `force`; with it, that same file is
 * replaced (writing a new .yaml next to an old .yml would leave two configs that disagree).
 */
export async function chooseConfigPath(root: string, force: boolean): Promise<string> {
  const existing = await findExistingConfig(root);
  if (existing === undefined) return join(root, CONFIG_FILE_NAMES[0]);
  if (force) return existing;
  throw new AoError("E_EXISTS", `${existing} already exists`, {
    hint: "run `ao init --force` to replace it, or edit it by hand",
    details: { path: existing },
  });
}

/** Written next to the target and renamed over it, so a crash never leaves half a config. */
export async function writeConfigFile(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, text, { encoding: "utf8", mode: 0o644 });
  await rename(temporary, path);
}
