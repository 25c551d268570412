import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];

/** A fresh directory removed after the current test. realpath'd so paths compare equal to git's. */
export function makeTempDir(prefix = "ao-test-"): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

// An agent that is ending may still write its last hook record while the directory goes, so
// removal is retried (ENOTEMPTY) for a moment rather than failing the test that already passed.
afterEach(() => {
  for (const dir of created.splice(0))
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});
