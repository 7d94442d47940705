import { describe, expect, it } from 'vitest';
import { createShadowCrudSettings } from './shadow-crud.js';

describe('shadowCRUD getters', () => {
  it('start enabled and follow each disabling function', () => {
    const settings = createShadowCrudSettings();
    const article = settings.handle('api::article.article');
    expect([article.isEnabled(), article.isDisabled(), article.areQueriesEnabled(), article.areQueriesDisabled(), article.areMutationsEnabled(), article.areMutationsDisabled()])
      .toEqual([true, false, true, false, true, false]);
    expect([article.isActionEnabled('find'), article.isActionDisabled('find')]).toEqual([true, false]);

    expect(article.disableQueries()).toBe(article);
    expect([article.areQueriesEnabled(), article.areQueriesDisabled(), article.areMutationsEnabled()]).toEqual([false, true, true]);
    expect(settings.isOperationEnabled('api::article.article', 'find')).toBe(false);
    expect(settings.isOperationEnabled('api::article.article', 'create')).toBe(true);
    article.disableMutations();
    expect([article.areMutationsEnabled(), article.areMutationsDisabled()]).toEqual([false, true]);
    expect(settings.isOperationEnabled('api::article.article', 'create')).toBe(false);
    // a fresh handle reads the same settings
    expect(settings.handle('api::article.article').areQueriesDisabled()).toBe(true);
    article.disable();
    expect([article.isEnabled(), article.isDisabled(), settings.isTypeEnabled('api::article.article')]).toEqual([false, true, false]);
  });

  it('disableAction / disableActions, and "*" for every action', () => {
    const settings = createShadowCrudSettings();
    const tag = settings.handle('api::tag.tag').disableAction('findOne').disableActions(['update', 'delete']);
    expect(['find', 'findOne', 'create', 'update', 'delete'].map((a) => tag.isActionEnabled(a))).toEqual([true, false, true, false, false]);
    expect(tag.isActionDisabled('update')).toBe(true);
    expect(settings.isOperationEnabled('api::tag.tag', 'findOne')).toBe(false);
    expect(settings.unknownActions()).toEqual([]);
    const all = settings.handle('api::x.x').disableAction('*');
    expect(all.isActionEnabled('find')).toBe(false);
    settings.handle('api::y.y').disableAction('fnd');
    expect(settings.unknownActions()).toEqual(['fnd']);
  });

  it('field getters follow disable(), disableOutput(), disableInput(), disableFilters()', () => {
    const settings = createShadowCrudSettings();
    const state = (name: string) => {
      const f = settings.handle('api::a.a').field(name);
      return [f.isEnabled(), f.isDisabled(), f.hasOutputEnabled(), f.hasInputEnabled(), f.hasFiltersEnabled()];
    };
    expect(state('plain')).toEqual([true, false, true, true, true]);
    settings.handle('api::a.a').field('gone').disable();
    expect(state('gone')).toEqual([false, true, false, false, false]);
    settings.handle('api::a.a').field('out').disableOutput();
    expect(state('out')).toEqual([true, false, false, true, true]);
    settings.handle('api::a.a').field('in').disableInput();
    expect(state('in')).toEqual([true, false, true, false, true]);
    settings.handle('api::a.a').field('flt').disableFilters();
    expect(state('flt')).toEqual([true, false, true, true, false]);
    expect(settings.isFieldEnabled('api::a.a', 'flt', 'filters')).toBe(false);
    expect(settings.isFieldEnabled('api::a.a', 'flt', 'output')).toBe(true);
  });
});
