/**
 * Starts an HTTP server on 127.0.0.1 (the only address Gleaner's servers ever use). A port that
 * cannot be had is the user's choice to change, said in a sentence, not an internal failure.
 */
import type { Server } from 'node:http';
import { GleanerError } from '../../shared/errors';

export async function listenOnLoopback(server: Server, port: number | undefined): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE')
        reject(
          new GleanerError(
            'INVALID_INPUT',
            `Port ${port} is in use by another program; choose another with --port, or leave it out for a free one.`,
          ),
        );
      else if (error.code === 'EACCES')
        reject(new GleanerError('INVALID_INPUT', `Port ${port} needs privileges this user does not have; choose one above 1023.`));
      else reject(error);
    };
    server.once('error', fail);
    server.listen(port ?? 0, '127.0.0.1', () => {
      server.off('error', fail);
      resolve();
    });
  });
}
