#!/usr/bin/env node
// The CLI is bundled into dist/bundle/ (npm run build; see scripts/build.mjs); this file only starts it.
import("../dist/bundle/ao.js").then((cli) => cli.main());
