import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { makeFirmwareImage } from '@st/protocol';
import { z } from 'zod';

const Args = z.object({
  version: z.string().min(1).max(31),
  size: z.coerce
    .number()
    .int()
    .min(288)
    .max(16 * 1024 * 1024)
    .default(1024 * 1024),
  out: z.string().min(1),
  project: z.string().min(1).max(31).default('st-device'),
});

/** `make-image --version 1.2.3 [--size 1048576] [--project name] --out fw.bin` */
export function makeImageCommand(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      version: { type: 'string' },
      size: { type: 'string' },
      out: { type: 'string' },
      project: { type: 'string' },
    },
    strict: true,
  });
  const args = Args.safeParse(values);
  if (!args.success) {
    for (const i of args.error.issues) console.error(`make-image: --${i.path.join('.')}: ${i.message}`);
    console.error('usage: make-image --version 1.2.3 [--size 1048576] [--project st-device] --out fw.bin');
    return 2;
  }
  const { version, size, out, project } = args.data;
  writeFileSync(out, makeFirmwareImage({ version, size, projectName: project }));
  console.log(`wrote ${out}: ESP32 application image, version ${version}, ${size} bytes`);
  return 0;
}
