/**
 * The writes plugin services make (users-permissions' users, the media library's files) as
 * operations of user code: `create`, `update` and `delete` of the repository they are handed run
 * through the operation pipeline with no caller, so document-service middlewares
 * (`strapi.documents.use`) and lifecycles (`strapi.db.lifecycles.subscribe({ models:
 * ['plugin::users-permissions.user'] })`) see them, as Strapi's services' writes fire them.
 * Their lookups (a login's identifier, a JWT's user) stay plain repository reads: they are no
 * operation of anyone's, and every authenticated request would pay for them.
 */
import type { DocumentRepository } from '../documents/types.js';
import type { Selection } from '../query/ast.js';
import type { TypeOperations } from './operations.js';

/** a deleted entry as the after-hooks see it: its own attributes */
const DELETED: Selection = { fields: null, populate: [], status: 'published' };

/**
 * `repository` with its writes through `operations()` (resolved at the first write: the
 * services are built before the operation layer). Writes that bring their own hooks are
 * already an operation's and go straight to the repository.
 */
export function withServiceWrites(repository: DocumentRepository, operations: () => TypeOperations): DocumentRepository {
  return {
    ...repository,
    create(data, options, selection, hooks) {
      if (hooks) return repository.create(data, options, selection, hooks);
      return operations().create(null, { data, status: options.status, selection, ...(options.checkRequired === undefined ? {} : { checkRequired: options.checkRequired }) });
    },
    update(documentId, data, options, selection, hooks) {
      if (hooks) return repository.update(documentId, data, options, selection, hooks);
      return operations().update(null, { documentId, data, status: options.status, selection, ...(options.unpublish === undefined ? {} : { unpublish: options.unpublish }) });
    },
    async delete(documentId, locale) {
      return (await operations().delete(null, { documentId, selection: DELETED, ...(locale === undefined ? {} : { locale }) })) !== null;
    },
  };
}
