/**
 * Validation of a whole corpus file: every line against the record schemas (format.ts), then the
 * cross-record rules (unique ids, handles that neither equal nor look like another creator's, source
 * ids and aliases unique in one namespace, references that resolve, a source's platform equal to its
 * creator's). References may point forward in the file or at rows already in the target database
 * (`existing`).
 *
 * Pure TypeScript: the importer streams lines into CorpusValidator; tests call validateCorpusLines.
 */
import { handleKey } from "../../src/text/handle-key";
import { canonicalAlias, canonicalPlatformUrl } from "./canonical-url";
import { ALIAS_KINDS, type CorpusRecord, PLATFORMS, type Platform, parseRecord } from "./format";
import { handleSkeleton } from "./handle-skeleton";

/** Keys already present in the target database; the importer reads them before validating. */
export interface ExistingKeys {
	/** creator_id -> platform */
	creators: Map<string, Platform>;
	/** creators.handle_key values */
	handleKeys: Set<string>;
	topics: Set<string>;
	sources: Set<string>;
	cards: Set<string>;
	/** every sources.original_url and every source_aliases.alias */
	aliases: Set<string>;
	/** canonical form of each video an original_url or alias names (canonical-url.ts) -> its source_id */
	videos: Map<string, string>;
}

export function emptyExistingKeys(): ExistingKeys {
	return {
		creators: new Map(),
		handleKeys: new Set(),
		topics: new Set(),
		sources: new Set(),
		cards: new Set(),
		aliases: new Set(),
		videos: new Map(),
	};
}

/** What the importer reads of the target database to fill ExistingKeys (existingKeysFrom). */
export const KEY_QUERIES = [
	"SELECT creator_id, platform, handle_key FROM creators",
	"SELECT topic_id FROM topics",
	"SELECT source_id, original_url FROM sources",
	"SELECT a.alias, a.alias_kind, a.source_id, s.platform FROM source_aliases a JOIN sources s ON s.source_id = a.source_id",
	"SELECT card_id FROM evidence_cards",
];

/** The keys KEY_QUERIES' rows hold, the videos they name in canonical form too (canonical-url.ts). */
export function existingKeysFrom(results: readonly Record<string, unknown>[][]): ExistingKeys {
	const [creators = [], topics = [], sources = [], aliases = [], cards = []] = results;
	const keys = emptyExistingKeys();
	for (const row of creators) {
		keys.creators.set(String(row.creator_id), row.platform as Platform);
		keys.handleKeys.add(String(row.handle_key));
	}
	for (const row of topics) keys.topics.add(String(row.topic_id));
	const video = (form: string | null, sourceId: unknown) => {
		if (form !== null && !keys.videos.has(form)) keys.videos.set(form, String(sourceId));
	};
	for (const row of sources) {
		keys.sources.add(String(row.source_id));
		keys.aliases.add(String(row.original_url));
		video(canonicalPlatformUrl(String(row.original_url)), row.source_id);
	}
	for (const row of aliases) {
		keys.aliases.add(String(row.alias));
		const kind = ALIAS_KINDS.find((k) => k === row.alias_kind);
		const platform = PLATFORMS.find((p) => p === row.platform);
		if (kind !== undefined && platform !== undefined)
			video(canonicalAlias(kind, String(row.alias), platform), row.source_id);
	}
	for (const row of cards) keys.cards.add(String(row.card_id));
	return keys;
}

export interface CorpusError {
	/** 1-based line number in the file. */
	line: number;
	/** Dot path inside the record ("passages.3.end_ms"), "(record)" or "(json)". */
	path: string;
	message: string;
}

export function formatCorpusError(error: CorpusError): string {
	return `line ${error.line}: ${error.path}: ${error.message}`;
}

export type RecordCounts = Record<CorpusRecord["kind"], number>;

interface PendingSource {
	line: number;
	creatorId: string;
	platform: Platform;
	topicIds: string[];
}

interface PendingCard {
	line: number;
	sourceId: string;
	topicId: string;
}

/**
 * Streaming validator: feed it lines in order with addLine(), then call finish() for the reference
 * checks. Holds only the keys it needs (ids, handle keys, aliases), plus the records themselves when
 * `keepRecords` is set.
 */
export class CorpusValidator {
	readonly errors: CorpusError[] = [];
	readonly records: CorpusRecord[] = [];
	readonly counts: RecordCounts = { creator: 0, topic: 0, source: 0, card: 0 };
	/** Lines that held a record (blank lines are skipped). */
	lines = 0;

	private readonly creators = new Map<string, { line: number; platform: Platform | undefined }>();
	private readonly handles = new Map<string, number>();
	/** handleSkeleton -> where that skeleton's handle is: a file line, or the database's handle key. */
	private readonly skeletons = new Map<string, { line: number; handle: string } | { dbKey: string }>();
	private readonly topics = new Map<string, number>();
	private readonly sources = new Map<string, number>();
	private readonly cards = new Map<string, number>();
	private readonly aliases = new Map<string, number>();
	/** Every alias in lower case, the file's and the database's: source ids are compared without case. */
	private readonly foldedAliases = new Map<string, number>();
	private readonly existingFoldedAliases: Set<string>;
	/** canonical form of a video -> the line of the source that named it first */
	private readonly videos = new Map<string, { line: number; sourceId: string }>();
	private readonly pendingSources: PendingSource[] = [];
	private readonly pendingCards: PendingCard[] = [];
	private readonly existing: ExistingKeys;
	private finished = false;

	constructor(
		existing: Partial<ExistingKeys> = {},
		private readonly options: { keepRecords?: boolean } = {},
	) {
		this.existing = { ...emptyExistingKeys(), ...existing };
		this.existingFoldedAliases = new Set([...this.existing.aliases].map((alias) => alias.toLowerCase()));
		for (const dbKey of this.existing.handleKeys) {
			const skeleton = handleSkeleton(dbKey);
			if (!this.skeletons.has(skeleton)) this.skeletons.set(skeleton, { dbKey });
		}
	}

	private error(line: number, path: string, message: string): void {
		this.errors.push({ line, path, message });
	}

	/** Registers `key` in `seen`; reports a duplicate against the file or the database. */
	private claim(
		seen: Map<string, number>,
		inDb: boolean,
		key: string,
		line: number,
		path: string,
		what: string,
	) {
		const earlier = seen.get(key);
		if (inDb) this.error(line, path, `${what} already exists in the database`);
		else if (earlier !== undefined)
			this.error(line, path, `duplicate ${what}: already used on line ${earlier}`);
		else seen.set(key, line);
	}

	/**
	 * A handle that looks like another creator's (equal skeletons, UTS #39) stands in for it on a page
	 * or in an answer, though its key differs: only the first is kept.
	 */
	private claimSkeleton(handle: string, line: number): void {
		const skeleton = handleSkeleton(handle);
		const earlier = this.skeletons.get(skeleton);
		const rule = `looks like ${earlier === undefined ? "" : "dbKey" in earlier ? `the handle "${earlier.dbKey}" already in the database` : `the handle "${earlier.handle}" on line ${earlier.line}`}: handles whose Unicode confusable skeletons (UTS #39) are equal ("${skeleton}") are one creator's`;
		if (earlier !== undefined) this.error(line, "handle", `handle "${handle}" ${rule}`);
		else this.skeletons.set(skeleton, { line, handle });
	}

	/**
	 * Source ids and aliases are one namespace (get_source and /sources/<ref> take either): a source
	 * id must not be an alias already given, in the file or the database. Compared without case, as
	 * a source id is written in lower case only: `SRC_ABC123` is no alias beside `src_abc123`.
	 */
	private refuseIdAsAlias(sourceId: string, line: number): void {
		const earlier = this.foldedAliases.get(sourceId);
		if (earlier === undefined && !this.existingFoldedAliases.has(sourceId)) return;
		const where = earlier === undefined ? "in the database" : `on line ${earlier}`;
		this.error(
			line,
			"source_id",
			`source "${sourceId}" is an alias of another source ${where}: source ids and aliases are one namespace`,
		);
	}

	/** ... and an alias must not be any source's id, in any case: another's, in the file or the database, or its own. */
	private refuseAliasAsId(alias: string, ownId: string, line: number, path: string): void {
		const folded = alias.toLowerCase();
		if (!this.foldedAliases.has(folded)) this.foldedAliases.set(folded, line);
		const earlier = folded === ownId ? line : this.sources.get(folded);
		if (earlier === undefined && !this.existing.sources.has(folded)) return;
		const whose =
			folded === ownId
				? "this source's own id"
				: earlier === undefined
					? "the id of a source in the database"
					: `the id of the source on line ${earlier}`;
		this.error(line, path, `alias "${alias}" is ${whose}: source ids and aliases are one namespace`);
	}

	/**
	 * A source's URL and id aliases name one video each (canonical-url.ts): no other source, in the
	 * file or the database, may name the same video, however its URL is spelt.
	 */
	private claimVideos(record: Extract<CorpusRecord, { kind: "source" }>, line: number): void {
		const named = new Map<string, string>([
			[canonicalPlatformUrl(record.original_url) ?? "", "original_url"],
		]);
		record.aliases.forEach((alias, index) => {
			const form = canonicalAlias(alias.kind, alias.alias, record.platform);
			if (form !== null && !named.has(form)) named.set(form, `aliases.${index}.alias`);
		});
		named.delete("");
		for (const [form, path] of named) {
			const earlier = this.videos.get(form);
			const inDb = this.existing.videos.get(form);
			if (earlier !== undefined || inDb !== undefined) {
				const whose =
					earlier !== undefined
						? `the source on line ${earlier.line} ("${earlier.sourceId}")`
						: `the source "${inDb}" in the database`;
				this.error(line, path, `names the same video as ${whose}, spelt otherwise: both are ${form}`);
			} else this.videos.set(form, { line, sourceId: record.source_id });
		}
	}

	addLine(text: string, line: number): void {
		if (this.finished) throw new Error("CorpusValidator: addLine after finish");
		if (text.trim() === "") return;
		this.lines++;
		let value: unknown;
		try {
			value = JSON.parse(text);
		} catch (cause) {
			this.error(line, "(json)", `not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
			return;
		}
		const parsed = parseRecord(value);
		if (!parsed.ok) {
			for (const issue of parsed.issues) this.error(line, issue.path, issue.message);
			this.registerInvalid(value, line);
			return;
		}
		this.addRecord(parsed.record, line);
	}

	/**
	 * Remembers the id of a record that failed its schema, so records referring to it do not get a
	 * second, misleading "unknown ..." error.
	 */
	private registerInvalid(value: unknown, line: number): void {
		if (typeof value !== "object" || value === null) return;
		const record = value as Record<string, unknown>;
		const id = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : undefined);
		const remember = (seen: Map<string, number>, key: string | undefined) => {
			if (key !== undefined && !seen.has(key)) seen.set(key, line);
		};
		switch (record.kind) {
			case "creator": {
				const creatorId = id("creator_id");
				if (creatorId !== undefined && !this.creators.has(creatorId)) {
					const platform = (PLATFORMS as readonly unknown[]).includes(record.platform)
						? (record.platform as Platform)
						: undefined;
					this.creators.set(creatorId, { line, platform });
				}
				break;
			}
			case "topic":
				remember(this.topics, id("topic_id"));
				break;
			case "source":
				remember(this.sources, id("source_id"));
				break;
			case "card":
				remember(this.cards, id("card_id"));
				break;
		}
	}

	private addRecord(record: CorpusRecord, line: number): void {
		const errorsBefore = this.errors.length;
		const existing = this.existing;
		switch (record.kind) {
			case "creator": {
				const id = record.creator_id;
				const known = existing.creators.has(id);
				if (known) this.error(line, "creator_id", `creator "${id}" already exists in the database`);
				else if (this.creators.has(id)) {
					this.error(
						line,
						"creator_id",
						`duplicate creator "${id}": already defined on line ${this.creators.get(id)?.line}`,
					);
				} else this.creators.set(id, { line, platform: record.platform });
				const key = handleKey(record.handle);
				const before = this.errors.length;
				this.claim(
					this.handles,
					existing.handleKeys.has(key),
					key,
					line,
					"handle",
					key === record.handle
						? `handle "${record.handle}"`
						: `handle "${record.handle}" (lookup key "${key}")`,
				);
				if (this.errors.length === before) this.claimSkeleton(record.handle, line);
				break;
			}
			case "topic":
				this.claim(
					this.topics,
					existing.topics.has(record.topic_id),
					record.topic_id,
					line,
					"topic_id",
					`topic "${record.topic_id}"`,
				);
				break;
			case "source": {
				this.claim(
					this.sources,
					existing.sources.has(record.source_id),
					record.source_id,
					line,
					"source_id",
					`source "${record.source_id}"`,
				);
				this.refuseIdAsAlias(record.source_id, line);
				this.claim(
					this.aliases,
					existing.aliases.has(record.original_url),
					record.original_url,
					line,
					"original_url",
					"original_url (as a source URL or alias)",
				);
				const claimed = this.errors.length;
				record.aliases.forEach((alias, index) => {
					this.refuseAliasAsId(alias.alias, record.source_id, line, `aliases.${index}.alias`);
					// The original_url alias is the source's own URL, claimed just above.
					if (alias.kind === "original_url") return;
					this.claim(
						this.aliases,
						existing.aliases.has(alias.alias),
						alias.alias,
						line,
						`aliases.${index}.alias`,
						`alias "${alias.alias}"`,
					);
				});
				// Spelt otherwise, the same video: only where no spelling was refused as it is.
				if (this.errors.length === claimed) this.claimVideos(record, line);
				this.pendingSources.push({
					line,
					creatorId: record.creator_id,
					platform: record.platform,
					topicIds: record.topic_ids,
				});
				break;
			}
			case "card":
				this.claim(
					this.cards,
					existing.cards.has(record.card_id),
					record.card_id,
					line,
					"card_id",
					`card "${record.card_id}"`,
				);
				this.pendingCards.push({ line, sourceId: record.source_id, topicId: record.topic_id });
				break;
		}
		if (this.errors.length === errorsBefore) {
			this.counts[record.kind]++;
			if (this.options.keepRecords) this.records.push(record);
		}
	}

	/** Resolves references; returns the errors sorted by line. Call once, after the last line. */
	finish(): CorpusError[] {
		if (this.finished) return this.errors;
		this.finished = true;
		const existing = this.existing;
		const hasTopic = (id: string) => this.topics.has(id) || existing.topics.has(id);
		for (const source of this.pendingSources) {
			const inFile = this.creators.get(source.creatorId);
			const platform = inFile ? inFile.platform : existing.creators.get(source.creatorId);
			if (!inFile && platform === undefined) {
				this.error(
					source.line,
					"creator_id",
					`unknown creator "${source.creatorId}": not in this file or the database`,
				);
			} else if (platform !== undefined && platform !== source.platform) {
				this.error(
					source.line,
					"platform",
					`must equal its creator's platform "${platform}" (got "${source.platform}")`,
				);
			}
			source.topicIds.forEach((topicId, index) => {
				if (!hasTopic(topicId)) {
					this.error(
						source.line,
						`topic_ids.${index}`,
						`unknown topic "${topicId}": not in this file or the database`,
					);
				}
			});
		}
		for (const card of this.pendingCards) {
			if (!this.sources.has(card.sourceId) && !existing.sources.has(card.sourceId)) {
				this.error(
					card.line,
					"source_id",
					`unknown source "${card.sourceId}": not in this file or the database`,
				);
			}
			if (!hasTopic(card.topicId)) {
				this.error(
					card.line,
					"topic_id",
					`unknown topic "${card.topicId}": not in this file or the database`,
				);
			}
		}
		// Stable: errors of one line keep the order they were found in.
		this.errors.sort((a, b) => a.line - b.line);
		return this.errors;
	}
}

interface ValidationResult {
	/** The validated records (defaults applied), in file order; complete only when errors is empty. */
	records: CorpusRecord[];
	errors: CorpusError[];
}

/**
 * Validates a corpus given as lines (line N is lines[N-1]) against the schemas and the cross-record
 * rules, with `existing` standing for rows already in the target database.
 */
export function validateCorpusLines(
	lines: Iterable<string>,
	existing: Partial<ExistingKeys> = {},
): ValidationResult {
	const validator = new CorpusValidator(existing, { keepRecords: true });
	let line = 0;
	for (const text of lines) validator.addLine(text, ++line);
	const errors = validator.finish();
	return { records: validator.records, errors };
}
