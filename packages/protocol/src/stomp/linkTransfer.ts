import { z } from 'zod';

// Large bodies on the gateway link (issue 21): a relayed request or answer whose body is large does not
// cross the link as one frame (a 16 MiB firmware was one ~22 MiB frame, and every other call queued behind
// it). Its LinkBody string is sent in chunks on a transfer destination, a few chunks ahead of the receiver's
// acknowledgements, so other frames interleave; the receiver reassembles within limits and drops a transfer
// that stalls. A side uses chunks only when the other said it understands them (see LINK_TRANSFER).

export const LINK_TRANSFER = {
  // cloud -> gateway: chunks of request bodies, acks of answer chunks and aborts ride on /link/requests (the
  // gateway is subscribed there already), told apart from requests by their `t`.
  /** gateway -> cloud (SEND): chunks of answer bodies, acks of request chunks, aborts. */
  up: '/link/transfers',
  /** STOMP CONNECT header a gateway sets when it understands chunked bodies (value "1"). */
  capabilityHeader: 'st-link-transfers',
  /** Characters of the body string per chunk (a base64 body: 192 KiB of bytes per chunk). */
  chunkChars: 256 * 1024,
  /** Bodies longer than this (characters) go in chunks. */
  thresholdChars: 512 * 1024,
  /** Chunks sent ahead of the receiver's acknowledgement (1 MiB queued on the link at most). */
  window: 4,
  /** A transfer with no chunk (receiver) or no ack (sender) for this long is abandoned. */
  idleMs: 30_000,
  /** Longest body string accepted in chunks (a 16 MiB firmware in multipart is ~22.4 M characters). */
  maxChars: 32 * 1024 * 1024,
  /** Transfers one receiver reassembles at once; more are refused. */
  maxOpen: 4,
} as const;

/** Announces a body sent in chunks, in place of `body` on a LinkRequest or LinkResponse. */
export const LinkTransferHead = z.object({
  encoding: z.enum(['utf8', 'base64']),
  /** length of the body string, in characters */
  chars: z.number().int().nonnegative(),
  chunks: z.number().int().positive(),
});
export type LinkTransferHead = z.infer<typeof LinkTransferHead>;

/** One message on a transfer destination; `id` is the LinkRequest's id. */
export const LinkTransferMessage = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('chunk'),
    id: z.string().min(1),
    seq: z.number().int().nonnegative(),
    data: z.string(),
  }),
  z.object({ t: z.literal('ack'), id: z.string().min(1), seq: z.number().int().nonnegative() }),
  /** the sender gives up, or the receiver refuses (limits, unknown transfer, stalled) */
  z.object({ t: z.literal('abort'), id: z.string().min(1), reason: z.string().max(200) }),
]);
export type LinkTransferMessage = z.infer<typeof LinkTransferMessage>;
