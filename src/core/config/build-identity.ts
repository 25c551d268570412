/**
 * scripts/build.mjs replaces this name with "<version>+<random id>" in the bundle, so every build
 * (a dev rebuild with a changed schema keeps the version) has its own identity. Run from source
 * (vitest, tsc's dist/), it is not defined.
 */
declare const __AO_BUILD__: string | undefined;

/** The running bundle's build, or undefined outside the bundle (then nothing is cached). */
export function bundleBuildId(): string | undefined {
  return typeof __AO_BUILD__ === "string" ? __AO_BUILD__ : undefined;
}
