import type { Command } from "commander";
import { SLOTS } from "../../core/registry/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { writeJson, writeLines } from "../render.js";

/** `ao plugin create` and `ao plugin install`: write a plugin package, and install one for the config. */
export function registerPluginKit(plugin: Command, cli: CliRuntime): void {
  plugin
    .command("create")
    .description("write a new external plugin package (package.json, entry, test, README) for one slot")
    .argument("<name>", "the plugin's npm package name, e.g. ao-plugin-notify-file or @acme/ao-notifier")
    .requiredOption("--slot <slot>", `the slot it implements (${SLOTS.join(", ")}); templates: notifier`)
    .option("--dir <dir>", "where to write it (default: ./<name without scope>); must be empty or absent")
    .option("--json", "print the name, slot, directory and files as JSON")
    .action(
      cli.action(async (ctx, name: string, options: { slot: string; dir?: string; json?: boolean }) => {
        const { createPlugin } = await import("../../core/plugin-kit/index.js");
        const created = await createPlugin(ctx.cwd, { name, ...options });
        if (options.json) writeJson(ctx.stdout, created);
        else
          writeLines(ctx.stdout, [
            `created ${created.slot} plugin ${created.name} in ${created.dir}:`,
            ...created.files.map((file) => `  ${file}`),
            `next: (cd ${created.dir} && npm test), then ao plugin install ${created.dir}`,
          ]);
        return 0;
      }),
    );

  plugin
    .command("install")
    .description("npm install a plugin next to the configuration, check it, and name it in the configuration")
    .argument("<package>", "an npm package name (with @version), a directory, or a tarball from npm pack")
    .option("--slot <slot>", "the slot it must be a plugin of (default: the slot its definition says)")
    .option("--use", "set defaults.<slot> (or add to defaults.notifiers) even when already written")
    .option("--json", "print the package, slot, configuration and what was written as JSON")
    .addHelpText(
      "after",
      `
npm installs into the configuration's directory (npm install --prefix <dir> --save, no shell). Then
defaults.<slot> is set to the package when it is not written yet (or with --use); a notifier joins
defaults.notifiers; a tracker or scm is named per project by you. A failed npm changes nothing.`,
    )
    .action(
      cli.action(
        async (
          ctx,
          spec: string,
          options: { slot?: string; use?: boolean; json?: boolean },
          command: Command,
        ) => {
          const { installPlugin } = await import("../../core/plugin-kit/index.js");
          const installed = await installPlugin(ctx, {
            spec,
            slot: options.slot,
            use: options.use,
            configPath: globalOptions(command).config,
          });
          if (options.json) writeJson(ctx.stdout, installed);
          else writeLines(ctx.stdout, installedLines(installed));
          return 0;
        },
      ),
    );
}

function installedLines(installed: {
  name: string;
  slot: string;
  config: string;
  use: { key: string; value: string | readonly string[] } | undefined;
}): string[] {
  const head = `installed ${installed.slot} plugin ${installed.name}`;
  if (installed.use !== undefined) {
    const value =
      typeof installed.use.value === "string" ? installed.use.value : `[${installed.use.value.join(", ")}]`;
    return [head, `${installed.config}: ${installed.use.key}: ${value}`];
  }
  const where =
    installed.slot === "tracker" || installed.slot === "scm"
      ? `name it in a project: ${installed.slot}: ${installed.name}`
      : `defaults.${installed.slot === "notifier" ? "notifiers" : installed.slot} is already written; --use replaces it`;
  return [head, `${installed.config} not changed: ${where}`];
}
