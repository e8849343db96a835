/**
 * Starts the Worker under `wrangler dev` on loopback and waits until it answers. Shared by
 * `npm start`, the end-to-end tests, the release check and the benchmarks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");

export interface DevServerOptions {
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
	const exited = new Promise<void>((done) => child.once("exit", () => done()));

	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		try {
			// wrangler starts workerd as a child: end the whole process group.
			if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, "SIGTERM");
			else child.kill("SIGTERM");
		} catch {
			// already gone
		}
		const timer = setTimeout(() => {
			try {
				if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
			} catch {
				// already gone
			}
		}, 5000);
		await exited;
		clearTimeout(timer);
	};

	const deadline = Date.now() + 90_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${log}`);
		try {
			const response = await fetch(`${origin}/api/mcp`, { method: "GET" });
			await response.arrayBuffer();
			if (response.status === 405) break;
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`wrangler dev did not answer within 90 s:\n${log}`);
		}
		await new Promise((r) => setTimeout(r, 250));
	}
	return { origin, url: `${origin}/api/mcp`, process: child, stop, output: () => log };
}
