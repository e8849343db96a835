/** completion/complete, the same in both eras; a reference to nothing this server has is -32602. */
import { type Completion, complete, InvalidCompletion } from "../completion/complete";
import type { ToolContext } from "../tools/tool";
import { degraded } from "./degraded";
import { invalidParams } from "./jsonrpc";

export async function completeArgument(
	params: Record<string, unknown> | undefined,
	{ db }: ToolContext,
): Promise<{ completion: Completion }> {
	try {
		return { completion: await complete(params, db) };
	} catch (error) {
		if (error instanceof InvalidCompletion) throw invalidParams(`Invalid params: ${error.message}`);
		throw degraded("completion/complete", error);
	}
}
