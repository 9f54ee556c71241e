import { z } from 'zod';

/** Header schemas of the client frames the server understands (values are already unescaped). */
const nonEmpty = z.string().min(1);

export const connectHeaders = z.object({
  'accept-version': z.string().optional(),
  'heart-beat': z
    .string()
    .regex(/^\s*\d{1,9}\s*,\s*\d{1,9}\s*$/, 'heart-beat must be "<cx>,<cy>"')
    .optional(),
});

export const subscribeHeaders = z.object({
  id: nonEmpty,
  destination: nonEmpty,
  ack: z.enum(['auto'], { message: 'only ack:auto is supported' }).optional(),
  receipt: z.string().optional(),
});

export const unsubscribeHeaders = z.object({ id: nonEmpty, receipt: z.string().optional() });

export const sendHeaders = z.object({
  destination: nonEmpty,
  receipt: z.string().optional(),
  transaction: z.undefined({ message: 'transactions are not supported' }).optional(),
});

export const receiptOnly = z.object({ receipt: z.string().optional() });

/** The first issue of a failed parse, as one line for an ERROR frame. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid headers';
  const where = issue.path.length > 0 ? `header ${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** Picks the STOMP version to speak: 1.2, else 1.1; undefined when the client offers neither. */
export function negotiateVersion(acceptVersion: string | undefined): '1.2' | '1.1' | undefined {
  const offered = (acceptVersion ?? '').split(',').map((v) => v.trim());
  if (offered.includes('1.2')) return '1.2';
  if (offered.includes('1.1')) return '1.1';
  return undefined;
}

/** Parses "cx,cy"; 0,0 when absent. */
export function parseHeartBeat(value: string | undefined): { cx: number; cy: number } {
  if (value === undefined) return { cx: 0, cy: 0 };
  const [cx = '0', cy = '0'] = value.split(',');
  return { cx: Number(cx.trim()), cy: Number(cy.trim()) };
}
