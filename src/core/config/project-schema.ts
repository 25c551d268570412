import { z } from "zod";
import { budgetSchema } from "./budget-schema.js";
import { projectControlPlaneSchema } from "./control-plane-schema.js";
import { pluginRefSchema } from "./plugin-schema.js";
import { reactionsSchema } from "./reaction-schema.js";
import { TOOL_KINDS } from "../slots/turns.js";

/** Paths inside the repository (symlinks, copies): relative and never escaping it. */
const repoPathSchema = z
  .string()
  .min(1)
  .refine((path) => !path.startsWith("/") && !path.split(/[\\/]/).includes(".."), {
    error: "expected a path inside the repository (relative, without ..)",
  });

export const SESSION_PREFIX_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

const agentConfigSchema = z
  .strictObject({
    permissions: z.enum(["default", "permissionless"]).default("default").meta({
      description:
        "default: the agent asks before risky actions. permissionless: run with the agent's permission-bypass flag (opt in knowingly).",
    }),
    model: z.string().min(1).optional().meta({ description: "Model name passed to the agent CLI." }),
    autoAllow: z.array(z.enum(TOOL_KINDS)).default([]).meta({
      description:
        "Tool kinds (ACP's: read, search, …) whose permission questions ao answers allow by itself, for agents that ask them as data (acp, protocol: acp). Default: none; no bypass flag is ever passed.",
    }),
    env: z
      .record(
        z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "expected an environment variable name" }),
        z.string(),
      )
      .optional()
      .meta({
        description:
          "Environment the project's agents get on top of ao's (e.g. another account: ANTHROPIC_API_KEY: ${WORK_KEY}, CLAUDE_CONFIG_DIR, CODEX_HOME). Write secrets as ${VAR}; they reach the agent through a 0600 file, never argv. Sessions whose account variables differ have separate usage limits.",
      }),
  })
  .meta({ description: "Settings passed to the agent plugin." });

export const projectSchema = z
  .strictObject({
    repo: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, { error: "expected owner/repo, e.g. acme/widgets" })
      .optional()
      .meta({
        description:
          "The hosted repository as owner/repo. Makes the catalog's forge plugins the default tracker and scm.",
      }),
    path: z.string().min(1).meta({
      description: "Local checkout. Relative paths resolve against this file's directory; ~ expands to HOME.",
    }),
    defaultBranch: z
      .string()
      .regex(/^\S+$/, { error: "expected a branch name without spaces" })
      .default("main")
      .meta({ description: "Base branch for new work." }),
    sessionPrefix: z
      .string()
      .regex(SESSION_PREFIX_PATTERN, { error: "expected lower-case letters, digits and '-', e.g. app" })
      .optional()
      .meta({ description: "Session ids are <sessionPrefix>-<n>. Default: derived from the project id." }),
    runtime: pluginRefSchema.optional().meta({
      description: "Runtime plugin: a name or {plugin, ...options}. Default: defaults.runtime.",
    }),
    agent: pluginRefSchema.optional().meta({
      description: "Agent plugin: a name or {plugin, ...options}. Default: defaults.agent.",
    }),
    workspace: pluginRefSchema.optional().meta({
      description: "Workspace plugin: a name or {plugin, ...options}. Default: defaults.workspace.",
    }),
    terminal: pluginRefSchema.optional().meta({
      description:
        "Terminal plugin for `ao session attach`: a name or {plugin, ...options}. Default: defaults.terminal.",
    }),
    lifecycle: pluginRefSchema.optional().meta({
      description: "Lifecycle plugin: a name or {plugin, ...options}. Default: defaults.lifecycle.",
    }),
    tracker: pluginRefSchema.optional().meta({
      description:
        "Issue tracker: a name or {plugin, ...options}. Default: the catalog's forge tracker when repo is set.",
    }),
    scm: pluginRefSchema.optional().meta({
      description:
        "Code host for PRs and CI: a name or {plugin, ...options}. Default: the catalog's forge scm when repo is set.",
    }),
    symlinks: z.array(repoPathSchema).default([]).meta({
      description: "Paths symlinked from the main checkout into each worktree (e.g. node_modules).",
    }),
    copy: z.array(repoPathSchema).default([]).meta({
      description: "Paths copied (not linked) from the main checkout into each worktree (e.g. .env).",
    }),
    postCreate: z.array(z.string().min(1)).default([]).meta({
      description: "Commands run in each new worktree, in order (e.g. npm ci). Run without a shell.",
    }),
    agentConfig: agentConfigSchema.prefault({}),
    agentRules: z.string().optional().meta({ description: "Extra instructions given to every agent." }),
    agentRulesFile: z.string().min(1).optional().meta({
      description: "File with extra instructions; relative paths resolve against the project path.",
    }),
    maxSessions: z
      .int()
      .min(1)
      .optional()
      .meta({ description: "Cap on concurrent sessions for this project." }),
    reactions: reactionsSchema
      .optional()
      .meta({ description: "Overrides for this project, merged over the top-level reactions." }),
    controlPlane: projectControlPlaneSchema.optional(),
    mergeQueue: z
      .strictObject({
        update: z.enum(["rebase", "merge"]).default("rebase").meta({
          description:
            "How the merge train brings a queued branch up to date with defaultBranch: rebase it (a linear history, default) or merge defaultBranch into it.",
        }),
        batch: z.int().min(1).max(32).default(1).meta({
          description:
            "How many queued entries the train tests together: stacked into one commit, CI run once on its tip, landed together when green, bisected when red. 1 (default) lands one at a time. Only for an scm whose train lands branches itself; `ao merge --queue` refuses it where pull requests land on a forge, whose own merge queue batches.",
        }),
      })
      .optional()
      .meta({ description: "The merge train (`ao merge --queue`, docs/merge-train.md) of this project." }),
    budget: budgetSchema.optional().meta({
      description: "This project's budgets; each key replaces the top-level budget's.",
    }),
  })
  .meta({ description: "One repository ao works in." });

export type RawProject = z.output<typeof projectSchema>;
