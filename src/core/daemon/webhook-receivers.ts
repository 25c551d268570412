import { messageOf } from "../errors.js";
import type { WebhookRequest, WebhookVerdict } from "../slots/index.js";
import type { DaemonMountContext } from "./daemon-mount.js";

/** One configured scm that parses webhooks, and the watched projects it serves. */
export interface WebhookReceiver {
  /** The scm's name as the config writes it; its route is `POST /webhooks/<name>`. */
  readonly scm: string;
  readonly projects: readonly string[];
  parse(request: WebhookRequest): Promise<WebhookVerdict>;
}

/**
 * The receivers for the projects this daemon watches: each project's scm instance (the engine's
 * own, kept for the daemon's life) is asked whether it offers `parseWebhook`. Projects sharing an
 * scm share its route; the first one's instance parses, since the scheme is the plugin's, not the
 * project's. An scm that cannot be created is logged and left out: the cycles report it too.
 */
export async function webhookReceivers(daemon: DaemonMountContext): Promise<WebhookReceiver[]> {
  const { enginePlugins } = await import("../lifecycle/engine.js");
  const plugins = enginePlugins(daemon.ctx, daemon.engine);
  const receivers = new Map<string, { scm: string; projects: string[]; parse: WebhookReceiver["parse"] }>();
  for (const project of Object.values(daemon.engine.config.config.projects)) {
    const name = project.scm?.plugin;
    if (name === undefined || (daemon.project !== undefined && project.id !== daemon.project)) continue;
    const scm = await plugins
      .forProject(project.id)
      ?.scm()
      .catch((error: unknown) => {
        daemon.log.warn(
          `webhooks: project ${project.id}: scm ${name} could not be created: ${messageOf(error)}`,
        );
        return undefined;
      });
    const parse = scm?.parseWebhook?.bind(scm);
    if (parse === undefined) continue;
    const known = receivers.get(name);
    if (known) known.projects.push(project.id);
    else receivers.set(name, { scm: name, projects: [project.id], parse });
  }
  return [...receivers.values()];
}
