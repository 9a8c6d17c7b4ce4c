/**
 * yieldToHost (shared/experiments/cancel.ts) must reach the host's message queue: a worker sees a cancel
 * message only if a message that has arrived while a tree was being searched is delivered before the
 * tree goes on. Checked with a real socket: the bytes are in the receiving socket before the yield.
 */
import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { yieldToHost } from '../../shared/experiments/cancel.ts';

const open: { close(): void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

/** A connected pair of local sockets. */
async function socketPair(): Promise<{ sender: Socket; receiver: Socket }> {
  const server = createServer();
  open.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const accepted = once(server, 'connection');
  const sender = connect(port, '127.0.0.1');
  await once(sender, 'connect');
  const [receiver] = (await accepted) as [Socket];
  open.push({ close: () => sender.destroy() }, { close: () => receiver.destroy() });
  return { sender, receiver };
}

/** Block the thread for `ms` milliseconds, as a search does between two yields. */
function busy(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('yieldToHost', () => {
  test('a message that arrived during a computation is delivered before the computation resumes', async () => {
    const { sender, receiver } = await socketPair();
    const got: string[] = [];
    receiver.on('data', (b: Buffer) => got.push(b.toString()));
    for (let round = 0; round < 5; round++) {
      await new Promise((r) => setTimeout(r, 10)); // the host idle: the receiver is reading
      got.length = 0;
      sender.write(`cancel ${round}`);
      busy(50); // the bytes reach the receiving socket while the thread is busy
      expect(got).toEqual([]);
      await yieldToHost();
      expect(got).toEqual([`cancel ${round}`]);
    }
  });
});
