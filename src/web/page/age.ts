/**
 * "12s", "4m", "3h", "2d": how old a piece of data is, short enough for a card. The fleet shows the
 * age of what it knows (when the daemon last observed a session), never a bare "live".
 */
export function shortAge(fromIso: string | null | undefined, now: number): string {
  if (fromIso === null || fromIso === undefined) return "never";
  const ms = now - Date.parse(fromIso);
  if (!Number.isFinite(ms)) return "unknown";
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}
