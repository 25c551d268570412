import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectToolchain } from "../../../src/core/init/detect-toolchain.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

function dirWith(...files: string[]): string {
  const dir = makeTempDir("ao-toolchain-");
  for (const file of files) writeFileSync(join(dir, file), "");
  return dir;
}

describe("detectToolchain", () => {
  it.each([
    [["package.json", "package-lock.json"], "javascript", "npm", "npm ci", true],
    [["package.json", "pnpm-lock.yaml"], "javascript", "pnpm", "pnpm install --frozen-lockfile", true],
    [["package.json", "yarn.lock"], "javascript", "yarn", "yarn install --frozen-lockfile", true],
    [["package.json", "yarn.lock", ".yarnrc.yml"], "javascript", "yarn", "yarn install --immutable", true],
    [["package.json", "bun.lockb"], "javascript", "bun", "bun install --frozen-lockfile", true],
    [["package.json", "bun.lock"], "javascript", "bun", "bun install --frozen-lockfile", true],
    [["package.json"], "javascript", "npm", "npm install", false],
    [["package.json", "package-lock.json", "tsconfig.json"], "typescript", "npm", "npm ci", true],
    [["Cargo.toml", "Cargo.lock"], "rust", "cargo", "cargo fetch --locked", true],
    [["Cargo.toml"], "rust", "cargo", "cargo fetch", false],
    [["go.mod"], "go", "go", "go mod download", false],
    [["pyproject.toml", "poetry.lock"], "python", "poetry", "poetry install --no-interaction", true],
    [["pyproject.toml", "uv.lock"], "python", "uv", "uv sync --frozen", true],
    [["requirements.txt"], "python", "pip", "pip install -r requirements.txt", false],
    [["pyproject.toml"], "python", "pip", "pip install -e .", false],
    [["Gemfile", "Gemfile.lock"], "ruby", "bundler", "bundle install", true],
  ])("%j → %s/%s", async (files, language, packageManager, install, locked) => {
    expect(await detectToolchain(dirWith(...files))).toMatchObject({
      language,
      packageManager,
      install,
      locked,
    });
  });

  it.each([
    [{ "package.json": '{"scripts":{"test":"vitest run"}}', "pnpm-lock.yaml": "" }, "pnpm test"],
    [{ "package.json": '{"scripts":{"test":"jest"}}', "bun.lock": "" }, "bun run test"],
    [{ "package.json": '{"scripts":{"test":"echo \\"Error: no test specified\\" && exit 1"}}' }, undefined],
    [{ "package.json": "{}", "package-lock.json": "{}" }, undefined],
    [{ "package.json": "not json" }, undefined],
    [{ "Cargo.toml": "" }, "cargo test"],
    [{ "go.mod": "", "go.sum": "" }, "go test ./..."],
    [{ "pyproject.toml": "", "uv.lock": "", "conftest.py": "" }, "uv run pytest"],
    [{ "requirements.txt": "" }, undefined],
  ])("test command of %j: %s", async (files, test) => {
    const dir = makeTempDir("ao-toolchain-");
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    expect((await detectToolchain(dir))?.test).toBe(test);
  });

  it.each([
    [{ "package.json": '{"scripts":{"test":"node --test"}}' }, false],
    [{ "package.json": '{"devDependencies":{"xo":"^1"}}' }, true],
    [{ "package.json": '{"dependencies":{}, "optionalDependencies":{"fsevents":"*"}}' }, true],
    [{ "package.json": "not json" }, true],
    [{ "requirements.txt": "requests\n" }, true],
  ])("whether the tests of %j need the install first: %s", async (files, needsInstall) => {
    const dir = makeTempDir("ao-toolchain-");
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    expect((await detectToolchain(dir))?.needsInstall).toBe(needsInstall);
  });

  it("prefers a lockfile over a bare manifest", async () => {
    expect(await detectToolchain(dirWith("package.json", "pnpm-lock.yaml"))).toMatchObject({
      evidence: "pnpm-lock.yaml",
    });
  });

  it("returns undefined when nothing is recognised", async () => {
    expect(await detectToolchain(dirWith("README.md"))).toBeUndefined();
  });
});
