import type { RawSchemaFile } from './raw-schema-file.js';

/**
 * Content types every project has, in schema.json form. `plugin::upload.file` is the media
 * library's file entity (Strapi's upload plugin schema, minus the admin-only folder relation).
 */
export const UPLOAD_FILE_UID = 'plugin::upload.file';

export const BUILT_IN_CONTENT_TYPES: readonly RawSchemaFile[] = [
  {
    uid: UPLOAD_FILE_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'files',
      info: { singularName: 'file', pluralName: 'files', displayName: 'File', description: '' },
      options: { draftAndPublish: false },
      pluginOptions: {
        'content-manager': { visible: false },
        'content-type-builder': { visible: false },
      },
      attributes: {
        name: { type: 'string', required: true },
        alternativeText: { type: 'string' },
        caption: { type: 'string' },
        focalPoint: { type: 'json' },
        width: { type: 'integer' },
        height: { type: 'integer' },
        formats: { type: 'json' },
        hash: { type: 'string', required: true },
        ext: { type: 'string' },
        mime: { type: 'string', required: true },
        size: { type: 'decimal', required: true },
        url: { type: 'string', required: true },
        previewUrl: { type: 'string' },
        provider: { type: 'string', required: true },
        provider_metadata: { type: 'json' },
        // kept for Strapi's layout; private, as in Strapi (never in a response)
        folderPath: { type: 'string', private: true },
      },
    },
  },
];
