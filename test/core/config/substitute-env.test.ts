import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/core/config/load-config.js";
import { expandEnv } from "../../../src/core/config/substitute-env.js";
import { isAoError } from "../../../src/core/errors.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { builtinCatalog } from "../../../src/plugins/builtin-catalog.js";

describe("expandEnv", () => {
  const env = { NAME: "ao", EMPTY: "" };

  it("substitutes ${VAR} and ${VAR:-default} (default when unset or empty)", () => {
    expect(expandEnv("hello ${NAME}!", env)).toEqual({
      text: "hello ao!",
      variables: ["NAME"],
      problems: [],
    });
    expect(expandEnv("${MISSING:-fallback}", env).text).toBe("fallback");
    expect(expandEnv("${EMPTY:-fallback}", env).text).toBe("fallback");
    expect(expandEnv("${EMPTY}", env).text).toBe("");
    expect(expandEnv("${MISSING:-}", env).text).toBe("");
    expect(expandEnv("a ${NAME:-x} b ${MISSING:-y:z} c", env).text).toBe("a ao b y:z c");
  });

  it("turns $${VAR} into a literal ${VAR}", () => {
    expect(expandEnv("$${NAME} and ${NAME}", env)).toEqual({
      text: "${NAME} and ao",
      variables: ["NAME"],
      problems: [],
    });
    expect(expandEnv("cost: $5, $$", env).text).toBe("cost: $5, $$");
  });

  it("reports missing variables and malformed references", () => {
    expect(expandEnv("${MISSING}", env).problems).toEqual(["environment variable MISSING is not set"]);
    expect(expandEnv("${1BAD}", env).problems[0]).toContain("malformed reference ${1BAD}");
    expect(expandEnv("${NAME", env).problems[0]).toContain("malformed reference");
    expect(expandEnv("${A:-${B}}", env).problems[0]).toContain("malformed reference");
  });
});

async function load(text: string, env: Record<string, string>) {
  const dir = makeTempDir("ao-config-");
  writeFileSync(join(dir, "agent-orchestrator.yaml"), text);
  return loadConfig({ catalog: builtinCatalog, cwd: dir, env }, {});
}

describe("loadConfig: environment substitution", () => {
  it("substitutes before validation and retypes unquoted values", async () => {
    const { config } = await load(
      [
        "port: ${AO_PORT:-3100}",
        "projects:",
        "  app:",
        "    path: ${APP_DIR}",
        '    defaultBranch: "${BRANCH:-1}"',
        "    agentRules: 'use $${HOME} literally'",
        "",
      ].join("\n"),
      { APP_DIR: "/srv/app" },
    );
    expect(config.port).toBe(3100);
    expect(config.projects["app"]!.path).toBe("/srv/app");
    expect(config.projects["app"]!.defaultBranch).toBe("1");
    expect(config.projects["app"]!.agentRules).toBe("use ${HOME} literally");
  });

  it("reports every missing variable with file:line:column, key path and variable name", async () => {
    const error = await load(
      "projects:\n  app:\n    path: ${APP_DIR}\nnotifiers:\n  s:\n    plugin: slack\n    webhookUrl: ${SLACK_URL}\n",
      {},
    ).catch((caught: unknown) => caught);
    if (!isAoError(error)) throw new Error("expected an AoError");
    expect(error.code).toBe("E_CONFIG_ENV");
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(
      "agent-orchestrator.yaml:3:11 projects.app.path: environment variable APP_DIR is not set",
    );
    expect(error.message).toContain(
      "agent-orchestrator.yaml:7:17 notifiers.s.webhookUrl: environment variable SLACK_URL is not set",
    );
    expect(error.hint).toContain("${VAR:-default}");
  });

  it("leaves keys and comments alone", async () => {
    const { config } = await load("# ${NOT_SUBSTITUTED}\nprojects:\n  app:\n    path: .\n", {});
    expect(Object.keys(config.projects)).toEqual(["app"]);
  });
});
