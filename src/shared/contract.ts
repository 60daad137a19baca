/**
 * The bridge contract: every method the renderer may call, with a runtime schema for its
 * input and a type for its output, and every event the main side may push.
 *
 * The Electron IPC registration, the preload, the browser-mode host and the renderer's
 * transport are all derived from this one object.
 */
import { z } from 'zod';
import type { EventName, MethodName } from './bridge-names';

/** A phantom marker carrying the output type of a method (no runtime cost). */
const returns = <T>(): T => undefined as T;

export interface AppInfo {
  name: string;
  version: string;
  dataDir: string;
  databasePath: string;
  sqliteVersion: string;
  schemaVersion: number;
  host: 'electron' | 'browser' | 'cli';
  nodeVersion: string;
}

export interface TaskProgress {
  taskId: string;
  label: string;
  done: number;
  total: number | null;
}

const noInput = z.object({}).strict();

export const methods = {
  'app.info': { input: noInput, output: returns<AppInfo>() },
} satisfies Record<MethodName, { input: z.ZodType; output: unknown }>;

export const events = {
  'task.progress': returns<TaskProgress>(),
} satisfies Record<EventName, unknown>;

// Compile-time proof that the contract and the dependency-free name lists agree exactly.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const methodNamesMatch: Exactly<keyof typeof methods, MethodName> = true;
const eventNamesMatch: Exactly<keyof typeof events, EventName> = true;
void methodNamesMatch;
void eventNamesMatch;

export type Methods = typeof methods;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type ParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = Methods[M]['output'];
export type EventPayload<E extends EventName> = (typeof events)[E];

/** What the renderer sees, whichever transport carries it. */
export interface BridgeClient {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
