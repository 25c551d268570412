import { getJson, postJson } from "./api.js";

/** Where "Notify me on this device" stands, and what the person reads about it. */
export type PushState =
  | { readonly kind: "checking" }
  | { readonly kind: "unavailable"; readonly why: string }
  | { readonly kind: "off" | "on"; readonly note?: string };

/** Thrown with the sentence a person reads (shown as is beside the toggle). */
export class PushProblem extends Error {}

/** Why this browser cannot get pushes here, or undefined when it can try. */
export function pushUnavailable(): string | undefined {
  if (!isSecureContext)
    return "Notifications need a secure address: open the dashboard on 127.0.0.1, localhost or HTTPS (ao dashboard --listen, tailscale serve).";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "This browser does not support Web Push notifications.";
  return undefined;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration("/");
  if (found === undefined)
    throw new PushProblem("The dashboard's service worker is not installed: reload the page and try again.");
  return found;
}

/** Whether this browser has a subscription the daemon still keeps (a revoke or `ao dashboard push remove` ends it). */
export async function readPushState(): Promise<PushState> {
  const why = pushUnavailable();
  if (why !== undefined) return { kind: "unavailable", why };
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription === null) return { kind: "off" };
  const answer = await postJson<{ subscribed: boolean }>("/api/push/state", {
    endpoint: subscription.endpoint,
  });
  return { kind: answer.subscribed ? "on" : "off" };
}

/**
 * Turns notifications on: the browser's permission, a subscription with its push service for the
 * daemon's VAPID key, then the daemon keeps it for this device. Each refusal is said in words.
 */
export async function subscribeThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    throw new PushProblem(
      "Notifications are blocked for this site: allow them in the browser's site settings, then try again.",
    );
  const { publicKey } = await getJson<{ publicKey: string }>("/api/push");
  const worker = await registration();
  let subscription: PushSubscription;
  try {
    subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    });
  } catch (error) {
    const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new PushProblem(
      `This browser could not subscribe with its push service (${said}). Web Push goes through the browser's own push service (Google's for Chrome and Android, Mozilla's for Firefox, Apple's for Safari): it fails offline, in private or headless windows, and where the browser's settings block it.`,
    );
  }
  await postJson("/api/push/subscribe", subscription.toJSON());
}

/** Turns them off: the daemon forgets the subscription, then the browser drops it. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription === null) return;
  await postJson("/api/push/unsubscribe", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
