/**
 * The paths the router serves, for every place that names one: the explorer, the discovery
 * documents, the manifest's endpoint links. A module of its own, since the pages that name them are
 * the router's handlers (importing the router would be a cycle).
 */
export const MCP_PATH = "/api/mcp";
export const GUIDE_PATH = "/mcp";
