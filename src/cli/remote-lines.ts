/**
 * How `ao start` and `ao dashboard` show the `--listen` server: its address for other devices and
 * the certificate's fingerprint, which a person compares with what the device's browser shows
 * before trusting it (a self-signed certificate has nothing else to vouch for it).
 */
export function remoteLines(
  remote: { urls: readonly string[]; fingerprint: string } | null | undefined,
): string[] {
  if (remote === null || remote === undefined) return [];
  return [
    `for other devices: ${remote.urls.join(", ")} (pair one with: ao dashboard pair)`,
    `certificate SHA-256: ${remote.fingerprint}`,
  ];
}
