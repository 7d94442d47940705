import type { RawSchemaFile } from './raw-schema-file.js';

/**
 * Content types every project has, in schema.json form: the media library's files and folders
 * (Strapi's upload plugin schemas, without the polymorphic `related`, which Vellum keeps in
 * `files_related_mph`). A folder's `path` is its ancestors' `pathId`s and its own (`/1/4`); a
 * file's `folderPath` is its folder's `path` (`/` at the root), so a subtree is one prefix.
 * The folder relation and path are private, as in Strapi: the content API never shows them.
 */
export const UPLOAD_FILE_UID = 'plugin::upload.file';
export const UPLOAD_FOLDER_UID = 'plugin::upload.folder';

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
        // Strapi's layout; private, as in Strapi (never in a content-API response)
        folderPath: { type: 'string', private: true },
        folder: { type: 'relation', relation: 'manyToOne', target: UPLOAD_FOLDER_UID, inversedBy: 'files', private: true },
      },
    },
  },
  {
    uid: UPLOAD_FOLDER_UID,
    file: '<internal>',
    definition: {
      kind: 'collectionType',
      collectionName: 'upload_folders',
      info: { singularName: 'folder', pluralName: 'folders', displayName: 'Folder' },
      options: { draftAndPublish: false },
      pluginOptions: {
        'content-manager': { visible: false },
        'content-type-builder': { visible: false },
      },
      attributes: {
        name: { type: 'string', minLength: 1, required: true },
        pathId: { type: 'integer', unique: true, required: true },
        parent: { type: 'relation', relation: 'manyToOne', target: UPLOAD_FOLDER_UID, inversedBy: 'children' },
        children: { type: 'relation', relation: 'oneToMany', target: UPLOAD_FOLDER_UID, mappedBy: 'parent' },
        files: { type: 'relation', relation: 'oneToMany', target: UPLOAD_FILE_UID, mappedBy: 'folder' },
        path: { type: 'string', minLength: 1, required: true, unique: true },
      },
    },
  },
];
