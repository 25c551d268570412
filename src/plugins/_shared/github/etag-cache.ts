import type { GitHubClient } from "./client.js";
import { statusOf } from "./api-error.js";

interface Entry {
  etag: string;
  data: unknown;
}

/**
 * Conditional GETs: the ETag of the last answer goes out as If-None-Match, and a 304 is answered
 * from memory. GitHub does not count a 304 against the rate limit, so an unchanged poll is free.
 */
export class EtagCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 500) {}

  async get<T>(
    client: GitHubClient,
    route: string,
    params: Record<string, unknown>,
  ): Promise<{ data: T; notModified: boolean }> {
    const key = `${route} ${JSON.stringify(params)}`;
    const cached = this.entries.get(key);
    try {
      const headers = cached ? { "if-none-match": cached.etag } : {};
      const response = await client.request(route, { ...params, headers });
      const etag = response.headers.etag;
      if (etag) this.remember(key, { etag, data: response.data });
      return { data: response.data as T, notModified: false };
    } catch (error) {
      if (cached && statusOf(error) === 304) return { data: cached.data as T, notModified: true };
      throw error;
    }
  }

  private remember(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A Map iterates in insertion order: the first key is the least recently stored.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
