/** Limits promised on the product page; the code, the manifest and the guide all read them from here. */

/** Largest accepted MCP request body, counted on the bytes actually read. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Requests per window per edge identity; must equal the [[ratelimits]] binding in wrangler.toml. */
export const RATE_LIMIT = { requests: 60, periodSeconds: 60 } as const;
