/** The full life of one POST /api/mcp: admit it, serve it, log it. */
import { serveMcpPost } from "./mcp-route";

export async function handleMcpRequest(request: Request, env: Env): Promise<Response> {
	// Reads go through a Sessions API session so read replicas can serve them (see docs/operations.md).
	const db = env.DB.withSession("first-unconstrained");
	const { response } = await serveMcpPost(request, { db, publicBaseUrl: env.PUBLIC_BASE_URL });
	return response;
}
