/**
 * What every body reader produces before the model binds it: JSON's value space. Readers of
 * text formats (JSV, CSV, XML, forms) give strings for scalars and the binder converts them.
 */
export type Loose = string | number | boolean | null | Loose[] | LooseObject
export interface LooseObject {
  [key: string]: Loose
}
