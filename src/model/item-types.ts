/**
 * What the CMS makes of a container's `ItemType`, as far as `containersInfo` answers it
 * (SF `Services/InlineEditing/InlineEditingService.cs` l.233–267):
 * - `typeof(ControlData).IsAssignableFrom(type)` sets `IsPageControl` (l.238, 242);
 * - a page control is no `ILifecycleDataItem`, so its fields are left as sent (l.245);
 * - `InlineEditingHelper.GetDisplayName` (SF `InlineEditing/InlineEditingHelper.cs` l.123–127)
 *   names a `PageDraftControl` after its page, a `TemplateControl` after the page title when
 *   there is one, an `IHasTitle` item (every content item) by its title, and anything else by
 *   its CLR short name (`GetType().Name`).
 */

/** `ControlData` and the CMS's classes derived from it (Pages.Model and Forms.Model). */
export const controlDataTypes = [
  'ControlData',
  'PageControl',
  'PageDraftControl',
  'TemplateControl',
  'TemplateDraftControl',
  'FormControl',
  'FormDraftControl',
] as const

/** How `GetDisplayName` names an item of a type. */
export type DisplayNameRule = 'item-title' | 'page-title' | 'page-title-or-type' | 'type-name'

/**
 * Which `IInlineEditingStrategy` serves a type (SF `InlineEditing/InlineEditingStrategyFactory.cs`
 * l.18): `ControlData` gets `PageControlStrategy`, an `IApprovalWorkflowItem` gets
 * `WorkflowItemStrategy` (dynamic content being one, with its own lifecycle and dialog names),
 * anything else `GenericItemStrategy`, which its own comment says is for shared content and
 * lists (SF `InlineEditing/Strategies/GenericItemStrategy.cs` l.27–31).
 */
export type InlineStrategy = 'workflow' | 'dynamic' | 'generic' | 'page-control'

/** The item types with no approval workflow: shared content blocks and list items. */
const genericTypes: readonly string[] = ['ContentItem', 'ListItem']

export interface ItemType {
  /** The CLR short name, `GetType().Name`: `NewsItem`, `PageControl`. */
  readonly name: string
  /** The namespace-qualified name, without any assembly: `Cms.News.Model.NewsItem`. */
  readonly fullName: string
  readonly strategy: InlineStrategy
  /** Derives from `ControlData`: a page control, whose fields the service leaves alone. */
  readonly isPageControl: boolean
  readonly displayName: DisplayNameRule
}

// A namespace-qualified CLR name (`Namespace.Type`, a generic's arity, nested `+Type`), then
// optionally its assembly (`, Assembly, Version=…`): what `Type.GetType` can resolve at all.
const typeNamePattern =
  /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+(?:`\d+)?(?:\+[A-Za-z_][A-Za-z0-9_]*)*(?:\s*,\s*[^,\s][^,]*)*$/

/**
 * The type an `ItemType` names, or undefined when the mock takes it for one the host cannot
 * resolve (null, blank, a bare word such as `x`, anything that is no CLR type name). The mock
 * holds no list of the host's types: any well-formed namespace-qualified name resolves.
 */
export function resolveItemType(typeName: string | null | undefined): ItemType | undefined {
  if (typeof typeName !== 'string' || !typeNamePattern.test(typeName)) return undefined
  const fullName = typeName.split(',')[0] ?? ''
  const name = fullName.slice(fullName.lastIndexOf('.') + 1).replace(/^.*\+/, '')
  const control = (controlDataTypes as readonly string[]).includes(name)
  return {
    name,
    fullName: fullName.trim(),
    strategy: strategyOf(name, fullName, control),
    isPageControl: control,
    displayName: displayNameRule(name, control),
  }
}

// A module builder's types live in `Telerik.Sitefinity.DynamicTypes.Model.<Module>` (the mock's
// neutral `Cms.DynamicTypes.Model.<Module>` too): `DynamicContent`, an approval-workflow item.
function strategyOf(name: string, fullName: string, control: boolean): InlineStrategy {
  if (control) return 'page-control'
  if (fullName.includes('.DynamicTypes.Model.')) return 'dynamic'
  return genericTypes.includes(name) ? 'generic' : 'workflow'
}

function displayNameRule(name: string, control: boolean): DisplayNameRule {
  if (name === 'PageDraftControl') return 'page-title'
  if (name === 'TemplateControl') return 'page-title-or-type'
  return control ? 'type-name' : 'item-title'
}

/** `GetDisplayName(item, pageTitle)` for an item of `type` whose own title is `itemTitle`. */
export function displayNameOf(type: ItemType, itemTitle: string, pageTitle: string | null): string {
  switch (type.displayName) {
    case 'page-title':
      return pageTitle ?? ''
    case 'page-title-or-type':
      return pageTitle !== null && pageTitle.trim() !== '' ? pageTitle : type.name
    case 'item-title':
      return itemTitle
    case 'type-name':
      return type.name
  }
}
