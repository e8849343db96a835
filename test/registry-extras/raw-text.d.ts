/** Vite's ?raw import of a source file: its text as it is on disk, before any transform of the build. */
declare module "*.ts?raw" {
	const text: string;
	export default text;
}
