import { existsSync, readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { AoError } from "../errors.js";
import { SLOTS, type Slot } from "../registry/catalog.js";
import { isPackageName } from "../registry/load-plugin-module.js";
import { notifierFiles } from "./notifier-template.js";

/** The slots `ao plugin create` has a template for; each writes a package that works as written. */
const TEMPLATES: Partial<Record<Slot, (name: string) => Record<string, string>>> = {
  notifier: notifierFiles,
};

export const TEMPLATE_SLOTS = Object.keys(TEMPLATES) as Slot[];

export interface CreatedPlugin {
  readonly name: string;
  readonly slot: Slot;
  readonly dir: string;
  readonly files: readonly string[];
}

/**
 * `ao plugin create <name> --slot <slot>`: writes a plugin package into `dir` (default: the name
 * without its scope, under cwd). Refuses a directory that exists and is not empty.
 */
export async function createPlugin(
  cwd: string,
  request: { name: string; slot: string; dir?: string | undefined },
): Promise<CreatedPlugin> {
  const { name } = request;
  if (!isPackageName(name))
    throw new AoError("E_USAGE", `"${name}" is not a valid npm package name`, {
      hint: "lower case letters, digits, - . _ ~, optionally @scope/: e.g. ao-plugin-notify-file",
    });
  const template = templateFor(request.slot);
  const dir = resolve(cwd, request.dir ?? name.replace(/^@[^/]+\//, ""));
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new AoError("E_EXISTS", `${dir} already exists and is not empty`, {
      hint: "choose another directory with --dir, or remove that one",
    });
  const files = template(name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text, { flag: "wx" });
  }
  return { name, slot: request.slot as Slot, dir, files: Object.keys(files) };
}

function templateFor(slot: string): (name: string) => Record<string, string> {
  const template = (TEMPLATES as Record<string, ((name: string) => Record<string, string>) | undefined>)[
    slot
  ];
  if (template !== undefined) return template;
  const known = (SLOTS as readonly string[]).includes(slot);
  throw new AoError(
    "E_USAGE",
    known
      ? `ao plugin create has no template for the ${slot} slot yet (it has: ${TEMPLATE_SLOTS.join(", ")})`
      : `--slot takes one of ${SLOTS.join(", ")}, not "${slot}"`,
    {
      hint: known
        ? "examples/plugin-agent-scribe/ is a complete agent plugin to copy; docs/plugins.md describes every slot"
        : `e.g. --slot ${TEMPLATE_SLOTS[0] ?? "notifier"}`,
    },
  );
}
