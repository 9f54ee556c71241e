import { parseCli, USAGE } from './cli/args';
import { makeImageCommand } from './cli/make-image';
import { startSimulator } from './simulator';

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'make-image') return makeImageCommand(argv.slice(1));
  const cli = parseCli(argv, process.env);
  if (!cli.ok) {
    for (const e of cli.errors) console.error(`simulator: ${e}`);
    console.error(USAGE);
    return 2;
  }
  if (cli.help) {
    console.log(USAGE);
    return 0;
  }
  const sim = await startSimulator(cli.options, (m) => console.error(`simulator: ${m}`));
  for (const d of sim.devices) {
    console.log(`${d.address.padEnd(22)} ${d.kind.kind.padEnd(8)} ${d.kind.board.padEnd(8)} ${d.name}`);
  }
  console.log(`${sim.devices.length} simulated device(s) running; Ctrl+C stops them.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sim.stop();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`simulator: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
