import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { delimiter, isAbsolute, join } from "node:path";

/**
 * The first executable file called `name` in the directories of `pathVariable` (PATH), or
 * undefined. Looks only: nothing is executed, so a broken or slow agent CLI cannot hang init or doctor.
 */
export async function findOnPath(
  name: string,
  pathVariable: string | undefined,
): Promise<string | undefined> {
  for (const dir of (pathVariable ?? "").split(delimiter)) {
    // An empty or relative PATH entry means "the current directory": never trust that for a lookup.
    if (dir === "" || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
