import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { SeedStatement } from "../support/seed";

declare global {
	namespace Cloudflare {
		interface Env {
			TEST_MIGRATIONS: D1Migration[];
			TEST_SEED: SeedStatement[];
		}
	}
}
