/**
 * Registers the service worker that keeps the app shell for offline opening (src/web/page/
 * service-worker.ts). Browsers offer it only in a secure context, which 127.0.0.1, localhost and
 * HTTPS are; elsewhere the page simply works online only. A refusal is said in the console, never
 * on the page: the dashboard works without it.
 */
export function registerShellWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register("/sw.js")
    .catch((error: unknown) => console.warn("ao: the offline shell is not installed:", error));
}
