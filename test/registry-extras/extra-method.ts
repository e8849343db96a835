/**
 * A method that exists only in the registry-extras test build (added to src/mcp/methods.ts by one
 * line): it proves that a method is its own entry and one table line. Both eras answer it; its
 * params name what it is about (params.name), so 2026-07-28's Mcp-Name must repeat it; the explorer
 * offers it with one field. It reads nothing.
 */
import { invalidParams } from "../../src/mcp/jsonrpc";
import { defineMethod } from "../../src/mcp/method";

export const extraMethod = defineMethod({
	method: "extras/echo",
	eras: ["legacy", "modern"],
	depth: 0,
	named: { param: "name" },
	explorer: { label: "echo a name back", field: { hint: "Any name.", start: "extra" } },
	answer: (params) => {
		const name = params?.name;
		if (typeof name !== "string") throw invalidParams("extras/echo needs params.name: a string.");
		return { result: { echoed: name } };
	},
});
