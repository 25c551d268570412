import { h } from "preact";
import htm from "htm";

/**
 * Preact's `h` behind tagged templates (htm): the page is plain TypeScript that esbuild bundles, with
 * no JSX transform and no framework build step (docs/dashboard.md says why).
 */
export const html = htm.bind(h);
