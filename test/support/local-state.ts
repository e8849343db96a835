/**
 * Local D1 states for the end-to-end suites, made once per run and copied per case: applying the
 * migrations is one wrangler process of tens of seconds on a busy machine, importing and projecting
 * the sample corpus several more, and a copy of the state directory is a few milliseconds. The
 * templates are never served or written: each suite, each case that needs a database of its own,
 * and the shared `wrangler dev` get a copy.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedLocalDatabase } from "../../scripts/lib/seed-local";
import { applyLocalMigrations } from "../../scripts/lib/wrangler";

export interface StateTemplates {
	/** Every migration applied, no rows. */
	migrated: string;
	/** The migrated state with the default sample corpus imported and a full projection refresh. */
	seeded: string;
	remove(): void;
}

export async function prepareStateTemplates(): Promise<StateTemplates> {
	const root = mkdtempSync(join(tmpdir(), "base2026-templates-"));
	const migrated = join(root, "migrated");
	const seeded = join(root, "seeded");
	applyLocalMigrations(migrated);
	cpSync(migrated, seeded, { recursive: true });
	await seedLocalDatabase({ persistTo: seeded, migrated: true, log: () => {} });
	return { migrated, seeded, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A new state directory holding a copy of `template`; the caller removes it. */
export function copyState(template: string, prefix: string): string {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	cpSync(template, dir, { recursive: true });
	return dir;
}
