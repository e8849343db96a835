/**
 * Content-policy operations for operators, through wrangler, on the local D1 or with --remote the
 * deployed one (`npm run content -- --help` prints the usage below).
 *
 * Tools read the public tables, so an unpublished source disappears from every tool at once; counts
 * follow at the next projection refresh, which --refresh runs straight away. Every action is recorded
 * in content_actions. Values travel as parameters and are rendered as SQL literals by one audited
 * function (inlineStatement) only because wrangler's CLI takes SQL text. Each action is one wrangler
 * command: the read of the row it is about, the writes (nothing when that row does not exist), and
 * the read-back of what they stored, which fails loudly if it differs from what the operator gave.
 */
import { parseArgs } from "node:util";
import { describeHiddenCharacter, type FieldKind, findHiddenCharacter } from "../src/text/hidden-characters";
import { inlineStatement, type SqlValue, type Statement } from "./corpus/statements";
import { EXIT_OK, runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { type D1Target, d1Results } from "./lib/wrangler";
import { type RefreshRecord, runRefresh } from "./projections-refresh";

export const USAGE = `usage: npm run content -- <command> <id> … --reason "…" [--remote | --persist-to DIR] [--refresh]

  unpublish <source_id>                     hide a source from every tool (publication_state unpublished)
  remove <source_id>                        the same, for a removal (copyright, legal)
  restore <source_id>                       publish it again
  correct-passage <source_id> <ordinal> --text "…"
  correct-card <card_id> [--claim "…"] [--evidence "…"]

  --reason "…"       required: kept in content_actions with the action; for unpublish and remove
                     also the source's state_reason, so one line of visible text like the importer's
  --refresh          run an incremental projection refresh afterwards, so counts follow at once
  --remote           the deployed D1 (default: the local one; --persist-to DIR like wrangler's)
  -h, --help         this text

Every text is stored exactly as given and read back; a difference fails the command (exit 1).`;

const now = () => new Date().toISOString();

class ContentError extends Error {}

/** Refuses operator text a published field must not hold (docs/corpus-format.md, "Visible characters"). */
function requireVisible(option: string, value: string | undefined, kind: FieldKind): void {
	const hit = value === undefined ? null : findHiddenCharacter(value, kind);
	if (hit !== null)
		throw new ContentError(`--${option} ${describeHiddenCharacter(hit)}; nothing was changed`);
}

type Row = Record<string, SqlValue>;

/** A write, and the row it must leave: `readback` selects exactly the columns of `stored`. */
interface Write {
	statement: Statement;
	readback: Statement;
	stored: Row;
}

/**
 * Runs, as one command (wrangler sends it as one batch: one transaction locally), the read of the
 * row the action is about, the writes, each of which changes nothing when that row does not exist,
 * and their readbacks; then compares what the database holds with what was given. Nothing on the way
 * may rewrite operator text; if anything did, the command fails naming the column. Returns the
 * first read's rows: none means no such row, and nothing was written.
 */
function execute(target: D1Target, read: Statement, writes: Write[]): Row[] {
	const statements = [read, ...writes.map((w) => w.statement), ...writes.map((w) => w.readback)];
	const results = d1Results<Row>(target, `${statements.map(inlineStatement).join(";\n")};`);
	const found = results[0] ?? [];
	if (found.length === 0) return found;
	writes.forEach(({ stored }, i) => {
		const row = results[1 + writes.length + i]?.[0];
		if (!row) throw new ContentError(`nothing to read back after write ${i + 1}; check the database`);
		for (const [column, given] of Object.entries(stored)) {
			if (row[column] !== given)
				throw new ContentError(
					`read back ${column} = ${JSON.stringify(row[column])}, but ${JSON.stringify(given)} was given: ` +
						"something on the way rewrote it, and the database holds what was read back; correct it again",
				);
		}
	});
	return found;
}

/**
 * Must be the last write of a command: its readback finds the row by last_insert_rowid(). Recorded
 * only when the row the action is about exists (`exists`, an SQL condition with its parameters).
 */
const audit = (action: string, targetId: string, reason: string, exists: Statement): Write => ({
	statement: {
		sql: `INSERT INTO content_actions (action, target_id, reason, acted_at) SELECT ?, ?, ?, ? WHERE ${exists.sql}`,
		params: [action, targetId, reason, now(), ...exists.params],
	},
	readback: {
		sql: "SELECT action, target_id, reason FROM content_actions WHERE action_id = last_insert_rowid()",
		params: [],
	},
	stored: { action, target_id: targetId, reason },
});

function setSourceState(
	target: D1Target,
	sourceId: string,
	state: "unpublished" | "removed" | "published",
	reason: string,
): string {
	const action = state === "published" ? "restore" : state === "removed" ? "remove" : "unpublish";
	const stateReason = state === "published" ? null : reason;
	const [before] = execute(
		target,
		{ sql: "SELECT publication_state, title FROM sources WHERE source_id = ?", params: [sourceId] },
		[
			{
				statement: {
					sql: "UPDATE sources SET publication_state = ?, state_reason = ?, updated_at = ? WHERE source_id = ?",
					params: [state, stateReason, now(), sourceId],
				},
				readback: {
					sql: "SELECT publication_state, state_reason FROM sources WHERE source_id = ?",
					params: [sourceId],
				},
				stored: { publication_state: state, state_reason: stateReason },
			},
			audit(action, sourceId, reason, {
				sql: "EXISTS (SELECT 1 FROM sources WHERE source_id = ?)",
				params: [sourceId],
			}),
		],
	);
	if (!before) throw new ContentError(`no source has the id ${sourceId}`);
	return `${sourceId} "${before.title}": ${before.publication_state} -> ${state}`;
}

function correctPassage(
	target: D1Target,
	sourceId: string,
	ordinal: number,
	text: string,
	reason: string,
): string {
	if (text.trim() === "") throw new ContentError("the corrected text must not be empty");
	const exists: Statement = {
		sql: "EXISTS (SELECT 1 FROM passages WHERE source_id = ? AND ordinal = ?)",
		params: [sourceId, ordinal],
	};
	const [found] = execute(
		target,
		{ sql: "SELECT text FROM passages WHERE source_id = ? AND ordinal = ?", params: [sourceId, ordinal] },
		[
			{
				statement: {
					sql: "UPDATE passages SET text = ? WHERE source_id = ? AND ordinal = ?",
					params: [text, sourceId, ordinal],
				},
				readback: {
					sql: "SELECT text FROM passages WHERE source_id = ? AND ordinal = ?",
					params: [sourceId, ordinal],
				},
				stored: { text },
			},
			{
				statement: {
					sql: `UPDATE sources SET updated_at = ? WHERE source_id = ? AND ${exists.sql}`,
					params: [now(), sourceId, ...exists.params],
				},
				readback: { sql: "SELECT source_id FROM sources WHERE source_id = ?", params: [sourceId] },
				stored: { source_id: sourceId },
			},
			audit("correct_passage", `${sourceId}#${ordinal}`, reason, exists),
		],
	);
	if (!found) throw new ContentError(`source ${sourceId} has no passage ${ordinal}`);
	return `${sourceId} passage ${ordinal} corrected (the search index follows by trigger)`;
}

function correctCard(
	target: D1Target,
	cardId: string,
	changes: { claim?: string; evidence?: string },
	reason: string,
): string {
	if (changes.claim === undefined && changes.evidence === undefined)
		throw new ContentError("give --claim and/or --evidence");
	const stored: Row = {};
	if (changes.claim !== undefined) stored.claim = changes.claim;
	if (changes.evidence !== undefined) stored.evidence = changes.evidence;
	const [found] = execute(
		target,
		{ sql: "SELECT claim FROM evidence_cards WHERE card_id = ?", params: [cardId] },
		[
			{
				statement: {
					sql: "UPDATE evidence_cards SET claim = COALESCE(?, claim), evidence = COALESCE(?, evidence), updated_at = ? WHERE card_id = ?",
					params: [changes.claim ?? null, changes.evidence ?? null, now(), cardId],
				},
				readback: { sql: "SELECT claim, evidence FROM evidence_cards WHERE card_id = ?", params: [cardId] },
				stored,
			},
			audit("correct_card", cardId, reason, {
				sql: "EXISTS (SELECT 1 FROM evidence_cards WHERE card_id = ?)",
				params: [cardId],
			}),
		],
	);
	if (!found) throw new ContentError(`no evidence card has the id ${cardId}`);
	return `${cardId} corrected`;
}

const describeRefresh = (r: RefreshRecord) =>
	`refresh ${r.refresh_id} (${r.mode}) ${r.outcome} at ${r.finished_at}: ${r.creators_recomputed} creators and ` +
	`${r.topics_recomputed} topics recomputed, ${r.rows_written} projection rows written`;

const COUNTS_AFTER: Record<string, string> = {
	unpublish: "counts no longer include it",
	remove: "counts no longer include it",
	restore: "counts include it again",
};

const ACTIONS = ["unpublish", "remove", "restore", "correct-passage", "correct-card"];

/** The command line; returns the exit code (0 done, 1 refused or failed, 2 not a valid command line). */
export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

function run({ values, action, id, ordinal }: ReturnType<typeof parse>): number {
	const target: D1Target = { remote: values.remote, persistTo: values["persist-to"] };
	if (!values.reason)
		throw new ContentError('every action needs --reason "…" (it is kept in content_actions)');
	if (!id) throw new ContentError("name the source or card id");
	// Text stored where the importer's rules apply follows the corpus format's visible-character
	// rules: passages, claims, evidence, and the reason an unpublish or removal stores as the source's
	// state_reason. A restore's or a correction's reason stays in content_actions, kept as typed.
	requireVisible("text", values.text, "multiline");
	requireVisible("claim", values.claim, "line");
	requireVisible("evidence", values.evidence, "multiline");
	if (action === "unpublish" || action === "remove") requireVisible("reason", values.reason, "line");
	let done: string;
	if (action === "correct-passage") {
		if (!ordinal || !Number.isInteger(Number(ordinal))) throw new ContentError("give the passage ordinal");
		if (values.text === undefined) throw new ContentError('give the corrected text with --text "…"');
		done = correctPassage(target, id, Number(ordinal), values.text, values.reason);
	} else if (action === "correct-card") {
		done = correctCard(target, id, { claim: values.claim, evidence: values.evidence }, values.reason);
	} else {
		const state = action === "restore" ? "published" : action === "remove" ? "removed" : "unpublished";
		done = setSourceState(target, id, state, values.reason);
	}
	console.log(`ok   ${done}; read back as given`);
	if (values.refresh) {
		const record = runRefresh("incremental", target);
		const after = COUNTS_AFTER[action];
		console.log(`ok   projections refreshed: ${describeRefresh(record)}${after ? `; ${after}` : ""}`);
	} else {
		console.log(
			"note counts follow at the next projection refresh (the cron, or npm run projections:refresh)",
		);
	}
	return EXIT_OK;
}

function parse(argv: string[]) {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			reason: { type: "string" },
			text: { type: "string" },
			claim: { type: "string" },
			evidence: { type: "string" },
			remote: { type: "boolean", default: false },
			"persist-to": { type: "string" },
			refresh: { type: "boolean", default: false },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	const [action = "", id, ordinal] = positionals;
	const help = values.help || positionals.length === 0;
	if (!help && !ACTIONS.includes(action)) throw new UsageError(`unknown command ${JSON.stringify(action)}`);
	return { values, action, id, ordinal, help };
}

runWhenInvoked(import.meta.url, main);
