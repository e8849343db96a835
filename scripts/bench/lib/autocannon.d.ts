/** The small part of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module "autocannon" {
	namespace autocannon {
		interface Request {
			method?: string;
			path?: string;
			headers?: Record<string, string>;
			body?: string;
		}
		interface RequestSpec extends Request {
			setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
			onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
		}
		interface Options {
			url: string;
			connections?: number;
			duration?: number;
			timeout?: number;
			requests?: RequestSpec[];
		}
		interface Result {
			duration: number;
			errors: number;
			timeouts: number;
			non2xx: number;
		}
		interface Instance extends PromiseLike<Result> {
			on(
				event: "response",
				listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
			): this;
		}
	}
	function autocannon(options: autocannon.Options): autocannon.Instance;
	export default autocannon;
}
