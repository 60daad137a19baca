import { defaultPathOf, getOperation, type OperationId, type OperationSpec } from '../../../shared/catalogue';
import { GleanerError } from '../../../shared/errors';
import { checkParams, describeProblems, type ParamCheckOptions, type ParamInput } from '../../../shared/params';
import { emptyTextKeyed } from '../../../shared/text-keys';

/**
 * What a request takes from the settings: the wire names and paths the user overrode. Declared
 * here, not imported from the settings module, because that module checks overrides with
 * wireNameClash below: the dependency runs one way, settings → request.
 */
export interface RequestNaming {
  paramNames: Partial<Record<OperationId, Record<string, string>>>;
  paths: Partial<Record<OperationId, string>>;
}

/** A request ready to send: checked, with wire names and path applied; no token in it. */
export interface PreparedRequest {
  operation: OperationSpec;
  /** Parameters under Gleaner's names, normalised (what provenance records). */
  params: Record<string, string>;
  /** The same parameters under the names sent on the wire. */
  wireParams: Record<string, string>;
  /** Path and query, relative to the base URL. */
  pathAndQuery: string;
}

/**
 * Two parameters of one operation sent under the same wire name (an override naming another's
 * name): the query would carry only one of them, and provenance would record what was not
 * sent. Returns the pair and the name, or null when every parameter has a name of its own.
 */
export function wireNameClash(
  operation: OperationSpec,
  overrides: Readonly<Record<string, string>>,
): { first: string; second: string; wire: string } | null {
  const byWire = new Map<string, string>();
  for (const param of operation.params) {
    const wire = overrides[param.name] ?? param.name;
    const other = byWire.get(wire);
    if (other !== undefined) return { first: other, second: param.name, wire };
    byWire.set(wire, param.name);
  }
  return null;
}

/**
 * Validates the input against the catalogue and builds the request. Throws INVALID_INPUT
 * naming every problem; nothing is sent for a request that fails here.
 */
export function prepareRequest(
  operationId: OperationId,
  input: ParamInput,
  settings: RequestNaming,
  linkChecks: ParamCheckOptions = {},
): PreparedRequest {
  const operation = getOperation(operationId);
  const overrides = settings.paramNames[operationId] ?? {};
  const clash = wireNameClash(operation, overrides);
  if (clash) {
    throw new GleanerError(
      'INVALID_INPUT',
      `Settings send both ${clash.first} and ${clash.second} of ${operation.id} as "${clash.wire}", so one would be lost; give one of them another name (Settings › Parameter names, or gleaner config).`,
    );
  }
  // Users may write a parameter under its overridden wire name too.
  const byWireName = new Map(Object.entries(overrides).map(([name, wire]) => [wire, name]));
  const named = Object.create(null) as Record<string, ParamInput[string]>;
  for (const [key, value] of Object.entries(input))
    named[operation.params.some((p) => p.name === key) ? key : (byWireName.get(key) ?? key)] = value;

  const checked = checkParams(operation, named, linkChecks);
  if (!checked.ok) throw new GleanerError('INVALID_INPUT', describeProblems(checked.problems));

  // A wire name comes from the user's settings: `__proto__` must be sent, not set the prototype.
  const wireParams = emptyTextKeyed<string>();
  for (const [name, value] of Object.entries(checked.params)) wireParams[overrides[name] ?? name] = value;
  const query = new URLSearchParams(wireParams).toString();
  const path = settings.paths[operationId] ?? defaultPathOf(operation);
  return { operation, params: checked.params, wireParams, pathAndQuery: query ? `${path}?${query}` : path };
}
