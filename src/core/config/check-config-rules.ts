import { didYouMean } from "../did-you-mean.js";
import type { ConfigProblem } from "./config-issues.js";
import type { RawConfig } from "./config-schema.js";
import { TEMPLATE_PLACEHOLDERS } from "./default-reactions.js";
import type { ReactionOverrides } from "./merge-reactions.js";
import { PRIORITIES } from "./reaction-names.js";
import type { AoConfig, KeyPath } from "./types.js";

function atLeastOneProject(config: AoConfig): ConfigProblem[] {
  if (Object.keys(config.projects).length > 0) return [];
  return [{ keyPath: ["projects"], message: "no projects configured: add at least one", at: "key" }];
}

/** Session ids are `<sessionPrefix>-<n>`: two projects sharing a prefix would hand out the same ids. */
function uniqueSessionPrefixes(config: AoConfig, raw: RawConfig): ConfigProblem[] {
  const owners = new Map<string, string>();
  const problems: ConfigProblem[] = [];
  for (const project of Object.values(config.projects)) {
    const owner = owners.get(project.sessionPrefix);
    if (owner === undefined) {
      owners.set(project.sessionPrefix, project.id);
      continue;
    }
    const written = raw.projects[project.id]?.sessionPrefix !== undefined;
    problems.push({
      keyPath: written ? ["projects", project.id, "sessionPrefix"] : ["projects", project.id],
      message: `session prefix "${project.sessionPrefix}" is already used by project "${owner}"; set a distinct sessionPrefix`,
      at: written ? "value" : "key",
    });
  }
  return problems;
}

/**
 * A routed name is a configured notifier id or a plugin name (e.g. the built-in `desktop`). A name
 * one typo away from a configured id is almost certainly that id misspelt, not a plugin.
 */
function knownNotifierNames(raw: RawConfig): ConfigProblem[] {
  const ids = Object.keys(raw.notifiers);
  const lists: [KeyPath, readonly string[]][] = [[["defaults", "notifiers"], raw.defaults.notifiers ?? []]];
  for (const priority of PRIORITIES) {
    const names = raw.notificationRouting?.[priority];
    if (names) lists.push([["notificationRouting", priority], names]);
  }
  return lists.flatMap(([keyPath, names]) =>
    names.flatMap((name, index): ConfigProblem[] => {
      const suggestion = ids.includes(name) ? undefined : didYouMean(name, ids);
      if (suggestion === undefined) return [];
      return [
        {
          keyPath: [...keyPath, index],
          message: `unknown notifier "${name}" (did you mean "${suggestion}"?)`,
        },
      ];
    }),
  );
}

const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;

function placeholderProblems(reactions: ReactionOverrides | undefined, base: KeyPath): ConfigProblem[] {
  const known = Object.keys(TEMPLATE_PLACEHOLDERS);
  return Object.entries(reactions ?? {}).flatMap(([key, reaction]) =>
    [...(reaction?.message ?? "").matchAll(PLACEHOLDER)]
      .map((match) => match[1] ?? "")
      .filter((name) => !known.includes(name))
      .map((name) => {
        const suggestion = didYouMean(name, known);
        const hint = suggestion ? ` (did you mean {{${suggestion}}}?)` : ` (known: ${known.join(", ")})`;
        return { keyPath: [...base, key, "message"], message: `unknown placeholder {{${name}}}${hint}` };
      }),
  );
}

/** `action: queue` puts a session in the merge train: only an approved, green pull request goes there. */
function queueActionProblems(reactions: ReactionOverrides | undefined, base: KeyPath): ConfigProblem[] {
  return Object.entries(reactions ?? {}).flatMap(([key, reaction]): ConfigProblem[] =>
    reaction?.action === "queue" && key !== "approved-and-green"
      ? [
          {
            keyPath: [...base, key, "action"],
            message: `action "queue" is only for approved-and-green (it puts an approved, green session in the merge train), not for ${key}`,
            at: "value",
          },
        ]
      : [],
  );
}

/** Rules that need the whole file: cross-references and uniqueness. */
export function checkConfigRules(config: AoConfig, raw: RawConfig): ConfigProblem[] {
  return [
    ...atLeastOneProject(config),
    ...uniqueSessionPrefixes(config, raw),
    ...knownNotifierNames(raw),
    ...placeholderProblems(raw.reactions, ["reactions"]),
    ...Object.entries(raw.projects).flatMap(([id, project]) =>
      placeholderProblems(project.reactions, ["projects", id, "reactions"]),
    ),
    ...queueActionProblems(raw.reactions, ["reactions"]),
    ...Object.entries(raw.projects).flatMap(([id, project]) =>
      queueActionProblems(project.reactions, ["projects", id, "reactions"]),
    ),
  ];
}
