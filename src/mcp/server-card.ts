/**
 * Pre-connection discovery: the MCP Server Card and the AI Catalog that points at it (the Server Card
 * extension's docs/discovery.md, SEP-2127). Both are built from the constants server/discover and
 * initialize answer from, so what a client reads before it connects cannot contradict what it sees
 * once connected. The MCP Registry's server.json at the repository root repeats the same identity;
 * a test holds it to these values.
 */
import { SERVER_INFO } from "./server-info";
import { SUPPORTED_VERSIONS } from "./versions";

export const SERVER_CARD_MEDIA_TYPE = "application/mcp-server-card+json";
export const AI_CATALOG_MEDIA_TYPE = "application/ai-catalog+json";

/** The only `$schema` the Server Card schema accepts (it is versioned by its `v1` segment, not by date). */
const SERVER_CARD_SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";

/**
 * The public deployment's domain. Names under its reverse form (`dev.base2026/…`) are what the MCP
 * Registry lets this domain's HTTP or DNS proof publish; PUBLIC_BASE_URL in wrangler.toml is on it
 * (a test checks). Identity is not taken from PUBLIC_BASE_URL: a local server is the same server.
 */
export const PUBLIC_DOMAIN = "base2026.dev";

/** Reverse-DNS name of the card and the registry entry: the domain's namespace, then serverInfo's name. */
export const REGISTRY_NAME = `${PUBLIC_DOMAIN.split(".").reverse().join(".")}/${SERVER_INFO.name}`;

/** The catalog entry's identifier, `urn:air:{publisher}:{namespace}:{name}`, with the `mcp` namespace. */
export const CATALOG_IDENTIFIER = `urn:air:${PUBLIC_DOMAIN}:mcp:${SERVER_INFO.name}`;

/** What the server does, within the card's and the registry's 100-character bound. */
export const SERVER_DESCRIPTION =
	"Read-only, keyless search and citation of curated short-form SEO and AI search practitioner videos.";

export interface DiscoveryUrls {
	/** The Streamable HTTP endpoint. */
	endpoint: string;
	/** The human guide. */
	guide: string;
	/** Where the Server Card is served. */
	card: string;
}

export function serverCard(urls: DiscoveryUrls) {
	return {
		$schema: SERVER_CARD_SCHEMA_URL,
		name: REGISTRY_NAME,
		version: SERVER_INFO.version,
		title: SERVER_INFO.title,
		description: SERVER_DESCRIPTION,
		websiteUrl: urls.guide,
		remotes: [
			{ type: "streamable-http", url: urls.endpoint, supportedProtocolVersions: [...SUPPORTED_VERSIONS] },
		],
	};
}

/** One entry, by URL: the card carries title, description and version itself, so the entry does not. */
export function aiCatalog(urls: DiscoveryUrls) {
	return {
		specVersion: "1.0",
		host: { displayName: SERVER_INFO.title, identifier: PUBLIC_DOMAIN, documentationUrl: urls.guide },
		entries: [{ identifier: CATALOG_IDENTIFIER, type: SERVER_CARD_MEDIA_TYPE, url: urls.card }],
	};
}
