import type { FlagSpecs } from "./flags.js";

/**
 * The flags many commands share, declared once and spread into a command's declaration
 * (`defineFlags({ ...jsonFlag(), all: {…} })`). Each takes the command's own description where
 * commands word it differently, so `--help` says what the flag does there.
 */
export function jsonFlag(description = "print the result as JSON") {
  return { json: { type: "boolean", description } } as const satisfies FlagSpecs;
}

/** `--timeout <duration>` with the default as typed (`"10m"`); read as milliseconds. */
export function timeoutFlag<const D extends string>(description: string, defaultText: D) {
  return { timeout: { type: "duration", description, default: defaultText } } as const satisfies FlagSpecs;
}

/** `--project <id>`: which configured project. */
export function projectFlag(
  description = "the project (default: the only one, or the one around this directory)",
) {
  return { project: { type: "string", value: "id", description } } as const satisfies FlagSpecs;
}
