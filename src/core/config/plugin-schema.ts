import { z } from "zod";

/**
 * A plugin reference as written in the YAML. The config layer only checks the shape; whether the
 * plugin exists is the registry's job at resolve time (and `ao doctor` reports it), and the options
 * beside `plugin` are validated by the plugin's own schema.
 */
export const pluginNameSchema = z.string().regex(/^\S+$/, {
  error: "expected a plugin name: a built-in name, a path starting with ./, ../ or /, or an npm package",
});

/** `{ plugin: slack, webhookUrl: … }`: the keys beside `plugin` pass through to the plugin untouched. */
export const pluginConfigSchema = z
  .looseObject({
    plugin: pluginNameSchema.meta({ description: "Plugin name (built-in, ./local/path.js or npm package)." }),
  })
  .meta({ description: "A plugin and its options; the options are validated by the plugin itself." });

/** Trackers and SCMs accept a bare name (`tracker: github`) or a map with options. */
export const pluginRefSchema = z.union([pluginNameSchema, pluginConfigSchema], {
  error: "expected a plugin name (ao plugin ls lists them) or a map with a `plugin` key and its options",
});

/** Project and notifier ids appear in paths, session ids and commands, so they stay plain. */
export const idSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
  error: "ids may contain letters, digits, '.', '_' and '-', and must start with a letter or digit",
});
