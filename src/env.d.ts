// Optional settings that wrangler.toml does not declare for production (wrangler types cannot see them).
// wrangler types declares the bindings on __BaseEnv_Env, which both the global Env and Cloudflare.Env extend.
interface __BaseEnv_Env {
	/** Secret salt for hashed identities in request logs (wrangler secret put LOG_IDENTITY_SALT). */
	LOG_IDENTITY_SALT?: string;
}
