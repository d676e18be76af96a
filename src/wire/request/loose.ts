import { NumberToken } from './number-token.ts'

/**
 * What every body reader produces before the model binds it: JSON's value space. Readers of
 * text formats (JSV, CSV, XML, forms) give strings for scalars and the binder converts them.
 */
export type Loose = string | number | boolean | null | Loose[] | LooseObject
export interface LooseObject {
  [key: string]: Loose
}

/** A `NumberToken` (which the JSON reader may leave where a number was) is not an object. */
export function isLooseObject(value: Loose | undefined): value is LooseObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof NumberToken)
  )
}
