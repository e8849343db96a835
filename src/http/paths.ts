/**
 * The paths the router serves, for every place that names one: the explorer, the discovery
 * documents, the manifest's endpoint links. A module of its own, since the pages that name them are
 * the router's handlers (importing the router, or one another, would be a cycle: the guide names the
 * discovery documents, whose refusals use the pages' words, which state the guide's facts).
 */
export const MCP_PATH = "/api/mcp";
export const GUIDE_PATH = "/mcp";
/** The Server Card, where MCP reserves it: the endpoint's URL plus /server-card. */
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`;
export const AI_CATALOG_PATH = "/.well-known/ai-catalog.json";
export const MCP_CATALOG_PATH = "/.well-known/mcp/catalog.json";
