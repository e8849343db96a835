/**
 * Content-policy operations for operators, through wrangler, on the local D1 or with --remote the
 * deployed one:
 *
 *   npm run content -- unpublish <source_id> --reason "…" [--refresh]
 *   npm run content -- remove <source_id> --reason "…" [--refresh]
 *   npm run content -- restore <source_id> --reason "…" [--refresh]
 *   npm run content -- correct-passage <source_id> <ordinal> --text "…" --reason "…"
 *   npm run content -- correct-card <card_id> [--claim "…"] [--evidence "…"] --reason "…"
 *
 * Tools read the public tables, so an unpublished source disappears from every tool at once; counts
 * follow at the next projection refresh, which --refresh runs straight away. Every action is recorded
 * in content_actions. Values travel as parameters and are rendered as SQL literals by one audited
 * function (inlineStatement) only because wrangler's CLI takes SQL text.
 */
import { parseArgs } from "node:util";
import { inlineStatement, type Statement } from "./corpus/statements";
import { type D1Target, d1Query, d1TargetArgs, runWrangler } from "./lib/wrangler";
import { runRefresh } from "./projections-refresh";

const now = () => new Date().toISOString();

function query<T>(target: D1Target, statement: Statement): T[] {
	return d1Query<T>(target, inlineStatement(statement));
}

/** Runs the statements as one command: wrangler sends them as one batch (one transaction locally). */
function execute(target: D1Target, statements: Statement[]): void {
	const sql = statements.map((s) => `${inlineStatement(s)};`).join("\n");
	runWrangler(["d1", "execute", "DB", ...d1TargetArgs(target), "--command", sql]);
}

const audit = (action: string, targetId: string, reason: string): Statement => ({
	sql: "INSERT INTO content_actions (action, target_id, reason, acted_at) VALUES (?, ?, ?, ?)",
	params: [action, targetId, reason, now()],
});

export class ContentError extends Error {}

function requireSource(target: D1Target, sourceId: string): { publication_state: string; title: string } {
	const rows = query<{ publication_state: string; title: string }>(target, {
		sql: "SELECT publication_state, title FROM sources WHERE source_id = ?",
		params: [sourceId],
	});
	const row = rows[0];
	if (!row) throw new ContentError(`no source has the id ${sourceId}`);
	return row;
}

export function setSourceState(
	target: D1Target,
	sourceId: string,
	state: "unpublished" | "removed" | "published",
	reason: string,
): string {
	const before = requireSource(target, sourceId);
	const action = state === "published" ? "restore" : state === "removed" ? "remove" : "unpublish";
	execute(target, [
		{
			sql: "UPDATE sources SET publication_state = ?, state_reason = ?, updated_at = ? WHERE source_id = ?",
			params: [state, state === "published" ? null : reason, now(), sourceId],
		},
		audit(action, sourceId, reason),
	]);
	return `${sourceId} "${before.title}": ${before.publication_state} -> ${state}`;
}

export function correctPassage(
	target: D1Target,
	sourceId: string,
	ordinal: number,
	text: string,
	reason: string,
): string {
	const rows = query<{ text: string }>(target, {
		sql: "SELECT text FROM passages WHERE source_id = ? AND ordinal = ?",
		params: [sourceId, ordinal],
	});
	if (!rows[0]) throw new ContentError(`source ${sourceId} has no passage ${ordinal}`);
	if (text.trim() === "") throw new ContentError("the corrected text must not be empty");
	execute(target, [
		{
			sql: "UPDATE passages SET text = ? WHERE source_id = ? AND ordinal = ?",
			params: [text, sourceId, ordinal],
		},
		{ sql: "UPDATE sources SET updated_at = ? WHERE source_id = ?", params: [now(), sourceId] },
		audit("correct_passage", `${sourceId}#${ordinal}`, reason),
	]);
	return `${sourceId} passage ${ordinal} corrected (the search index follows by trigger)`;
}

export function correctCard(
	target: D1Target,
	cardId: string,
	changes: { claim?: string; evidence?: string },
	reason: string,
): string {
	const rows = query<{ claim: string }>(target, {
		sql: "SELECT claim FROM evidence_cards WHERE card_id = ?",
		params: [cardId],
	});
	if (!rows[0]) throw new ContentError(`no evidence card has the id ${cardId}`);
	if (changes.claim === undefined && changes.evidence === undefined)
		throw new ContentError("give --claim and/or --evidence");
	execute(target, [
		{
			sql: "UPDATE evidence_cards SET claim = COALESCE(?, claim), evidence = COALESCE(?, evidence), updated_at = ? WHERE card_id = ?",
			params: [changes.claim ?? null, changes.evidence ?? null, now(), cardId],
		},
		audit("correct_card", cardId, reason),
	]);
	return `${cardId} corrected`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values, positionals } = parseArgs({
		allowPositionals: true,
		options: {
			reason: { type: "string" },
			text: { type: "string" },
			claim: { type: "string" },
			evidence: { type: "string" },
			remote: { type: "boolean", default: false },
			"persist-to": { type: "string" },
			refresh: { type: "boolean", default: false },
		},
	});
	const target: D1Target = { remote: values.remote, persistTo: values["persist-to"] };
	const [action, id, ordinal] = positionals;
	try {
		if (!values.reason)
			throw new ContentError('every action needs --reason "…" (it is kept in content_actions)');
		if (!id) throw new ContentError("name the source or card id");
		let done: string;
		switch (action) {
			case "unpublish":
			case "remove":
			case "restore":
				done = setSourceState(
					target,
					id,
					action === "restore" ? "published" : action === "remove" ? "removed" : "unpublished",
					values.reason,
				);
				break;
			case "correct-passage":
				if (!ordinal || !Number.isInteger(Number(ordinal)))
					throw new ContentError("give the passage ordinal");
				if (values.text === undefined) throw new ContentError('give the corrected text with --text "…"');
				done = correctPassage(target, id, Number(ordinal), values.text, values.reason);
				break;
			case "correct-card":
				done = correctCard(target, id, { claim: values.claim, evidence: values.evidence }, values.reason);
				break;
			default:
				throw new ContentError(
					`unknown action ${action ?? "(none)"}: unpublish, remove, restore, correct-passage or correct-card`,
				);
		}
		console.log(`ok   ${done}`);
		if (values.refresh) {
			runRefresh("incremental", target);
			console.log("ok   projections refreshed (incremental): counts no longer include it");
		} else {
			console.log(
				"note counts follow at the next projection refresh (the cron, or npm run projections:refresh)",
			);
		}
	} catch (error) {
		console.error(`FAIL ${(error as Error).message}`);
		process.exit(1);
	}
}
