import { parseGuid, ServiceError } from '../src/wire/index.ts'

// How `InlineEditingService.Post(ContainerInfoMessage)` fails (SF
// `Services/InlineEditing/InlineEditingService.cs` l.220–270), each failure as the real host
// answers it, and what the real answer does not say (the field path, the mock's reason) in
// `X-Mock-Warning`.

/** Where a failure's word for `X-Mock-Warning` goes. */
export type Warn = (text: string) => void

/**
 * A GUID as `new Guid(value)` reads it, or the exception it throws: `ArgumentNullException` for
 * its parameter `g`, `FormatException` (which ServiceStack maps with no field errors).
 */
export function parseGuidField(
  value: string | null,
  field: string,
  warn: Warn,
): string | ServiceError {
  if (value === null) {
    warn(
      `${field} is missing: the real service calls new Guid(null), which throws ArgumentNullException`,
    )
    return new ServiceError(
      400,
      'ArgumentNullException',
      'Value cannot be null.\r\nParameter name: g',
      { errors: [{ FieldName: 'g', Message: 'Value cannot be null.' }] },
    )
  }
  const guid = parseGuid(value)
  if (guid) return guid
  const message =
    value.trim() === ''
      ? 'Unrecognized Guid format.'
      : 'Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).'
  warn(`${field} is not a GUID: the real service's new Guid(...) throws FormatException`)
  return new ServiceError(400, 'FormatException', message)
}

/** What .NET throws for a member of null: the real host answers it as a 500. */
export function nullReference(path: string, warn: Warn): ServiceError {
  warn(`${path} is missing: the real service dereferences it and fails with a 500`)
  return new ServiceError(
    500,
    'NullReferenceException',
    'Object reference not set to an instance of an object.',
  )
}

/**
 * A `PageId` no page has: `PageManager.GetPageNode` rethrows the `ItemNotFoundException` of its
 * `GetItemById<PageNode>` (SF `Modules/Pages/Data/OpenAccessPageProvider.cs` l.103–131, its
 * text from `Data/OA/OpenAccessExtensions.cs` l.52–61, the id as `Guid.ToString()` writes it).
 * It derives from `Exception` alone (SF `Exceptions/ItemNotFoundException.cs`), so ServiceStack
 * answers 500.
 */
export function pageNotFound(pageId: string, warn: Warn): ServiceError {
  warn(
    `PageId ${pageId} is no page the mock holds; the real GetPageNode throws. ` +
      'Its pages: GET /__mock/state?kind=Pages; add one: POST /__mock/fixtures {"Pages":[{"Id":…}]}',
  )
  return new ServiceError(
    500,
    'ItemNotFoundException',
    `You are trying to access PageNode item with id ${pageId} that no longer exists. The most probable reason is that it has been deleted by another user.`,
  )
}

/**
 * An `ItemType` the host cannot resolve: `TypeResolutionService.ResolveType(name)` throws an
 * `ArgumentException` (the decompiled CMS catches that type around the call, SF
 * `RelatedData/RelatedDataExtensions.cs` l.513–521), which ServiceStack answers 400. Its text is
 * the CMS's `CannotResolveType` resource (SF `Localization/ErrorMessages.cs` l.1099–1101); the
 * class itself is in an assembly the decompiled sources do not hold (docs/decisions.md §17).
 */
export function unresolvedType(typeName: string | null, path: string, warn: Warn): ServiceError {
  warn(
    `${path}.ItemType ${typeName === null ? 'is missing' : `'${typeName.slice(0, 80)}' is no CLR type name`}: ` +
      'the real TypeResolutionService.ResolveType throws (the mock resolves any Namespace.Type name)',
  )
  return new ServiceError(
    400,
    'ArgumentException',
    `Cannot resolve type ${typeName ?? ''}. Please check your spelling and if you have registered the type assembly with TypeResolutionService.`,
  )
}
