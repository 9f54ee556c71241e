import { pathToFileURL } from 'node:url';

/** Runs a bench's `main` when its file is the one node was started with; exits 1 on failure. */
export function runIfMain(moduleUrl: string, main: () => Promise<void>): void {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** A numeric command-line option, or undefined when not given. */
export function numberOption(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}
