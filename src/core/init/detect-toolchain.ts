import { access, readFile } from "node:fs/promises";
import { join } from "node:path";

export interface Toolchain {
  readonly language: string;
  readonly packageManager: string;
  /** The marker file that decided it (a lockfile when there is one). */
  readonly evidence: string;
  /** A command that installs dependencies in a fresh worktree. */
  readonly install: string | undefined;
  /**
   * Whether `install` is reproducible from a lockfile. Only then does init write it as a real
   * `postCreate` value; anything else is offered as a comment (a pip install into whatever Python is
   * active is not something to run on every spawn unasked).
   */
  readonly locked: boolean;
  /**
   * The command that runs the project's tests (local CI's `ci` in local mode). For JavaScript only
   * when package.json has a real `test` script (not npm's "no test specified" placeholder).
   */
  readonly test: string | undefined;
  /**
   * Whether the tests need the install first. False only where that is known: a package.json
   * that declares no dependencies at all. (A fresh worktree has no node_modules.)
   */
  readonly needsInstall: boolean;
}

/** [marker file, language, package manager, install command]. */
type Marker = readonly [string, string, string, string | undefined];

/** The usual test command per package manager; JavaScript ones run package.json's `test` script. */
const TEST_COMMANDS: Readonly<Record<string, string>> = {
  npm: "npm test",
  pnpm: "pnpm test",
  yarn: "yarn test",
  bun: "bun run test",
  cargo: "cargo test",
  go: "go test ./...",
  uv: "uv run pytest",
  poetry: "poetry run pytest",
  pip: "python -m pytest",
  bundler: "bundle exec rake test",
  mix: "mix test",
  maven: "mvn test",
  gradle: "gradle test",
};

const NPM_PLACEHOLDER_TEST = /no test specified/;
const PYTEST_SIGNS = ["pytest.ini", "conftest.py", "tests", "test"];

/** Checked first; the first one present wins (`pnpm-lock.yaml` beats the `package.json` beside it). */
const LOCKFILES: readonly Marker[] = [
  ["bun.lock", "javascript", "bun", "bun install --frozen-lockfile"],
  ["bun.lockb", "javascript", "bun", "bun install --frozen-lockfile"],
  ["pnpm-lock.yaml", "javascript", "pnpm", "pnpm install --frozen-lockfile"],
  ["yarn.lock", "javascript", "yarn", "yarn install --frozen-lockfile"],
  ["package-lock.json", "javascript", "npm", "npm ci"],
  ["Cargo.lock", "rust", "cargo", "cargo fetch --locked"],
  ["go.sum", "go", "go", "go mod download"],
  ["uv.lock", "python", "uv", "uv sync --frozen"],
  ["poetry.lock", "python", "poetry", "poetry install --no-interaction"],
  ["Gemfile.lock", "ruby", "bundler", "bundle install"],
  ["composer.lock", "php", "composer", "composer install"],
  ["mix.lock", "elixir", "mix", "mix deps.get"],
];

/** Manifests without a lockfile: the language is certain, the install is only a suggestion. */
const MANIFESTS: readonly Marker[] = [
  ["package.json", "javascript", "npm", "npm install"],
  ["Cargo.toml", "rust", "cargo", "cargo fetch"],
  ["go.mod", "go", "go", "go mod download"],
  ["requirements.txt", "python", "pip", "pip install -r requirements.txt"],
  ["pyproject.toml", "python", "pip", "pip install -e ."],
  ["Gemfile", "ruby", "bundler", "bundle install"],
  ["pom.xml", "java", "maven", undefined],
  ["build.gradle.kts", "kotlin", "gradle", undefined],
  ["build.gradle", "java", "gradle", undefined],
];

/** The language and package manager of the repository at `root`, from the files at its top level. */
export async function detectToolchain(root: string): Promise<Toolchain | undefined> {
  for (const [markers, locked] of [
    [LOCKFILES, true],
    [MANIFESTS, false],
  ] as const) {
    for (const marker of markers) {
      if (await exists(join(root, marker[0]))) return describe(root, marker, locked);
    }
  }
  return undefined;
}

async function describe(root: string, marker: Marker, locked: boolean): Promise<Toolchain> {
  const [evidence, language, packageManager, install] = marker;
  const typescript = language === "javascript" && (await exists(join(root, "tsconfig.json")));
  // Yarn 2+ (configured by .yarnrc.yml) renamed --frozen-lockfile to --immutable.
  const berry = packageManager === "yarn" && (await exists(join(root, ".yarnrc.yml")));
  return {
    language: typescript ? "typescript" : language,
    packageManager,
    evidence,
    install: berry ? "yarn install --immutable" : install,
    locked,
    test: await testCommand(root, language, packageManager),
    needsInstall: language !== "javascript" || (await declaresDependencies(root)),
  };
}

const DEPENDENCY_KEYS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];

async function declaresDependencies(root: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    return DEPENDENCY_KEYS.some((key) => Object.keys((manifest[key] as object | undefined) ?? {}).length > 0);
  } catch {
    return true; // unreadable: assume the worst
  }
}

async function testCommand(
  root: string,
  language: string,
  packageManager: string,
): Promise<string | undefined> {
  if (language === "javascript") return packageTest(root, packageManager);
  // pytest is the usual runner but not a given: only where the repository shows it uses it.
  if (language === "python") {
    const signs = await Promise.all(PYTEST_SIGNS.map((sign) => exists(join(root, sign))));
    return signs.some(Boolean) ? TEST_COMMANDS[packageManager] : undefined;
  }
  return TEST_COMMANDS[packageManager];
}

async function packageTest(root: string, packageManager: string): Promise<string | undefined> {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { scripts?: unknown })
      .scripts;
  } catch {
    return undefined; // no package.json beside the lockfile, or one that is not JSON
  }
  const test = (scripts as Record<string, unknown> | undefined)?.["test"];
  if (typeof test !== "string" || test.trim() === "" || NPM_PLACEHOLDER_TEST.test(test)) return undefined;
  return TEST_COMMANDS[packageManager];
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
