import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request to 127.0.0.1:`port`, sent as written: fetch() will not let a test forge a
 * Host or Origin header. `Host` defaults to this server's; a header given as undefined is not
 * sent at all. An event stream (which never ends by itself) is answered as it stands.
 */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string | undefined>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}` };
    for (const [key, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[key];
      else headers[key] = value;
    }
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers, setHost: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        if (res.headers['content-type']?.includes('text/event-stream')) res.destroy();
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
