import { AoError, EXIT_USAGE } from "../core/errors.js";

/** `--port <n>`: 0 to 65535 (0 picks a free port), else a usage error naming the flag. */
export function portFlag(value: string, flag = "--port"): number {
  if (/^\d{1,5}$/.test(value) && Number(value) <= 65_535) return Number(value);
  throw new AoError("E_USAGE", `${flag} ${value} is not a port`, {
    hint: "give 0 to 65535 (0 picks a free one)",
    exitCode: EXIT_USAGE,
  });
}
