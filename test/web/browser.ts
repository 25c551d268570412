import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { chromium, type Browser, type Page } from "playwright-core";

/**
 * Debian's chromium (scripts/setup.sh and .ci/run install it with apt-get), never a downloaded one:
 * `AO_CHROMIUM` names another binary. Browser tests skip only when it is absent on a developer's
 * machine; under `.ci/run` (AO_REQUIRE_CHROMIUM=1) its absence fails them instead.
 */
export const CHROMIUM = process.env["AO_CHROMIUM"] ?? "/usr/bin/chromium";

/**
 * Why the browser tests are skipped here, or undefined when they run. Where chromium is required
 * they run even without it, and launchBrowser fails them with what to install.
 */
export function browserSkipReason(): string | undefined {
  if (existsSync(CHROMIUM) || process.env["AO_REQUIRE_CHROMIUM"] === "1") return undefined;
  const reason = `browser tests skipped: no chromium at ${CHROMIUM} (apt-get install chromium, or set AO_CHROMIUM)`;
  process.stderr.write(`${reason}\n`);
  return reason;
}

/** A headless chromium that reaches nothing but the loopback servers the tests start. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`chromium is required here but ${CHROMIUM} is missing: run scripts/setup.sh as root`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-default-apps",
      "--disable-dev-shm-usage",
      ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    ],
  });
}

/** Where a test run writes its screenshots (kept after the run: CI can upload them). */
export function artifactsDir(): string {
  const dir = process.env["AO_ARTIFACTS_DIR"] ?? join(process.cwd(), "tmp", "artifacts");
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A page's script (TypeScript, imports resolved from the checkout) bundled the way scripts/build.mjs bundles the page. */
export async function bundleForPage(entry: string): Promise<{ js: string; css: string }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    outdir: "/virtual",
    logLevel: "silent",
  });
  const file = (ext: string) => result.outputFiles.find((output) => output.path.endsWith(ext))?.text ?? "";
  return { js: file(".js"), css: file(".css") };
}

/**
 * A photograph of the window as a person sees it (never the whole page: the files stay small), into
 * the artifacts' `screens/`; with AO_UPDATE_SCREENSHOTS=1 also into docs/screens/, the pictures the
 * docs show (a plain test run never touches the checkout).
 */
export async function photograph(page: Page, file: string): Promise<void> {
  const shots = join(artifactsDir(), "screens");
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, file) });
  if (process.env["AO_UPDATE_SCREENSHOTS"] === "1")
    copyFileSync(join(shots, file), join(process.cwd(), "docs", "screens", file));
}
