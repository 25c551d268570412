/**
 * A pane's screen stamp (`Liveness.screenStamp`): the second of its window's last output and the
 * pane's size, as `list-panes` reports them. tmux updates `window_activity` whenever a pane of the
 * window prints anything (a lone carriage return too), and a resize reflows the screen without
 * printing, hence the size. The stamp only promises "the screen has not changed" once the second of
 * the last output is over at the time of the look (`lookedAtMs`, the machine's time, taken before
 * asking): output after the look lands in a later second and so changes the stamp. Within the same
 * second there is no such promise, and no stamp is given (the screen is read as without one).
 * Pure; undefined when tmux gave no activity time.
 */
export function paneScreenStamp(
  activitySeconds: string,
  size: string,
  lookedAtMs: number,
): string | undefined {
  if (!/^\d+$/.test(activitySeconds)) return undefined;
  if (Number(activitySeconds) >= Math.floor(lookedAtMs / 1000)) return undefined;
  return `${activitySeconds}@${size}`;
}
