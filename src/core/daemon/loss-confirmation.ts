/** What the daemon saw at one look, before a cycle. */
export interface Look {
  /** The runtimes whose own server (ao's tmux server) is gone now. */
  readonly gone: ReadonlySet<string>;
  /** The sessions whose record says their agent runs, id → runtime, read from the store now. */
  readonly live: ReadonlyMap<string, string>;
  /** A session was killed since the look before (by a person, a plan, the control plane, a cycle). */
  readonly killedSince: boolean;
}

export interface LossVerdict {
  /** Gone at this look for the first time that counts: confirmed (or not) at the next look. */
  readonly pending: ReadonlyMap<string, ReadonlySet<string>>;
  /** Gone at this look and the one before: the sessions to restore, per runtime. */
  readonly confirmed: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Decides when a runtime's lost server is a loss to restore, not the end of a deliberate kill: tmux
 * exits when its last session is killed, so a person killing the last session looks, for an
 * instant, like a lost server. A loss counts only when seen at two consecutive looks, and a look
 * that follows a kill is never its first sighting. The daemon's first look only remembers: a server
 * already gone when it started is `ao start`'s to restore (or not, with `--no-restore`), until it
 * has been seen running again. The sessions are those live at the first sighting or the look
 * before it (a cycle may have marked them exited meanwhile); the caller re-reads their records.
 */
export function createLossConfirmation(): (look: Look) => LossVerdict {
  let first = true;
  let ignored = new Set<string>();
  let pending = new Map<string, ReadonlySet<string>>();
  let liveBefore: ReadonlyMap<string, string> = new Map();
  return (look) => {
    if (first) {
      first = false;
      ignored = new Set(look.gone);
      liveBefore = look.live;
      return { pending: new Map(), confirmed: new Map() };
    }
    ignored = new Set([...ignored].filter((runtime) => look.gone.has(runtime)));
    const confirmed = new Map<string, ReadonlySet<string>>();
    const sighted = new Map<string, ReadonlySet<string>>();
    for (const runtime of look.gone) {
      if (ignored.has(runtime)) continue;
      const sessions = sessionsOn(runtime, [liveBefore, look.live]);
      const earlier = pending.get(runtime);
      if (earlier !== undefined) confirmed.set(runtime, new Set([...earlier, ...sessions]));
      else if (!look.killedSince && sessions.size > 0) sighted.set(runtime, sessions);
    }
    pending = sighted;
    liveBefore = look.live;
    return { pending: sighted, confirmed };
  };
}

function sessionsOn(runtime: string, looks: readonly ReadonlyMap<string, string>[]): Set<string> {
  return new Set(looks.flatMap((live) => [...live].filter(([, r]) => r === runtime).map(([id]) => id)));
}
