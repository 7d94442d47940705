/** A custom route: anyone may read the most viewed articles (no permission needed). */
export default {
  routes: [
    {
      method: 'GET',
      path: '/articles/popular',
      handler: 'article.popular',
      config: { auth: false },
    },
  ],
};
