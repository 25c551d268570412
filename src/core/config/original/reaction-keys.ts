import { REACTION_KEYS } from "../reaction-names.js";
import type { KeyPath } from "../types.js";
import { dropped, mapAt, type Data, type OriginalKeyFinding } from "./finding.js";

/** Reactions the original has and ao does not, with what comes closest in ao. */
const MISSING_REACTIONS: Readonly<Record<string, string>> = {
  "agent-idle":
    "ao has no agent-idle reaction: agent-stuck (with its threshold) fires on an agent that stopped working",
  "bugbot-comments":
    "ao has no bugbot-comments reaction: automated reviewers' comments arrive through changes-requested",
};

const known = new Set<string>(REACTION_KEYS);

/** Unknown reaction names and the original's `includeSummary` key, at the top level or in a project. */
export function reactionFindings(reactions: Data | undefined, at: KeyPath): OriginalKeyFinding[] {
  if (reactions === undefined) return [];
  const findings: OriginalKeyFinding[] = [];
  for (const [name, reaction] of Object.entries(reactions)) {
    if (!known.has(name)) {
      // Only the original's names: a misspelt one of ours stays an error with a did-you-mean.
      if (Object.hasOwn(MISSING_REACTIONS, name))
        findings.push(dropped([...at, name], `${MISSING_REACTIONS[name]}; removed`));
      continue;
    }
    if (mapAt(reaction)?.["includeSummary"] !== undefined)
      findings.push(
        dropped(
          [...at, name, "includeSummary"],
          "ao's all-complete notification always lists each session's final status and PR; removed",
        ),
      );
  }
  return findings;
}
