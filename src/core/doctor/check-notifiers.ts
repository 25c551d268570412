import { displayPath } from "../config/config-issues.js";
import { PRIORITIES } from "../config/reaction-names.js";
import type { KeyPath, LoadedConfig } from "../config/types.js";
import type { AoContext } from "../context.js";
import type { CheckSource, DoctorCheck } from "./check.js";

/**
 * Whether each notification priority reaches a notifier. `defaults.notifiers: []` with no
 * `notificationRouting` leaves every priority with none: the agent that needs a person waits, and
 * nobody hears of it (each notification only records that no notifier was routed).
 */
export async function checkNotifiers(
  ctx: Pick<AoContext, "cwd" | "catalog">,
  loaded: LoadedConfig,
): Promise<DoctorCheck> {
  const base = { id: "notifiers", title: "notifications" };
  const routing = loaded.config.notificationRouting;
  const unrouted = PRIORITIES.filter((priority) => (routing[priority] ?? []).length === 0);
  if (unrouted.length === 0) {
    const names = [...new Set(PRIORITIES.flatMap((priority) => routing[priority] ?? []))];
    return { ...base, status: "ok", detail: `every priority reaches ${names.join(", ")}` };
  }
  if (unrouted.length === PRIORITIES.length) {
    return {
      ...base,
      status: "warn",
      detail:
        "no notifier is configured: every notification is dropped, nobody hears that an agent needs them",
      fix: `add a notifier to defaults.notifiers (${known(ctx)}), or configure one under notifiers: and route to it`,
      source: await sourceOf(ctx, loaded, ["defaults", "notifiers"]),
    };
  }
  return {
    ...base,
    status: "warn",
    detail: `no notifier hears ${unrouted.join(", ")} notifications: they are dropped`,
    fix: `add a notifier to ${unrouted.map((priority) => `notificationRouting.${priority}`).join(", ")} (or to defaults.notifiers)`,
    source: await sourceOf(ctx, loaded, ["notificationRouting", unrouted[0] ?? ""]),
  };
}

/** Where the key is written (file:line:column), or only its path when the file leaves it to the default. */
async function sourceOf(
  ctx: Pick<AoContext, "cwd">,
  loaded: LoadedConfig,
  keyPath: KeyPath,
): Promise<CheckSource> {
  const [document, yaml] = await Promise.all([loaded.loadDocument(), import("../config/config-document.js")]);
  const at = yaml.isWrittenInYaml(document, keyPath) ? yaml.locateInYaml(document, keyPath) : undefined;
  const written = keyPath.join(".");
  if (at === undefined) return { keyPath: written };
  return { keyPath: written, file: displayPath(at.file, ctx.cwd), line: at.line, column: at.column };
}

/** The notifier plugins this ao has built in, from its catalog. */
function known(ctx: Pick<AoContext, "catalog">): string {
  const names = Object.keys(ctx.catalog.notifier);
  return names.length === 0 ? "`ao plugin ls` lists the installed ones" : `built in: ${names.join(", ")}`;
}
