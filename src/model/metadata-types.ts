import {
  anyField,
  boolField,
  defineDto,
  intField,
  listField,
  nullable,
  objectField,
  stringField,
  type DtoDef,
  type FieldSpec,
  type DtoValue,
} from './field.ts'

// ServiceStack 5's own description of a service (`ServiceStack.Common/MetadataTypes.cs`): what
// `/types/metadata` answers, in any format. Members the class marks `[IgnoreDataMember]` (the
// CLR `Type` objects) are left out, as its serializers leave them out.

const namespace = 'ServiceStack'
const text = (): FieldSpec<string | null> => nullable(stringField())
const texts = (): FieldSpec<string[] | null> => nullable(listField(stringField()))

export const MetadataTypeName = defineDto('MetadataTypeName', namespace, {
  Name: text(),
  Namespace: text(),
  GenericArgs: texts(),
})
export type MetadataTypeName = DtoValue<typeof MetadataTypeName>

export const MetadataRoute = defineDto('MetadataRoute', namespace, {
  Path: text(),
  Verbs: text(),
  Notes: text(),
  Summary: text(),
})
export type MetadataRoute = DtoValue<typeof MetadataRoute>

export const MetadataDataContract = defineDto('MetadataDataContract', namespace, {
  Name: text(),
  Namespace: text(),
})

export const MetadataDataMember = defineDto('MetadataDataMember', namespace, {
  Name: text(),
  Order: nullable(intField()),
  IsRequired: nullable(boolField()),
  EmitDefaultValue: nullable(boolField()),
})

export const MetadataPropertyType = defineDto('MetadataPropertyType', namespace, {
  Name: text(),
  Type: text(),
  IsValueType: nullable(boolField()),
  IsSystemType: nullable(boolField()),
  IsEnum: nullable(boolField()),
  IsPrimaryKey: nullable(boolField()),
  TypeNamespace: text(),
  GenericArgs: texts(),
  Value: text(),
  Description: text(),
  DataMember: nullable(objectField(() => MetadataDataMember)),
  ReadOnly: nullable(boolField()),
  ParamType: text(),
  DisplayType: text(),
  IsRequired: nullable(boolField()),
  AllowableValues: texts(),
  AllowableMin: nullable(intField()),
  AllowableMax: nullable(intField()),
  Attributes: nullable(listField(objectField((): DtoDef => MetadataAttribute))),
})
export type MetadataPropertyType = DtoValue<typeof MetadataPropertyType>

export const MetadataAttribute: DtoDef = defineDto('MetadataAttribute', namespace, {
  Name: text(),
  ConstructorArgs: nullable(listField(objectField(() => MetadataPropertyType))),
  Args: nullable(listField(objectField(() => MetadataPropertyType))),
})

export const MetadataType = defineDto('MetadataType', namespace, {
  Name: text(),
  Namespace: text(),
  GenericArgs: texts(),
  Inherits: nullable(objectField(() => MetadataTypeName)),
  Implements: nullable(listField(objectField(() => MetadataTypeName))),
  DisplayType: text(),
  Description: text(),
  IsNested: nullable(boolField()),
  IsEnum: nullable(boolField()),
  IsEnumInt: nullable(boolField()),
  IsInterface: nullable(boolField()),
  IsAbstract: nullable(boolField()),
  DataContract: nullable(objectField(() => MetadataDataContract)),
  Properties: nullable(listField(objectField(() => MetadataPropertyType))),
  Attributes: nullable(listField(objectField(() => MetadataAttribute))),
  InnerTypes: nullable(listField(objectField(() => MetadataTypeName))),
  EnumNames: texts(),
  EnumValues: texts(),
  EnumMemberValues: texts(),
  EnumDescriptions: texts(),
  Meta: nullable(anyField()),
})
export type MetadataType = DtoValue<typeof MetadataType>

export const MetadataOperationType = defineDto('MetadataOperationType', namespace, {
  Request: nullable(objectField(() => MetadataType)),
  Response: nullable(objectField(() => MetadataType)),
  Actions: texts(),
  ReturnsVoid: boolField(),
  ReturnType: nullable(objectField(() => MetadataTypeName)),
  Routes: nullable(listField(objectField(() => MetadataRoute))),
  DataModel: nullable(objectField(() => MetadataTypeName)),
  ViewModel: nullable(objectField(() => MetadataTypeName)),
  RequiresAuth: boolField(),
  RequiredRoles: texts(),
  RequiresAnyRole: texts(),
  RequiredPermissions: texts(),
  RequiresAnyPermission: texts(),
  Tags: texts(),
})
export type MetadataOperationType = DtoValue<typeof MetadataOperationType>

export const MetadataTypesConfig = defineDto('MetadataTypesConfig', namespace, {
  BaseUrl: text(),
  UsePath: text(),
  MakePartial: boolField(),
  MakeVirtual: boolField(),
  MakeInternal: boolField(),
  BaseClass: text(),
  Package: text(),
  AddReturnMarker: boolField(),
  AddDescriptionAsComments: boolField(),
  AddDataContractAttributes: boolField(),
  AddIndexesToDataMembers: boolField(),
  AddGeneratedCodeAttributes: boolField(),
  AddImplicitVersion: nullable(intField()),
  AddResponseStatus: boolField(),
  AddServiceStackTypes: boolField(),
  AddModelExtensions: boolField(),
  AddPropertyAccessors: boolField(),
  ExcludeGenericBaseTypes: boolField(),
  SettersReturnThis: boolField(),
  MakePropertiesOptional: boolField(),
  ExportAsTypes: boolField(),
  ExcludeImplementedInterfaces: boolField(),
  AddDefaultXmlNamespace: text(),
  MakeDataContractsExtensible: boolField(),
  InitializeCollections: boolField(),
  AddNamespaces: texts(),
  DefaultNamespaces: texts(),
  DefaultImports: texts(),
  IncludeTypes: texts(),
  ExcludeTypes: texts(),
  TreatTypesAsStrings: texts(),
  ExportValueTypes: boolField(),
  GlobalNamespace: text(),
  ExcludeNamespace: boolField(),
  IgnoreTypesInNamespaces: texts(),
})
export type MetadataTypesConfig = DtoValue<typeof MetadataTypesConfig>

export const MetadataTypes = defineDto('MetadataTypes', namespace, {
  Config: nullable(objectField(() => MetadataTypesConfig)),
  Namespaces: texts(),
  Types: nullable(listField(objectField(() => MetadataType))),
  Operations: nullable(listField(objectField(() => MetadataOperationType))),
})
export type MetadataTypes = DtoValue<typeof MetadataTypes>

/**
 * `/types`: ServiceStack's `TypeLinks` (a dictionary of absolute links), with the entries the
 * mock serves.
 */
export const TypeLinks = defineDto('TypeLinks', namespace, {
  Metadata: text(),
  TypeScript: text(),
  TypeScriptDefinition: text(),
})
