/** The server-side document service (`app.documents(uid)`), shaped like Strapi 5's. */
import { expect, it } from 'vitest';
import { describeEachDialect } from '../helpers/dialects.js';
import { useTestApp } from '../helpers/test-app.js';

describeEachDialect('document service', (dialect) => {
  const t = useTestApp({ dialect });
  const articles = () => t.app.documents('api::article.article');

  it('creates drafts by default and publishes, unpublishes and discards drafts', async () => {
    const draft = await articles().create({ data: { title: 'Lifecycle' } });
    expect(draft.publishedAt).toBeNull();
    expect(await articles().findOne({ documentId: draft.documentId, status: 'published' })).toBeNull();

    const published = await articles().publish({ documentId: draft.documentId });
    expect(published?.title).toBe('Lifecycle');
    expect(published?.publishedAt).toEqual(expect.any(String));

    await articles().update({ documentId: draft.documentId, data: { title: 'Lifecycle v2' } });
    expect((await articles().findOne({ documentId: draft.documentId }))?.title).toBe('Lifecycle v2');
    expect((await articles().findOne({ documentId: draft.documentId, status: 'published' }))?.title).toBe('Lifecycle');

    const discarded = await articles().discardDraft({ documentId: draft.documentId });
    expect(discarded?.title).toBe('Lifecycle');
    expect((await articles().findOne({ documentId: draft.documentId }))?.title).toBe('Lifecycle');

    const unpublished = await articles().unpublish({ documentId: draft.documentId });
    expect(unpublished?.publishedAt).toBeNull();
    expect(await articles().findOne({ documentId: draft.documentId, status: 'published' })).toBeNull();
    expect((await articles().findOne({ documentId: draft.documentId }))?.title).toBe('Lifecycle');
  });

  it('finds, counts and deletes with Strapi-style parameters', async () => {
    const category = await t.app.documents('api::category.category').create({ data: { name: 'Service' } });
    for (const title of ['S1', 'S2', 'S3']) {
      await articles().create({ data: { title, views: Number(title.slice(1)), category: category.documentId }, status: 'published' });
    }
    const found = await articles().findMany({
      filters: { category: { name: { $eq: 'Service' } } },
      sort: 'views:desc',
      fields: ['title'],
      populate: { category: { fields: ['name'] } },
      status: 'published',
    });
    expect(found.map((a) => a.title)).toEqual(['S3', 'S2', 'S1']);
    expect(found[0]).toEqual({ id: expect.any(Number), documentId: expect.any(String), title: 'S3', category: { id: expect.any(Number), documentId: category.documentId, name: 'Service' } });
    expect(await articles().count({ filters: { title: { $startsWith: 'S' } }, status: 'published' })).toBe(3);
    expect((await articles().findFirst({ sort: 'views:asc', status: 'published', filters: { title: { $startsWith: 'S' } } }))?.title).toBe('S1');
    expect((await articles().findMany({ limit: 2, start: 1, sort: 'views', status: 'published', filters: { title: { $startsWith: 'S' } } })).map((a) => a.title)).toEqual(['S2', 'S3']);

    const result = await articles().delete({ documentId: found[0]!.documentId });
    expect(result.deleted).toBe(true);
    expect(await articles().count({ filters: { title: { $startsWith: 'S' } }, status: 'published' })).toBe(2);
    expect(await articles().count({ filters: { title: { $startsWith: 'S' } }, status: 'draft' })).toBe(2);
  });

  it('rejects unknown parameters and keys like the REST API', async () => {
    await expect(articles().findMany({ filters: { nope: { $eq: 1 } } })).rejects.toThrow('Invalid key nope');
    await expect(articles().create({ data: { title: 'x', bogus: 1 } })).rejects.toThrow('Invalid key bogus');
  });
});
