/**
 * The upload plugin's v4 mutations, with v4's signatures:
 *   upload(refId: ID, ref: String, field: String, info: FileInfoInput, file: Upload!): UploadFileEntityResponse!
 *   multipleUpload(refId: ID, ref: String, field: String, files: [Upload]!): [UploadFileEntityResponse]!
 *   updateFileInfo(id: ID!, info: FileInfoInput): UploadFileEntityResponse!
 *   removeFile(id: ID!): UploadFileEntityResponse
 * They call the upload service as `POST /api/upload`, `POST /api/upload?id=` and
 * `DELETE /api/upload/files/:id` do (staging, formats, limits, `ref` linking, cleanup on
 * failure) and ask the same permissions: `create` on files (Strapi's
 * `plugin::upload.content-api.upload`), plus `update` on `ref` when linking, `update`, `delete`.
 */
import {
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import type { Entry } from '../../operations/types.js';
import { NotFoundError, ValidationError } from '../../errors/index.js';
import { UPLOAD_FILE_UID } from '../../model/built-in-types.js';
import { parseFileInfoValue, type FileInfo } from '../../upload/file-info.js';
import type { LinkFields } from '../../upload/link-files.js';
import type { StagedFile, UploadService } from '../../upload/upload-service.js';
import type { GraphqlContext } from '../context.js';
import type { BuildContext } from '../schema/build-context.js';
import { entityResponseType } from '../schema/content-types.js';
import type { EntityResponseValue } from '../resolvers/nested-fields.js';
import { UploadScalar, type FileUpload } from './upload-scalar.js';

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;

export const FileInfoInput = new GraphQLInputObjectType({
  name: 'FileInfoInput',
  fields: { name: { type: GraphQLString }, alternativeText: { type: GraphQLString }, caption: { type: GraphQLString } },
});

interface LinkArgs {
  readonly refId?: string | null;
  readonly ref?: string | null;
  readonly field?: string | null;
}
type InfoArg = Readonly<Record<string, unknown>> | null | undefined;

function uploadsOf(ctx: GraphqlContext): UploadService {
  if (!ctx.uploads) throw new Error('GraphQL upload mutations need the upload service in the context');
  return ctx.uploads;
}

/** `info` as the REST `fileInfo` is checked; a null name keeps the file's own, as an absent one */
function fileInfo(info: InfoArg): FileInfo {
  if (!info) return {};
  const { name, ...rest } = info;
  return parseFileInfoValue(name === null ? rest : info);
}

function linkOf(args: LinkArgs): LinkFields {
  const link: { ref?: string; refId?: string; field?: string } = {};
  if (args.ref !== undefined && args.ref !== null) link.ref = args.ref;
  if (args.refId !== undefined && args.refId !== null) link.refId = args.refId;
  if (args.field !== undefined && args.field !== null) link.field = args.field;
  return link;
}

/** permissions first, before a byte is stored: files `create`, and `update` on the entry files are linked to */
async function authorizeUpload(ctx: GraphqlContext, link: LinkFields): Promise<void> {
  await ctx.operations.forType(UPLOAD_FILE_UID).check(ctx.caller, 'create');
  if (link.ref !== undefined && ctx.registry.contentTypes.has(link.ref)) await ctx.operations.forType(link.ref).check(ctx.caller, 'update');
}

/** each file streams to the provider as its part arrives; the entries are written once all are stored */
async function store(uploads: UploadService, files: readonly FileUpload[], infos: readonly FileInfo[], link: LinkFields): Promise<Entry[]> {
  const staged: StagedFile[] = [];
  try {
    for (const [index, upload] of files.entries()) {
      const file = await upload.file();
      staged.push(await uploads.stage(file, infos[index]));
    }
  } catch (error) {
    await uploads.discard(staged);
    throw error;
  }
  // commit removes what it stored itself when it fails
  return uploads.commit(staged, infos, link);
}

/** a file's GraphQL id (its documentId, as `UploadFileEntity.id` shows it) or its numeric id → the numeric id */
async function fileRowId(ctx: GraphqlContext, id: string): Promise<number | null> {
  if (/^\d+$/.test(id)) return Number(id);
  // the mutation's permission is checked: the lookup asks none (`auth: false`)
  const entry = await ctx.operations.forType(UPLOAD_FILE_UID).findOne({ request: ctx.caller.request, auth: false }, { documentId: id, selection: { fields: [], populate: [], status: 'published' } });
  return entry ? entry.id : null;
}

export function uploadMutations(build: BuildContext): FieldMap {
  const response = entityResponseType(build, build.uploadFile);
  const link = { refId: { type: GraphQLID }, ref: { type: GraphQLString }, field: { type: GraphQLString } };
  const id = { type: new GraphQLNonNull(GraphQLID) };
  return {
    upload: {
      type: new GraphQLNonNull(response),
      args: { ...link, info: { type: FileInfoInput }, file: { type: new GraphQLNonNull(UploadScalar) } },
      async resolve(_source, args: LinkArgs & { info?: InfoArg; file: FileUpload }, ctx): Promise<EntityResponseValue> {
        const fields = linkOf(args);
        await authorizeUpload(ctx, fields);
        const [entry] = await store(uploadsOf(ctx), [args.file], [fileInfo(args.info)], fields);
        return { data: entry ?? null };
      },
    },
    multipleUpload: {
      type: new GraphQLNonNull(new GraphQLList(response)),
      args: { ...link, files: { type: new GraphQLNonNull(new GraphQLList(UploadScalar)) } },
      async resolve(_source, args: LinkArgs & { files: ReadonlyArray<FileUpload | null> }, ctx): Promise<EntityResponseValue[]> {
        const fields = linkOf(args);
        await authorizeUpload(ctx, fields);
        const missing = args.files.findIndex((file) => file === null);
        if (missing >= 0) throw new ValidationError(`files[${missing}] is null: every item must be a file`, { errors: [{ path: ['files', String(missing)], message: 'must be a file', name: 'ValidationError' }] });
        const entries = await store(uploadsOf(ctx), args.files as FileUpload[], [], fields);
        return entries.map((entry) => ({ data: entry }));
      },
    },
    updateFileInfo: {
      type: new GraphQLNonNull(response),
      args: { id, info: { type: FileInfoInput } },
      async resolve(_source, args: { id: string; info?: InfoArg }, ctx): Promise<EntityResponseValue> {
        await ctx.operations.forType(UPLOAD_FILE_UID).check(ctx.caller, 'update');
        const info = fileInfo(args.info);
        const rowId = await fileRowId(ctx, args.id);
        if (rowId === null) throw new NotFoundError('File not found');
        return { data: await uploadsOf(ctx).updateInfo(rowId, info) };
      },
    },
    removeFile: {
      type: response,
      args: { id },
      async resolve(_source, args: { id: string }, ctx): Promise<EntityResponseValue | null> {
        await ctx.operations.forType(UPLOAD_FILE_UID).check(ctx.caller, 'delete');
        const rowId = await fileRowId(ctx, args.id);
        // v4 answers null for a file that does not exist
        if (rowId === null) return null;
        try {
          return { data: await uploadsOf(ctx).remove(rowId) };
        } catch (error) {
          if (error instanceof NotFoundError) return null;
          throw error;
        }
      },
    },
  };
}
