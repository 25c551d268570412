#!/usr/bin/env node
// The whole CLI lives in dist/cli/main.js (built by `npm run build`); this file only starts it.
import("../dist/cli/main.js").then((cli) => cli.main());
