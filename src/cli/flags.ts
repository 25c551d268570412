import type { Command } from "commander";
import { parseFlagValue } from "./flag-values.js";

/**
 * A command's options, declared once (the idea of unjs/citty's `args`): a const object from the
 * camelCase option name to what it takes. `addFlags` puts them on a commander command, in that
 * order; `readFlags` parses what was given into values whose types TypeScript infers from the same
 * object. A default is written as it would be typed (`"10m"`, `"200"`): `--help` shows it as
 * before, and it is checked like typed text.
 */
interface FlagBase {
  description: string;
  /** One-letter alias, `-c`. */
  short?: `-${string}`;
}

/**
 * `--json`: true or false. With `negate`, `--no-<name>` exists too and neither gives undefined.
 * With `default: true` only `--no-<name>` exists (the description is its own): `open` is true
 * unless `--no-open` is given.
 */
export interface BooleanFlag extends FlagBase {
  type: "boolean";
  /** `--no-<name>`'s description. */
  negate?: string;
  default?: true;
}

interface ValueFlag extends FlagBase {
  /** The value's name in `--help` (`--lines <n>`); defaults per type. */
  value?: string;
  default?: string;
  /** The command cannot run without it: commander's "required option '--file <path>' not specified". */
  required?: true;
}

export interface StringFlag extends ValueFlag {
  type: "string";
}
/** A whole number, optionally bounded: `--lines <n>`. */
export interface NumberFlag extends ValueFlag {
  type: "number";
  min?: number;
  max?: number;
}
/** `--timeout 10m` as milliseconds (docs/configuration.md's durations). */
export interface DurationFlag extends ValueFlag {
  type: "duration";
}
/** 0 to 65535 (0 picks a free port). */
export interface PortFlag extends ValueFlag {
  type: "port";
}
/** Repeatable: `--label a --label b` is `["a", "b"]`, none is `[]`. */
export interface ListFlag extends FlagBase {
  type: "list";
  value?: string;
}
/** One of a fixed set of words. */
export interface EnumFlag extends ValueFlag {
  type: "enum";
  values: readonly string[];
}

export type FlagSpec = BooleanFlag | StringFlag | NumberFlag | DurationFlag | PortFlag | EnumFlag | ListFlag;
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

type FlagValue<S> = S extends { type: "boolean" }
  ? boolean
  : S extends { type: "list" }
    ? string[]
    : S extends { type: "string" }
      ? string
      : S extends { type: "enum"; values: readonly (infer V)[] }
        ? V
        : number;
type WhenAbsent<S> = S extends { type: "list" }
  ? never
  : S extends { type: "boolean" }
    ? S extends { negate: string }
      ? undefined
      : never
    : S extends { default: string } | { required: true }
      ? never
      : undefined;

/** What `readFlags` gives for a declaration: `{ json: boolean; limit: number | undefined; … }`. */
export type Flags<T extends FlagSpecs> = { -readonly [K in keyof T]: FlagValue<T[K]> | WhenAbsent<T[K]> };

/** Keeps the declaration's literal types (enum values, which flags have defaults) for `Flags<T>`. */
export function defineFlags<const T extends FlagSpecs>(specs: T): T {
  return specs;
}

const VALUE_NAMES: Record<Exclude<FlagSpec["type"], "boolean">, string> = {
  string: "value",
  number: "n",
  duration: "duration",
  port: "port",
  enum: "value",
  list: "value",
};

/** `dryRun` → `--dry-run`: commander turns it back into `dryRun`. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** Declares each flag on the command, as `.option()` calls in declaration order. */
export function addFlags(command: Command, specs: FlagSpecs): Command {
  for (const [key, spec] of Object.entries(specs)) {
    const alias = spec.short === undefined ? "" : `${spec.short}, `;
    if (spec.type === "boolean" && spec.default === true) {
      command.option(`${alias}--no-${flagName(key).slice(2)}`, spec.description);
      continue;
    }
    if (spec.type === "boolean") {
      command.option(`${alias}${flagName(key)}`, spec.description);
      if (spec.negate !== undefined) command.option(`--no-${flagName(key).slice(2)}`, spec.negate);
      continue;
    }
    const value = `${alias}${flagName(key)} <${spec.value ?? VALUE_NAMES[spec.type]}>`;
    if (spec.type === "list") command.option(value, spec.description, collect);
    else if (spec.required === true) command.requiredOption(value, spec.description, spec.default);
    else command.option(value, spec.description, spec.default);
  }
  return command;
}

/** The command's parsed options, typed from the declaration; bad values are usage errors naming the flag. */
export async function readFlags<const T extends FlagSpecs>(specs: T, command: Command): Promise<Flags<T>> {
  const given = command.opts<Record<string, unknown>>();
  const flags: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const raw = given[key];
    if (spec.type === "boolean") flags[key] = spec.negate === undefined ? raw === true : raw;
    else if (spec.type === "list") flags[key] = raw ?? [];
    else flags[key] = typeof raw === "string" ? await parseFlagValue(flagName(key), spec, raw) : undefined;
  }
  return flags as Flags<T>;
}

// No default `[]` given to commander: `--help` would print "(default: [])".
const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];
