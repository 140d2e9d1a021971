/**
 * Surrogate keys (DESIGN §12): the names of the items and lists a delivery answer depends on. An
 * answer sends them in `Surrogate-Key` / `Cache-Tag` and is kept in the in-process cache under
 * them; a change event carries the keys it touches, and committing it drops every answer under any
 * of them, on every instance (server/events/bus.ts). One naming, here, for the readers and the writers.
 */
export const surrogate = {
  article: (id: number) => `article-${id}`,
  articles: 'articles',
  video: (id: number) => `short_video-${id}`,
  videos: 'short_videos',
  category: (id: number) => `category-${id}`,
  categories: 'categories',
  topic: (id: number) => `topic-${id}`,
  topics: 'topics',
  album: (id: number) => `album-${id}`,
  albums: 'albums',
  /** `home`, `channel`, `video`, `home_right`. */
  focus: (place: string) => `focus-${place}`,
  ads: 'ads',
  adPosition: (position: string | number) => `ads-${position}`,
  keywords: 'keywords',
  nav: 'nav',
  friendLinks: 'friend_links',
  brands: 'brands',
} as const;
