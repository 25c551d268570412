import { existsSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import type { ScmChange } from "../../../core/plugin-api.js";

/**
 * `watchChanges` of scm/local: a CI run's end, the moment its runner renames `result.json` into the
 * run's directory. Each run observed pending while someone listens (the daemon, which observes
 * every open pull request) gets a watch on its directory until its result appears; a run whose
 * runner dies without a result is found by the next poll, as before. Processes that do not listen
 * (`ao status`, `ao ci`) watch nothing.
 */
export class CiFinishWatch {
  readonly #runs = new Map<string, FSWatcher>();
  #listener: ((change: ScmChange) => void) | undefined;

  listen(onChange: (change: ScmChange) => void): () => void {
    this.#listener = onChange;
    return () => {
      this.#listener = undefined;
      for (const dir of [...this.#runs.keys()]) this.#close(dir);
    };
  }

  /** The run in `dir` (of `branch`) is pending: tell the listener when it has finished. */
  pending(dir: string, branch: string): void {
    if (this.#listener === undefined || this.#runs.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => {
        if (name?.toString() === "result.json") this.#finished(dir, branch);
      });
    } catch {
      return; // no notification here (a filesystem without it, no watches left): the poll sees it
    }
    watcher.on("error", () => this.#close(dir));
    this.#runs.set(dir, watcher);
    // The run may have ended between the observation and the watch.
    if (existsSync(join(dir, "result.json"))) this.#finished(dir, branch);
  }

  #finished(dir: string, branch: string): void {
    if (!this.#runs.has(dir)) return;
    this.#close(dir);
    this.#listener?.({ branches: [branch], pullRequests: [] });
  }

  #close(dir: string): void {
    this.#runs.get(dir)?.close();
    this.#runs.delete(dir);
  }
}
