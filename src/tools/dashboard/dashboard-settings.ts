import type { DtoDef, DtoValue } from '../../model/index.ts'
import type { CollectionName } from '../../control/index.ts'
import { stateCollections } from '../../control/index.ts'

/** One column of a collection's table, as the browser code draws it. */
export interface ColumnSettings {
  /** The DTO field the cells show, as the field table names it. */
  readonly field: string
  readonly label: string
  /** Text as it is, a `/Date(ms)/` as a UTC date, or a list by its length. */
  readonly show: 'text' | 'date' | 'count'
  readonly className: 'mono' | 'nowrap' | 'num' | null
}

export interface TableSettings {
  readonly name: CollectionName
  readonly title: string
  readonly columns: readonly ColumnSettings[]
}

/** What the page's script is handed: everything it knows about the model comes from here. */
export interface DashboardSettings {
  readonly pollMs: number
  /** The newest journal entries shown. */
  readonly journalLimit: number
  /** The rows of each collection fetched and shown. */
  readonly rowLimit: number
  /** The most recently used sessions listed. */
  readonly sessionLimit: number
  readonly tables: readonly TableSettings[]
  /**
   * The BroadcastChannel the page's home answers on (a tab's mock lives in that tab): the
   * dashboard asks the app's tabs through it. Null for a mock the page's fetch reaches.
   */
  readonly channel: string | null
}

type DtoOf<C extends CollectionName> = Extract<
  (typeof stateCollections)[number],
  { name: C }
>['dto']
type FieldOf<C extends CollectionName> = keyof DtoValue<DtoOf<C>> & string

/** A field shown under its own name, or under a label of its own. */
type ColumnChoice<F extends string> = F | readonly [field: F, label: string]

interface TableChoice<F extends string> {
  readonly title: string
  /** The field that tells entities apart: shown first, in monospace. */
  readonly key: F
  readonly columns: readonly ColumnChoice<F>[]
}

// Which fields each table shows: names of the collection's DTO, checked against its field table.
const tableChoices: { readonly [C in CollectionName]: TableChoice<FieldOf<C>> } = {
  ABTests: { title: 'A/B tests', key: 'Id', columns: ['Title', 'Status', 'Owner', 'LastModified'] },
  Services: { title: 'Services', key: 'Route', columns: ['Name', 'Enabled', 'Protocol'] },
  Containers: {
    title: 'Containers',
    key: 'PageId',
    columns: ['PageTitle', ['ContainersInfo', 'Containers']],
  },
  Comments: {
    title: 'Comments',
    key: 'Key',
    columns: ['Name', 'Message', 'Status', 'Rating', 'DateCreated'],
  },
  Pages: { title: 'Pages', key: 'Id', columns: ['Title', 'UrlName'] },
}

/** The dashboard's settings: polling, page sizes and a table per collection of the state. */
export const dashboardSettings: DashboardSettings = {
  pollMs: 1500,
  journalLimit: 50,
  // More rows than this make a table useless to read and slow to redraw every poll.
  rowLimit: 200,
  // A mock may keep a million sessions; a person reads the few in use.
  sessionLimit: 50,
  tables: stateCollections.map(({ name, dto }) => tableSettings(name, dto, tableChoices[name])),
  channel: null,
}

function tableSettings(
  name: CollectionName,
  dto: DtoDef,
  choice: TableChoice<string>,
): TableSettings {
  return {
    name,
    title: choice.title,
    columns: [
      columnSettings(dto, choice.key, true),
      ...choice.columns.map((column) => columnSettings(dto, column, false)),
    ],
  }
}

// How a column shows its value follows from the field's type in the model.
function columnSettings(dto: DtoDef, choice: ColumnChoice<string>, key: boolean): ColumnSettings {
  const [field, label] = typeof choice === 'string' ? [choice, choice] : choice
  const entry = dto.byName.get(field)
  if (!entry) throw new Error(`Failed to build the dashboard: ${dto.name} has no field ${field}`)
  const kind = entry.spec.type.kind
  const number = kind === 'int' || kind === 'decimal' || kind === 'list'
  return {
    field: entry.name,
    label,
    show: kind === 'date' ? 'date' : kind === 'list' ? 'count' : 'text',
    className: key ? 'mono' : kind === 'date' ? 'nowrap' : number ? 'num' : null,
  }
}
