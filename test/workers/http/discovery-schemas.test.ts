/**
 * The valibot discovery schemas against the upstream formats: each accepts every valid example of
 * its upstream repository and refuses every invalid one (vendored in test/support/discovery/, see
 * test/support/discovery/SOURCE.md); the Server Card schema has the bounds, patterns, formats and
 * required members of the published schema.json; and the repository's server.json conforms to the
 * registry format and agrees with the Server Card the Worker serves and with package.json.
 */

import { env, exports } from "cloudflare:workers";
import { toJsonSchema } from "@valibot/to-json-schema";
import { describe, expect, it } from "vitest";
import packageJson from "../../../package.json";
import {
	ServerCardRemoteSchema,
	ServerCardSchema,
	ServerJsonSchema,
	schemaProblems,
} from "../../../scripts/lib/discovery-schemas";
import serverJson from "../../../server.json";
import { REGISTRY_NAME, SERVER_DESCRIPTION } from "../../../src/mcp/server-card";
import { SERVER_INFO } from "../../../src/mcp/server-info";
import cardInvalidBadName from "../../support/discovery/server-card/invalid/bad-name-pattern.json";
import cardInvalidDateSchema from "../../support/discovery/server-card/invalid/date-versioned-schema.json";
import cardInvalidMissingName from "../../support/discovery/server-card/invalid/missing-name.json";
import cardInvalidMissingSchema from "../../support/discovery/server-card/invalid/missing-schema.json";
import cardInvalidWrongSchema from "../../support/discovery/server-card/invalid/wrong-schema-name.json";
import publishedCardSchema from "../../support/discovery/server-card/schema.json";
import cardValidMinimal from "../../support/discovery/server-card/valid/minimal.json";
import cardValidTemplated from "../../support/discovery/server-card/valid/templated-remote.json";
import jsonInvalidBadName from "../../support/discovery/server-json/invalid/bad-name-pattern.json";
import jsonInvalidLongDescription from "../../support/discovery/server-json/invalid/description-too-long.json";
import jsonInvalidMissingName from "../../support/discovery/server-json/invalid/missing-name.json";
import jsonInvalidLatest from "../../support/discovery/server-json/invalid/package-version-latest.json";
import jsonInvalidPositional from "../../support/discovery/server-json/invalid/positional-argument-missing-value.json";
import jsonValidMinimal from "../../support/discovery/server-json/valid/minimal.json";
import jsonValidPackage from "../../support/discovery/server-json/valid/with-package.json";
import jsonValidRemote from "../../support/discovery/server-json/valid/with-remote.json";
import { freshAddress, type Json } from "../../support/workers/mcp";

const CARD_EXAMPLES = {
	valid: { "minimal.json": cardValidMinimal, "templated-remote.json": cardValidTemplated },
	invalid: {
		"bad-name-pattern.json": cardInvalidBadName,
		"date-versioned-schema.json": cardInvalidDateSchema,
		"missing-name.json": cardInvalidMissingName,
		"missing-schema.json": cardInvalidMissingSchema,
		"wrong-schema-name.json": cardInvalidWrongSchema,
	},
};

const SERVER_JSON_EXAMPLES = {
	valid: {
		"minimal.json": jsonValidMinimal,
		"with-package.json": jsonValidPackage,
		"with-remote.json": jsonValidRemote,
	},
	invalid: {
		"bad-name-pattern.json": jsonInvalidBadName,
		"description-too-long.json": jsonInvalidLongDescription,
		"missing-name.json": jsonInvalidMissingName,
		"package-version-latest.json": jsonInvalidLatest,
		"positional-argument-missing-value.json": jsonInvalidPositional,
	},
};

/** RegExp#source writes `/` as `\/`; JSON Schema patterns need not, and the two mean the same. */
const unescapeSlashes = (pattern: string) => pattern.replace(/\\\//g, "/");

/** What a JSON Schema object says about each member, in the keywords both schemas use. */
function constraints(schema: Json): Record<string, Json> {
	const keywords = ["type", "minLength", "maxLength", "pattern", "format", "enum"];
	return Object.fromEntries(
		Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([name, member]) => [
			name,
			Object.fromEntries(
				keywords
					.filter((k) => member[k] !== undefined)
					.map((k) => [
						k,
						k === "enum" ? [...member[k]].sort() : k === "pattern" ? unescapeSlashes(member[k]) : member[k],
					]),
			),
		]),
	);
}

/** The published schema's members, `$ref`s and `$defs` aside (their shapes are compared on their own). */
function publishedConstraints(name: "ServerCard" | "Remote"): Record<string, Json> {
	const definition = (publishedCardSchema.$defs as Record<string, Json>)[name] as Json;
	const result = constraints(definition);
	for (const [member, schema] of Object.entries(definition.properties as Record<string, Json>)) {
		if (schema.$ref) result[member] = { type: "object" };
	}
	return result;
}

describe("the Server Card schema", () => {
	it("accepts every valid example of the Server Card repository and refuses every invalid one", () => {
		for (const [file, example] of Object.entries(CARD_EXAMPLES.valid))
			expect([file, schemaProblems(ServerCardSchema, example)]).toEqual([file, []]);
		for (const [file, example] of Object.entries(CARD_EXAMPLES.invalid))
			expect(schemaProblems(ServerCardSchema, example).length, file).toBeGreaterThan(0);
	});

	it("states the published schema's required members, bounds, patterns and formats", () => {
		const ours = toJsonSchema(ServerCardSchema) as Json;
		const published = (publishedCardSchema.$defs as Record<string, Json>).ServerCard as Json;
		expect([...ours.required].sort()).toEqual([...published.required].sort());
		expect(constraints(ours)).toEqual(publishedConstraints("ServerCard"));
		const remote = toJsonSchema(ServerCardRemoteSchema) as Json;
		expect([...remote.required].sort()).toEqual(
			[...((publishedCardSchema.$defs as Record<string, Json>).Remote as Json).required].sort(),
		);
		expect(constraints(remote)).toEqual(publishedConstraints("Remote"));
	});

	it("refuses what the card must never be: no slash in the name, a description over 100", () => {
		const card = { ...cardValidMinimal };
		expect(schemaProblems(ServerCardSchema, { ...card, name: "base2026-public-mcp" })).not.toEqual([]);
		expect(schemaProblems(ServerCardSchema, { ...card, description: "x".repeat(101) })).not.toEqual([]);
		expect(schemaProblems(ServerCardSchema, { ...card, description: "x".repeat(100) })).toEqual([]);
		expect(SERVER_DESCRIPTION.length).toBeLessThanOrEqual(100);
	});
});

describe("server.json (the MCP Registry entry)", () => {
	it("the registry-format schema accepts the registry's valid examples and refuses its invalid ones", () => {
		for (const [file, example] of Object.entries(SERVER_JSON_EXAMPLES.valid))
			expect([file, schemaProblems(ServerJsonSchema, example)]).toEqual([file, []]);
		for (const [file, example] of Object.entries(SERVER_JSON_EXAMPLES.invalid))
			expect(schemaProblems(ServerJsonSchema, example).length, file).toBeGreaterThan(0);
	});

	it("conforms to the registry format (schema 2025-12-11) as a remote server", () => {
		expect(schemaProblems(ServerJsonSchema, serverJson)).toEqual([]);
		expect(serverJson.$schema).toBe(
			"https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
		);
		expect(serverJson).not.toHaveProperty("packages");
		expect(serverJson.remotes).toHaveLength(1);
	});

	it("agrees with package.json and with the Server Card the Worker serves", async () => {
		expect(serverJson.version).toBe(packageJson.version);
		const response = await exports.default.fetch(
			new Request(`${env.PUBLIC_BASE_URL}/api/mcp/server-card`, {
				headers: { "cf-connecting-ip": freshAddress() },
			}),
		);
		const card = (await response.json()) as Json;
		expect(serverJson.name).toBe(card.name);
		expect(serverJson.name).toBe(REGISTRY_NAME);
		expect(serverJson.version).toBe(card.version);
		expect(serverJson.version).toBe(SERVER_INFO.version);
		expect(serverJson.title).toBe(card.title);
		expect(serverJson.description).toBe(card.description);
		expect(serverJson.websiteUrl).toBe(card.websiteUrl);
		// The registry lists the public endpoint; the card's remote is this deployment's, here the same.
		expect(serverJson.remotes).toEqual([{ type: "streamable-http", url: card.remotes[0].url }]);
		expect(serverJson.remotes[0]?.url).toBe("https://base2026.dev/api/mcp");
	});
});
