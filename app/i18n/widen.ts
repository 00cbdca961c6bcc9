/** The shape of a catalog with every text widened to `string`: other languages must match it. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
