/**
 * A schema as read from disk, before validation: the parsed JSON of a `schema.json` or a
 * component file. Plugins add their content types (users, roles, …) in this same shape.
 */
export interface RawSchemaFile {
  readonly uid: string;
  /** path for messages, relative to the project (`src/api/…/schema.json`); `<internal>` for built-ins */
  readonly file: string;
  /** the parsed JSON, checked by the model builder */
  readonly definition: unknown;
}
