import { expect } from 'vitest'
import type { Store } from '../../src/index.ts'
import type { DtoDef } from '../../src/model/index.ts'
import { abTestId, commentKey, htmlCell, now, responseDefs } from '../support/index.ts'

/** One request of an operation, written out in every body format the mock reads. */
export interface OperationRequest {
  readonly json: string
  readonly jsv: string
  readonly xml: string
  readonly csv: string
  /** Form and multipart fields; structured values as JSV, as the real server reads them. */
  readonly form: readonly (readonly [string, string])[]
  /** The same object as the JSON body, for the spec's JSON-notation `text/csv` samples. */
  readonly object: Record<string, unknown>
}

export interface OperationCase {
  readonly name: string
  readonly method: 'PUT' | 'POST'
  /** The user route under `/RestApi`. */
  readonly path: string
  /** The request DTO: the pre-defined route's last segment and the CSV file name. */
  readonly dto: string
  readonly responseDef: DtoDef
  request(store: Store): OperationRequest
  /** Key fields and one changed field of the answer, read back from any format. */
  check(value: Record<string, any>, store: Store): void
  /** The same, from the HTML page's top-level rows. */
  checkHtml(html: string, store: Store): void
}

const commentMessage = 'Edited, over the wire: "yes"'
const abTitle = 'Hero banner, round 2: "B"'
const serviceRoute = '/api/wire-check'
const serviceName = 'Wire check, v2: "beta"'
const pageId = 'a3c1e2f4-5b6d-4e7f-8a9b-0c1d2e3f4a5b'
const itemId = 'b4d2f3a5-6c7e-4f80-9bac-1d2e3f4a5b6c'
const itemType = 'Telerik.Sitefinity.News.Model.NewsItem'

const xmlns = (namespace: string): string =>
  `xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.datacontract.org/2004/07/${namespace}"`

export const operationCases: readonly OperationCase[] = [
  {
    name: 'comment update',
    method: 'PUT',
    path: '/RestApi/comments-api/comments',
    dto: 'CommentUpdateRequest',
    responseDef: responseDefs.comments,
    request(store) {
      const key = commentKey(store)
      const object = { Key: key, Message: commentMessage }
      return {
        object,
        json: JSON.stringify(object),
        jsv: `{Key:${key},Message:"Edited, over the wire: ""yes"""}`,
        xml:
          `<CommentUpdateRequest ${xmlns('Cms.Services.Comments.DTO')}>` +
          `<Key>${key}</Key><Message>Edited, over the wire: &quot;yes&quot;</Message>` +
          '</CommentUpdateRequest>',
        csv: `Key,Message\r\n${key},"Edited, over the wire: ""yes"""\r\n`,
        form: [
          ['Key', key],
          ['Message', commentMessage],
        ],
      }
    },
    check(value, store) {
      expect(value.Key).toBe(commentKey(store))
      expect(value.Message).toBe(commentMessage)
    },
    checkHtml(html, store) {
      expect(htmlCell(html, 'Key')).toBe(commentKey(store))
      expect(htmlCell(html, 'Message')).toBe(commentMessage)
    },
  },
  {
    name: 'A/B test update',
    method: 'PUT',
    path: '/RestApi/ab-testing',
    dto: 'ABTestViewModel',
    responseDef: responseDefs.abTesting,
    request(store) {
      const id = abTestId(store)
      const object = { Id: id, Title: abTitle, Status: 'Active' }
      return {
        object,
        json: JSON.stringify(object),
        jsv: `{Id:${id},Title:"Hero banner, round 2: ""B""",Status:Active}`,
        xml:
          `<ABTestViewModel ${xmlns('Cms.Services.ABTesting.ViewModels')}>` +
          `<Id>${id}</Id><Status>Active</Status><Title>Hero banner, round 2: "B"</Title>` +
          '</ABTestViewModel>',
        csv: `Id,Title,Status\r\n${id},"Hero banner, round 2: ""B""",Active\r\n`,
        form: [
          ['Id', id],
          ['Title', abTitle],
          ['Status', 'Active'],
        ],
      }
    },
    check(value, store) {
      expect(value.Id).toBe(abTestId(store))
      expect(value.Title).toBe(abTitle)
      expect(value.Status).toBe('Active')
      expect((value.LastModified as Date).getTime()).toBe(now.getTime())
    },
    checkHtml(html, store) {
      expect(htmlCell(html, 'Id')).toBe(abTestId(store))
      expect(htmlCell(html, 'Title')).toBe(abTitle)
      expect(htmlCell(html, 'Status')).toBe('Active')
    },
  },
  {
    name: 'service definition',
    method: 'POST',
    path: '/RestApi/apiservice/createService',
    dto: 'CreateService',
    responseDef: responseDefs.createService,
    request() {
      const object = {
        Route: serviceRoute,
        Name: serviceName,
        Enabled: true,
        Types: [{ Name: 'News', ReadOnly: true }],
      }
      return {
        object,
        json: JSON.stringify(object),
        jsv: `{Route:${serviceRoute},Name:"Wire check, v2: ""beta""",Enabled:True,Types:[{Name:News,ReadOnly:True}]}`,
        xml:
          `<CreateService ${xmlns('Cms.Services.Api.Messages')}>` +
          `<Enabled>true</Enabled><Name>Wire check, v2: "beta"</Name><Route>${serviceRoute}</Route>` +
          '<Types><ContentsProxy><Name>News</Name><ReadOnly>true</ReadOnly></ContentsProxy></Types>' +
          '</CreateService>',
        csv: `Route,Name,Enabled,Types\r\n${serviceRoute},"Wire check, v2: ""beta""",True,"[{Name:News,ReadOnly:True}]"\r\n`,
        form: [
          ['Route', serviceRoute],
          ['Name', serviceName],
          ['Enabled', 'true'],
          ['Types', '[{Name:News,ReadOnly:True}]'],
        ],
      }
    },
    check(value) {
      expect(value.Route).toBe(serviceRoute)
      expect(value.Name).toBe(serviceName)
      expect(value.Enabled).toBe(true)
      expect(value.Types).toHaveLength(1)
      expect(value.Types[0]).toMatchObject({ Name: 'News', ReadOnly: true })
    },
    checkHtml(html) {
      expect(htmlCell(html, 'Route')).toBe(serviceRoute)
      expect(htmlCell(html, 'Name')).toBe(serviceName)
      expect(htmlCell(html, 'Enabled')).toBe('true')
    },
  },
  {
    name: 'container info',
    method: 'POST',
    path: '/RestApi/cms/inlineediting/containersInfo',
    dto: 'ContainerInfoMessage',
    responseDef: responseDefs.containersInfo,
    request() {
      const object = {
        PageId: pageId,
        ContainersInfo: [{ ItemId: itemId, ItemType: itemType, Fields: [{ Name: 'Title' }] }],
      }
      const containersJsv = `[{ItemId:${itemId},ItemType:${itemType},Fields:[{Name:Title}]}]`
      return {
        object,
        json: JSON.stringify(object),
        jsv: `{PageId:${pageId},ContainersInfo:${containersJsv}}`,
        xml:
          `<ContainerInfoMessage ${xmlns('Cms.Services.InlineEditing.Messages')}>` +
          '<ContainersInfo><ContainerInfoModel>' +
          `<Fields><FieldModel><Name>Title</Name></FieldModel></Fields><ItemId>${itemId}</ItemId><ItemType>${itemType}</ItemType>` +
          `</ContainerInfoModel></ContainersInfo><PageId>${pageId}</PageId>` +
          '</ContainerInfoMessage>',
        csv: `PageId,ContainersInfo\r\n${pageId},"${containersJsv}"\r\n`,
        form: [
          ['PageId', pageId],
          ['ContainersInfo', containersJsv],
        ],
      }
    },
    check(value, store) {
      expect(value.PageId).toBe(pageId)
      // Enriched by the server: the page title comes from the page id.
      expect(value.PageTitle).toBe(store.factory.pageTitle(pageId))
      expect(value.PageTitle).not.toBe('')
      expect(value.ContainersInfo).toHaveLength(1)
      expect(value.ContainersInfo[0].ItemId).toBe(itemId)
      expect(value.ContainersInfo[0].ItemType).toBe(itemType)
      expect(value.ContainersInfo[0].Fields[0].Name).toBe('Title')
    },
    checkHtml(html, store) {
      expect(htmlCell(html, 'PageId')).toBe(pageId)
      expect(htmlCell(html, 'PageTitle')).toBe(store.factory.pageTitle(pageId))
    },
  },
]
