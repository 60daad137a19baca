/** The counts an item can carry, in the order the item detail shows them. */
export const METRICS = [
  ['views', 'Views'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['reposts', 'Reposts'],
  ['shares', 'Shares'],
  ['followers', 'Followers'],
] as const;
