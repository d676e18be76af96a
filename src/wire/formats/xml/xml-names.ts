import { DecodeError } from '../../request/decode-error.ts'

// Namespaces in an XML body, resolved over fast-xml-parser's tree (its `removeNSPrefix` would
// drop them, and it has no resolver of its own): an element's `xmlns` and `xmlns:p` declare for
// itself and its descendants, an unprefixed element takes the default namespace, an unprefixed
// attribute none (Namespaces in XML 1.0, sections 5 and 6.2). DataContractSerializer matches
// members by local name and namespace URI, never by prefix (issue 30, N22 and N23).

/**
 * The namespaces in effect at one element: its own declarations, then its ancestors'. A chain,
 * not a copy per element: a body may declare thousands of prefixes, and copying them into
 * every child would take time quadratic in its size; a lookup walks at most the nesting limit.
 */
export interface XmlScope {
  /** Prefix (`''` for the default namespace) to namespace URI, as this element declares. */
  readonly own: ReadonlyMap<string, string>
  readonly parent: XmlScope | undefined
}

/** The namespace URI a prefix is bound to in `scope`, or undefined. */
function lookup(scope: XmlScope | undefined, prefix: string): string | undefined {
  for (let at = scope; at; at = at.parent) {
    const found = at.own.get(prefix)
    if (found !== undefined) return found
  }
  return undefined
}

/** The namespace of `xml:` attributes, bound in every document. */
const xmlPrefixNamespace = 'http://www.w3.org/XML/1998/namespace'

/** The namespace of `i:nil`, under whatever prefix the body binds it. */
export const instanceNamespace = 'http://www.w3.org/2001/XMLSchema-instance'

/** The scope outside the root: only the `xml` prefix is bound. */
export const documentScope: XmlScope = {
  own: new Map([['xml', xmlPrefixNamespace]]),
  parent: undefined,
}

/** The scope inside an element: its parent's, with the element's own declarations laid over. */
export function scopeOf(
  attributes: Readonly<Record<string, string>> | undefined,
  parent: XmlScope,
): XmlScope {
  let own: Map<string, string> | undefined
  for (const name in attributes) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue
    own ??= new Map()
    // `xmlns=""` undeclares the default namespace: an unprefixed element is then in none.
    own.set(name === 'xmlns' ? '' : name.slice(6), attributes[name] as string)
  }
  return own ? { own, parent } : parent
}

/** A name as DataContractSerializer compares it. `namespace` is `''` for none. */
export interface XmlName {
  readonly local: string
  readonly namespace: string
}

/**
 * An element's name (`attribute` false) or an attribute's, resolved in `scope`. A prefix no
 * declaration binds makes the body malformed, as the real XmlReader finds it ("'c' is an
 * undeclared prefix"): a 400.
 */
export function resolveName(qualified: string, scope: XmlScope, attribute = false): XmlName {
  const colon = qualified.indexOf(':')
  if (colon < 0) return { local: qualified, namespace: attribute ? '' : (lookup(scope, '') ?? '') }
  const prefix = qualified.slice(0, colon)
  const namespace = prefix === 'xmlns' ? undefined : lookup(scope, prefix)
  if (namespace === undefined || namespace === '') {
    throw new DecodeError(
      `Failed to read XML: the prefix '${prefix.slice(0, 40)}' of '${qualified.slice(0, 80)}' is not declared`,
    )
  }
  return { local: qualified.slice(colon + 1), namespace }
}

/**
 * The value of the element's `nil` attribute in the XMLSchema-instance namespace (`i:nil`
 * under any prefix bound to it), or undefined when it has none. An unprefixed `nil` is not it.
 */
export function nilAttribute(
  attributes: Readonly<Record<string, string>> | undefined,
  scope: XmlScope,
): string | undefined {
  for (const name in attributes) {
    if (!name.endsWith('nil') || name.startsWith('xmlns')) continue
    const { local, namespace } = resolveName(name, scope, true)
    if (local === 'nil' && namespace === instanceNamespace) return attributes[name]
  }
  return undefined
}

/** How a namespace is named in a message: quoted, or "no namespace". */
export function namespaceText(namespace: string): string {
  return namespace === '' ? 'no namespace' : `namespace '${namespace.slice(0, 200)}'`
}
