/**
 * An enum value's number under `TreatEnumAsInteger`: a member's place, or the number itself when
 * it names no member (the binder keeps such a number as its text, as Enum.Parse takes it).
 */
export function enumNumber(values: readonly string[], value: string): number {
  const index = values.indexOf(value)
  return index >= 0 ? index : Number(value)
}
