import { runtimeContract } from "../../contracts/runtime.js";
import { recorderProgram } from "../../contracts/recorder-program.js";
import { killTmuxServer, makeTmuxHome } from "../../helpers/tmux.js";
import { createTmuxRuntime } from "../../../src/plugins/runtime/tmux.js";
import { tmuxRuntimeOptions } from "../../../src/plugins/runtime/_shared/plugin-options.js";

runtimeContract("tmux", () => {
  const { ctx, home, socket } = makeTmuxHome();
  const recorder = recorderProgram(home);
  return Promise.resolve({
    runtime: createTmuxRuntime({ ...ctx, baseDir: home }, tmuxRuntimeOptions.parse({})),
    cwd: home,
    program: (sessionId) => recorder.program(sessionId),
    received: (sessionId) => recorder.received(sessionId),
    cleanup: () => Promise.resolve(killTmuxServer(socket)),
  });
});
