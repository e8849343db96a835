/**
 * The published discovery formats as valibot schemas, for the tests and the release check (the
 * Worker itself never validates its own card): the MCP Server Card (experimental-ext-server-card
 * `schema.json`, `#/$defs/ServerCard`), the AI Catalog's document and entry members the Server Card
 * discovery document names, and the MCP Registry's server.json (schema 2025-12-11). Objects are open
 * as upstream. test/workers/http/discovery-schemas.test.ts runs them over the upstream examples vendored
 * in test/support/discovery/ and compares the card schema's bounds with the vendored schema.json.
 */
import * as v from "valibot";

const optionalString = v.optional(v.string());
const uri = v.pipe(v.string(), v.url());

/** A URL, or one that starts with a `{variable}` the client substitutes (both formats). */
const URL_TEMPLATE = /^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/;
/** Reverse-DNS namespace, one slash, the server's name (both formats). */
const SERVER_NAME = v.pipe(
	v.string(),
	v.minLength(3),
	v.maxLength(200),
	v.regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
);
const DESCRIPTION = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const TITLE = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const VERSION = v.pipe(v.string(), v.maxLength(255));
const META = v.record(v.string(), v.unknown());

const INPUT_ENTRIES = {
	description: optionalString,
	isRequired: v.optional(v.boolean()),
	isSecret: v.optional(v.boolean()),
	format: v.optional(v.picklist(["boolean", "filepath", "number", "string"])),
	default: optionalString,
	placeholder: optionalString,
	value: optionalString,
	choices: v.optional(v.array(v.string())),
};
const Input = v.looseObject(INPUT_ENTRIES);
const Variables = v.record(v.string(), Input);
const KeyValueInput = v.looseObject({ ...INPUT_ENTRIES, name: v.string(), variables: v.optional(Variables) });

const Repository = v.looseObject({
	url: uri,
	source: v.string(),
	subfolder: optionalString,
	id: optionalString,
});

// ---------------------------------------------------------------------------------------------------
// MCP Server Card

const SERVER_CARD_SCHEMA_PATTERN =
	/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v1\/server-card\.schema\.json$/;

export const ServerCardRemoteSchema = v.looseObject({
	type: v.picklist(["sse", "streamable-http"]),
	url: v.pipe(v.string(), v.regex(URL_TEMPLATE)),
	headers: v.optional(v.array(KeyValueInput)),
	variables: v.optional(Variables),
	supportedProtocolVersions: v.optional(v.array(v.string())),
});

export const ServerCardSchema = v.looseObject({
	$schema: v.pipe(v.string(), v.url(), v.regex(SERVER_CARD_SCHEMA_PATTERN)),
	name: SERVER_NAME,
	version: VERSION,
	description: DESCRIPTION,
	title: v.optional(TITLE),
	websiteUrl: v.optional(uri),
	repository: v.optional(Repository),
	icons: v.optional(
		v.array(
			v.looseObject({
				src: uri,
				mimeType: optionalString,
				sizes: v.optional(v.array(v.string())),
				theme: v.optional(v.picklist(["dark", "light"])),
			}),
		),
	),
	remotes: v.optional(v.array(ServerCardRemoteSchema)),
	_meta: v.optional(META),
});

// ---------------------------------------------------------------------------------------------------
// AI Catalog: the members the Server Card extension's docs/discovery.md names for a Server Card entry

export const AiCatalogSchema = v.looseObject({
	specVersion: v.pipe(v.string(), v.regex(/^\d+\.\d+$/)),
	host: v.optional(v.looseObject({ displayName: v.string() })),
	entries: v.array(
		v.pipe(
			v.looseObject({
				identifier: v.string(),
				type: v.string(),
				url: v.optional(uri),
				data: v.optional(v.unknown()),
			}),
			v.check(
				(entry) => (entry.url === undefined) !== (entry.data === undefined),
				"an entry carries exactly one of url and data",
			),
		),
	),
});

// ---------------------------------------------------------------------------------------------------
// MCP Registry server.json

const InputWithVariables = { ...INPUT_ENTRIES, variables: v.optional(Variables) };
const Argument = v.union([
	v.pipe(
		v.looseObject({
			...InputWithVariables,
			type: v.literal("positional"),
			valueHint: optionalString,
			isRepeated: v.optional(v.boolean()),
		}),
		v.check(
			(arg) => arg.valueHint !== undefined || arg.value !== undefined,
			"a positional argument needs valueHint or value",
		),
	),
	v.looseObject({
		...InputWithVariables,
		type: v.literal("named"),
		name: v.string(),
		isRepeated: v.optional(v.boolean()),
	}),
]);
const TransportUrl = v.pipe(v.string(), v.regex(URL_TEMPLATE));
const HttpTransport = {
	type: v.picklist(["streamable-http", "sse"]),
	url: TransportUrl,
	headers: v.optional(v.array(KeyValueInput)),
};
const LocalTransport = v.union([v.looseObject({ type: v.literal("stdio") }), v.looseObject(HttpTransport)]);

const ServerJsonRemoteSchema = v.looseObject({ ...HttpTransport, variables: v.optional(Variables) });

export const ServerJsonSchema = v.looseObject({
	$schema: v.optional(uri),
	name: SERVER_NAME,
	description: DESCRIPTION,
	version: VERSION,
	title: v.optional(TITLE),
	websiteUrl: v.optional(uri),
	repository: v.optional(Repository),
	icons: v.optional(
		v.array(
			v.looseObject({
				src: v.pipe(v.string(), v.url(), v.maxLength(255)),
				mimeType: v.optional(
					v.picklist(["image/png", "image/jpeg", "image/jpg", "image/svg+xml", "image/webp"]),
				),
				sizes: v.optional(v.array(v.pipe(v.string(), v.regex(/^(\d+x\d+|any)$/)))),
				theme: v.optional(v.picklist(["light", "dark"])),
			}),
		),
	),
	packages: v.optional(
		v.array(
			v.looseObject({
				registryType: v.string(),
				registryBaseUrl: v.optional(uri),
				identifier: v.string(),
				version: v.optional(v.pipe(v.string(), v.minLength(1), v.notValue("latest"))),
				fileSha256: v.optional(v.pipe(v.string(), v.regex(/^[a-f0-9]{64}$/))),
				runtimeHint: optionalString,
				transport: LocalTransport,
				runtimeArguments: v.optional(v.array(Argument)),
				packageArguments: v.optional(v.array(Argument)),
				environmentVariables: v.optional(v.array(KeyValueInput)),
			}),
		),
	),
	remotes: v.optional(v.array(ServerJsonRemoteSchema)),
	_meta: v.optional(META),
});

/** Every problem valibot found, one line each: `path: message`; empty when the value conforms. */
export function schemaProblems(schema: v.GenericSchema, value: unknown): string[] {
	const result = v.safeParse(schema, value);
	if (result.success) return [];
	return result.issues.map((issue) => `${v.getDotPath(issue) ?? "(document)"}: ${issue.message}`);
}
