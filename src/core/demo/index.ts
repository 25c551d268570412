/** `ao demo` (docs/demo.md): a guided run of ao against a throwaway repository and a fake agent. */

// The demo and the steps it reports as it goes.
export { runDemo } from "./run-demo.js";
export type { DemoStep } from "./demo-steps.js";
