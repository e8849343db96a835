import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { writeQueuedPairs } from "../../src/projections/pair-writer";
import { refreshProjections } from "../../src/projections/refresh";

// Runs before each test file: schema, the sample corpus, a first full projection refresh and the
// word pairs (as the cron writes them after it), once per database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM sources").first<{ n: number }>();
if ((seeded?.n ?? 0) === 0) {
	await env.DB.batch(env.TEST_SEED.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
	const refresh = await refreshProjections(env.DB, "full");
	if (refresh.outcome !== "succeeded") throw new Error(`seed projection refresh failed: ${refresh.error}`);
	const pairs = await writeQueuedPairs(env.DB, { budgetMs: 120_000 });
	if (pairs.queued > 0) throw new Error(`seed word pairs left ${pairs.queued} sources queued`);
}
