import type {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  ContainerInfoModel,
  CreateService,
  FieldModel,
} from '../model/index.ts'

/** What the server fills in on a submitted container (decisions.md section 5). */
export type ContainerFacts = Pick<
  ContainerInfoModel,
  'DisplayType' | 'ItemStatus' | 'IsPageControl' | 'DetailsViewUrl'
>

/** What the server fills in on a submitted field: its constraints and violation messages. */
export type FieldConstraints = Omit<FieldModel, 'Name'>

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
  keyOf(kind: 'abTests' | 'services' | 'containers' | 'comments', index: number): string
  abTest(index: number): ABTestViewModel
  service(index: number): CreateService
  containerPage(index: number): ContainerInfoMessage
  comment(index: number): CommentResponse
  pageTitle(pageId: string): string
  containerFacts(itemId: string, itemType: string | null): ContainerFacts
  fieldConstraints(itemId: string, fieldName: string): FieldConstraints
}

export type EntityFactoryMaker = (seed: number) => EntityFactory
