import { isAbsolute, join, resolve } from "node:path";
import type { DefaultedSlot, PluginDefaults } from "../registry/catalog.js";
import type { ConfigProblem } from "./config-issues.js";
import type { RawConfig } from "./config-schema.js";
import { DEFAULT_REACTIONS } from "./default-reactions.js";
import { parseDuration } from "./duration.js";
import { mergeReactions } from "./merge-reactions.js";
import type { RawProject } from "./project-schema.js";
import { PRIORITIES } from "./reaction-names.js";
import { normalizeControlPlane, projectControlPlane } from "./control-plane-config.js";
import type {
  AoConfig,
  BudgetConfig,
  ControlPlaneConfig,
  DefaultsConfig,
  PluginConfig,
  ProjectConfig,
  ReactionTable,
} from "./types.js";

interface NormalizeOptions {
  /** Directory of the config file: the base for relative project paths. */
  configDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** What the plugin catalog gives where the file names no plugin. */
  catalogDefaults: PluginDefaults;
}

/** Lower-case, only [a-z0-9-], no leading or trailing dash: `My_App` → `my-app`. */
export function deriveSessionPrefix(projectId: string): string {
  return projectId
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** `~` and `~/x` use HOME from the context; anything else relative resolves against `base`. */
function expandPath(path: string, base: string, home: string | undefined): string | undefined {
  if (path === "~" || path.startsWith("~/")) return home ? join(home, path.slice(1)) : undefined;
  return isAbsolute(path) ? resolve(path) : resolve(base, path);
}

function pluginConfig(ref: string | PluginConfig): PluginConfig {
  return typeof ref === "string" ? { plugin: ref } : ref;
}

/** Trackers and SCMs default to the catalog's choice for a hosted repository when `repo` is set. */
function forgePluginConfig(
  ref: string | PluginConfig | undefined,
  repo: string | undefined,
  fallback: string | undefined,
): PluginConfig | undefined {
  if (ref !== undefined) return pluginConfig(ref);
  return repo === undefined || fallback === undefined ? undefined : { plugin: fallback };
}

/**
 * `defaults:` as written, completed from the catalog. A slot neither names gets "" and a problem
 * where a project needs it (see `slotPlugin`), so a catalog without defaults still loads files that
 * name every plugin.
 */
function resolveDefaults(raw: RawConfig["defaults"], catalog: PluginDefaults): DefaultsConfig {
  const pick = (slot: DefaultedSlot) => raw[slot] ?? catalog[slot] ?? "";
  return {
    runtime: pick("runtime"),
    agent: pick("agent"),
    workspace: pick("workspace"),
    terminal: pick("terminal"),
    lifecycle: pick("lifecycle"),
    notifiers: [...(raw.notifiers ?? catalog.notifiers ?? [])],
  };
}

/** The project's plugin in `slot`, else the default; neither is a problem at the project's key. */
function slotPlugin(
  id: string,
  slot: DefaultedSlot,
  ref: string | PluginConfig | undefined,
  defaults: DefaultsConfig,
  problems: ConfigProblem[],
): PluginConfig {
  if (ref !== undefined) return pluginConfig(ref);
  if (defaults[slot] === "")
    problems.push({
      keyPath: ["projects", id],
      message: `no ${slot} plugin: name one in projects.${id}.${slot} or defaults.${slot} (the plugin catalog has no default)`,
      at: "key",
    });
  return { plugin: defaults[slot] };
}

/** Resolves a path key, recording a problem (and keeping the text) when `~` cannot be expanded. */
function projectPath(
  keyPath: string[],
  path: string,
  base: string,
  env: NormalizeOptions["env"],
  problems: ConfigProblem[],
): string {
  const expanded = expandPath(path, base, env["HOME"] || undefined);
  if (expanded === undefined) problems.push({ keyPath, message: "uses ~ but HOME is not set" });
  return expanded ?? path;
}

/** Drops keys whose value is undefined, so `config show` prints only what is set. */
function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as T;
}

function normalizeProject(
  id: string,
  raw: RawProject,
  context: {
    defaults: DefaultsConfig;
    reactions: ReactionTable;
    controlPlane: ControlPlaneConfig;
    budget: BudgetConfig;
    options: NormalizeOptions;
  },
  problems: ConfigProblem[],
): ProjectConfig {
  const { configDir, env, catalogDefaults } = context.options;
  const path = projectPath(["projects", id, "path"], raw.path, configDir, env, problems);
  const rulesFile = raw.agentRulesFile;
  const plugin = (slot: DefaultedSlot) => slotPlugin(id, slot, raw[slot], context.defaults, problems);
  return definedOnly({
    id,
    repo: raw.repo,
    path,
    defaultBranch: raw.defaultBranch,
    sessionPrefix: raw.sessionPrefix ?? deriveSessionPrefix(id),
    runtime: plugin("runtime"),
    agent: plugin("agent"),
    workspace: plugin("workspace"),
    terminal: plugin("terminal"),
    lifecycle: plugin("lifecycle"),
    tracker: forgePluginConfig(raw.tracker, raw.repo, catalogDefaults.withRepo?.tracker),
    scm: forgePluginConfig(raw.scm, raw.repo, catalogDefaults.withRepo?.scm),
    symlinks: raw.symlinks,
    copy: raw.copy,
    postCreate: raw.postCreate,
    agentConfig: raw.agentConfig,
    agentRules: raw.agentRules,
    agentRulesFile:
      rulesFile && projectPath(["projects", id, "agentRulesFile"], rulesFile, path, env, problems),
    maxSessions: raw.maxSessions,
    reactions: mergeReactions(context.reactions, raw.reactions),
    controlPlane: projectControlPlane(context.controlPlane, raw.controlPlane),
    budget: definedOnly({ ...context.budget, ...raw.budget }),
    mergeQueue: { update: raw.mergeQueue?.update ?? "rebase", batch: raw.mergeQueue?.batch ?? 1 },
  });
}

/** Applies every default that depends on other keys or on where the file is; validation already passed. */
export function normalizeConfig(
  raw: RawConfig,
  options: NormalizeOptions,
): { config: AoConfig; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const reactions = mergeReactions(DEFAULT_REACTIONS, raw.reactions);
  const defaults = resolveDefaults(raw.defaults, options.catalogDefaults);
  const controlPlane = normalizeControlPlane(raw.controlPlane);
  const projects: Record<string, ProjectConfig> = {};
  for (const [id, project] of Object.entries(raw.projects)) {
    const budget = definedOnly({ ...raw.budget });
    projects[id] = normalizeProject(
      id,
      project,
      { defaults, reactions, controlPlane, budget, options },
      problems,
    );
  }
  const routing = Object.fromEntries(
    PRIORITIES.map((priority) => [
      priority,
      [...(raw.notificationRouting?.[priority] ?? defaults.notifiers)],
    ]),
  ) as AoConfig["notificationRouting"];
  const config: AoConfig = definedOnly({
    port: raw.port,
    maxSessions: raw.maxSessions,
    admission: raw.admission,
    defaults,
    projects,
    notifiers: raw.notifiers,
    notificationRouting: routing,
    reactions,
    daemon: {
      pollIntervalMs: parseDuration(raw.daemon.pollInterval),
      webhookSecretEnv: raw.daemon.webhookSecretEnv,
      stopTimeoutMs: parseDuration(raw.daemon.stopTimeout),
      watchFiles: raw.daemon.watchFiles,
    },
    controlPlane,
    power: raw.power,
    lifecycle: raw.lifecycle,
    pricing: raw.pricing,
    limits: {
      fallbackWaitMs: parseDuration(raw.limits.fallbackWait),
      continueMessage: raw.limits.continueMessage,
      resumeSpacingMs: parseDuration(raw.limits.resumeSpacing),
    },
  });
  return { config, problems };
}
