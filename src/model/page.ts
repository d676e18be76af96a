import { defineDto, guidField, nullable, stringField, type DtoValue } from './field.ts'

/**
 * A page of the site, as the mock holds it: what `containersInfo` reads of the CMS's
 * `PageNode` (SF `Services/InlineEditing/InlineEditingService.cs` l.222–229: the page is looked
 * up by `PageId`, and its title answers `PageTitle`). No operation sends or answers it: it is
 * the mock's own collection, `Pages` in `/__mock/state`, set by seeds, fixtures and scenarios.
 */
export const PageNode = defineDto('PageNode', 'Cms.Pages.Model', {
  Id: nullable(guidField()),
  Title: nullable(stringField()),
  /** The page's segment of its URL (`about-us`), as the CMS names it. */
  UrlName: nullable(stringField()),
})
export type PageNode = DtoValue<typeof PageNode>
