/** The `<option>`s of a select over a fixed list of values, each shown by its label. */
export function Options<V extends string>({ values, label }: { values: readonly V[]; label(value: V): string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
