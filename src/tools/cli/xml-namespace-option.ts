/**
 * `--xml-namespace <Dto>=<ns>` (repeatable): the XML namespace of a DTO on the team's real host,
 * where its contract namespace differs from the default (`xmlNamespaces` in the library).
 * Throws a message naming what is wrong.
 */
export function parseXmlNamespaces(given: readonly string[] | undefined): Record<string, string> {
  const namespaces: Record<string, string> = {}
  for (const entry of given ?? []) {
    const equals = entry.indexOf('=')
    const name = entry.slice(0, equals).trim()
    const namespace = entry.slice(equals + 1).trim()
    if (equals < 0 || !/^[A-Za-z_]\w*$/.test(name) || namespace === '') {
      throw new Error(
        `--xml-namespace '${entry}' is not <Dto>=<namespace>, e.g. CommentUpdateRequest=urn:cms`,
      )
    }
    namespaces[name] = namespace
  }
  return namespaces
}
