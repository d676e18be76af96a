import type {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  ContainerInfoModel,
  CreateService,
  FieldModel,
  PageNode,
  Caller,
} from '../model/index.ts'

/** What the server fills in on a submitted container (decisions.md section 5). */
export type ContainerFacts = Pick<
  ContainerInfoModel,
  'DisplayType' | 'ItemStatus' | 'IsPageControl' | 'DetailsViewUrl'
>

/** What the facts of one submitted container depend on besides the seed. */
export interface ContainerFactsInput {
  readonly itemId: string
  readonly itemType: string | null
  /** The message's page: null for the empty `PageId`. */
  readonly page: PageNode | null
  /** The message's `PageTitle` after the page was found: a page control's may show it. */
  readonly pageTitle: string | null
  /** Who asks: one value for the whole answer. */
  readonly caller: Caller
  /** The page the request's `Referer` names, which a `TemplateControl` takes its status from. */
  readonly refererPage: PageNode | null
}

/**
 * What the server fills in on a submitted field of a content item: its constraints and the
 * violation messages (`MinDate`/`MaxDate` it never sets: they stay as sent).
 */
export type FieldConstraints = Omit<FieldModel, 'Name' | 'MinDate' | 'MaxDate'>

/**
 * Makes every seeded entity and every server-side fact from (seed, kind, id) alone, so the
 * same seed gives the same data whatever order requests come in. `seeds/` implements it with
 * faker; the store and the handlers only see this interface.
 */
export interface EntityFactory {
  readonly seed: number
  /**
   * The key an entity is stored under (its Id, Route, PageId or Key, lowercased), made without
   * making the entity: the store keys every seeded entity at start and makes each on first use.
   */
  keyOf(kind: 'abTests' | 'services' | 'containers' | 'comments' | 'pages', index: number): string
  abTest(index: number): ABTestViewModel
  service(index: number): CreateService
  containerPage(index: number): ContainerInfoMessage
  comment(index: number): CommentResponse
  /** The page of container page `index` has its `PageId`: the same index, the same id. */
  page(index: number): PageNode
  pageTitle(pageId: string): string
  containerFacts(input: ContainerFactsInput): ContainerFacts
  fieldConstraints(itemId: string, fieldName: string): FieldConstraints
}

export type EntityFactoryMaker = (seed: number) => EntityFactory
