/**
 * Turns a TCP byte stream into lines: a line may arrive in pieces, several lines may share one packet,
 * and the terminator is CRLF (firmware) or a bare LF. A line longer than `maxLength` bytes is dropped
 * whole (reported through `onOverflow`) and the stream resynchronises at the next line end.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingLength = 0;
  private discarding = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: () => void,
    private readonly maxLength = 4096,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl < 0) break;
      this.take(chunk.subarray(start, nl), true);
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start), false);
  }

  private take(part: Buffer, complete: boolean): void {
    if (this.discarding) {
      if (complete) this.discarding = false;
      return;
    }
    if (this.pendingLength + part.length > this.maxLength) {
      this.pending = [];
      this.pendingLength = 0;
      this.onOverflow();
      this.discarding = !complete;
      return;
    }
    if (!complete) {
      this.pending.push(part);
      this.pendingLength += part.length;
      return;
    }
    let buf = part;
    if (this.pendingLength > 0) {
      this.pending.push(part);
      buf = Buffer.concat(this.pending, this.pendingLength + part.length);
      this.pending = [];
      this.pendingLength = 0;
    }
    let end = buf.length;
    if (end > 0 && buf[end - 1] === 13) end--;
    if (end > 0) this.onLine(buf.toString('utf8', 0, end));
  }
}
