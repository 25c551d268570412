import { randomUUID } from "node:crypto";
import { open, readFile, stat, unlink, utimes } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { AoError, isPidAlive, type PluginContext } from "../../core/plugin-api.js";
import { findGitCommonDir } from "./git-repo-info.js";

/**
 * A per-repository mutex for the steps git itself cannot run concurrently (`worktree add/remove/prune`
 * race on `.git/worktrees`, `config.lock` and ref locks, and fail instead of waiting).
 *
 * Why a lock file made with `open(…, "wx")` (O_CREAT|O_EXCL) and not flock: Node has no flock, and
 * O_EXCL is atomic on every local file system. The kernel does not release such a file when its owner
 * dies, so the file says who owns it ({pid, host, token}) and the owner touches its mtime every few
 * seconds. A waiter treats the lock as stale when the owner's pid is gone (same host), or when the
 * heartbeat stopped (a reused pid, a frozen process, another host on a shared disk). Breaking a stale
 * lock happens under a second, short-lived `.break` file so that two waiters cannot both "break" it
 * and the slower one delete the fresh lock the faster one just took.
 */
export interface RepoLockOptions {
  /** Give up after this long (a huge checkout can hold the lock for minutes). */
  waitMs?: number | undefined;
  /** A lock whose heartbeat is older than this is stale. */
  staleMs?: number | undefined;
  heartbeatMs?: number | undefined;
  /** The repository's git common dir, when the caller has already asked git for it. */
  commonDir?: string | undefined;
}

export const REPO_LOCK_FILE = "ao-worktree.lock";
const DEFAULTS = { waitMs: 10 * 60_000, staleMs: 60_000, heartbeatMs: 5_000 };
const BREAK_LOCK_STALE_MS = 10_000;

interface LockSnapshot {
  raw: string;
  ino: number;
  mtimeMs: number;
}

/** Runs `fn` while holding the repository's lock in its git common dir (shared by all worktrees). */
export async function withRepoLock<T>(
  ctx: Pick<PluginContext, "exec">,
  repoPath: string,
  fn: () => Promise<T>,
  options: RepoLockOptions = {},
): Promise<T> {
  const { commonDir, ...timing } = options;
  const settings = { ...DEFAULTS, ...definedOnly(timing) };
  const lockPath = join(commonDir ?? (await findGitCommonDir(ctx, repoPath)), REPO_LOCK_FILE);
  const token = await acquire(lockPath, settings);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockPath, now, now).catch(() => undefined);
  }, settings.heartbeatMs);
  heartbeat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
    await release(lockPath, token);
  }
}

async function acquire(lockPath: string, settings: typeof DEFAULTS): Promise<string> {
  const token = randomUUID();
  const content = JSON.stringify({ pid: process.pid, host: hostname(), token, acquiredAt: Date.now() });
  const deadline = Date.now() + settings.waitMs;
  for (let attempt = 0; ; attempt++) {
    if (await tryCreate(lockPath, content)) return token;
    const seen = await snapshot(lockPath);
    if (seen !== undefined && isStale(seen, settings.staleMs))
      await breakStaleLock(lockPath, seen, settings.staleMs);
    if (Date.now() >= deadline) throw lockTimeout(lockPath, seen);
    await sleep(backoffMs(attempt));
  }
}

/** 25 ms doubling to 1 s, with jitter so parallel waiters do not retry in lockstep. */
function backoffMs(attempt: number): number {
  const base = Math.min(1000, 25 * 2 ** Math.min(attempt, 6));
  return base / 2 + Math.random() * (base / 2);
}

async function tryCreate(path: string, content: string): Promise<boolean> {
  try {
    const handle = await open(path, "wx");
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function snapshot(path: string): Promise<LockSnapshot | undefined> {
  try {
    const [raw, info] = await Promise.all([readFile(path, "utf8"), stat(path)]);
    return { raw, ino: info.ino, mtimeMs: info.mtimeMs };
  } catch {
    return undefined; // released between our attempt and the read: simply retry
  }
}

function isStale(lock: LockSnapshot, staleMs: number): boolean {
  if (Date.now() - lock.mtimeMs > staleMs) return true;
  const owner = parseOwner(lock.raw);
  // An empty or half-written file belongs to a creator between open() and write(): not stale yet.
  return owner !== undefined && owner.host === hostname() && !isPidAlive(owner.pid);
}

function parseOwner(raw: string): { pid: number; host: string; token: string } | undefined {
  try {
    const value = JSON.parse(raw) as { pid?: unknown; host?: unknown; token?: unknown };
    if (typeof value.pid === "number" && typeof value.host === "string" && typeof value.token === "string") {
      return { pid: value.pid, host: value.host, token: value.token };
    }
  } catch {
    // not written yet
  }
  return undefined;
}

async function breakStaleLock(lockPath: string, seen: LockSnapshot, staleMs: number): Promise<void> {
  const breakPath = `${lockPath}.break`;
  if (!(await tryCreate(breakPath, String(process.pid)))) {
    const breaker = await snapshot(breakPath);
    // A breaker needs milliseconds; one that held the file this long died mid-way.
    if (breaker !== undefined && Date.now() - breaker.mtimeMs > BREAK_LOCK_STALE_MS)
      await unlinkQuietly(breakPath);
    return;
  }
  try {
    const current = await snapshot(lockPath);
    const unchanged = current !== undefined && current.ino === seen.ino && current.raw === seen.raw;
    if (unchanged && isStale(current, staleMs)) await unlinkQuietly(lockPath);
  } finally {
    await unlinkQuietly(breakPath);
  }
}

async function release(lockPath: string, token: string): Promise<void> {
  const current = await snapshot(lockPath);
  // Someone may have broken our lock after a long freeze; never delete a lock we do not own.
  if (current !== undefined && parseOwner(current.raw)?.token === token) await unlinkQuietly(lockPath);
}

async function unlinkQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

function lockTimeout(lockPath: string, seen: LockSnapshot | undefined): AoError {
  const owner = seen === undefined ? undefined : parseOwner(seen.raw);
  const who = owner === undefined ? "another process" : `pid ${String(owner.pid)} on ${owner.host}`;
  return new AoError(
    "E_LOCK_TIMEOUT",
    `timed out waiting for the repository lock ${lockPath} held by ${who}`,
    {
      hint: `wait for the other ao command to finish; if none is running, delete ${lockPath}`,
      details: { lockPath, owner },
    },
  );
}

function definedOnly(options: Omit<RepoLockOptions, "commonDir">): Partial<typeof DEFAULTS> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
