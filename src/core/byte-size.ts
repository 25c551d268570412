/**
 * Sizes of memory as people write them in agent-orchestrator.yaml ("4GiB", "512 MiB", "2GB") and as
 * ao prints them ("2.1 GiB"). Binary and decimal units both mean what they say.
 */
const UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};
const SIZE = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)?\s*$/i;

/** Bytes of "4GiB", "1.5 GB", "100" (bytes); undefined when it is not a size. */
export function parseByteSize(text: string): number | undefined {
  const match = SIZE.exec(text);
  if (match === null) return undefined;
  const factor = UNITS[(match[2] ?? "b").toLowerCase()];
  return factor === undefined ? undefined : Math.round(Number(match[1]) * factor);
}

/** "2.1 GiB", "512 MiB", "900 KiB": one decimal above a GiB, whole numbers below. */
export function formatByteSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MiB`;
  return `${Math.max(0, Math.round(bytes / 1024))} KiB`;
}
