export { gitHubApiError, statusOf } from "./api-error.js";
export { createGitHubClient, type GitHubClient, type GitHubClientOptions } from "./client.js";
export { GITHUB_API_URL, ghHostnameFor, graphqlUrlFor, resolveApiUrl } from "./endpoints.js";
export { EtagCache } from "./etag-cache.js";
export { formatGitHubRepo, parseGitHubRepo, type GitHubRepo } from "./repo.js";
export { resolveGitHubToken } from "./token.js";
