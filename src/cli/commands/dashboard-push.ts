import type { Command } from "commander";
import type { CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { renderTable, writeJson, writeLines } from "../render.js";

const LIST_FLAGS = defineFlags(jsonFlag('print { "subscriptions": [...] } as JSON'));
const REMOVE_FLAGS = defineFlags(jsonFlag('print { "id", "removed" } as JSON'));

/**
 * `ao dashboard push [remove <id>]` (docs/dashboard.md, "Notifications"): the browsers that turned
 * on "Notify me on this device", whose they are (the desk or a paired device), and removing one.
 */
export function registerPushCommands(dashboard: Command, cli: CliRuntime): void {
  const push = dashboard
    .command("push")
    .description("list the browsers that get the dashboard's push notifications (desk and paired devices)");
  addFlags(push, LIST_FLAGS).action(
    cli.action(async (ctx, _flags: unknown, command: Command) => {
      const json = wantsJson(await readFlags(LIST_FLAGS, command), command);
      const { listPushSubscriptions } = await import("../../web/push/push-commands.js");
      const list = await listPushSubscriptions(ctx);
      if (json) writeJson(ctx.stdout, { subscriptions: list });
      else if (list.length === 0)
        writeLines(ctx.stdout, [
          'no push subscriptions ("Notify me on this device" in the page\'s settings)',
        ]);
      else
        writeLines(
          ctx.stdout,
          renderTable(list, [
            { header: "id", value: (each) => each.id },
            { header: "owner", value: (each) => each.owner },
            { header: "push service", value: (each) => each.service },
            { header: "since", value: (each) => each.createdAt },
            { header: "last sent", value: (each) => each.lastSentAt ?? "never" },
          ]),
        );
      return 0;
    }),
  );
  const remove = push
    .command("remove")
    .description(
      "stop pushing to one browser (it can turn notifications on again; revoke a device to stop it)",
    )
    .argument("<id>", "the subscription's id, as ao dashboard push lists it");
  addFlags(remove, REMOVE_FLAGS).action(
    cli.action(async (ctx, id: string, _flags: unknown, command: Command) => {
      const json = wantsJson(await readFlags(REMOVE_FLAGS, command), command);
      const { removePushSubscription } = await import("../../web/push/push-commands.js");
      await removePushSubscription(ctx, id);
      if (json) writeJson(ctx.stdout, { id, removed: true });
      else writeLines(ctx.stdout, [`removed push subscription ${id}`]);
      return 0;
    }),
  );
}

/** `ao dashboard --json` is the parent's option too (see dashboard-devices.ts). */
function wantsJson(flags: { json: boolean }, command: Command): boolean {
  return flags.json || command.optsWithGlobals<{ json?: boolean }>().json === true;
}
