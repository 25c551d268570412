import { AoError } from "../core/errors.js";

/** A duration option (`--timeout 10m`) as milliseconds; anything else is a usage error naming the flag. */
export async function durationFlag(flag: string, text: string): Promise<number> {
  const { parseDuration } = await import("../core/config/index.js");
  try {
    return parseDuration(text);
  } catch {
    throw new AoError("E_USAGE", `${flag} ${JSON.stringify(text)} is not a duration`, {
      hint: "write it with a unit, e.g. 90s, 10m or 1h",
    });
  }
}
