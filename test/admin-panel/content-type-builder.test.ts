/**
 * The Content-Type Builder page in Chromium under `vellum develop`: a component and a collection
 * type with every attribute kind (each relation kind — one to the users-permissions user —, media,
 * component, dynamic zone, and the scalar kinds with their options) built through the page; Save writes the schemas, the server
 * restarts, the page waits and reloads on its own, and the new type answers in REST and GraphQL.
 * No console error, no request off loopback; screenshots under test-artifacts/admin/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminBrowser } from '../helpers/admin-browser.js';
import { BUILDER_ADMIN, startBuilderProject, type BuilderProject } from '../helpers/builder-project.js';
import { signedInBrowser } from './edit-view-setup.js';

let project: BuilderProject;
let browser: AdminBrowser;

beforeAll(async () => {
  project = await startBuilderProject('develop');
  browser = await signedInBrowser(project, 'content-type-builder', BUILDER_ADMIN);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await project?.stop();
}, 60_000);

interface FieldSteps {
  /** extra steps in the open dialog before Finish */
  (page: Page): Promise<void>;
}

async function addField(page: Page, type: string, name: string, steps: FieldSteps = async () => {}): Promise<void> {
  await page.getByRole('button', { name: 'Add another field' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type').selectOption(type);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await steps(page);
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

const check = (label: string) => (page: Page) => page.getByRole('dialog').getByLabel(label, { exact: true }).check({ force: true });
const fill = (label: string, value: string) => (page: Page) => page.getByRole('dialog').getByLabel(label, { exact: true }).fill(value);
const choose = (label: string, value: string) => async (page: Page) => {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).selectOption(value);
};
const all = (...steps: FieldSteps[]): FieldSteps => async (page) => {
  for (const step of steps) await step(page);
};

it('builds a type with every attribute kind, restarts the server, reloads, and the type answers in REST and GraphQL', async () => {
  const { page } = browser;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content-Type Builder' }).click();
  await page.waitForURL(/\/admin\/plugins\/content-type-builder/);
  const builderNav = page.getByRole('navigation', { name: 'Content-Type Builder' });
  await builderNav.getByRole('button', { name: 'Article' }).waitFor();
  await expect(builderNav.getByRole('region', { name: 'shared' }).getByRole('button', { name: 'Seo' }).count()).resolves.toBe(1);
  await browser.screenshot('builder lists the project');

  // a component, used below by a repeatable component field and a dynamic zone
  await page.getByRole('button', { name: 'Create new component' }).click();
  await page.getByRole('dialog').getByLabel('Display name').fill('Detail');
  await page.getByRole('dialog').getByLabel('Category').fill('catalog');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await addField(page, 'string', 'label', check('Required'));

  await page.getByRole('button', { name: 'Create new collection type' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Display name').fill('Gizmo');
  expect(await create.getByLabel('API ID (singular)').inputValue()).toBe('gizmo');
  expect(await create.getByLabel('API ID (plural)').inputValue()).toBe('gizmos');
  await create.getByLabel('Draft & publish').uncheck({ force: true });
  await create.getByLabel('Enable localization for this Content-Type').check({ force: true });
  await browser.screenshot('create a collection type');
  await create.getByRole('button', { name: 'Continue' }).click();

  await addField(page, 'string', 'title', all(check('Required'), check('Localized'), fill('Maximum length', '80'), fill('RegExp pattern', '^[A-Z]')));
  await addField(page, 'text', 'summary', fill('Minimum length', '2'));
  await addField(page, 'richtext', 'notes');
  await addField(page, 'blocks', 'body');
  await addField(page, 'email', 'contact', check('Unique'));
  await addField(page, 'password', 'secret', check('Private'));
  await addField(page, 'uid', 'slug', choose('Attached field', 'title'));
  await addField(page, 'enumeration', 'size', all(fill('Values (one per line)', 'small\nlarge'), fill('Default value', 'small')));
  await addField(page, 'integer', 'count', all(fill('Minimum', '0'), fill('Maximum', '10'), fill('Default value', '1')));
  await addField(page, 'biginteger', 'big');
  await addField(page, 'decimal', 'price');
  await addField(page, 'float', 'ratio');
  await addField(page, 'date', 'day');
  await addField(page, 'time', 'at');
  await addField(page, 'datetime', 'when');
  await addField(page, 'boolean', 'active', choose('Default value', 'true'));
  await addField(page, 'json', 'meta');
  await addField(page, 'media', 'cover', check('Images'));
  await addField(page, 'media', 'gallery', all(check('Multiple media'), check('Images'), check('Videos')));
  await addField(page, 'relation', 'owner', all(choose('Relation', 'oneWay'), choose('Target', 'api::author.author')));
  await addField(page, 'relation', 'buddy', all(choose('Relation', 'oneToOne'), choose('Target', 'api::tag.tag'), fill('Field name in target', 'buddyGizmo')));
  await addField(page, 'relation', 'parts', all(choose('Relation', 'oneToMany'), choose('Target', 'api::tag.tag'), fill('Field name in target', 'partOf')));
  await addField(page, 'relation', 'category', all(choose('Relation', 'manyToOne'), choose('Target', 'api::category.category'), fill('Field name in target', 'gizmos')));
  await addField(page, 'relation', 'tags', all(choose('Relation', 'manyToMany'), choose('Target', 'api::tag.tag'), fill('Field name in target', 'gizmos')));
  await addField(page, 'relation', 'related', all(choose('Relation', 'manyWay'), choose('Target', 'api::article.article')));
  // a plugin's type: the users-permissions user takes one-way relations only (the chosen kind switches, the others go)
  await addField(page, 'relation', 'writer', async (current) => {
    await choose('Relation', 'manyToOne')(current);
    await choose('Target', 'plugin::users-permissions.user')(current);
    const kinds = current.getByRole('dialog').getByLabel('Relation', { exact: true });
    expect(await kinds.inputValue()).toBe('oneWay');
    expect(await kinds.locator('option').allTextContents()).toEqual(['oneWay — Gizmo has one (one-way)', 'manyWay — Gizmo has many (one-way)']);
    await expect(current.getByRole('dialog').getByLabel('Field name in target').count()).resolves.toBe(0);
    await browser.screenshot('relation to the users-permissions user');
  });
  await addField(page, 'component', 'details', all(choose('Component', 'catalog.detail'), check('Repeatable')));
  await addField(page, 'dynamiczone', 'sections', all(check('catalog – Detail'), check('shared – Seo')));
  // edit a field: the summary becomes required
  await page.getByRole('button', { name: 'Edit summary' }).click();
  await page.getByRole('dialog').getByLabel('Required').check({ force: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Finish' }).click();
  // delete a field (confirmed)
  await addField(page, 'string', 'scratch');
  await page.getByRole('button', { name: 'Delete scratch' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('cell', { name: 'scratch', exact: true }).waitFor({ state: 'detached' });
  await browser.screenshot('every attribute kind');

  const before = project.starts();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Waiting for restart' }).waitFor();
  await browser.screenshot('waiting for restart');
  // the page reloads on its own once the restarted app answers
  await page.waitForEvent('load', { timeout: 60_000 });
  expect(project.starts()).toBe(before + 1);
  await page.getByRole('navigation', { name: 'Content-Type Builder' }).getByRole('button', { name: 'Gizmo' }).waitFor();
  await page.getByRole('table', { name: 'Fields of Gizmo' }).waitFor();
  await expect(page.getByText('edited').or(page.getByText('new', { exact: true })).count()).resolves.toBe(0);
  await browser.screenshot('reloaded on the new schema');

  const schema = JSON.parse(readFileSync(join(project.dir, 'src/api/gizmo/content-types/gizmo/schema.json'), 'utf8'));
  expect(schema.options).toEqual({ draftAndPublish: false });
  expect(schema.pluginOptions).toEqual({ i18n: { localized: true } });
  expect(Object.keys(schema.attributes)).toEqual([
    'title', 'summary', 'notes', 'body', 'contact', 'secret', 'slug', 'size', 'count', 'big', 'price', 'ratio', 'day', 'at', 'when', 'active', 'meta',
    'cover', 'gallery', 'owner', 'buddy', 'parts', 'category', 'tags', 'related', 'writer', 'details', 'sections',
  ]);
  expect(schema.attributes.title).toEqual({ type: 'string', required: true, maxLength: 80, regex: '^[A-Z]', pluginOptions: { i18n: { localized: true } } });
  expect(schema.attributes.summary).toEqual({ type: 'text', required: true, minLength: 2 });
  expect(schema.attributes.slug).toEqual({ type: 'uid', targetField: 'title' });
  expect(schema.attributes.size).toEqual({ type: 'enumeration', enum: ['small', 'large'], default: 'small' });
  expect(schema.attributes.count).toEqual({ type: 'integer', min: 0, max: 10, default: 1 });
  expect(schema.attributes.active).toEqual({ type: 'boolean', default: true });
  expect(schema.attributes.gallery).toEqual({ type: 'media', multiple: true, allowedTypes: ['images', 'videos'] });
  expect(schema.attributes.owner).toEqual({ type: 'relation', relation: 'oneToOne', target: 'api::author.author' });
  expect(schema.attributes.related).toEqual({ type: 'relation', relation: 'oneToMany', target: 'api::article.article' });
  expect(schema.attributes.writer).toEqual({ type: 'relation', relation: 'oneToOne', target: 'plugin::users-permissions.user' });
  expect(schema.attributes.tags).toEqual({ type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', inversedBy: 'gizmos' });
  expect(schema.attributes.details).toEqual({ type: 'component', component: 'catalog.detail', repeatable: true });
  expect(schema.attributes.sections).toEqual({ type: 'dynamiczone', components: ['catalog.detail', 'shared.seo'] });
  const tag = JSON.parse(readFileSync(join(project.dir, 'src/api/tag/content-types/tag/schema.json'), 'utf8'));
  expect(tag.attributes.partOf).toEqual({ type: 'relation', relation: 'manyToOne', target: 'api::gizmo.gizmo', mappedBy: 'parts' });

  const created = await project.rest('/gizmos', { method: 'POST', json: { data: { title: 'Widget', summary: 'A small one', contact: 'w@example.com', details: [{ label: 'blue' }] } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const listed = await project.rest('/gizmos?populate=details');
  expect(listed.body.data).toMatchObject([{ title: 'Widget', slug: 'widget', size: 'small', count: 1, active: true, details: [{ label: 'blue' }] }]);
  const graphql = await project.graphql('{ gizmos { data { attributes { title size details { label } } } } }');
  expect(graphql.body).toEqual({ data: { gizmos: { data: [{ attributes: { title: 'Widget', size: 'small', details: [{ label: 'blue' }] } }] } } });

  expect(browser.consoleErrors).toEqual([]);
  expect(browser.externalRequests).toEqual([]);
}, 120_000);
