// Optional settings that wrangler.toml does not declare for production (wrangler types cannot see them).
declare namespace Cloudflare {
	interface Env {
		/** Secret salt for hashed identities in request logs (wrangler secret put LOG_IDENTITY_SALT). */
		LOG_IDENTITY_SALT?: string;
	}
}
