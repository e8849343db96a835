/**
 * The `commands` project's states, made once per run (test/support/local-state.ts): a migrated one and a
 * seeded one, which the operator suites copy per case instead of migrating and importing again.
 */
import type { TestProject } from "vitest/node";
import { prepareStateTemplates, type StateTemplates } from "../support/local-state";

declare module "vitest" {
	export interface ProvidedContext {
		/** A migrated state with no rows, to copy (never to write). */
		migratedState: string;
		/** A migrated and seeded state, to copy (never to write). */
		seededState: string;
	}
}

let templates: StateTemplates | undefined;

export async function setup(project: TestProject) {
	templates = await prepareStateTemplates();
	project.provide("migratedState", templates.migrated);
	project.provide("seededState", templates.seeded);
}

export function teardown() {
	templates?.remove();
}
