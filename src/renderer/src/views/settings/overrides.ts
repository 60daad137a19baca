/** The wire-name and path overrides among the settings, as rows for the table editor. Pure. */
import { defaultPathOf, findOperation, type OperationSpec } from '../../../../shared/catalogue';

export interface OverrideRow {
  key: string;
  kind: 'param' | 'path';
  operation: OperationSpec | null;
  /** Gleaner's parameter name (for a wire-name override). */
  param: string | null;
  value: string;
  /** What applies without the override. */
  defaultValue: string;
}

/** `param.<platform>.<path>.<name>` or `path.<platform>.<path>`, the CLI's key forms. */
export const overrideKey = (kind: 'param' | 'path', op: Pick<OperationSpec, 'platform' | 'path'>, param?: string): string =>
  kind === 'param' ? `param.${op.platform}.${op.path}.${param ?? ''}` : `path.${op.platform}.${op.path}`;

export function overrideRows(config: Readonly<Record<string, string | number>>): OverrideRow[] {
  const rows: OverrideRow[] = [];
  for (const [key, raw] of Object.entries(config)) {
    const value = String(raw);
    const param = key.match(/^param\.([a-z]+)\.([a-z/]+)\.([^.]+)$/);
    if (param) {
      const operation = findOperation(param[1]!, param[2]!) ?? null;
      rows.push({ key, kind: 'param', operation, param: param[3]!, value, defaultValue: param[3]! });
      continue;
    }
    const path = key.match(/^path\.([a-z]+)\.([a-z/]+)$/);
    if (path) {
      const operation = findOperation(path[1]!, path[2]!) ?? null;
      rows.push({ key, kind: 'path', operation, param: null, value, defaultValue: operation ? defaultPathOf(operation) : '' });
    }
  }
  return rows.sort((a, b) => a.key.localeCompare(b.key));
}
