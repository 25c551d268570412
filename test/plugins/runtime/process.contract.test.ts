import { runtimeContract } from "../../contracts/runtime.js";
import { recorderProgram } from "../../contracts/recorder-program.js";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { createProcessRuntime } from "../../../src/plugins/runtime/process.js";
import { processRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";

runtimeContract("process", () => {
  const ctx = makeTestContext();
  const work = makeTempDir("ao-process-work-");
  const recorder = recorderProgram(work);
  return Promise.resolve({
    runtime: createProcessRuntime({ ...ctx, baseDir: work }, processRuntimeOptions.parse({})),
    cwd: work,
    program: (sessionId) => recorder.program(sessionId),
    received: (sessionId) => recorder.received(sessionId),
    cleanup: () => Promise.resolve(),
  });
});
