/**
 * A plugin's own error codes (`E_GITHUB_AUTH`, `E_LINEAR_AUTH`): they belong to the plugin, not to
 * core's closed union. A plugin declares them once with what they mean for the exit code, and gets
 * back typed codes to throw `AoError`s with; a code nobody declared does not type-check.
 */
declare const declared: unique symbol;

/** A code some plugin declared; at run time just its string (`--json` prints it as such). */
export type PluginErrorCode<Code extends string = string> = Code & { readonly [declared]: true };

/** `failure`: exit 1, the operation failed. `usage`: exit 2, the person's input or configuration is wrong. */
export type ErrorMeaning = "failure" | "usage";

const EXIT_CODES: Readonly<Record<ErrorMeaning, number>> = { failure: 1, usage: 2 };
const CODE_PATTERN = /^E_[A-Z][A-Z0-9_]*$/;

/** Every declared code with its meaning, for `AoError`'s exit code. */
const meanings = new Map<string, ErrorMeaning>();

/** The codes core reserves; set by errors.ts (this module may not import it: errors.ts imports this one). */
let reserved: ReadonlySet<string> = new Set();

export function reserveCoreCodes(codes: Iterable<string>): void {
  reserved = new Set(codes);
}

/**
 * Declares a plugin's codes: `declareErrorCodes({ E_GITHUB_AUTH: "failure" })` returns
 * `{ E_GITHUB_AUTH: "E_GITHUB_AUTH" }` typed as codes `AoError` accepts. A code must look like
 * `E_<WORDS>`, must not be one of core's, and two plugins may share one only with the same meaning.
 */
export function declareErrorCodes<const Codes extends Record<string, ErrorMeaning>>(
  codes: Codes,
): { readonly [Code in keyof Codes & string]: PluginErrorCode<Code> } {
  for (const [code, meaning] of Object.entries(codes)) {
    if (!CODE_PATTERN.test(code)) throw new TypeError(`error code ${code} must look like E_SOMETHING`);
    if (reserved.has(code)) throw new TypeError(`error code ${code} is one of core's own`);
    const known = meanings.get(code);
    if (known !== undefined && known !== meaning)
      throw new TypeError(`error code ${code} is already declared as a ${known}`);
    meanings.set(code, meaning);
  }
  return Object.fromEntries(Object.keys(codes).map((code) => [code, code])) as never;
}

/** The exit code of a declared code; 1 (a failure) for anything else. */
export function declaredExitCode(code: string): number {
  return EXIT_CODES[meanings.get(code) ?? "failure"];
}
