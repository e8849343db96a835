/**
 * SQL safety of the Worker's source, checked statically (Node side: workerd has no file system).
 *
 * The rule. The first argument of every `.prepare(…)` and `.exec(…)` call in src/ (D1 statements and
 * the Durable Object's SQL storage; RegExp#exec is not SQL) must be SQL text no runtime value flows
 * into. Such a *constant SQL expression* is:
 *   - a string, number or substitution-free template literal;
 *   - a template literal, `+` concatenation, or parenthesised/`as` expression of constant parts;
 *   - `cond ? a : b` with constant `a` and `b` (a runtime condition may choose between fragments);
 *   - an identifier bound by `const` to a constant expression, in any scope or imported from another
 *     src file, including a name destructured from a constant object;
 *   - the default import of a `.sql` file (SQL text shipped with the Worker);
 *   - `obj.prop` where `obj` is a constant object (an object literal of constant values, object
 *     literals of constant values among them, or a call returning one);
 *   - a call of a src function every `return` of which is constant, where a parameter is constant when
 *     the call's argument for it is and the function never assigns it (so `lacks(P.pairs)` passes and
 *     `lacks(id)` fails);
 *   - a pass-through: in `{ prepare: (sql) => inner.prepare(sql) }` the function is itself a `prepare`
 *     and adds no text, and everything that calls it is a `.prepare(…)` site checked by this rule.
 * Not constant: parameters, `let`/`var`, any other call, property or element access, and anything
 * else. Values reach SQL only through bind(). So `LIMIT ${MAX_PASSAGES}` (a module constant) passes,
 * and `WHERE id = '${id}'` (a parameter) fails.
 *
 * One documented exception: the projection refresh prepares each statement of a list it is given
 * (src/projections/refresh.ts); the test checks that the Worker only ever calls it with the default
 * list, which is split from the `.sql` files, and that those imports are constant.
 */
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");

interface Site {
	file: string;
	line: number;
	call: string;
	constant: boolean;
}

const isFunctionLike = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
	ts.isFunctionDeclaration(node) ||
	ts.isFunctionExpression(node) ||
	ts.isArrowFunction(node) ||
	ts.isMethodDeclaration(node);

/** Every `.prepare(…)`/`.exec(…)` SQL call site of the program's files under `root`, judged by the rule. */
function sqlSites(program: ts.Program, root: string): Site[] {
	const checker = program.getTypeChecker();
	const visiting = new Set<ts.Node>();
	/** The parameters of the calls being judged whose argument is constant. */
	const constantParameters = new Set<ts.Node>();

	function declarationOf(identifier: ts.Identifier): ts.Declaration | undefined {
		let symbol = checker.getSymbolAtLocation(identifier);
		if (!symbol) return undefined;
		const first = symbol.declarations?.[0];
		if (first && (ts.isImportClause(first) || ts.isImportSpecifier(first) || ts.isNamespaceImport(first))) {
			const importDecl = ts.isImportClause(first) ? first.parent : first.parent.parent.parent;
			const specifier = ((importDecl as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral).text;
			if (ts.isImportClause(first) && specifier.endsWith(".sql")) return first;
			symbol = checker.getAliasedSymbol(symbol);
		}
		return symbol.declarations?.[0];
	}

	function constantBinding(declaration: ts.Declaration | undefined): boolean {
		if (!declaration) return false;
		if (ts.isParameter(declaration)) return constantParameters.has(declaration);
		if (ts.isImportClause(declaration)) return true; // a .sql text module (declarationOf checked it)
		if (ts.isVariableDeclaration(declaration)) {
			const list = declaration.parent;
			if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return false;
			return declaration.initializer !== undefined && constant(declaration.initializer);
		}
		if (ts.isBindingElement(declaration)) {
			let node: ts.Node = declaration;
			while (!ts.isVariableDeclaration(node)) node = node.parent;
			const list = node.parent;
			if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return false;
			return node.initializer !== undefined && constantObject(node.initializer);
		}
		return false;
	}

	function returnsConstant(fn: ts.Declaration | undefined, judge: (e: ts.Expression) => boolean): boolean {
		let target: ts.Node | undefined = fn;
		if (target && ts.isVariableDeclaration(target)) {
			const list = target.parent;
			if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return false;
			target = target.initializer;
		}
		if (!target || !isFunctionLike(target) || !target.body) return false;
		if (!target.getSourceFile().fileName.startsWith(root)) return false;
		if (visiting.has(target)) return false;
		visiting.add(target);
		try {
			if (!ts.isBlock(target.body)) return judge(target.body);
			const returns: ts.ReturnStatement[] = [];
			const collect = (node: ts.Node) => {
				if (ts.isReturnStatement(node)) returns.push(node);
				else if (!isFunctionLike(node)) ts.forEachChild(node, collect);
			};
			ts.forEachChild(target.body, collect);
			return returns.length > 0 && returns.every((r) => r.expression !== undefined && judge(r.expression));
		} finally {
			visiting.delete(target);
		}
	}

	/** The function a declaration names: itself, or a `const` bound to one. */
	function functionOf(declaration: ts.Declaration | undefined): ts.FunctionLikeDeclaration | undefined {
		let target: ts.Node | undefined = declaration;
		if (target && ts.isVariableDeclaration(target)) target = target.initializer;
		return target && isFunctionLike(target) ? target : undefined;
	}

	/** Whether a function's body assigns a name (a parameter so assigned is never taken as constant). */
	function assigns(fn: ts.FunctionLikeDeclaration, name: string): boolean {
		let found = false;
		const look = (node: ts.Node) => {
			if (
				(ts.isBinaryExpression(node) &&
					node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
					node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
					!(ts.isIdentifier(node.left) && node.left.text !== name)) ||
				((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
					ts.isIdentifier(node.operand) &&
					node.operand.text === name)
			)
				found = true;
			else ts.forEachChild(node, look);
		};
		if (fn.body) look(fn.body);
		return found;
	}

	/** A call judged with the parameters whose argument is constant (and never reassigned) taken as constant. */
	function constantCall(call: ts.CallExpression, judge: (e: ts.Expression) => boolean): boolean {
		const declaration = declarationOf(call.expression as ts.Identifier);
		const fn = functionOf(declaration);
		const bound = (fn?.parameters ?? []).filter(
			(p, i) =>
				ts.isIdentifier(p.name) &&
				p.dotDotDotToken === undefined &&
				call.arguments[i] !== undefined &&
				!assigns(fn as ts.FunctionLikeDeclaration, p.name.text) &&
				constant(call.arguments[i]),
		);
		const added = bound.filter((p) => !constantParameters.has(p));
		for (const p of added) constantParameters.add(p);
		try {
			return returnsConstant(declaration, judge);
		} finally {
			for (const p of added) constantParameters.delete(p);
		}
	}

	function constantObject(expression: ts.Expression): boolean {
		const e = skipWrappers(expression);
		if (ts.isObjectLiteralExpression(e)) {
			return e.properties.every(
				(p) =>
					(ts.isPropertyAssignment(p) && constant(p.initializer)) ||
					(ts.isShorthandPropertyAssignment(p) && constantBinding(declarationOf(p.name))),
			);
		}
		if (ts.isConditionalExpression(e)) return constantObject(e.whenTrue) && constantObject(e.whenFalse);
		if (ts.isIdentifier(e)) {
			const declaration = declarationOf(e);
			if (declaration && ts.isVariableDeclaration(declaration)) {
				const list = declaration.parent;
				return (
					ts.isVariableDeclarationList(list) &&
					(list.flags & ts.NodeFlags.Const) !== 0 &&
					declaration.initializer !== undefined &&
					constantObject(declaration.initializer)
				);
			}
			return false;
		}
		if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) return constantCall(e, constantObject);
		return false;
	}

	function skipWrappers(expression: ts.Expression): ts.Expression {
		let e = expression;
		while (
			ts.isParenthesizedExpression(e) ||
			ts.isAsExpression(e) ||
			ts.isSatisfiesExpression(e) ||
			ts.isNonNullExpression(e)
		)
			e = e.expression;
		return e;
	}

	/** `sql` is the untouched parameter of a function that is itself the same-named SQL method. */
	function passThrough(sql: ts.Expression, method: string): boolean {
		const e = skipWrappers(sql);
		if (!ts.isIdentifier(e)) return false;
		const declaration = declarationOf(e);
		if (!declaration || !ts.isParameter(declaration)) return false;
		const fn = declaration.parent;
		if (!isFunctionLike(fn) || fn.parameters[0] !== declaration) return false;
		const owner = fn.parent;
		return (
			((ts.isPropertyAssignment(owner) || ts.isMethodDeclaration(owner)) &&
				ts.isIdentifier(owner.name) &&
				owner.name.text === method) ||
			(ts.isMethodDeclaration(fn) && ts.isIdentifier(fn.name) && fn.name.text === method)
		);
	}

	function constant(expression: ts.Expression): boolean {
		const e = skipWrappers(expression);
		if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e)) return true;
		if (ts.isTemplateExpression(e)) return e.templateSpans.every((span) => constant(span.expression));
		if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken)
			return constant(e.left) && constant(e.right);
		if (ts.isConditionalExpression(e)) return constant(e.whenTrue) && constant(e.whenFalse);
		if (ts.isIdentifier(e)) return constantBinding(declarationOf(e));
		if (ts.isPropertyAccessExpression(e)) return constantObject(e.expression);
		if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) return constantCall(e, constant);
		// A property's value that is itself an object literal of constant values (a nested setting).
		if (ts.isObjectLiteralExpression(e)) return constantObject(e);
		return false;
	}

	const sites: Site[] = [];
	for (const sourceFile of program.getSourceFiles()) {
		if (!sourceFile.fileName.startsWith(root) || sourceFile.isDeclarationFile) continue;
		const visit = (node: ts.Node) => {
			if (
				ts.isCallExpression(node) &&
				ts.isPropertyAccessExpression(node.expression) &&
				["prepare", "exec"].includes(node.expression.name.text)
			) {
				const receiver = checker.getTypeAtLocation(node.expression.expression);
				const isRegExp = receiver.getSymbol()?.getName() === "RegExp";
				const sql = node.arguments[0];
				if (!isRegExp && sql) {
					sites.push({
						file: relative(ROOT, sourceFile.fileName),
						line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
						call: node.getText(sourceFile).replace(/\s+/g, " ").slice(0, 120),
						constant: constant(sql) || passThrough(sql, node.expression.name.text),
					});
				}
			}
			ts.forEachChild(node, visit);
		};
		visit(sourceFile);
	}
	return sites;
}

function srcProgram(): ts.Program {
	const files = (readdirSync(SRC, { recursive: true }) as string[])
		.filter((f) => f.endsWith(".ts"))
		.map((f) => join(SRC, f));
	const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile).config;
	const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
	return ts.createProgram([...files, join(ROOT, "worker-configuration.d.ts")], { ...options, noEmit: true });
}

/** A program of one in-memory file (plus the real lib), for the planted examples. */
function fixtureProgram(source: string): { program: ts.Program; root: string } {
	const root = join(ROOT, "__fixture__");
	const fileName = join(root, "planted.ts");
	const options: ts.CompilerOptions = {
		target: ts.ScriptTarget.ES2022,
		module: ts.ModuleKind.ES2022,
		strict: true,
		noEmit: true,
	};
	const host = ts.createCompilerHost(options);
	const readFile = host.readFile;
	host.readFile = (name) => (name === fileName ? source : readFile(name));
	host.fileExists = (
		(exists) => (name: string) =>
			name === fileName || exists(name)
	)(host.fileExists);
	host.getSourceFile = (
		(get) => (name: string, language: ts.ScriptTarget | ts.CreateSourceFileOptions) =>
			name === fileName ? ts.createSourceFile(name, source, language, true) : get(name, language)
	)(host.getSourceFile);
	return { program: ts.createProgram([fileName], options, host), root };
}

/** Violations planted on purpose: each line marked BAD must be flagged, each marked OK must not. */
const PLANTED = `
interface Stmt { bind(...v: unknown[]): Stmt; all(): Promise<unknown> }
interface Db { prepare(sql: string): Stmt; exec(sql: string): Promise<unknown> }
const LIMIT = 5;
const COLUMNS = "source_id, title";
const BASE = \`SELECT \${COLUMNS} FROM sources\`;
const fragments = (topic: boolean) => (topic ? { from: "source_topics st", where: "st.topic_id = ?1" } : { from: "sources s", where: "1" });
function whereFor(flag: boolean): string { if (flag) return " WHERE a = ?1"; return ""; }
function echo(text: string): string { return text; }
const quoted = (text: string) => \`'\${text}'\`;
function widened(text: string, more: string): string { text = text + more; return text; }
export function planted(db: Db, id: string, table: string, args: { table: string }, flag: boolean) {
	db.prepare(\`SELECT * FROM sources WHERE source_id = '\${id}'\`); // BAD template with a parameter
	db.prepare("SELECT * FROM t WHERE x = '" + id + "'"); // BAD concatenated parameter
	let sql = "SELECT * FROM ";
	sql += table;
	db.prepare(sql); // BAD let-bound text
	db.exec(\`DELETE FROM \${args.table}\`); // BAD property of a parameter
	db.prepare(echo(id)); // BAD a function that returns its parameter
	db.prepare(\`SELECT 1 \${flag ? id : ""}\`); // BAD a parameter as one branch
	const { from } = { from: table };
	db.prepare(\`SELECT * FROM \${from}\`); // BAD destructured from a runtime object
	db.prepare(\`\${BASE} WHERE source_id = ?1 LIMIT \${LIMIT}\`).bind(id); // OK constants only
	db.prepare(BASE + whereFor(flag)).bind(id); // OK a function of constant returns
	const parts = fragments(flag);
	db.prepare(\`SELECT 1 FROM \${parts.from} WHERE \${parts.where}\`).bind(id); // OK constant object
	db.prepare(flag ? "SELECT 1" : "SELECT 2"); // OK a choice between constants
	db.prepare(\`SELECT \${quoted(COLUMNS)}\`); // OK a function given a constant argument
	db.prepare(\`SELECT \${quoted(id)}\`); // BAD the same function given a parameter
	db.prepare(widened("SELECT 1", " LIMIT 1")); // BAD a function that reassigns its parameter
	const wrapped = { prepare: (q: string) => db.prepare(q) }; // OK a pass-through that adds nothing
	const padded = { prepare: (q: string) => db.prepare(q + id) }; // BAD a "pass-through" that adds text
	const renamed = { run: (q: string) => db.prepare(q) }; // BAD not itself a prepare
	/x/.exec(id); // OK RegExp, not SQL
}
`;

describe("SQL in src/ is never built from runtime values", () => {
	it("the checker flags every planted violation and nothing else", () => {
		const { program, root } = fixtureProgram(PLANTED);
		const sites = sqlSites(program, root);
		const lines = PLANTED.split("\n");
		const marked = (mark: string) =>
			lines.flatMap((line, i) => (line.includes(`// ${mark}`) && !line.includes("/x/") ? [i + 1] : []));
		expect(sites.filter((s) => !s.constant).map((s) => s.line)).toEqual(marked("BAD"));
		expect(sites.filter((s) => s.constant).map((s) => s.line)).toEqual(marked("OK"));
		expect(marked("BAD").length).toBe(11);
	});

	it("every prepare/exec in src/ is constant SQL, but for the one documented exception", () => {
		const sites = sqlSites(srcProgram(), SRC);
		// Not vacuous: the data layer, the projections and the rate limiter all prepare statements.
		expect(sites.length).toBeGreaterThan(30);
		for (const dir of ["src/data/", "src/projections/", "src/ratelimit/"])
			expect(
				sites.some((s) => s.file.startsWith(dir)),
				dir,
			).toBe(true);
		const offending = sites.filter((s) => !s.constant).map((s) => `${s.file}: ${s.call}`);
		expect(offending).toEqual(["src/projections/refresh.ts: db.prepare(sql)"]);
	});

	it("the exception only ever runs the statements split from projections/*.sql", () => {
		const program = srcProgram();
		const checker = program.getTypeChecker();
		const calls: string[] = [];
		let splitFrom: string[] = [];
		for (const file of program.getSourceFiles()) {
			if (!file.fileName.startsWith(SRC)) continue;
			const visit = (node: ts.Node) => {
				if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
					if (node.expression.text === "refreshProjections")
						calls.push(`${relative(ROOT, file.fileName)} ${node.arguments.length}`);
					if (node.expression.text === "sqlStatements" && node.arguments[0]) {
						const arg = node.arguments[0];
						if (ts.isTemplateExpression(arg))
							splitFrom = splitFrom.concat(
								arg.templateSpans.map((span) => {
									const symbol = checker.getSymbolAtLocation(span.expression);
									const clause = symbol?.declarations?.[0];
									return clause && ts.isImportClause(clause)
										? (clause.parent.moduleSpecifier as ts.StringLiteral).text
										: "(not an import)";
								}),
							);
					}
				}
				ts.forEachChild(node, visit);
			};
			visit(file);
		}
		// The cron calls it with (db, mode): the default statements.
		expect(calls).toEqual(["src/projections/refresh.ts 2"]);
		expect(splitFrom.length).toBeGreaterThan(0);
		for (const specifier of splitFrom) expect(specifier).toMatch(/^\.\.\/\.\.\/projections\/[\w-]+\.sql$/);
	});
});
