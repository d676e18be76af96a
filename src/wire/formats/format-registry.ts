/**
 * One row per wire format: everything about it that is not code. A format's name is also its path
 * extension (`.csv`), its `?format=` value and its pre-defined route segment (`/csv/reply/X`).
 * Negotiation, the HTML page's links, the request log, the metadata pages and the surface routes
 * read their lists from here (`formatListsOf`); the code of a format (its writer in `answer/respond.ts`,
 * its codec in `codecs.ts`) is keyed by `Format`, so the compiler names what a new row still needs.
 */
export interface FormatRow {
  readonly name: string
  /** The type it answers with, and by whose prefix an Accept item chooses it. */
  readonly mime: string
  /** The Content-Type the answer is written with, when it is not the bare `mime`. */
  readonly answerType?: string
  /** Every Content-Type a request body in it may carry (aliases apply to bodies, never to Accept). */
  readonly bodyTypes: readonly string[]
  /** Its place in ServiceStack's preferred Accept list (0 first); absent when it is not listed. */
  readonly acceptRank?: number
  /** `?format=` values that contain the name choose it (`jsonreport` is JSON). */
  readonly formatContains?: boolean
  /** Its metadata page (`/{name}/metadata`): the place in the index and the link's label. */
  readonly metadataPage?: { readonly rank: number; readonly label: string }
  /** How its body reader loads: `eager` on the path of most updates, `lazy` with its parser. */
  readonly reader?: 'eager' | 'lazy'
  /**
   * Other path extensions that answer in this format, each with the Content-Type it is written
   * with (a format's own name is always one, with its answer type).
   */
  readonly extensionAliases?: Readonly<Record<string, string>>
}

/** The response formats of the real host, in ServiceStack's registration order. */
export const formatRegistry = [
  {
    name: 'json',
    mime: 'application/json',
    // HostConfig.AppendUtf8CharsetOnContentTypes: only JSON gets the charset.
    answerType: 'application/json; charset=utf-8',
    bodyTypes: ['application/json', 'text/json'],
    acceptRank: 1,
    formatContains: true,
    metadataPage: { rank: 1, label: 'JSON' },
    reader: 'eager',
  },
  {
    name: 'xml',
    mime: 'application/xml',
    bodyTypes: ['application/xml', 'text/xml'],
    acceptRank: 2,
    formatContains: true,
    metadataPage: { rank: 0, label: 'XML' },
    reader: 'lazy',
  },
  {
    name: 'jsv',
    mime: 'application/jsv',
    bodyTypes: ['application/jsv', 'text/jsv'],
    acceptRank: 3,
    formatContains: true,
    metadataPage: { rank: 2, label: 'JSV' },
    reader: 'eager',
  },
  {
    name: 'html',
    mime: 'text/html',
    bodyTypes: ['text/html'],
    acceptRank: 0,
    // HtmlFormat registers `text/jsonreport` beside `text/html` (SS Formats/HtmlFormat.cs
    // l.51–52), so `.jsonreport` is a registered extension (Host/RestHandler.cs l.31–47): the
    // HTML page, written with the Content-Type `text/jsonreport` (HtmlFormat.cs l.106).
    extensionAliases: { jsonreport: 'text/jsonreport' },
  },
  {
    name: 'csv',
    mime: 'text/csv',
    bodyTypes: ['text/csv'],
    metadataPage: { rank: 3, label: 'CSV' },
    reader: 'lazy',
  },
] as const satisfies readonly FormatRow[]

export type FormatRegistry = typeof formatRegistry
export type Format = FormatRegistry[number]['name']
type AliasOf<Row> = Row extends { readonly extensionAliases: infer A } ? keyof A & string : never
/** A path extension the real host strips: a format's name or one of its aliases. */
export type PathExtension = Format | AliasOf<FormatRegistry[number]>
/** The formats that have metadata pages. */
export type PageFormat = Extract<FormatRegistry[number], { metadataPage: object }>['name']

/** What each consumer reads from a registry, derived once. */
export interface FormatLists<Name extends string> {
  /** Every format, in registration order. */
  readonly formats: readonly Name[]
  readonly mimeTypes: Readonly<Record<Name, string>>
  /** The Content-Type each format's answer carries. */
  readonly answerTypes: Readonly<Record<Name, string>>
  /** Body Content-Types (aliases included), lower-case, to their format. */
  readonly bodyTypes: ReadonlyMap<string, Name>
  /** ServiceStack's preferred Accept list, best first. */
  readonly acceptPreference: readonly Name[]
  /** The formats a `?format=` value chooses by containing their name, in registration order. */
  readonly formatContains: readonly Name[]
  /** The formats with metadata pages, in the index's order, and their links' labels. */
  readonly pageFormats: readonly Name[]
  readonly pageLabels: Readonly<Partial<Record<Name, string>>>
  /** The formats whose body reader is on the path of most updates (the rest load lazily). */
  readonly eagerReaders: readonly Name[]
  /** The formats a request body may come in (every one with a reader). */
  readonly bodyFormats: readonly Name[]
  /** Each answer's Content-Type, and each bare type, to the format's name (the log's label). */
  readonly logNames: ReadonlyMap<string, Name>
  /** Each path extension (names and aliases) to the format it answers in and its Content-Type. */
  readonly pathExtensions: ReadonlyMap<string, PathExtensionAnswer<Name>>
}

export interface PathExtensionAnswer<Name extends string> {
  readonly format: Name
  readonly contentType: string
}

/** The lists of a registry: `formatLists` for the real one, any other in tests. */
export function formatListsOf<Name extends string>(
  rows: readonly (FormatRow & { readonly name: Name })[],
): FormatLists<Name> {
  const ranked = (rank: (row: FormatRow) => number | undefined): Name[] =>
    rows
      .filter((row) => rank(row) !== undefined)
      .sort((a, b) => (rank(a) ?? 0) - (rank(b) ?? 0))
      .map((row) => row.name)
  const logNames = new Map<string, Name>()
  for (const row of rows) {
    if (row.answerType) logNames.set(row.answerType, row.name)
    logNames.set(row.mime, row.name)
  }
  return {
    formats: rows.map((row) => row.name),
    mimeTypes: Object.fromEntries(rows.map((row) => [row.name, row.mime])) as Record<Name, string>,
    answerTypes: Object.fromEntries(
      rows.map((row) => [row.name, row.answerType ?? row.mime]),
    ) as Record<Name, string>,
    bodyTypes: new Map(rows.flatMap((row) => row.bodyTypes.map((type) => [type, row.name]))),
    acceptPreference: ranked((row) => row.acceptRank),
    formatContains: rows.filter((row) => row.formatContains).map((row) => row.name),
    pageFormats: ranked((row) => row.metadataPage?.rank),
    pageLabels: Object.fromEntries(
      rows.flatMap((row) => (row.metadataPage ? [[row.name, row.metadataPage.label]] : [])),
    ) as Partial<Record<Name, string>>,
    eagerReaders: rows.filter((row) => row.reader === 'eager').map((row) => row.name),
    bodyFormats: rows.filter((row) => row.reader !== undefined).map((row) => row.name),
    logNames,
    pathExtensions: new Map(
      rows.flatMap((row) => [
        [row.name, { format: row.name, contentType: row.answerType ?? row.mime }],
        ...Object.entries(row.extensionAliases ?? {}).map(
          ([alias, contentType]) => [alias, { format: row.name, contentType }] as const,
        ),
      ]),
    ),
  }
}

/** The real registry's lists. */
export const formatLists: FormatLists<Format> = formatListsOf(formatRegistry)
