import {
  boolField,
  defineDto,
  listField,
  nullable,
  objectField,
  stringField,
  type DtoDef,
  type DtoValue,
} from './field.ts'

// Field tables of the spec, sections 2.4 to 2.6. Strings are CLR reference types: absent is null.

const namespace = 'Cms.Services.Api.Messages'

export const PropertiesProxy = defineDto('PropertiesProxy', namespace, {
  Name: nullable(stringField()),
  PropertyType: nullable(stringField()),
  IsPersistent: boolField(),
  AllowSort: boolField(),
  AllowFilter: boolField(),
  IsKey: boolField(),
})
export type PropertiesProxy = DtoValue<typeof PropertiesProxy>

export const ContentsProxy = defineDto('ContentsProxy', namespace, {
  Name: nullable(stringField()),
  ReadOnly: boolField(),
  UrlKey: nullable(stringField()),
  ClrType: nullable(stringField()),
  Access: nullable(stringField()),
  Properties: nullable(listField(objectField<PropertiesProxy>(() => PropertiesProxy))),
  // The tree is recursive; the interface below lets TypeScript follow it.
  Children: nullable(listField(objectField<ContentsProxy>((): DtoDef => ContentsProxy))),
  AutogenerateProperties: boolField(),
  ParentId: nullable(stringField()),
})
export interface ContentsProxy extends DtoValue<typeof ContentsProxy> {}

const serviceFields = {
  Route: nullable(stringField()),
  Name: nullable(stringField()),
  UrlName: nullable(stringField()),
  Enabled: boolField(),
  ApiKey: nullable(stringField()),
  AccessControlAllowOrigin: nullable(stringField()),
  AutogenerateTypes: boolField(),
  Access: nullable(stringField()),
  Types: nullable(listField(objectField<ContentsProxy>(() => ContentsProxy))),
  Protocol: nullable(stringField()),
}

export const ServiceBaseRequest = defineDto('ServiceBaseRequest', namespace, serviceFields)
export type ServiceBaseRequest = DtoValue<typeof ServiceBaseRequest>

/** The request of `POST /apiservice/createService`; it adds no fields to ServiceBaseRequest. */
export const CreateService = defineDto('CreateService', namespace, serviceFields, {
  base: ServiceBaseRequest,
})
export type CreateService = DtoValue<typeof CreateService>
