import { isMethodName, type MethodName } from '../../../shared/bridge-names';
import { methods, type MethodOutput, type ParsedInput } from '../../../shared/contract';
import { GleanerError, isGleanerError, type Envelope } from '../../../shared/errors';
import { describeIssues } from '../../../shared/validation';
import type { Logger } from '../log';
import { storageError } from '../store/database';

export type Handler<M extends MethodName> = (input: ParsedInput<M>) => Promise<MethodOutput<M>> | MethodOutput<M>;
export type Handlers = { [M in MethodName]: Handler<M> };

/**
 * Every transport (IPC, HTTP, CLI) calls the core through this one function: it checks
 * the method name, validates the input against the contract's schema, runs the handler,
 * and turns any failure into an error envelope. It never throws. A refusal of the disk or of
 * SQLite that a handler did not expect (a full disk mid-write) answers STORAGE_ERROR here, the one
 * place every method passes, rather than INTERNAL: the user can act on it.
 */
export type Dispatch = (method: unknown, input: unknown) => Promise<Envelope<unknown>>;

export interface DispatcherOptions {
  /** The library file, named in a storage error's sentence. */
  libraryPath?: string;
}

export function createDispatcher(handlers: Handlers, log: Logger, options: DispatcherOptions = {}): Dispatch {
  return async (method, input) => {
    if (!isMethodName(method)) {
      return {
        ok: false,
        error: { code: 'UNKNOWN_METHOD', message: `There is no bridge method named ${JSON.stringify(String(method)).slice(0, 80)}.` },
      };
    }
    const parsed = methods[method].input.safeParse(input ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: 'INVALID_INPUT', message: `Invalid input for ${method}: ${describeIssues(parsed.error)}.` },
      };
    }
    try {
      const handler = handlers[method] as Handler<typeof method>;
      const value = await handler(parsed.data as ParsedInput<typeof method>);
      return { ok: true, value };
    } catch (error) {
      if (isGleanerError(error)) return { ok: false, error: error.toInfo() };
      const storage = storageError(error, options.libraryPath);
      if (isGleanerError(storage)) {
        log.error('the library could not be written', { method, error: error instanceof Error ? error.message : String(error) });
        return { ok: false, error: storage.toInfo() };
      }
      log.error('bridge handler failed', { method, error: error instanceof Error ? error.message : String(error) });
      const internal = new GleanerError('INTERNAL', `Something went wrong inside Gleaner while running ${method}. Details are in the log.`);
      return { ok: false, error: internal.toInfo() };
    }
  };
}
