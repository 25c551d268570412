import type { Command } from "commander";
import { SLOTS } from "../../core/registry/index.js";
import { globalOptions, type CliRuntime } from "../cli-runtime.js";
import { jsonFlag } from "../common-flags.js";
import { addFlags, defineFlags, readFlags } from "../flags.js";
import { writeJson, writeLines } from "../render.js";

const CREATE_FLAGS = defineFlags({
  slot: {
    type: "string",
    value: "slot",
    required: true,
    description: `the slot it implements (${SLOTS.join(", ")}); templates: notifier`,
  },
  dir: {
    type: "string",
    value: "dir",
    description: "where to write it (default: ./<name without scope>); must be empty or absent",
  },
  ...jsonFlag("print the name, slot, directory and files as JSON"),
});
const INSTALL_FLAGS = defineFlags({
  slot: {
    type: "string",
    value: "slot",
    description: "the slot it must be a plugin of (default: the slot its definition says)",
  },
  use: {
    type: "boolean",
    description: "set defaults.<slot> (or add to defaults.notifiers) even when already written",
  },
  ...jsonFlag("print the package, slot, configuration and what was written as JSON"),
});

/** `ao plugin create` and `ao plugin install`: write a plugin package, and install one for the config. */
export function registerPluginKit(plugin: Command, cli: CliRuntime): void {
  const create = plugin
    .command("create")
    .description("write a new external plugin package (package.json, entry, test, README) for one slot")
    .argument("<name>", "the plugin's npm package name, e.g. ao-plugin-notify-file or @acme/ao-notifier");
  addFlags(create, CREATE_FLAGS).action(
    cli.action(async (ctx, name: string, _flags: unknown, command: Command) => {
      const options = await readFlags(CREATE_FLAGS, command);
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

  const install = plugin
    .command("install")
    .description("npm install a plugin next to the configuration, check it, and name it in the configuration")
    .argument("<package>", "an npm package name (with @version), a directory, or a tarball from npm pack");
  addFlags(install, INSTALL_FLAGS)
    .addHelpText(
      "after",
      `
npm installs into the configuration's directory (npm install --prefix <dir> --save, no shell). Then
defaults.<slot> is set to the package when it is not written yet (or with --use); a notifier joins
defaults.notifiers; a tracker or scm is named per project by you. A failed npm changes nothing.`,
    )
    .action(
      cli.action(async (ctx, spec: string, _flags: unknown, command: Command) => {
        const options = await readFlags(INSTALL_FLAGS, command);
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
      }),
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
