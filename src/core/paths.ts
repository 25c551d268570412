import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** Everything ao owns lives under AO_HOME; tests and tools each get their own. */
export function resolveAoHome(env: Readonly<Record<string, string | undefined>>): string {
  const fromEnv = env["AO_HOME"];
  return fromEnv !== undefined && fromEnv !== "" ? resolve(fromEnv) : join(homedir(), ".agent-orchestrator");
}

export interface AoPaths {
  readonly home: string;
  readonly database: string;
  readonly logs: string;
  readonly projects: string;
  readonly prompts: string;
}

export function aoPaths(home: string): AoPaths {
  return {
    home,
    database: join(home, "ao.db"),
    logs: join(home, "logs"),
    projects: join(home, "projects"),
    prompts: join(home, "prompts"),
  };
}
