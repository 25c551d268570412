/**
 * The usage capability of an agent (docs/cost.md): what the agent's CLI itself recorded about the
 * tokens each model call used. Core prices the records (src/core/cost/prices.ts), attributes them to
 * turns by time and stores them (migration 006). An agent whose CLI records nothing (aider, a plain
 * command) offers no `usage`, and its cost is unknown — never zero.
 */

/**
 * Tokens of one model call by kind, disjoint so their sum is the call's tokens: `input` excludes
 * cached input; `cacheWrite1h` is the part of `cacheWrite` written for an hour (priced apart where
 * a provider does, else 0). Reasoning tokens count as output, as providers bill them.
 */
export interface TokenCounts {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly cacheWrite1h: number;
}

export interface UsageProbe {
  sessionId: string;
  worktree: string;
  /** The agent's own conversation id, when an activity probe found it. */
  agentSessionId?: string;
  /**
   * What the previous read returned, "" the first time. It lets a read go on where the last one
   * stopped (byte offsets, plus what identifies each file so a truncated or replaced file restarts).
   */
  cursor: string;
}

/** One record of the CLI's: one model call, or an update of one (same `key`: it replaces). */
export interface UsageRecord {
  /** Stable across reads: the CLI's own id of the call or message, or the line's place in its file. */
  readonly key: string;
  /** ms since the epoch, from the CLI's record. */
  readonly at: number;
  /** As the CLI wrote it; null when it did not say. */
  readonly model: string | null;
  readonly tokens: TokenCounts;
}

export interface UsageRead {
  /** What is new since the probe's cursor (or changed: a record read again under its key). */
  readonly records: readonly UsageRecord[];
  /** Where the next read starts; core stores it and hands it back unchanged. */
  readonly cursor: string;
  /** What was read, for people: e.g. "claude-code transcript". */
  readonly source: string;
}

export interface AgentUsage {
  /** Reads the usage the CLI recorded since `probe.cursor`. Missing files are no usage yet, not an error. */
  usage?(probe: UsageProbe): Promise<UsageRead>;
}
