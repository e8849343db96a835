/** Vite's ?raw import: a repository file's text, so a Workers test can hold README and docs/ to the code. */
declare module "*.md?raw" {
	const text: string;
	export default text;
}
