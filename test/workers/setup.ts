import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Runs before each test file: schema, then the sample corpus, once per database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM sources").first<{ n: number }>();
if ((seeded?.n ?? 0) === 0 && env.TEST_SEED.length > 0) {
	await env.DB.batch(env.TEST_SEED.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
}
