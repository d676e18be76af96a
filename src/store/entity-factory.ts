import type {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  ContainerInfoModel,
  CreateService,
  FieldModel,
  PageNode,
} from '../model/index.ts'

/** What the server fills in on a submitted container (decisions.md section 5). */
export type ContainerFacts = Pick<
  ContainerInfoModel,
  'DisplayType' | 'ItemStatus' | 'IsPageControl' | 'DetailsViewUrl'
>

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
  /** `pageTitle` is the message's, after the page was found: a page control's may show it. */
  containerFacts(itemId: string, itemType: string | null, pageTitle: string | null): ContainerFacts
  fieldConstraints(itemId: string, fieldName: string): FieldConstraints
}

export type EntityFactoryMaker = (seed: number) => EntityFactory
