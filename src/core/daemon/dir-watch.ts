import { watch, type FSWatcher } from "node:fs";

interface WatchedDir {
  readonly watcher: FSWatcher;
  /** The names of interest in the directory, each with whoever wants to hear of it. */
  readonly names: Map<string, Set<() => void>>;
}

/**
 * Change notification for single files, one kernel watch (inotify, kqueue) per directory however
 * many names in it are of interest. The directory is watched, not the file: git and ao replace
 * files by renaming a temporary one over them, which a watch on the old file would not survive.
 * A directory that cannot be watched (gone, a filesystem without notification, no watches left) is
 * reported, and the caller relies on its poll.
 */
export class DirWatch {
  readonly #dirs = new Map<string, WatchedDir>();

  constructor(private readonly onError: (dir: string, error: unknown) => void) {}

  /** `onChange` runs when `name` in `dir` is created, replaced, written or removed. False: not watched. */
  add(dir: string, name: string, onChange: () => void): boolean {
    const watched = this.#dirs.get(dir) ?? this.#open(dir);
    if (watched === undefined) return false;
    const listeners = watched.names.get(name) ?? new Set();
    listeners.add(onChange);
    watched.names.set(name, listeners);
    return true;
  }

  remove(dir: string, name: string, onChange: () => void): void {
    const watched = this.#dirs.get(dir);
    const listeners = watched?.names.get(name);
    if (watched === undefined || listeners === undefined) return;
    listeners.delete(onChange);
    if (listeners.size === 0) watched.names.delete(name);
    if (watched.names.size === 0) this.#close(dir);
  }

  close(): void {
    for (const dir of [...this.#dirs.keys()]) this.#close(dir);
  }

  #open(dir: string): WatchedDir | undefined {
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => this.#changed(dir, name));
    } catch (error) {
      this.onError(dir, error);
      return undefined;
    }
    watcher.on("error", (error) => {
      this.#close(dir);
      this.onError(dir, error);
    });
    const watched: WatchedDir = { watcher, names: new Map() };
    this.#dirs.set(dir, watched);
    return watched;
  }

  #changed(dir: string, name: string | Buffer | null): void {
    const listeners = name === null ? undefined : this.#dirs.get(dir)?.names.get(name.toString());
    for (const listener of listeners ?? []) listener();
  }

  #close(dir: string): void {
    this.#dirs.get(dir)?.watcher.close();
    this.#dirs.delete(dir);
  }
}
