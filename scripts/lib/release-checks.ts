/**
 * What a healthy release looks like, as pure checks: the bindings a deployed version must carry (and
 * must not), and the shapes of discovery and of a bounded tool call. Each returns the list of
 * differences; empty means healthy. The discovery checks hold the catalog and the Server Card to
 * what server/discover and initialize answer.
 */

import { PAGE_RATE_LIMIT, RATE_LIMIT } from "../../src/limits";
import { AiCatalogSchema, ServerCardSchema, schemaProblems } from "./discovery-schemas";

export interface Binding {
	name: string;
	type: string;
	limit?: number;
	period?: number;
}

/** Bindings the Worker may carry. Anything else could reach the MCP route and is refused. */
const PUBLIC_BINDINGS = new Set([
	"DB",
	"MCP_RATE_LIMIT",
	"PAGE_RATE_LIMIT",
	"RATE_LIMITER",
	"DATABASE_GATE",
	"PUBLIC_BASE_URL",
	"LOG_IDENTITY_SALT",
]);

export function checkBindings(bindings: Binding[]): string[] {
	const problems: string[] = [];
	const byName = new Map(bindings.map((b) => [b.name, b]));
	for (const [name, budget, role] of [
		["MCP_RATE_LIMIT", RATE_LIMIT, "the MCP route"],
		["PAGE_RATE_LIMIT", PAGE_RATE_LIMIT, "the pages"],
	] as const) {
		const limiter = byName.get(name);
		if (!limiter) problems.push(`${name} is not bound: ${role} would fall back to the Durable Object only`);
		else if (limiter.type !== "ratelimit")
			problems.push(`${name} is a ${limiter.type} binding, not a rate limit`);
		else if (limiter.limit !== budget.requests || limiter.period !== budget.periodSeconds) {
			problems.push(
				`${name} allows ${limiter.limit} per ${limiter.period} s, not ${budget.requests} per ${budget.periodSeconds} s`,
			);
		}
	}
	const db = byName.get("DB");
	if (!db) problems.push("DB (the public D1 database) is not bound");
	else if (db.type !== "d1") problems.push(`DB is a ${db.type} binding, not D1`);
	for (const [name, role] of [
		["RATE_LIMITER", "the Durable Object fallback limiter"],
		["DATABASE_GATE", "the database gate: without it every search is refused"],
	] as const) {
		const object = byName.get(name);
		if (!object) problems.push(`${name} (${role}) is not bound`);
		else if (object.type !== "durable_object")
			problems.push(`${name} is a ${object.type} binding, not a Durable Object`);
	}
	for (const binding of bindings) {
		if (!PUBLIC_BINDINGS.has(binding.name)) {
			problems.push(
				`${binding.name} (${binding.type}) is bound: only the public bindings may reach the MCP route`,
			);
		}
	}
	return problems;
}

/** Bindings from `wrangler versions view --json` (the Workers API's version resources). */
export function bindingsFromVersion(version: {
	resources?: { bindings?: Record<string, unknown>[] };
}): Binding[] {
	const types: Record<string, string> = {
		d1: "d1",
		ratelimit: "ratelimit",
		durable_object_namespace: "durable_object",
		plain_text: "var",
		json: "var",
		secret_text: "secret",
	};
	return (version.resources?.bindings ?? []).map((raw) => {
		const simple = raw.simple as { limit?: number; period?: number } | undefined;
		return {
			name: String(raw.name),
			type: types[String(raw.type)] ?? String(raw.type),
			limit: simple?.limit,
			period: simple?.period,
		};
	});
}

/** Bindings from a parsed wrangler configuration (the local readback). */
export function bindingsFromConfig(config: {
	d1_databases?: { binding: string }[];
	ratelimits?: { name: string; simple?: { limit?: number; period?: number } }[];
	durable_objects?: { bindings?: { name: string }[] };
	vars?: Record<string, unknown>;
	kv_namespaces?: { binding: string }[];
	r2_buckets?: { binding: string }[];
	services?: { binding: string }[];
	queues?: { producers?: { binding: string }[] };
}): Binding[] {
	return [
		...(config.d1_databases ?? []).map((d) => ({ name: d.binding, type: "d1" })),
		...(config.ratelimits ?? []).map((r) => ({
			name: r.name,
			type: "ratelimit",
			limit: r.simple?.limit,
			period: r.simple?.period,
		})),
		...(config.durable_objects?.bindings ?? []).map((d) => ({ name: d.name, type: "durable_object" })),
		...Object.keys(config.vars ?? {}).map((name) => ({ name, type: "var" })),
		...(config.kv_namespaces ?? []).map((k) => ({ name: k.binding, type: "kv" })),
		...(config.r2_buckets ?? []).map((r) => ({ name: r.binding, type: "r2" })),
		...(config.services ?? []).map((s) => ({ name: s.binding, type: "service" })),
		...(config.queues?.producers ?? []).map((q) => ({ name: q.binding, type: "queue" })),
	];
}

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON from the endpoint under test, checked field by field.
type Json = Record<string, any>;

export function checkDiscover(body: Json): string[] {
	const result = body?.result;
	if (!result) return [`server/discover returned no result: ${JSON.stringify(body).slice(0, 300)}`];
	const problems: string[] = [];
	if (result.resultType !== "complete")
		problems.push(`resultType is ${JSON.stringify(result.resultType)}, not "complete"`);
	const versions: unknown = result.supportedVersions;
	for (const version of ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"]) {
		if (!Array.isArray(versions) || !versions.includes(version))
			problems.push(`supportedVersions lacks ${version}`);
	}
	const capabilities = { tools: {}, resources: {}, prompts: {}, completions: {} };
	if (JSON.stringify(result.capabilities) !== JSON.stringify(capabilities)) {
		problems.push(
			`capabilities are ${JSON.stringify(result.capabilities)}, not ${JSON.stringify(capabilities)}`,
		);
	}
	if (!Number.isInteger(result.ttlMs) || result.ttlMs <= 0)
		problems.push(`ttlMs is ${result.ttlMs}, not a positive integer`);
	if (result.cacheScope !== "public")
		problems.push(`cacheScope is ${JSON.stringify(result.cacheScope)}, not "public"`);
	if (result._meta?.["io.modelcontextprotocol/serverInfo"]?.name !== "base2026-public-mcp") {
		problems.push("_meta serverInfo does not name base2026-public-mcp");
	}
	if (typeof result.instructions !== "string" || !result.instructions.includes("source_page_url")) {
		problems.push("instructions do not carry the citation rule");
	}
	return problems;
}

export function checkSearchCall(body: Json, era: "modern" | "legacy"): string[] {
	const result = body?.result;
	if (!result)
		return [`tools/call search_sources (${era}) returned no result: ${JSON.stringify(body).slice(0, 300)}`];
	const problems: string[] = [];
	if (result.isError)
		problems.push(`search_sources (${era}) answered an error: ${result.content?.[0]?.text}`);
	if (era === "modern" && result.resultType !== "complete")
		problems.push("modern result lacks resultType complete");
	const structured = result.structuredContent;
	if (!structured) return [...problems, `search_sources (${era}) returned no structuredContent`];
	if (!Array.isArray(structured.results) || structured.results.length > 1) {
		problems.push(`search_sources limit 1 (${era}) returned ${structured.results?.length} results`);
	}
	for (const hit of structured.results ?? []) {
		for (const field of [
			"source_id",
			"title",
			"creator_handle",
			"original_url",
			"source_page_url",
			"excerpt",
		]) {
			if (hit[field] === undefined) problems.push(`a hit (${era}) lacks ${field}`);
		}
	}
	if (!structured.public_boundary) problems.push(`search_sources (${era}) lacks public_boundary`);
	if (typeof result.content?.[0]?.text !== "string")
		problems.push(`search_sources (${era}) lacks its text block`);
	return problems;
}

export const SERVER_CARD_TYPE = "application/mcp-server-card+json";

/** The Server Card entry a catalog holds: it must be one, with a URL to fetch. */
export function catalogCardEntry(catalog: unknown): { url?: string; problems: string[] } {
	const problems = schemaProblems(AiCatalogSchema, catalog).map((p) => `catalog ${p}`);
	if (problems.length > 0) return { problems };
	const entries = (catalog as Json).entries.filter((entry: Json) => entry.type === SERVER_CARD_TYPE);
	if (entries.length !== 1)
		return { problems: [`catalog holds ${entries.length} ${SERVER_CARD_TYPE} entries, not 1`] };
	const [entry] = entries;
	if (typeof entry.url !== "string") return { problems: ["the catalog's card entry has no url"] };
	// urn:air:{publisher}:{namespace}:{name}, the name being the card name's part after the slash.
	if (!/^urn:air:[a-z0-9.-]+:mcp:[A-Za-z0-9._-]+$/.test(entry.identifier))
		problems.push(
			`catalog identifier ${JSON.stringify(entry.identifier)} is not urn:air:{domain}:mcp:{name}`,
		);
	return { url: entry.url, problems };
}

export interface DiscoveryFacts {
	/** The catalog's card entry (its identifier must name the card's server). */
	identifier: string;
	card: unknown;
	cardContentType: string | null;
	/** The endpoint being verified: the card's streamable-http remote must be it. */
	endpoint: string;
	/** server/discover's result (2026-07-28). */
	discover: Json;
	/** initialize's result (legacy era), asked for a version the card lists. */
	initialize: Json;
}

/** The card agrees with the live server in both eras: name, version, versions, endpoint. */
export function checkServerCard(facts: DiscoveryFacts): string[] {
	const problems = schemaProblems(ServerCardSchema, facts.card).map((p) => `server card ${p}`);
	if (problems.length > 0) return problems;
	const card = facts.card as Json;
	if (facts.cardContentType?.split(";")[0]?.trim() !== SERVER_CARD_TYPE)
		problems.push(`the card is served as ${facts.cardContentType}, not ${SERVER_CARD_TYPE}`);
	const serverName = String(card.name).split("/")[1];
	if (!facts.identifier.endsWith(`:${serverName}`))
		problems.push(`catalog identifier ${facts.identifier} does not name the card's server ${serverName}`);
	const info = facts.discover._meta?.["io.modelcontextprotocol/serverInfo"];
	for (const [era, seen] of [
		["server/discover", info],
		["initialize", facts.initialize.serverInfo],
	] as const) {
		if (seen?.name !== serverName)
			problems.push(
				`the card names ${card.name}, but ${era} says serverInfo.name ${JSON.stringify(seen?.name)}`,
			);
		if (seen?.version !== card.version)
			problems.push(
				`the card says version ${card.version}, but ${era} says ${JSON.stringify(seen?.version)}`,
			);
	}
	const remotes: Json[] = (card.remotes ?? []).filter((r: Json) => r.type === "streamable-http");
	const remote = remotes.find((r) => r.url === facts.endpoint);
	if (!remote) {
		problems.push(
			`no streamable-http remote of the card is ${facts.endpoint} (${remotes.map((r) => r.url).join(", ") || "none"})`,
		);
		return problems;
	}
	const versions: unknown = remote.supportedProtocolVersions;
	if (JSON.stringify(versions) !== JSON.stringify(facts.discover.supportedVersions)) {
		problems.push(
			`the card's supportedProtocolVersions ${JSON.stringify(versions)} differ from server/discover's ${JSON.stringify(facts.discover.supportedVersions)}`,
		);
	}
	const negotiated = facts.initialize.protocolVersion;
	if (!Array.isArray(versions) || !versions.includes(negotiated))
		problems.push(`initialize negotiated ${negotiated}, which the card does not list`);
	return problems;
}
