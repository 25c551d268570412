import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_ALIAS_EXPANSION, MAX_CONFIG_BYTES } from "../../../src/core/config/config-limits.js";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { migrateConfig } from "../../../src/core/config/migrate-config.js";
import { isAoError, type AoError } from "../../../src/core/errors.js";
import { emptyCatalog } from "../../../src/core/registry/catalog.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { ALIAS_BOMB } from "../../fixtures/config/alias-bomb.js";

function writeConfig(text: string): string {
  const dir = makeTempDir("ao-config-");
  const file = join(dir, "agent-orchestrator.yaml");
  writeFileSync(file, text);
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<AoError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAoError(error)) throw new Error(`expected an AoError, got ${String(error)}`);
  return error;
}

const load = (file: string) =>
  loadConfig({ env: {}, cwd: "/proc", catalog: emptyCatalog() }, { configPath: file, registered: false });

interface Issue {
  line: number;
  column: number;
  message: string;
}

describe("config limits: aliases", () => {
  it("refuses an alias bomb as a configuration error at the alias that passes the limit", async () => {
    const file = writeConfig(ALIAS_BOMB);
    const error = await refusal(load(file));
    expect(error.code).toBe("E_CONFIG_INVALID");
    expect(error.exitCode).toBe(2);
    const [issue] = (error.details as { issues: Issue[] }).issues;
    expect(issue?.message).toContain(`more than ${MAX_ALIAS_EXPANSION} nodes`);
    expect(error.message).toMatch(new RegExp(`${file}:[5-7]:\\d+`));
  });

  it("names an alias whose anchor is not set before it", async () => {
    const file = writeConfig("defaults: *shared\nprojects: {}\n");
    const error = await refusal(load(file));
    expect(error.message).toContain(`${file}:1:11: YAML alias *shared names no anchor set before it`);
  });

  it("still loads anchors that share settings between projects", async () => {
    const dir = makeTempDir("ao-repo-");
    const text = [
      "shared: &shared",
      "  defaultBranch: main",
      "projects:",
      ...["a", "b", "c"].flatMap((id) => [`  ${id}:`, `    path: ${dir}`, "    <<: *shared"]),
      "",
    ].join("\n");
    const error = await refusal(load(writeConfig(text)));
    // Only the unknown top-level key is a problem; the merged keys are read.
    expect(error.message).toContain("shared");
    expect(error.message).not.toContain("alias");
  });
});

describe("config limits: size", () => {
  it("refuses a file over 1 MiB before parsing it, naming the file and the limit", async () => {
    const file = writeConfig(`projects: {}\nnote: "${"x".repeat(MAX_CONFIG_BYTES)}"\n`);
    const error = await refusal(load(file));
    expect(error.code).toBe("E_CONFIG_INVALID");
    expect(error.message).toContain(file);
    expect(error.message).toContain(`at most ${MAX_CONFIG_BYTES} bytes (1 MiB)`);
    expect(error.details).toMatchObject({ file, limit: MAX_CONFIG_BYTES });
    const migrate = await refusal(migrateConfig({ env: {}, cwd: "/proc" }, { configPath: file }));
    expect(migrate.details).toMatchObject({ file, limit: MAX_CONFIG_BYTES });
  });
});
