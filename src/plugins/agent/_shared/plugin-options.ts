import { z } from "zod";

/**
 * Options every CLI agent takes: which program to run (a name on PATH or a path) and extra
 * arguments placed before the prompt, for flags ao has no option for.
 */
export function cliAgentOptions(defaultCommand: string) {
  return z.strictObject({
    command: z
      .string()
      .min(1)
      .default(defaultCommand)
      .meta({ description: `The ${defaultCommand} program: a name on PATH or an absolute path.` }),
    args: z
      .array(z.string())
      .default([])
      .meta({ description: "Extra arguments passed on every launch and resume, before the prompt." }),
  });
}

/** The sentence that hands an agent its task file; the task text itself never enters argv. */
export function taskInstruction(fileReference: string): string {
  return `Carry out the task described in ${fileReference}`;
}
