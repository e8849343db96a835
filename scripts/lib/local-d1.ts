/**
 * A Worker of the scripts' own (`script`) inside Miniflare, over the local D1 of wrangler's state
 * directory `persistTo` (its "v3" layout), opened with the options wrangler uses, converted for
 * Miniflare 5 as wrangler does. Miniflare is loaded when a command first opens one, so `--help` and
 * a usage error answer without it.
 */
import { join } from "node:path";
import type { Miniflare } from "miniflare";

export async function localD1Worker(
	persistTo: string,
	databaseId: string,
	script: string,
): Promise<Miniflare> {
	const { convertV4MiniflareOptions, Miniflare } = await import("miniflare");
	return new Miniflare(
		convertV4MiniflareOptions({
			modules: true,
			script,
			resourcePersistencePath: join(persistTo, "v3"),
			d1Databases: { DB: databaseId },
		}),
	);
}
