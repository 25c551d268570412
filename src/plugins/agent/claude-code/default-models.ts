import type { DefaultModels } from "../../../core/plugin-api.js";

/**
 * What Claude Code 2.1.332 (npm `@anthropic-ai/claude-code`, its linux-x64 binary) falls back to,
 * read from its baked model catalog on 2026-12-03: the `opus`, `sonnet`, `haiku` and `fable`
 * aliases' defaults and per-provider values (`aliases`), with `best: "opus"` making claude-opus-5-5
 * the main loop's default where the account offers Opus, the `sonnet` alias (claude-sonnet-5-5;
 * claude-sonnet-5 on Mantle) otherwise, and the `haiku` alias for its side calls.
 */
export const CLAUDE_CODE_DEFAULT_MODELS: DefaultModels = {
  source: "Claude Code 2.1.332",
  recorded: "2026-12-03",
  models: [
    "claude-opus-5-5",
    "claude-sonnet-5-5",
    "claude-sonnet-5",
    "claude-haiku-5-5",
    "claude-fable-5-2",
    "claude-opus-4-7",
    "claude-sonnet-4-6",
    "claude-sonnet-4-5",
    "claude-haiku-4-5",
    "claude-fable-5",
  ],
  sideCalls:
    "not counted: its side calls (session titles, the permission classifier, on the haiku alias) are not written to its transcripts",
};
