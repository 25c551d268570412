/**
 * The dashboard's service worker (dist/web/sw.js; docs/dashboard.md, "Install" and
 * "Notifications"): it shows the pushes the daemon sends (push-notifications below), and it keeps the app
 * shell — the page, its script and stylesheet, the manifest and icons — so the installed app opens
 * when the daemon is down, showing that it is offline. Network first: a reachable server always
 * gives the current build. Nothing else is ever cached: the API, the event stream and the terminal
 * go to the network or fail, so an offline page shows no stale sessions and offers no action.
 */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window" }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly location: Location;
}

const worker = self as unknown as WorkerScope;
const CACHE = "ao-shell-1";
const SHELL = [
  "/",
  "/app.js",
  "/app.css",
  "/manifest.webmanifest",
  "/assets/icons/icon-192.png",
  "/assets/icons/icon-512.png",
];

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  const stale = (names: string[]) => names.filter((name) => name.startsWith("ao-shell-") && name !== CACHE);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(stale(names).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

/** The shell entry a request stands for: a page load is "/" whatever its fragment; else undefined. */
function shellKey(request: Request): string | undefined {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin) return undefined;
  if (request.mode === "navigate") return "/";
  return SHELL.includes(url.pathname) ? url.pathname : undefined;
}

worker.addEventListener("fetch", (event) => {
  const key = shellKey(event.request);
  if (key === undefined) return;
  event.respondWith(
    fetch(event.request).then(
      async (response) => {
        if (response.ok) await (await caches.open(CACHE)).put(key, response.clone());
        return response;
      },
      async (error: unknown) => {
        const kept = await caches.match(key);
        if (kept === undefined) throw error;
        return kept;
      },
    ),
  );
});

/** What the daemon pushes (src/web/push/push-message.ts): plain text and a path of this origin. */
interface PushPayload {
  title?: unknown;
  body?: unknown;
  tag?: unknown;
  url?: unknown;
}

/** A push from the daemon: shown as a notification (the browser requires one per push). */
worker.addEventListener("push", (event) => {
  let payload: PushPayload = {};
  try {
    payload = event.data?.json() ?? {};
  } catch {
    payload = {};
  }
  const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  const url = new URL(text(payload.url, "/"), worker.location.origin);
  event.waitUntil(
    worker.registration.showNotification(text(payload.title, "ao needs you"), {
      body: text(payload.body, ""),
      tag: text(payload.tag, "ao"),
      icon: "/assets/icons/icon-192.png",
      // Only this origin's pages: a payload cannot send the person elsewhere.
      data: { url: url.origin === worker.location.origin ? url.href : worker.location.origin },
    }),
  );
});

/** A tap on the notification opens the session's page: an open dashboard window, else a new one. */
worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = String((event.notification.data as { url?: string } | null)?.url ?? "/");
  event.waitUntil(
    worker.clients.matchAll({ type: "window" }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
      if (open === undefined) return void (await worker.clients.openWindow(url));
      await open.navigate(url);
      await open.focus();
    }),
  );
});

// A module (its own scope) for the type-checker; esbuild writes it as a classic script (iife).
export {};
