// Bodies full of values the real server drops, for the warning-flood tests and fuzzing (issue
// 13, finding 3: a 1 MB body gave 500,000 warnings, kept whole by the header, the journal and
// the log, until 32 such requests ran the process out of memory).

export const containersPath = '/RestApi/cms/inlineediting/containersInfo'

// The empty page id is looked up nowhere (issue 30, N6: any other must be a page the store
// holds); a page control's fields are never read, so the dropped values may stay behind.
const pageId = '00000000-0000-0000-0000-000000000000'
const itemId = '00000000-0000-0000-0000-000000000001'
const itemType = 'Telerik.Sitefinity.Pages.Model.PageControl'

export type FloodFormat = 'json' | 'jsv' | 'xml'

export const floodContentTypes: Readonly<Record<FloodFormat, string>> = {
  json: 'application/json',
  jsv: 'application/jsv',
  xml: 'application/xml',
}

export interface Flood {
  readonly body: string
  readonly contentType: string
  /** How many values the mock must report (or refuse, in strict mode). */
  readonly warnings: number
  /** Found once in each of the flood's warnings (they hold `; ` themselves). */
  readonly marker: RegExp
}

/**
 * A container-info message with `containers` containers, each with `fields` values where a
 * FieldModel object is due (JSON and JSV: the number 1, dropped with a warning each), or in XML
 * `fields` FieldModels each with its members out of order (a warning each).
 */
export function floodBody(format: FloodFormat, containers: number, fields: number): Flood {
  const contentType = floodContentTypes[format]
  const warnings = containers * fields
  if (format === 'xml') {
    const field = '<FieldModel><Required>a</Required><Name>b</Name></FieldModel>'
    // The models are in a namespace of their own (issue 30, N2): each container declares it.
    const models = 'http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Models'
    const container = `<ContainerInfoModel xmlns="${models}"><Fields>${field.repeat(fields)}</Fields><ItemId>${itemId}</ItemId><ItemType>${itemType}</ItemType></ContainerInfoModel>`
    const ns = 'http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Messages'
    const body = `<ContainerInfoMessage xmlns="${ns}"><ContainersInfo>${container.repeat(containers)}</ContainersInfo><PageId>${pageId}</PageId></ContainerInfoMessage>`
    return { body, contentType, warnings, marker: /drops such members/g }
  }
  const list = Array(fields).fill('1').join(',')
  const container =
    format === 'json'
      ? `{"ItemId":"${itemId}","ItemType":"${itemType}","Fields":[${list}]}`
      : `{ItemId:${itemId},ItemType:${itemType},Fields:[${list}]}`
  const all = Array(containers).fill(container).join(',')
  const body =
    format === 'json'
      ? `{"PageId":"${pageId}","ContainersInfo":[${all}]}`
      : `{PageId:${pageId},ContainersInfo:[${all}]}`
  return { body, contentType, warnings, marker: /the value was dropped/g }
}

/** The request for a flood; made anew for each send, as a body can be read once. */
export function floodRequest(flood: Flood): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': flood.contentType, Accept: 'application/json' },
    body: flood.body,
  }
}
