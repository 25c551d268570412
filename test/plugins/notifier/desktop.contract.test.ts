import { notifierContract } from "../../contracts/notifier.js";
import { makeTestContext } from "../../helpers/test-context.js";
import { createDesktopNotifier, desktopOptions } from "../../../src/plugins/notifier/desktop.js";
import { fakeProgram } from "./fake-program.js";

notifierContract("desktop (notify-send)", () => {
  const program = fakeProgram("notify-send");
  const ctx = makeTestContext({ env: { PATH: program.binDir } });
  return Promise.resolve({
    notifier: createDesktopNotifier(ctx, desktopOptions.parse({}), "linux"),
    received: () => Promise.resolve(program.calls().map((argv) => argv.join("\n"))),
    cleanup: () => Promise.resolve(),
  });
});
