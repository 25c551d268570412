import type { ConfigIssue } from "./config-issues.js";
import type { ModelPrice } from "../cost/prices.js";
import type { Document, LineCounter } from "yaml";
import type { PRIORITIES, REACTION_ACTIONS, REACTION_KEYS } from "./reaction-names.js";
import type { ToolKind } from "../slots/turns.js";

export type ReactionKey = (typeof REACTION_KEYS)[number];
export type ReactionAction = (typeof REACTION_ACTIONS)[number];
export type Priority = (typeof PRIORITIES)[number];

/** One reaction after merging built-in default ← top-level ← project. */
export interface ReactionConfig {
  auto: boolean;
  action: ReactionAction;
  /** Template; placeholders are listed in TEMPLATE_PLACEHOLDERS (default-reactions.ts). */
  message: string;
  priority: Priority;
  retries: number;
  /** An attempt count, or a duration string such as "30m" (see parseDuration). */
  escalateAfter?: number | string | undefined;
  /** A duration string such as "10m". */
  threshold?: string | undefined;
}

export type ReactionTable = Record<ReactionKey, ReactionConfig>;

/** `{ plugin: name, ...options }` exactly as written; the plugin validates its own options. */
export interface PluginConfig {
  readonly plugin: string;
  readonly [option: string]: unknown;
}

export type NotifierConfig = PluginConfig;

export interface AgentConfig {
  permissions: "default" | "permissionless";
  model?: string | undefined;
  /** ACP tool kinds whose permission questions are answered allow without asking (docs/acp.md). */
  autoAllow: readonly ToolKind[];
  /** Environment the project's agents get on top of ao's (their account, docs/limits-and-budgets.md). */
  env?: Readonly<Record<string, string>> | undefined;
}

/** A project with every default applied and every path absolute. */
export interface ProjectConfig {
  /** The key under `projects:`. */
  id: string;
  repo?: string | undefined;
  path: string;
  defaultBranch: string;
  sessionPrefix: string;
  /** `defaults.runtime` when the project names none; options only when the project wrote them. */
  runtime: PluginConfig;
  agent: PluginConfig;
  workspace: PluginConfig;
  /** How `ao session attach` opens this project's sessions. */
  terminal: PluginConfig;
  /** Decides this project's session statuses in each lifecycle cycle. */
  lifecycle: PluginConfig;
  tracker?: PluginConfig | undefined;
  scm?: PluginConfig | undefined;
  symlinks: string[];
  copy: string[];
  /** Commands as written; the session manager splits and runs them without a shell. */
  postCreate: string[];
  agentConfig: AgentConfig;
  agentRules?: string | undefined;
  agentRulesFile?: string | undefined;
  maxSessions?: number | undefined;
  reactions: ReactionTable;
  /** The top-level controlPlane section with this project's overrides. */
  controlPlane: ControlPlaneConfig;
  /** The top-level `budget:` with this project's keys over it; {} holds nothing. */
  budget: BudgetConfig;
  /** The merge train (docs/merge-train.md): how a queued branch is brought up to date. */
  mergeQueue: MergeQueueConfig;
}

/** `mergeQueue:` of a project: rebase the branch onto the default branch, or merge it in. */
export interface MergeQueueConfig {
  update: "rebase" | "merge";
  /** How many entries are tested together (stacked, one CI run on the tip, bisected when red); 1: one at a time. */
  batch: number;
}

/** One budget line of `budget:` (src/core/config/budget-schema.ts). */
export interface BudgetLine {
  maxCostUsd?: number | undefined;
  maxTokens?: number | undefined;
  per: "day" | "session";
}

/** `budget:`: each session's own budget and the project's, either optional. */
export interface BudgetConfig {
  session?: BudgetLine | undefined;
  project?: BudgetLine | undefined;
}

/** `limits:` with durations in milliseconds. */
export interface LimitsConfig {
  /** How long to wait when the limit message prints no reset time. */
  fallbackWaitMs: number;
  /** The turn each interrupted session gets after the reset. */
  continueMessage: string;
  /** Time between two sessions' continue turns after the same account's reset. */
  resumeSpacingMs: number;
}

/** `defaults:` as written, completed from the plugin catalog's defaults ("" where neither names one). */
export interface DefaultsConfig {
  runtime: string;
  agent: string;
  workspace: string;
  terminal: string;
  lifecycle: string;
  notifiers: string[];
}

/** The `daemon:` section with durations in milliseconds. */
export interface DaemonConfig {
  /** How often the daemon runs a cycle without a webhook; at least 1000. */
  pollIntervalMs: number;
  /** NAME of the environment variable holding the GitHub webhook secret (not the secret). */
  webhookSecretEnv: string;
  /** How long `ao stop` waits for the cycle in flight. */
  stopTimeoutMs: number;
  /** Wake cycles on file changes (branch refs, local CI results, the config file); docs/daemon.md. */
  watchFiles: boolean;
}

/** `controlPlane:` with durations in milliseconds (src/core/config/control-plane-schema.ts). */
export interface ControlPlaneConfig {
  enabled: boolean;
  /** How long `send` waits for the reply before answering `running`. */
  sendBoundMs: number;
  /** How long a finished turn's reply stays retrievable. */
  replyRetentionMs: number;
  /** Least time between two agent-made revisions of a plan (docs/plans.md); 0: none. */
  planRevisionCooldownMs: number;
  /** Streamable HTTP under /mcp on the daemon's port (daemon-wide). */
  http: boolean;
  /**
   * Which of its workers' permission questions a commander may answer (issue 26): `none` (default;
   * only a person, with `ao approve`/`ao deny`), `read-only` (tools that read, search or fetch), `all`.
   */
  commanderApprovals: "none" | "read-only" | "all";
}

/** `admission:`: a new agent starts only when the machine can carry it (docs/sessions.md, Admission). */
export interface AdmissionConfig {
  minFreeMemory?: number | undefined;
  maxLoadPerCore?: number | undefined;
  /** Bytes by agent plugin name. */
  perAgentMemory?: Readonly<Record<string, number>> | undefined;
}

/** agent-orchestrator.yaml after validation and normalisation. */
export interface AoConfig {
  /** The daemon's HTTP port on 127.0.0.1; 0 = any free port. */
  port: number;
  maxSessions?: number | undefined;
  /** `admission:` in bytes and load per core; absent: only maxSessions caps spawns. */
  admission?: AdmissionConfig | undefined;
  defaults: DefaultsConfig;
  projects: Record<string, ProjectConfig>;
  notifiers: Record<string, NotifierConfig>;
  /** Every priority, with unrouted ones falling back to defaults.notifiers. */
  notificationRouting: Record<Priority, string[]>;
  /** Built-in defaults merged with the top-level `reactions` (projects merge their own on top). */
  reactions: ReactionTable;
  daemon: DaemonConfig;
  /** The top-level section; each project has its effective one in `ProjectConfig.controlPlane`. */
  controlPlane: ControlPlaneConfig;
  /** `power:`: hold an idle-sleep inhibitor while agents work. */
  power: { preventIdleSleep: boolean };
  /** `lifecycle:`: tidy a merged session's runtime and worktree after a grace period, keeping its branch. */
  lifecycle: { autoCleanupOnMerge: boolean; mergeCleanupIdleGraceMs: number };
  /** `pricing:` as written: USD per million tokens by model, on top of ao's table (docs/cost.md). */
  pricing: Record<string, ModelPrice>;
  limits: LimitsConfig;
}

export type KeyPath = readonly (string | number)[];

export interface SourceLocation {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** A scalar whose text contained `${VAR}` references, and which variables it used. */
export interface EnvReference {
  keyPath: KeyPath;
  variables: readonly string[];
}

/** The parsed file, kept so that any key path can be mapped back to a line and column. */
export interface ConfigDocument {
  file: string;
  yaml: Document.Parsed;
  lineCounter: LineCounter;
  envReferences: readonly EnvReference[];
}

export interface LoadedConfig {
  /** Absolute path of the file that was loaded. */
  path: string;
  config: AoConfig;
  /** Whether `config` came from AO_HOME/cache/config instead of parsing and validating the file. */
  fromCache: boolean;
  /**
   * Keys written for the original ao that ao reads its own way (docs/switching.md), one per key
   * path with what ao does instead. A file with warnings is never cached, so they show every time.
   */
  warnings: readonly ConfigIssue[];
  /**
   * The parsed file, for pointing messages at file:line:column. Parsed on first use when the
   * configuration came from the cache (that loads yaml), from the text read at load time.
   */
  loadDocument(): Promise<ConfigDocument>;
}
