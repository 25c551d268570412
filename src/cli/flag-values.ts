import { AoError } from "../core/errors.js";
import { durationFlag } from "./duration-flag.js";
import type { BooleanFlag, FlagSpec, ListFlag, NumberFlag } from "./flags.js";
import { portFlag } from "./port-flag.js";

/** Typed text as the flag's value (`--lines 50` → 50), or a usage error naming the flag with a hint. */
export async function parseFlagValue(
  flag: string,
  spec: Exclude<FlagSpec, BooleanFlag | ListFlag>,
  text: string,
): Promise<string | number> {
  switch (spec.type) {
    case "string":
      return text;
    case "number":
      return wholeNumber(flag, spec, text);
    case "duration":
      return durationFlag(flag, text);
    case "port":
      return portFlag(text, flag);
    case "enum":
      return oneOf(flag, spec.values, text);
  }
}

function wholeNumber(flag: string, spec: NumberFlag, text: string): number {
  const n = Number(text);
  const { min, max } = spec;
  if (/^-?\d+$/.test(text) && (min === undefined || n >= min) && (max === undefined || n <= max)) return n;
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? `, at least ${min}`
        : max !== undefined
          ? `, at most ${max}`
          : "";
  const example = spec.default ?? String(Math.max(min ?? 1, Math.min(max ?? 20, 20)));
  throw new AoError("E_USAGE", `${flag} must be a whole number${range}, not ${JSON.stringify(text)}`, {
    hint: `for example: ${flag} ${example}`,
  });
}

function oneOf(flag: string, values: readonly string[], text: string): string {
  if (values.includes(text)) return text;
  throw new AoError("E_USAGE", `${flag} ${JSON.stringify(text)} is not one of: ${values.join(", ")}`, {
    hint: `use one of: ${values.join(", ")}`,
  });
}
