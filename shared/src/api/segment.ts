/** An id as the calls take it, and its URL-path form (encoded, so no id can change the route). */
export type Id = number | string;

export const seg = (id: Id): string => encodeURIComponent(String(id));
