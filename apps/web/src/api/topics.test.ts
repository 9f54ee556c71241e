import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as protocol from '@st/protocol';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The object literal of each `subscribeTopic({ ... })` call in `text`. */
function subscriptions(text: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf('subscribeTopic({'); at >= 0; at = text.indexOf('subscribeTopic({', at + 1)) {
    const open = text.indexOf('{', at);
    let depth = 0;
    for (let i = open; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        out.push(text.slice(open, i + 1));
        break;
      }
    }
  }
  return out;
}

describe('live topics the console subscribes to', () => {
  // Each subscriber names its topic's payload schema (api/topics.ts), so that a chunk carries only its own
  // topics' schemas; the types check the shape, this checks it is the catalog's very schema.
  const calls = sourceFiles(SRC).flatMap((file) =>
    subscriptions(readFileSync(file, 'utf8')).map((call) => ({ file: file.slice(SRC.length), call })),
  );

  it('are subscribed with the payload schema of the protocol catalog (TOPICS)', () => {
    expect(calls.length).toBeGreaterThanOrEqual(14);
    const schemas = protocol as unknown as Record<string, unknown>;
    for (const { file, call } of calls) {
      const topic = /\btopic: '([\w.]+)'/.exec(call)?.[1] as protocol.TopicName | undefined;
      const payload = /\bpayload: (\w+)/.exec(call)?.[1];
      expect(topic, `${file}: a literal topic name`).toBeDefined();
      expect(payload, `${file}: a payload schema named`).toBeDefined();
      if (topic === undefined || payload === undefined) continue;
      expect(protocol.TOPICS[topic], `${file}: ${topic} is a topic`).toBeDefined();
      expect(schemas[payload] === protocol.TOPICS[topic].payload, `${file}: ${topic} with ${payload}`).toBe(
        true,
      );
    }
  });

  it('cover every topic the console listens to, in both modes', () => {
    const topics = new Set(calls.map(({ call }) => /\btopic: '([\w.]+)'/.exec(call)?.[1]));
    expect([...topics].sort()).toEqual([...protocol.TOPIC_NAMES].sort());
  });
});
