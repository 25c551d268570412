import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Real git, tmux and SQLite make some tests slow on a 2-core machine; a timeout is a hang guard, not a benchmark.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
