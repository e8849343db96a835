/**
 * The only database handle the MCP side ever holds: the public D1 binding, or a Sessions API session
 * over it. Narrowed to the two calls reads need so nothing else of the binding leaks into handlers.
 */
export type PublicDb = Pick<D1Database, "prepare" | "batch">;
