import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { refreshProjections } from "../../src/projections/refresh";

// Runs before each test file: schema, the sample corpus and a first full projection refresh,
// once per database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM sources").first<{ n: number }>();
if ((seeded?.n ?? 0) === 0) {
	await env.DB.batch(env.TEST_SEED.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
	const refresh = await refreshProjections(env.DB, "full");
	if (refresh.outcome !== "succeeded") throw new Error(`seed projection refresh failed: ${refresh.error}`);
}
