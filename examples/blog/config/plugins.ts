export default () => ({
  graphql: {
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      depthLimit: 10,
      amountLimit: 100,
    },
  },
  // `en` is the default locale; the localized `page` type also has French versions
  i18n: {
    config: {
      locales: ['fr'],
    },
  },
});
