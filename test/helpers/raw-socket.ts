import { connect } from 'node:net';
import type { Socket } from 'node:net';

/** A TCP connection to 127.0.0.1 held by a test, sending only what the test writes. */
export interface HeldConnection {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** True once the server (or the test) closed it. */
  closed(): boolean;
  /** Settles when it closes. */
  whenClosed: Promise<void>;
}

/** Opens a connection and resolves once it is established; nothing is sent. */
export function holdConnection(port: number): Promise<HeldConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let isClosed = false;
    const whenClosed = new Promise<void>((done) =>
      socket.once('close', () => {
        isClosed = true;
        done();
      }),
    );
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    // A reset from the server is a close like any other here.
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed: () => isClosed, whenClosed }));
    socket.once('error', reject);
  });
}

/** The status and head (lower-cased header names) of the first answer in `text`. */
export function firstAnswer(text: string): { status: number; headers: Record<string, string[]> } {
  const [head = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    (headers[name] ??= []).push(line.slice(colon + 1).trim());
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers };
}

/** Sends `request` exactly as written on a connection of its own and waits for the server to close it. */
export async function exchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string[]>; raw: string }> {
  const held = await holdConnection(port);
  held.socket.write(request);
  await held.whenClosed;
  return { ...firstAnswer(held.received()), raw: held.received() };
}
