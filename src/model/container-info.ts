import {
  anyField,
  boolField,
  defineDto,
  intField,
  listField,
  nullable,
  objectField,
  stringField,
  type DtoValue,
} from './field.ts'

// Field tables of the spec, sections 2.7 to 2.10: every field nullable.

const namespace = 'Cms.Services.InlineEditing.Messages'
/**
 * The container, field and lifecycle models live in a contract namespace of their own, not the
 * message's (issue 18; issue 30, N2: SF declares `FieldModel` beside `ContainerInfoModel` and
 * `LifecycleStatusModel`, in `Telerik.Sitefinity.Services.InlineEditing`, `4InlineEditingModels.cs`):
 * DataContractSerializer writes their members under a prefix. Neutral, as every namespace here;
 * `--xml-namespace` sets a host's real ones.
 */
const modelsNamespace = 'Cms.Services.InlineEditing.Models'

export const LifecycleStatusModel = defineDto('LifecycleStatusModel', modelsNamespace, {
  DisplayStatus: nullable(stringField()),
  IsAdmin: nullable(boolField()),
  IsEditable: nullable(boolField()),
  IsStatusEditable: nullable(boolField()),
  IsLocked: nullable(boolField()),
  IsPublished: nullable(boolField()),
  IsLockedByMe: nullable(boolField()),
  LockedByUsername: nullable(stringField()),
  WorkflowStatus: nullable(stringField()),
})
export type LifecycleStatusModel = DtoValue<typeof LifecycleStatusModel>

export const FieldModel = defineDto('FieldModel', modelsNamespace, {
  Name: nullable(stringField()),
  Required: nullable(stringField()),
  MinDate: nullable(stringField()),
  MaxDate: nullable(stringField()),
  MinLength: nullable(intField()),
  MaxLength: nullable(intField()),
  Pattern: nullable(stringField()),
  MinValue: nullable(anyField()),
  MaxValue: nullable(anyField()),
  RequiredViolationMessage: nullable(stringField()),
  MinLengthViolationMessage: nullable(stringField()),
  MaxLengthViolationMessage: nullable(stringField()),
})
export type FieldModel = DtoValue<typeof FieldModel>

export const ContainerInfoModel = defineDto('ContainerInfoModel', modelsNamespace, {
  ItemId: nullable(stringField()),
  ItemType: nullable(stringField()),
  DisplayType: nullable(stringField()),
  Provider: nullable(stringField()),
  ItemStatus: nullable(objectField<LifecycleStatusModel>(() => LifecycleStatusModel)),
  IsPageControl: nullable(boolField()),
  DetailsViewUrl: nullable(stringField()),
  Fields: nullable(listField(objectField<FieldModel>(() => FieldModel))),
})
export type ContainerInfoModel = DtoValue<typeof ContainerInfoModel>

export const ContainerInfoMessage = defineDto('ContainerInfoMessage', namespace, {
  PageId: nullable(stringField()),
  PageTitle: nullable(stringField()),
  ContainersInfo: nullable(listField(objectField<ContainerInfoModel>(() => ContainerInfoModel))),
})
export type ContainerInfoMessage = DtoValue<typeof ContainerInfoMessage>
