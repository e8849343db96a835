/**
 * Starts the Worker under `wrangler dev` on loopback and waits until it answers. Shared by
 * `npm start`, the end-to-end tests, the release check and the benchmarks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");

interface DevServerOptions {
	/** Local state directory (D1, Durable Objects); each test run or benchmark uses its own. */
	persistTo: string;
	port?: number;
	/** A wrangler.toml environment, e.g. "bench". */
	environment?: string;
	/** Extra --var NAME:VALUE pairs. PUBLIC_BASE_URL defaults to the server's own origin. */
	vars?: Record<string, string>;
	/** Another config file (tests start deliberately broken variants). */
	configPath?: string;
	testScheduled?: boolean;
	/** Pass wrangler's output through (npm start) instead of keeping it for error reports. */
	inheritOutput?: boolean;
}

export interface DevServer {
	origin: string;
	url: string;
	process: ChildProcess;
	stop(): Promise<void>;
	output(): string;
}

export function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.unref();
		server.on("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() =>
				typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
			);
		});
	});
}

export const wranglerBin = resolve(REPO_ROOT, "node_modules/wrangler/bin/wrangler.js");

export const wranglerEnv = (): NodeJS.ProcessEnv => ({
	...process.env,
	WRANGLER_SEND_METRICS: "false",
	CLOUDFLARE_ACCOUNT_ID: process.env.CLOUDFLARE_ACCOUNT_ID ?? "",
	NO_COLOR: "1",
	FORCE_COLOR: "0",
});

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
	const port = options.port ?? (await freePort());
	const inspectorPort = await freePort();
	const origin = `http://127.0.0.1:${port}`;
	const vars = { PUBLIC_BASE_URL: origin, ...options.vars };
	const args = [
		wranglerBin,
		"dev",
		"--ip",
		"127.0.0.1",
		"--port",
		String(port),
		"--inspector-port",
		String(inspectorPort),
		"--persist-to",
		options.persistTo,
		"--show-interactive-dev-session=false",
		"--log-level",
		"log",
		...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
	];
	if (options.configPath) args.push("--config", options.configPath);
	if (options.environment) args.push("--env", options.environment);
	if (options.testScheduled) args.push("--test-scheduled");

	const child = spawn(process.execPath, args, {
		cwd: REPO_ROOT,
		env: wranglerEnv(),
		stdio: options.inheritOutput ? "inherit" : ["ignore", "pipe", "pipe"],
		detached: process.platform !== "win32",
	});
	let log = "";
	child.stdout?.on("data", (chunk) => {
		log += chunk;
	});
	child.stderr?.on("data", (chunk) => {
		log += chunk;
	});

	const stop = () => stopProcessGroup(child, 5000);
	await untilEndpointAnswers(origin, child, stop, "wrangler dev", () => log);
	return { origin, url: `${origin}/api/mcp`, process: child, stop, output: () => log };
}

/** Ends a detached child's whole process group (wrangler starts workerd as its own child). */
export async function stopProcessGroup(child: ChildProcess, graceMs: number): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((done) => child.once("exit", () => done()));
	const signal = (name: NodeJS.Signals) => {
		try {
			if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, name);
			else child.kill(name);
		} catch {
			// already gone
		}
	};
	signal("SIGTERM");
	const timer = setTimeout(() => signal("SIGKILL"), graceMs);
	await exited;
	clearTimeout(timer);
}

/** Waits until GET /api/mcp answers 405 (the endpoint is up), or fails with the server's output. */
export async function untilEndpointAnswers(
	origin: string,
	child: ChildProcess,
	stop: () => Promise<void>,
	label: string,
	output: () => string,
): Promise<void> {
	const deadline = Date.now() + 90_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}:\n${output()}`);
		try {
			const response = await fetch(`${origin}/api/mcp`, { method: "GET" });
			await response.arrayBuffer();
			if (response.status === 405) return;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`${label} did not answer within 90 s:\n${output()}`);
		}
		await new Promise((r) => setTimeout(r, 250));
	}
}
