/**
 * The method names this server knows: the ones it answers and the client notifications of the spec.
 * Anything else a client sends is its own text, which the request log never copies.
 */
export const KNOWN_METHODS: ReadonlySet<string> = new Set([
	"initialize",
	"ping",
	"server/discover",
	"tools/list",
	"tools/call",
	"resources/list",
	"resources/templates/list",
	"resources/read",
	"prompts/list",
	"prompts/get",
	"completion/complete",
	"notifications/initialized",
	"notifications/cancelled",
	"notifications/progress",
	"notifications/roots/list_changed",
]);
