import { z } from "zod";
import { admissionSchema } from "./admission-schema.js";
import { budgetSchema, limitsSchema } from "./budget-schema.js";
import { controlPlaneSchema } from "./control-plane-schema.js";
import { daemonSchema } from "./daemon-schema.js";
import { mergeCleanupSchema, powerSchema } from "./housekeeping-schema.js";
import { idSchema, pluginConfigSchema, pluginNameSchema } from "./plugin-schema.js";
import { pricingSchema } from "./pricing-schema.js";
import { projectSchema } from "./project-schema.js";
import { reactionsSchema, type PRIORITIES } from "./reaction-schema.js";

const notifierListSchema = z.array(pluginNameSchema);

/*
 * No plugin names here: what a key defaults to when it is not written comes from the plugin catalog
 * the CLI wires (its `defaults`), applied in normalize-config.ts, so core's schema names no plugin.
 */
const defaultsSchema = z
  .strictObject({
    runtime: pluginNameSchema.optional().meta({ description: "Runtime plugin for every project." }),
    agent: pluginNameSchema.optional().meta({ description: "Agent plugin for every project." }),
    workspace: pluginNameSchema.optional().meta({ description: "Workspace plugin for every project." }),
    terminal: pluginNameSchema.optional().meta({
      description: "Terminal plugin `ao session attach` opens a session's view with.",
    }),
    lifecycle: pluginNameSchema.optional().meta({
      description: "Lifecycle plugin that decides each session's status from what the daemon observes.",
    }),
    notifiers: notifierListSchema.optional().meta({
      description:
        "Notifier ids (keys of notifiers) or plugin names used for priorities not routed explicitly.",
    }),
  })
  .meta({ description: "Plugins used where a project does not choose its own." });

const routeFor = (priority: string) =>
  notifierListSchema.optional().meta({ description: `Notifiers that hear ${priority} notifications.` });

const routingSchema = z
  .strictObject({
    urgent: routeFor("urgent"),
    action: routeFor("action"),
    warning: routeFor("warning"),
    info: routeFor("info"),
  } satisfies Record<(typeof PRIORITIES)[number], unknown>)
  .meta({ description: "Which notifiers hear each priority. Unlisted priorities go to defaults.notifiers." });

/** The shape of agent-orchestrator.yaml. Defaults that depend on other keys are applied in normalize-config.ts. */
export const configSchema = z
  .strictObject({
    $schema: z.string().min(1).optional().meta({
      description:
        "The JSON Schema editors check this file against (ao's is schema/agent-orchestrator.schema.json). ao itself ignores it.",
    }),
    port: z.int().min(0).max(65535).default(3000).meta({
      description:
        "Port of the daemon's HTTP server on 127.0.0.1 (webhooks, later the dashboard). 0: any free port.",
    }),
    maxSessions: z
      .int()
      .min(1)
      .optional()
      .meta({ description: "Cap on concurrent sessions across projects." }),
    admission: admissionSchema.optional(),
    defaults: defaultsSchema.prefault({}),
    projects: z
      .record(idSchema, projectSchema)
      .meta({ description: "Projects by id; the id is what `ao spawn <project>` takes." }),
    notifiers: z
      .record(idSchema, pluginConfigSchema)
      .default({})
      .meta({ description: "Named notifiers: {plugin, ...options}, referenced by id in routing." }),
    notificationRouting: routingSchema.optional(),
    reactions: reactionsSchema.optional(),
    daemon: daemonSchema.prefault({}),
    controlPlane: controlPlaneSchema.prefault({}),
    power: powerSchema.prefault({}),
    lifecycle: mergeCleanupSchema.prefault({}),
    pricing: pricingSchema.default({}),
    budget: budgetSchema.optional(),
    limits: limitsSchema.prefault({}),
  })
  .meta({
    title: "agent-orchestrator.yaml",
    description: "Configuration of ao, the orchestrator for parallel AI coding agents.",
  });

export type RawConfig = z.output<typeof configSchema>;
