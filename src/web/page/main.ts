import { render } from "preact";
import { describeError, postJson } from "./api.js";
import { App } from "./app.js";
import { splitFragment } from "./fragment.js";
import { html } from "./html.js";
import { LiveData } from "./live-data.js";
import { registerShellWorker } from "./shell-worker.js";
import "./style.css";

/**
 * The page's entry. The URL `ao` printed carries the token in the fragment (browsers never send a
 * fragment): it is removed from the address bar first, then traded once for an HttpOnly cookie, and
 * never kept by the page.
 */
async function login(): Promise<void> {
  const { token, route } = splitFragment(location.hash);
  if (token === null) return;
  history.replaceState(null, "", `${location.pathname}${location.search}${route === "" ? "" : `#${route}`}`);
  await postJson("/api/session-cookie", { token });
}

/**
 * The login URL pasted into a tab that is already open changes only the fragment (no load): the
 * page logs in then, drops the token from the address bar, and connects again if it was logged out.
 */
function followPastedLogin(live: LiveData, root: HTMLElement): void {
  addEventListener("hashchange", () => {
    if (splitFragment(location.hash).token === null) return;
    login().then(
      async () => {
        if (live.current().status === "unauthorized") await live.restart();
      },
      (error: unknown) => {
        root.textContent = `Login failed: ${describeError(error)}`;
      },
    );
  });
}

async function start(): Promise<void> {
  const root = document.getElementById("app");
  if (root === null) return;
  try {
    await login();
  } catch (error) {
    root.textContent = `Login failed: ${describeError(error)}`;
    return;
  }
  const live = new LiveData();
  render(html`<${App} live=${live} />`, root);
  addEventListener("pagehide", () => live.close());
  followPastedLogin(live, root);
  await live.start();
}

registerShellWorker();
void start();
