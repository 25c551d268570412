import { jsonFlag } from "../common-flags.js";

/** The `--json` of the commands that answer with the plan (propose, edit, rewind, approve, cancel, reject). */
export const PLAN_JSON = jsonFlag("print the plan as JSON");

/**
 * A revision flag's type, spread into its declaration with its own description: a whole number
 * from 1 (`--revision <n>`), as the `<revision>` arguments (revision-arg.ts) take it.
 */
export const REVISION = { type: "number", min: 1, value: "n" } as const;
