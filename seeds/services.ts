import type { ContentsProxy, CreateService, PropertiesProxy } from '../src/model/index.ts'
import { contentTypeCatalog, type PropertyType, type TypeTemplate } from './content-type-catalog.ts'
import { reseed, seedKinds, type SeedContext, type SeededFaker } from './seeded-faker.ts'

export const serviceAccessLevels = ['Everyone', 'Authenticated', 'Administrators'] as const

const subjects = ['News', 'Products', 'Events', 'Blog', 'Catalog', 'Partners', 'Press', 'Careers']
const suffixes = ['feed', 'API', 'service', 'content']

/** A service's `Route` alone: its first draws, cheap to make ahead. */
export function makeServiceRoute(context: SeedContext, index: number): string {
  return `/api/${serviceName(reseed(context, seedKinds.service, index), index).urlName}`
}

function serviceName(faker: SeededFaker, index: number): { name: string; urlName: string } {
  const name =
    index === 0
      ? 'Default'
      : `${faker.helpers.arrayElement(subjects)} ${faker.helpers.arrayElement(suffixes)}`
  // The slug has no digits, so the trailing `-<index>` alone tells routes apart.
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-')
  return { name, urlName: index === 0 ? slug : `${slug}-${index}` }
}

/**
 * The service definition `index` of a seed. Its route carries the index (service 0 is
 * `/api/default`), so routes of one seed never collide, even case-insensitively.
 */
export function makeService(context: SeedContext, index: number): CreateService {
  const faker = reseed(context, seedKinds.service, index)
  const { name, urlName } = serviceName(faker, index)
  const access = faker.helpers.arrayElement(serviceAccessLevels)
  const types = faker.helpers
    .arrayElements(contentTypeCatalog, { min: 2, max: 4 })
    .map((template) => makeType(faker, template, null, 1, access))
  return {
    Route: `/api/${urlName}`,
    Name: name,
    UrlName: urlName,
    Enabled: faker.datatype.boolean(0.85),
    ApiKey: faker.datatype.boolean(0.4) ? faker.string.alphanumeric(24) : null,
    AccessControlAllowOrigin: faker.helpers.arrayElement([
      '*',
      `https://www.${faker.internet.domainName()}`,
      null,
    ]),
    AutogenerateTypes: faker.datatype.boolean(),
    Access: access,
    Types: types,
    Protocol: 'OData',
  }
}

const maxDepth = 3

function makeType(
  faker: SeededFaker,
  template: TypeTemplate,
  parentUrlKey: string | null,
  depth: number,
  serviceAccess: string,
): ContentsProxy {
  const properties: PropertiesProxy[] = [
    {
      Name: 'Id',
      PropertyType: 'Guid' satisfies PropertyType,
      IsPersistent: true,
      AllowSort: true,
      AllowFilter: true,
      IsKey: true,
    },
    ...faker.helpers
      .arrayElements(template.properties, { min: 1, max: Math.min(4, template.properties.length) })
      .map(([name, type]) => ({
        Name: name,
        PropertyType: type,
        IsPersistent: faker.datatype.boolean(0.9),
        AllowSort: type !== 'Boolean' && faker.datatype.boolean(0.6),
        AllowFilter: faker.datatype.boolean(0.7),
        IsKey: false,
      })),
  ]
  const candidates = depth < maxDepth ? (template.children ?? []) : []
  const children =
    candidates.length > 0 && faker.datatype.boolean(0.7)
      ? faker.helpers
          .arrayElements(candidates, { min: 1, max: Math.min(2, candidates.length) })
          .map((child) => makeType(faker, child, template.urlKey, depth + 1, serviceAccess))
      : null
  return {
    Name: template.name,
    ReadOnly: faker.datatype.boolean(0.2),
    UrlKey: template.urlKey,
    ClrType: template.clrType,
    Access: faker.datatype.boolean(0.8)
      ? serviceAccess
      : faker.helpers.arrayElement(serviceAccessLevels),
    Properties: properties,
    Children: children,
    AutogenerateProperties: faker.datatype.boolean(),
    ParentId: parentUrlKey,
  }
}
