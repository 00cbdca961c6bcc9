import { type SQL, sql } from 'drizzle-orm';
import { type Db, embeddedEngine } from '../../db/client.ts';
import { keptWhileUnwritten } from '../../db/embedded-writes.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { escapeLike, type ProductSort, type ResolvedCriteria } from './product-filter.ts';
import { type CatalogueView, viewLanguages } from './product-view.ts';

/**
 * The in-memory facet index of one site (docs/decisions/0350): every visible product has a slot, and
 * each category, attribute value and tag is a bitset over the slots (one bit per product, 32 per word),
 * beside typed arrays of what the sorts and the price filter read (creation time, prices per currency,
 * the category links with their priorities). Counting a facet value is the population count of an AND
 * of a few bitsets, so a filter panel costs the same whatever the category's size and never reads
 * the database beyond one counter.
 *
 * The database stays the source of truth: the index is built from it, follows its change log
 * (catalogue_changes, filled by triggers, migration 0015) before every use, and is thrown away and
 * rebuilt when the log says "too many to list". Keywords are matched by the database (the same
 * condition as before), and the listing's records are loaded from the database.
 */

const NO_PRICE = -2147483648;
/** More changed products than this at once: rebuild instead of patching. */
const PATCH_LIMIT = 5000;
/** Below this many products (offset + limit) a page is picked with a heap instead of a full sort. */
const HEAP_LIMIT = 2000;
/** How many bitset unions (categories with their subcategories, filter values) an index keeps. */
const UNION_CACHE = 64;
/** How many priority orders of category sets an index keeps (a department's: 4 bytes per product). */
const ORDER_CACHE = 32;
/** ...and at most this many entries per product of the index in all (16 bytes per product). */
const ORDER_BUDGET = 4;
/**
 * The filter panel counts by bitsets (AND and population count per value, over the words that hold
 * matching products) when that is fewer than this many word operations per product-value step of
 * the pass over the matching products (decision 0367; measured in bench/catalogue-index.ts).
 */
const WORDS_PER_VALUE_STEP = 1;
/** How many category sets keep their counts (`KeptSet`), and their products in all per product of the index. */
const KEPT_CACHE = 32;
const KEPT_BUDGET = 2;
/** A kept price order re-sorted instead of patched after this many patches (each moves its arrays). */
const ORDER_PATCHES = 32;

/**
 * Tuning a test may change: a listing's main categories (or the whole catalogue) with at least
 * `keptSetMinimum` products keep their panel's counts between requests (decision 0368); the property
 * tests set it to 0 so that small catalogues take that way too; up to `walkInPriceOrder` products of
 * a price order are read in its order, more in slot order (`countScope`), which tests also lower to 0.
 */
export const facetTuning = { keptSetMinimum: 8192, walkInPriceOrder: 256 };

type Bits = Uint32Array;

/** Slots below this fit in a price order's sort key (price × SLOT_SPAN + slot, exact below 2^53). */
const SLOT_SPAN = 4194304;

const words = (capacity: number) => (capacity + 31) >>> 5;

function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The population count of every 16-bit number (64 KB): two reads per word in the counting loops. */
const BITS_IN_16 = (() => {
  const table = new Uint8Array(65536);
  for (let i = 1; i < 65536; i++) table[i] = table[i >> 1]! + (i & 1);
  return table;
})();

function countBits(bits: Bits): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) total += popcount32(bits[i]!);
  return total;
}

function countAnd(a: Bits, b: Bits): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    const word = a[i]! & b[i]!;
    if (word !== 0) total += popcount32(word);
  }
  return total;
}

function andInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!;
}

function orInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!;
}

function forEachBit(bits: Bits, visit: (slot: number) => void): void {
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      visit((i << 5) + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
}

const setBit = (bits: Bits, slot: number) => {
  bits[slot >>> 5]! |= 1 << (slot & 31);
};
const clearBit = (bits: Bits, slot: number) => {
  bits[slot >>> 5]! &= ~(1 << (slot & 31));
};
const hasBit = (bits: Bits, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;

function grown<T extends Int32Array | Float64Array | Uint32Array>(
  array: T,
  length: number,
  fill?: number,
): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  if (fill !== undefined) next.fill(fill, array.length);
  return next;
}

/**
 * Comma-separated integers (string_agg output) into numbers, read character by character (no
 * substring per number: a million-product build parses some ten million of them); an empty field
 * becomes `empty`.
 */
function parseList(text: string | null, empty = NO_PRICE): Float64Array {
  // Null: no rows. An empty string is one row with an empty field (string_agg of a single ''): a
  // currency with one priced product and no bundle price read as price 0 before (found by the
  // facet-index unit test and the property test).
  if (text === null || text === undefined) return new Float64Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const out = new Float64Array(count);
  let at = 0;
  let value = 0;
  let digits = 0;
  let negative = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 44;
    if (code === 44) {
      out[at++] = digits === 0 ? empty : negative ? -value : value;
      value = 0;
      digits = 0;
      negative = false;
    } else if (code === 45) negative = true;
    else {
      value = value * 10 + (code - 48);
      digits++;
    }
  }
  return out;
}

type CurrencyPrices = { bundle: Int32Array; discount: Int32Array; endsAt: Float64Array; retail: Int32Array };

/**
 * A set's products in one currency sorted by shopper price (then slot), the unpriced ones after them
 * (`priced` is where they start): a price filter's excluded products are a prefix and a suffix. The
 * prices are as at `from`, valid while no sale has ended (`until`).
 */
type PriceOrder = {
  slots: Int32Array;
  prices: Int32Array;
  length: number;
  priced: number;
  from: number;
  until: number;
  patches: number;
};

/**
 * The products of a listing's main categories (or of the whole catalogue: `member` null) and, per
 * attribute value, how many of them have it (decision 0368): the panel of that listing without
 * attribute filters is this tally less the products a price filter leaves out. Patched with every
 * product the index re-reads.
 */
type KeptSet = {
  member: Uint8Array | null;
  size: number;
  tally: Int32Array;
  orders: Map<number, PriceOrder>;
};

type ProductState = {
  id: number;
  createdAt: number;
  categories: { category: number; priority: number }[];
  values: { attribute: number; value: number }[];
  tags: number[];
  prices: { currency: number; bundle: number; discount: number; endsAt: number; retail: number }[];
  /** `lower(sku)` and, per language, `lower(f_unaccent(name))`, as the database folds them. */
  sku: string;
  names: { language: string; name: string }[];
};

export type FacetCounts = {
  /** Value id -> the products that match every other filter and have that value. */
  counts: Map<number, number>;
  price: { low: number | null; high: number | null };
};

/**
 * A keyword as the database compares it (product-filter.ts): `name` is `lower(f_unaccent(word))`, the
 * text `f_unaccent(name) ilike f_unaccent('%word%')` looks for, `sku` is `lower(word)` for `sku ilike`.
 */
export type FoldedWord = { name: string; sku: string };

/**
 * What a facet query needs besides the resolved criteria: the keywords folded by the database, matched
 * in the names of `languages` and the SKU; `keywordIds` only when a word had to be matched by the
 * database itself (see `foldWords`).
 */
export type IndexQuery = {
  criteria: ResolvedCriteria;
  keywords?: { words: FoldedWord[]; languages: string[] } | null;
  keywordIds: number[] | null;
  currencyId: number;
};

export class SiteFacetIndex {
  readonly siteId: number;
  version: number;
  capacity: number;
  size = 0;
  ids: Int32Array;
  /** Product id -> slot + 1 (0: none); product ids are serial, so a typed array indexed by id is compact. */
  slotById = new Int32Array(0);
  live: Bits;
  createdAt: Float64Array;
  categories = new Map<number, Bits>();
  values = new Map<number, Map<number, Bits>>();
  tags = new Map<number, Bits>();
  /** The category links of the slots as built (CSR); a patched slot's links live in `patchedLinks`. */
  linkStart: Int32Array = new Int32Array(1);
  linkCategory: Int32Array = new Int32Array(0);
  linkPriority: Int32Array = new Int32Array(0);
  patchedLinks = new Map<number, { category: number; priority: number }[]>();
  /**
   * The attribute values of the slots as built (CSR: `valueStart[slot]` to `valueStart[slot + 1]` in
   * `valueAttribute` / `valueId`); a patched slot's live in `patchedValues`. The filter panel counts
   * in one pass over the matching products with them.
   */
  valueStart: Int32Array = new Int32Array(1);
  valueAttribute: Int32Array = new Int32Array(0);
  valueId: Int32Array = new Int32Array(0);
  patchedValues = new Map<number, { attribute: number; value: number }[]>();
  /** The highest attribute value id and attribute id in the index (dense count arrays). */
  maxValueId = 0;
  maxAttributeId = 0;
  prices = new Map<number, CurrencyPrices>();
  /** Per language, each slot's name folded as the keyword search compares it: `lower(f_unaccent(name))`. */
  names = new Map<string, (string | undefined)[]>();
  /** Each slot's `lower(sku)`. */
  skus: (string | undefined)[] = [];
  /**
   * The names and SKUs are loaded on the first keyword request (`setTexts`), not with the index: a
   * navigation never needs them, and folding 200,000 names costs the build seconds on PGlite. A patch
   * while they load makes the load start again (`textsStale`).
   */
  textsReady = false;
  textsLoading: Promise<boolean> | null = null;
  textsStale = false;
  /** Per "language|default language": the rank of each slot's name in the database's own order. */
  nameRanks = new Map<string, Promise<Int32Array>>();
  /**
   * Per currency, every slot's shopper price (NO_PRICE: none) as it was at `from`, the same until
   * `until` (the first sale end after `from`): one read per product instead of four and a clock
   * comparison (decision 0367). Dropped by every patch.
   */
  private shopper = new Map<number, { prices: Int32Array; from: number; until: number }>();
  /**
   * Unions of category, tag or attribute-value bitsets by their keys (a department and its
   * subcategories, a filter's values), read-only, dropped by every patch; at most UNION_CACHE.
   */
  private unions = new Map<string, Bits>();
  /** The priority sort's order of the products of a set of main categories (`priorityOrder`). */
  private orders = new Map<string, Int32Array>();
  /** Counts kept per category set (decision 0368), by the same key as the priority orders; least recently used first. */
  private kept = new Map<string, KeptSet>();

  constructor(siteId: number, version: number, capacity: number) {
    this.siteId = siteId;
    this.version = version;
    this.capacity = Math.max(capacity, 32);
    this.ids = new Int32Array(this.capacity);
    this.live = new Uint32Array(words(this.capacity));
    this.createdAt = new Float64Array(this.capacity);
  }

  private bits(): Bits {
    return new Uint32Array(words(this.capacity));
  }

  private bitsIn<K>(map: Map<K, Bits>, key: K): Bits {
    let bits = map.get(key);
    if (!bits) {
      bits = this.bits();
      map.set(key, bits);
    }
    return bits;
  }

  private valueBits(attribute: number, value: number): Bits {
    if (value > this.maxValueId) this.maxValueId = value;
    if (attribute > this.maxAttributeId) this.maxAttributeId = attribute;
    let perAttribute = this.values.get(attribute);
    if (!perAttribute) {
      perAttribute = new Map();
      this.values.set(attribute, perAttribute);
    }
    return this.bitsIn(perAttribute, value);
  }

  private currencyPrices(currency: number): CurrencyPrices {
    let prices = this.prices.get(currency);
    if (!prices) {
      prices = {
        bundle: new Int32Array(this.capacity).fill(NO_PRICE),
        discount: new Int32Array(this.capacity).fill(NO_PRICE),
        endsAt: new Float64Array(this.capacity),
        retail: new Int32Array(this.capacity).fill(NO_PRICE),
      };
      this.prices.set(currency, prices);
    }
    return prices;
  }

  private grow(): void {
    const capacity = Math.ceil(this.capacity * 1.5) + 32;
    const n = words(capacity);
    const regrow = (bits: Bits) => grown(bits, n);
    this.ids = grown(this.ids, capacity);
    this.live = regrow(this.live);
    this.createdAt = grown(this.createdAt, capacity);
    for (const [key, bits] of this.categories) this.categories.set(key, regrow(bits));
    for (const [key, bits] of this.tags) this.tags.set(key, regrow(bits));
    for (const perAttribute of this.values.values())
      for (const [key, bits] of perAttribute) perAttribute.set(key, regrow(bits));
    for (const prices of this.prices.values()) {
      prices.bundle = grown(prices.bundle, capacity, NO_PRICE);
      prices.discount = grown(prices.discount, capacity, NO_PRICE);
      prices.endsAt = grown(prices.endsAt, capacity);
      prices.retail = grown(prices.retail, capacity, NO_PRICE);
    }
    this.capacity = capacity;
    this.derivedChanged();
  }

  /** What is derived from the bitsets and prices (shopper prices, unions) is out of date. */
  private derivedChanged(): void {
    this.shopper.clear();
    this.unions.clear();
    this.orders.clear();
  }

  slotFor(id: number): number {
    const existing = this.slotOf(id);
    if (existing !== undefined) return existing;
    if (this.size === this.capacity) this.grow();
    const slot = this.size++;
    this.ids[slot] = id;
    this.setSlot(id, slot);
    return slot;
  }

  slotOf(id: number): number | undefined {
    const stored = id >= 0 && id < this.slotById.length ? this.slotById[id]! : 0;
    return stored === 0 ? undefined : stored - 1;
  }

  setSlot(id: number, slot: number): void {
    if (id >= this.slotById.length)
      this.slotById = grown(this.slotById, Math.max(id + 1, this.slotById.length * 2));
    this.slotById[id] = slot + 1;
  }

  /** Everything known about a slot forgotten (it keeps its number; a product that comes back reuses it). */
  private clearSlot(slot: number): void {
    clearBit(this.live, slot);
    for (const bits of this.categories.values()) clearBit(bits, slot);
    for (const bits of this.tags.values()) clearBit(bits, slot);
    for (const perAttribute of this.values.values())
      for (const bits of perAttribute.values()) clearBit(bits, slot);
    for (const prices of this.prices.values()) {
      prices.bundle[slot] = NO_PRICE;
      prices.discount[slot] = NO_PRICE;
      prices.retail[slot] = NO_PRICE;
    }
    this.patchedLinks.set(slot, []);
    this.patchedValues.set(slot, []);
    if (this.textsReady) {
      for (const names of this.names.values()) names[slot] = undefined;
      this.skus[slot] = undefined;
    } else this.textsStale = true;
  }

  /** A product's current rows (or its absence: not visible any more) replace what the slot held. */
  applyProduct(id: number, state: ProductState | null): void {
    this.derivedChanged();
    const known = this.slotOf(id);
    if (known !== undefined && this.kept.size > 0 && hasBit(this.live, known)) this.keptPatch(known, -1);
    if (!state) {
      if (known !== undefined) this.clearSlot(known);
      return;
    }
    const slot = this.slotFor(id);
    this.clearSlot(slot);
    setBit(this.live, slot);
    this.createdAt[slot] = state.createdAt;
    for (const link of state.categories) setBit(this.bitsIn(this.categories, link.category), slot);
    this.patchedLinks.set(slot, state.categories);
    for (const entry of state.values) setBit(this.valueBits(entry.attribute, entry.value), slot);
    this.patchedValues.set(slot, state.values);
    for (const tag of state.tags) setBit(this.bitsIn(this.tags, tag), slot);
    if (this.textsReady) {
      this.skus[slot] = state.sku;
      for (const { language, name } of state.names) this.namesIn(language)[slot] = name;
    }
    for (const price of state.prices) {
      const prices = this.currencyPrices(price.currency);
      prices.bundle[slot] = price.bundle;
      prices.discount[slot] = price.discount;
      prices.endsAt[slot] = price.endsAt;
      prices.retail[slot] = price.retail;
    }
    if (this.kept.size > 0) this.keptPatch(slot, 1);
  }

  /**
   * Takes a live slot out of the kept sets it belongs to (`sign` -1, before it changes) or puts it into
   * them (+1, after): their sizes, tallies and price orders follow every product the index re-reads.
   */
  private keptPatch(slot: number, sign: 1 | -1): void {
    const categories: number[] = [];
    const values: number[] = [];
    const links = this.patchedLinks.get(slot);
    if (links) for (const link of links) categories.push(link.category);
    else if (slot + 1 < this.linkStart.length)
      for (let i = this.linkStart[slot]!; i < this.linkStart[slot + 1]!; i++)
        categories.push(this.linkCategory[i]!);
    const entries = this.patchedValues.get(slot);
    if (entries) for (const entry of entries) values.push(entry.value);
    else if (slot + 1 < this.valueStart.length)
      for (let i = this.valueStart[slot]!; i < this.valueStart[slot + 1]!; i++) values.push(this.valueId[i]!);
    for (const kept of this.kept.values()) {
      const member = kept.member;
      if (member && !categories.some((category) => category < member.length && member[category] === 1))
        continue;
      kept.size += sign;
      if (this.maxValueId >= kept.tally.length) kept.tally = grown(kept.tally, this.maxValueId + 1);
      for (const value of values) kept.tally[value]! += sign;
      for (const [currency, order] of kept.orders) {
        if (order.patches >= ORDER_PATCHES || !patchOrder(order, slot, sign, this.prices.get(currency)))
          kept.orders.delete(currency);
        else order.patches++;
      }
    }
  }

  private namesIn(language: string): (string | undefined)[] {
    let names = this.names.get(language);
    if (!names) {
      names = [];
      this.names.set(language, names);
    }
    return names;
  }

  /**
   * Clears the slots of `bits` whose SKU and names (in `languages`) do not contain every word: the
   * condition of product-filter.ts `criteriaConditions` (`f_unaccent(name) ilike f_unaccent('%word%')`
   * in a language of the view, or `sku ilike '%word%'`), on text the database folded the same way.
   */
  private keepKeywordMatches(bits: Bits, words: FoldedWord[], languages: string[]): void {
    const lists: (string | undefined)[][] = [];
    for (const language of languages) {
      const names = this.names.get(language);
      if (names) lists.push(names);
    }
    const skus = this.skus;
    forEachBit(bits, (slot) => {
      for (const word of words) {
        if (skus[slot]?.includes(word.sku)) continue;
        let found = false;
        for (const names of lists)
          if (names[slot]?.includes(word.name)) {
            found = true;
            break;
          }
        if (!found) {
          clearBit(bits, slot);
          return;
        }
      }
    });
  }

  /** The highest priority of a slot's links, among `categories` when given (null: none there). */
  priorityOf(slot: number, categories: Set<number> | null): number | null {
    let best: number | null = null;
    const consider = (category: number, priority: number) => {
      if (categories && !categories.has(category)) return;
      if (best === null || priority > best) best = priority;
    };
    const patched = this.patchedLinks.get(slot);
    if (patched) for (const link of patched) consider(link.category, link.priority);
    else if (slot + 1 < this.linkStart.length)
      for (let i = this.linkStart[slot]!; i < this.linkStart[slot + 1]!; i++)
        consider(this.linkCategory[i]!, this.linkPriority[i]!);
    return best;
  }

  /**
   * Per slot of `slots`, the highest priority of its links to `categories` (any category when null),
   * 0 without one: `priorityOf` for many slots, with the categories as a dense membership array.
   */
  priorities(slots: Int32Array, categories: number[] | null): Float64Array {
    const result = new Float64Array(slots.length);
    let member: Uint8Array | null = null;
    if (categories) {
      member = new Uint8Array(Math.max(0, ...categories) + 1);
      for (const category of categories) member[category] = 1;
    }
    const { linkStart, linkCategory, linkPriority, patchedLinks } = this;
    const built = linkStart.length - 1;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const patched = patchedLinks.size > 0 ? patchedLinks.get(slot) : undefined;
      let best = Number.NEGATIVE_INFINITY;
      if (patched) {
        for (const link of patched)
          if ((!member || member[link.category] === 1) && link.priority > best) best = link.priority;
      } else if (slot < built)
        for (let j = linkStart[slot]!; j < linkStart[slot + 1]!; j++) {
          const category = linkCategory[j]!;
          if ((!member || member[category] === 1) && linkPriority[j]! > best) best = linkPriority[j]!;
        }
      result[i] = best === Number.NEGATIVE_INFINITY ? 0 : best;
    }
    return result;
  }

  /** The price the shopper pays (product-filter.ts `effectivePrice`), or null. */
  priceOf(prices: CurrencyPrices | undefined, slot: number, now: number): number | null {
    if (!prices) return null;
    const bundle = prices.bundle[slot]!;
    if (bundle !== NO_PRICE) return bundle;
    const discount = prices.discount[slot]!;
    const endsAt = prices.endsAt[slot]!;
    if (discount !== NO_PRICE && (endsAt === 0 || endsAt > now)) return discount;
    const retail = prices.retail[slot]!;
    return retail === NO_PRICE ? null : retail;
  }

  /**
   * Every slot's shopper price (`priceOf`, NO_PRICE for none) at `now`, kept per currency and reused
   * while no sale has ended since it was computed (and no patch came).
   */
  shopperPrices(currency: number, now: number): Int32Array | null {
    const prices = this.prices.get(currency);
    if (!prices) return null;
    const known = this.shopper.get(currency);
    if (known && known.from <= now && now < known.until) return known.prices;
    const result = new Int32Array(this.size);
    const { bundle, discount, endsAt, retail } = prices;
    let until = Number.POSITIVE_INFINITY;
    for (let slot = 0; slot < this.size; slot++) {
      if (bundle[slot] !== NO_PRICE) result[slot] = bundle[slot]!;
      else if (discount[slot] !== NO_PRICE && (endsAt[slot] === 0 || endsAt[slot]! > now)) {
        result[slot] = discount[slot]!;
        if (endsAt[slot] !== 0 && endsAt[slot]! < until) until = endsAt[slot]!;
      } else result[slot] = retail[slot]!;
    }
    this.shopper.set(currency, { prices: result, from: now, until });
    return result;
  }

  /**
   * The products of `categories` (with every main category a listing names) sorted as the priority
   * sort sorts them: the highest priority of their links to these categories first, then newest,
   * then by id. Kept per category set like the unions (and dropped with them by any patch).
   */
  private priorityOrder(categories: number[]): Int32Array {
    const unique = [...new Set(categories)].sort((a, b) => a - b);
    const key = `p${unique.join(',')}`;
    let order = this.orders.get(key);
    if (!order) {
      const members = this.cachedUnion('c', this.categories, unique);
      const slots = new Int32Array(countBits(members));
      let n = 0;
      forEachBit(members, (slot) => {
        slots[n++] = slot;
      });
      const priority = this.priorities(slots, unique);
      const created = new Float64Array(slots.length);
      for (let i = 0; i < slots.length; i++) created[i] = this.createdAt[slots[i]!]!;
      const positions = new Int32Array(slots.length);
      for (let i = 0; i < positions.length; i++) positions[i] = i;
      const ids = this.ids;
      positions.sort(
        (a, b) =>
          priority[b]! - priority[a]! || created[b]! - created[a]! || ids[slots[a]!]! - ids[slots[b]!]!,
      );
      order = Int32Array.from(positions, (position) => slots[position]!);
      let kept = order.length;
      for (const other of this.orders.values()) kept += other.length;
      if (this.orders.size >= ORDER_CACHE || kept > ORDER_BUDGET * Math.max(this.size, 1))
        this.orders.clear();
      this.orders.set(key, order);
    }
    return order;
  }

  /**
   * The kept counts of a listing's main categories (null: the whole catalogue), made when there are
   * none yet and the set has at least `facetTuning.keptSetMinimum` products (or `make`).
   */
  private keptSet(categories: number[] | null, make: boolean): { kept: KeptSet; members: Bits } | null {
    const unique = categories ? [...new Set(categories)].sort((a, b) => a - b) : null;
    const key = unique ? `p${unique.join(',')}` : '*';
    const members = unique ? this.cachedUnion('c', this.categories, unique) : this.live;
    const known = this.kept.get(key);
    if (known) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, known);
      return { kept: known, members };
    }
    const size = countBits(members);
    if (!make && size < facetTuning.keptSetMinimum) return null;
    let member: Uint8Array | null = null;
    if (unique) {
      member = new Uint8Array(unique[unique.length - 1]! + 1);
      for (const category of unique) member[category] = 1;
    }
    const tally = new Int32Array(this.maxValueId + 1);
    const { valueStart, valueId, patchedValues } = this;
    const built = valueStart.length - 1;
    forEachBit(members, (slot) => {
      const patched = patchedValues.size > 0 ? patchedValues.get(slot) : undefined;
      if (patched) for (const entry of patched) tally[entry.value]!++;
      else if (slot < built)
        for (let i = valueStart[slot]!; i < valueStart[slot + 1]!; i++) tally[valueId[i]!]!++;
    });
    const kept: KeptSet = { member, size, tally, orders: new Map() };
    let total = size;
    for (const other of this.kept.values()) total += other.size;
    for (const [oldKey, oldest] of this.kept) {
      if (this.kept.size < KEPT_CACHE && total <= KEPT_BUDGET * Math.max(this.size, 1)) break;
      this.kept.delete(oldKey);
      total -= oldest.size;
    }
    this.kept.set(key, kept);
    return { kept, members };
  }

  /** A kept set's products sorted by shopper price in a currency (`PriceOrder`), made when missing or out of date. */
  private priceOrder(kept: KeptSet, members: Bits, currency: number, now: number): PriceOrder {
    const known = kept.orders.get(currency);
    if (known && known.from <= now && now < known.until) return known;
    const prices = this.shopperPrices(currency, now);
    const shopper = this.shopper.get(currency);
    const unpriced: number[] = [];
    const pricedSlots: number[] = [];
    forEachBit(members, (slot) => {
      if (!prices || prices[slot] === NO_PRICE) unpriced.push(slot);
      else pricedSlots.push(slot);
    });
    const priced = pricedSlots.length;
    // Room for a few products more before a patch has to grow them.
    const slots = new Int32Array(priced + unpriced.length + 64);
    const sorted = new Int32Array(priced + unpriced.length + 64);
    if (prices && this.capacity <= SLOT_SPAN) {
      // One number per product, price × 2^22 + slot (exact below 2^53): a native sort of floats.
      const keys = new Float64Array(priced);
      for (let i = 0; i < priced; i++) keys[i] = prices[pricedSlots[i]!]! * SLOT_SPAN + pricedSlots[i]!;
      keys.sort();
      for (let i = 0; i < priced; i++) {
        const price = Math.floor(keys[i]! / SLOT_SPAN);
        sorted[i] = price;
        slots[i] = keys[i]! - price * SLOT_SPAN;
      }
    } else if (prices) {
      pricedSlots.sort((a, b) => prices[a]! - prices[b]! || a - b);
      for (let i = 0; i < priced; i++) {
        slots[i] = pricedSlots[i]!;
        sorted[i] = prices[pricedSlots[i]!]!;
      }
    }
    for (let i = 0; i < unpriced.length; i++) {
      slots[priced + i] = unpriced[i]!;
      sorted[priced + i] = NO_PRICE;
    }
    const order: PriceOrder = {
      slots,
      prices: sorted,
      length: priced + unpriced.length,
      priced,
      from: shopper?.from ?? now,
      until: shopper?.until ?? Number.POSITIVE_INFINITY,
      patches: 0,
    };
    kept.orders.set(currency, order);
    return order;
  }

  /** The union of `keys`' bitsets in `map`, kept (read-only: callers never write into it). */
  private cachedUnion(kind: string, map: Map<number, Bits>, keys: number[]): Bits {
    const unique = [...new Set(keys)].sort((a, b) => a - b);
    const key = `${kind}${unique.join(',')}`;
    let bits = this.unions.get(key);
    if (!bits) {
      bits = unique.length === 1 ? (map.get(unique[0]!) ?? this.bits()) : this.union(map, unique);
      if (this.unions.size >= UNION_CACHE) this.unions.clear();
      this.unions.set(key, bits);
    }
    return bits;
  }

  private union(map: Map<number, Bits>, keys: number[]): Bits {
    const result = this.bits();
    for (const key of new Set(keys)) {
      const bits = map.get(key);
      if (bits) orInto(result, bits);
    }
    return result;
  }

  private fromIds(ids: number[]): Bits {
    const result = this.bits();
    for (const id of ids) {
      const slot = this.slotOf(id);
      if (slot !== undefined) setBit(result, slot);
    }
    return result;
  }

  /** The products that pass every condition that is not a facet (category, categories, tags, select, keywords). */
  private base(query: IndexQuery, withKeywords = true): Bits {
    const { criteria } = query;
    // Category bitsets hold live slots only (clearSlot clears them), so a category's union is a start.
    const result = criteria.mainCategoryIds
      ? this.cachedUnion('c', this.categories, criteria.mainCategoryIds).slice()
      : this.live.slice();
    if (criteria.categories) andInto(result, this.cachedUnion('c', this.categories, criteria.categories));
    if (criteria.tags) andInto(result, this.cachedUnion('t', this.tags, criteria.tags));
    if (criteria.select) andInto(result, this.fromIds(criteria.select));
    if (query.keywordIds) andInto(result, this.fromIds(query.keywordIds));
    // Last: the text comparisons run only over the products every other condition left.
    if (withKeywords && query.keywords)
      this.keepKeywordMatches(result, query.keywords.words, query.keywords.languages);
    return result;
  }

  /** Per filtered attribute, the products with any of its chosen values. */
  private attributeMasks(criteria: ResolvedCriteria): Map<number, Bits> {
    const masks = new Map<number, Bits>();
    for (const [attribute, valueIds] of criteria.attributes)
      masks.set(
        attribute,
        this.cachedUnion(`v${attribute}:`, this.values.get(attribute) ?? new Map(), valueIds),
      );
    return masks;
  }

  /** Clears the slots of `bits` whose shopper price is missing or outside the price filter. */
  private keepPriceMatches(bits: Bits, query: IndexQuery, now: number): void {
    const range = query.criteria.price;
    if (!range || (range.min === null && range.max === null)) return;
    const prices = this.shopperPrices(query.currencyId, now);
    const low = range.min ?? Number.NEGATIVE_INFINITY;
    const high = range.max ?? Number.POSITIVE_INFINITY;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w]!;
      let keep = word;
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        const price = prices ? prices[(w << 5) + (31 - Math.clz32(lowest))]! : NO_PRICE;
        if (price === NO_PRICE || price < low || price > high) keep ^= lowest;
      }
      bits[w] = keep;
    }
  }

  /** The listing's products: the cheap bitset conditions first, then prices, then keywords. */
  private matching(query: IndexQuery, now: number): Bits {
    const result = this.base(query, false);
    for (const mask of this.attributeMasks(query.criteria).values()) andInto(result, mask);
    this.keepPriceMatches(result, query, now);
    if (query.keywords) this.keepKeywordMatches(result, query.keywords.words, query.keywords.languages);
    return result;
  }

  /**
   * The filter panel: the price range over the products that pass every filter but the price, and per
   * attribute value the products that pass every filter but its own attribute's. Two ways, chosen by
   * what they cost (decision 0367): a pass over the matching products (decision 0364), or per value
   * an AND and a population count of its bitset with the matching products' words. `strategy` forces
   * one (tests).
   */
  facetCounts(
    query: IndexQuery,
    attributeIds: number[],
    now = Date.now() * 1000,
    strategy: 'auto' | 'pass' | 'bitsets' | 'kept' = 'auto',
  ): FacetCounts {
    const masks = [...this.attributeMasks(query.criteria)];
    const wanted = new Uint8Array(this.maxAttributeId + 1);
    let values = 0;
    for (const attribute of attributeIds)
      if (attribute <= this.maxAttributeId && wanted[attribute] === 0) {
        wanted[attribute] = 1;
        values += this.values.get(attribute)?.size ?? 0;
      }
    const { criteria } = query;
    // A listing of main categories (or of everything) narrowed by nothing but attributes and price:
    // its set's counts are kept (decision 0368).
    if (
      (strategy === 'auto' || strategy === 'kept') &&
      !criteria.categories &&
      !criteria.tags &&
      !criteria.select &&
      !query.keywordIds &&
      !query.keywords
    ) {
      const found = this.keptSet(criteria.mainCategoryIds, strategy === 'kept');
      if (found) return this.panelOf(attributeIds, this.countByKept(query, found, masks, wanted, now));
    }
    const base = this.base(query);
    let lo = 0;
    let hi = base.length - 1;
    while (lo <= hi && base[lo] === 0) lo++;
    while (hi >= lo && base[hi] === 0) hi--;
    if (lo > hi) return { counts: new Map(), price: { low: null, high: null } };
    let bitsets = strategy === 'bitsets';
    if (strategy === 'auto') {
      let matches = 0;
      for (let w = lo; w <= hi; w++) if (base[w] !== 0) matches += popcount32(base[w]!);
      const perProduct = this.valueId.length / Math.max(1, this.valueStart.length - 1);
      bitsets =
        (hi - lo + 1) * (values + masks.length + 2) < WORDS_PER_VALUE_STEP * matches * (perProduct + 1);
    }
    const counted = bitsets
      ? this.countByBitsets(query, base, lo, hi, masks, wanted, now)
      : this.countByPass(query, base, lo, hi, masks, wanted, now);
    return this.panelOf(attributeIds, counted);
  }

  private panelOf(
    attributeIds: number[],
    counted: { tally: Int32Array; price: FacetCounts['price'] },
  ): FacetCounts {
    const counts = new Map<number, number>();
    for (const attribute of attributeIds)
      for (const value of this.values.get(attribute)?.keys() ?? [])
        if (counted.tally[value]! > 0) counts.set(value, counted.tally[value]!);
    return { counts, price: counted.price };
  }

  /**
   * The panel from a kept set (decision 0368). Each attribute counts over a scope: the set within the
   * price filter and every attribute filter but its own. A scope without attribute filters is the kept
   * tally less the values of the products the price filter leaves out (a prefix and a suffix of the
   * set's price order), or the values of those it keeps, whichever are fewer; a narrower scope is
   * counted over its own products, or as the tally less the set's products outside it, whichever are
   * fewer. The price range is the price order's ends, or over the set within every attribute filter.
   */
  private countByKept(
    query: IndexQuery,
    found: { kept: KeptSet; members: Bits },
    masks: [number, Bits][],
    wanted: Uint8Array,
    now: number,
  ): { tally: Int32Array; price: FacetCounts['price'] } {
    const { kept, members } = found;
    if (masks.length > 1) {
      // Two attribute filters or more: the products that fail at most one of them, in one pass
      // (each scope is a small part of the set; walking them one by one would read many twice).
      const candidates = new Uint32Array(members.length);
      let lo = members.length;
      let hi = -1;
      for (let w = 0; w < members.length; w++) {
        let none = members[w]!;
        let one = 0;
        for (let m = 0; m < masks.length; m++) {
          const fails = ~masks[m]![1][w]!;
          one = (one & ~fails) | (none & fails);
          none &= ~fails;
        }
        const word = none | one;
        if (word === 0) continue;
        candidates[w] = word;
        if (w < lo) lo = w;
        hi = w;
      }
      if (hi < 0) return { tally: new Int32Array(this.maxValueId + 1), price: { low: null, high: null } };
      return this.countByPass(query, candidates, lo, hi, masks, wanted, now);
    }
    const order = this.priceOrder(kept, members, query.currencyId, now);
    const range = query.criteria.price;
    const min = range?.min ?? Number.NEGATIVE_INFINITY;
    const max = range?.max ?? Number.POSITIVE_INFINITY;
    const priceFiltered = min !== Number.NEGATIVE_INFINITY || max !== Number.POSITIVE_INFINITY;
    // The products within the price filter are the order's [first, last).
    let first = 0;
    let last = order.length;
    if (priceFiltered) {
      first = searchPrices(order.prices, 0, order.priced, min, false);
      last = searchPrices(order.prices, first, order.priced, max, true);
    }
    const shopper = this.shopperPrices(query.currencyId, now);
    // Value id -> its attribute (-1: none).
    const attributeOf = new Int32Array(this.maxValueId + 1).fill(-1);
    for (const [attribute, perAttribute] of this.values)
      for (const value of perAttribute.keys()) attributeOf[value] = attribute;
    const tally = new Int32Array(this.maxValueId + 1);
    const scopeCounts = (group: Uint8Array, scope: Bits | null) =>
      this.countScope(kept, members, order, first, last, { min, max, priceFiltered, shopper }, group, scope, {
        attributeOf,
        tally,
      });
    const filtered = new Uint8Array(this.maxAttributeId + 1);
    for (const [attribute] of masks) filtered[attribute] = 1;
    const others = new Uint8Array(this.maxAttributeId + 1);
    let anyOther = false;
    for (let attribute = 0; attribute < wanted.length; attribute++)
      if (wanted[attribute] === 1 && filtered[attribute] === 0) {
        others[attribute] = 1;
        anyOther = true;
      }
    const everyFilter = masks.length > 0 ? scopeWithin(members, masks) : null;
    if (anyOther) scopeCounts(others, everyFilter);
    for (const [attribute] of masks) {
      if (attribute >= wanted.length || wanted[attribute] !== 1) continue;
      // The only attribute filter does not narrow its own counts: the whole set is its scope.
      const own = new Uint8Array(this.maxAttributeId + 1);
      own[attribute] = 1;
      scopeCounts(own, null);
    }
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    if (!everyFilter) {
      if (order.priced > 0) {
        low = order.prices[0]!;
        high = order.prices[order.priced - 1]!;
      }
    } else if (shopper)
      for (let w = 0; w < everyFilter.length; w++) {
        let word = everyFilter[w]!;
        while (word !== 0) {
          const lowest = word & -word;
          word ^= lowest;
          const price = shopper[(w << 5) + (31 - Math.clz32(lowest))]!;
          if (price === NO_PRICE) continue;
          if (price < low) low = price;
          if (price > high) high = price;
        }
      }
    return {
      tally,
      price: low === Number.POSITIVE_INFINITY ? { low: null, high: null } : { low, high },
    };
  }

  /** Counts the values of `group`'s attributes over `scope` (null: the whole set) within the price filter. */
  private countScope(
    kept: KeptSet,
    members: Bits,
    order: PriceOrder,
    first: number,
    last: number,
    price: { min: number; max: number; priceFiltered: boolean; shopper: Int32Array | null },
    group: Uint8Array,
    scope: Bits | null,
    into: { attributeOf: Int32Array; tally: Int32Array },
  ): void {
    const { attributeOf, tally } = into;
    const excluded = order.length - (last - first);
    const fromTally = () => {
      for (let value = 0; value < attributeOf.length; value++) {
        const attribute = attributeOf[value]!;
        if (attribute !== -1 && group[attribute] === 1 && value < kept.tally.length)
          tally[value] = kept.tally[value]!;
      }
      walkOrder([0, first, last, order.length], -1);
    };
    /**
     * Tallies the order's slots in the ranges `[bounds[0], bounds[1])`, ...: a few hundred in price
     * order; more are marked in a bitset first and read in slot order, so that their values (spread
     * over the index's arrays) are read front to back instead of at random (at 1,000,000 products
     * the random reads cost more than the rest of the walk).
     */
    const walkOrder = (bounds: number[], sign: number) => {
      let n = 0;
      for (let b = 0; b < bounds.length; b += 2) n += bounds[b + 1]! - bounds[b]!;
      if (n <= facetTuning.walkInPriceOrder) {
        for (let b = 0; b < bounds.length; b += 2)
          for (let i = bounds[b]!; i < bounds[b + 1]!; i++)
            this.tallySlot(order.slots[i]!, sign, group, into);
        return;
      }
      const marked = new Uint32Array(members.length);
      for (let b = 0; b < bounds.length; b += 2)
        for (let i = bounds[b]!; i < bounds[b + 1]!; i++) setBit(marked, order.slots[i]!);
      for (let w = 0; w < marked.length; w++) {
        let word = marked[w]!;
        while (word !== 0) {
          const lowest = word & -word;
          word ^= lowest;
          this.tallySlot((w << 5) + (31 - Math.clz32(lowest)), sign, group, into);
        }
      }
    };
    if (!scope) {
      if (excluded <= last - first) fromTally();
      else walkOrder([first, last], 1);
      return;
    }
    const inScope = countBits(scope);
    const direct = inScope <= excluded + (kept.size - inScope);
    if (!direct) fromTally();
    // Direct: the scope's products within the price filter; else the set's others within it, taken off.
    const { min, max, priceFiltered, shopper } = price;
    const sign = direct ? 1 : -1;
    for (let w = 0; w < members.length; w++) {
      let word = direct ? scope[w]! : members[w]! & ~scope[w]!;
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        const slot = (w << 5) + (31 - Math.clz32(lowest));
        if (priceFiltered) {
          const value = shopper ? shopper[slot]! : NO_PRICE;
          if (value === NO_PRICE || value < min || value > max) continue;
        }
        this.tallySlot(slot, sign, group, into);
      }
    }
  }

  /** Adds `sign` to the tally of each of a slot's values whose attribute is in `group`. */
  private tallySlot(
    slot: number,
    sign: number,
    group: Uint8Array,
    into: { attributeOf: Int32Array; tally: Int32Array },
  ): void {
    const { attributeOf, tally } = into;
    const patched = this.patchedValues.size > 0 ? this.patchedValues.get(slot) : undefined;
    if (patched) {
      for (const entry of patched) if (group[entry.attribute] === 1) tally[entry.value]! += sign;
      return;
    }
    if (slot + 1 >= this.valueStart.length) return;
    const { valueStart, valueId } = this;
    for (let i = valueStart[slot]!; i < valueStart[slot + 1]!; i++) {
      const value = valueId[i]!;
      const attribute = attributeOf[value]!;
      if (attribute !== -1 && group[attribute] === 1) tally[value]! += sign;
    }
  }

  /**
   * One pass over the products that pass the non-facet conditions (decision 0364): a product that
   * passes every attribute filter counts for all its values, one that fails exactly one attribute's
   * filter counts for that attribute's values only (a facet's own selection does not narrow its own
   * counts), one that fails two counts nowhere; the price range is taken over those that pass every
   * attribute filter, and only those within the price filter are counted.
   */
  private countByPass(
    query: IndexQuery,
    base: Bits,
    lo: number,
    hi: number,
    masks: [number, Bits][],
    wanted: Uint8Array,
    now: number,
  ): { tally: Int32Array; price: FacetCounts['price'] } {
    const maskAttributes = Int32Array.from(masks, ([attribute]) => attribute);
    const maskBits = masks.map(([, bits]) => bits);
    // Value id -> its attribute when that attribute is counted, else -1 (value ids are unique).
    const counted = new Int32Array(this.maxValueId + 1).fill(-1);
    for (const [attribute, perAttribute] of this.values)
      if (attribute < wanted.length && wanted[attribute] === 1)
        for (const value of perAttribute.keys()) counted[value] = attribute;
    const tally = new Int32Array(this.maxValueId + 1);
    const prices = this.shopperPrices(query.currencyId, now);
    const range = query.criteria.price;
    const min = range?.min ?? Number.NEGATIVE_INFINITY;
    const max = range?.max ?? Number.POSITIVE_INFINITY;
    const { valueStart, valueId, patchedValues } = this;
    const built = valueStart.length - 1;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let w = lo; w <= hi; w++) {
      let word = base[w]!;
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        const slot = (w << 5) + (31 - Math.clz32(lowest));
        let failures = 0;
        let failed = -1;
        for (let m = 0; m < maskBits.length; m++)
          if ((maskBits[m]![w]! & lowest) === 0) {
            failures++;
            failed = maskAttributes[m]!;
          }
        if (failures > 1) continue;
        const price = prices ? prices[slot]! : NO_PRICE;
        if (price === NO_PRICE) {
          if (min !== Number.NEGATIVE_INFINITY || max !== Number.POSITIVE_INFINITY) continue;
        } else {
          if (failures === 0) {
            if (price < low) low = price;
            if (price > high) high = price;
          }
          if (price < min || price > max) continue;
        }
        const patched = patchedValues.size > 0 ? patchedValues.get(slot) : undefined;
        if (patched) {
          for (const entry of patched)
            if (wanted[entry.attribute] === 1 && (failures === 0 || entry.attribute === failed))
              tally[entry.value]!++;
        } else if (slot < built)
          for (let i = valueStart[slot]!; i < valueStart[slot + 1]!; i++) {
            const value = valueId[i]!;
            const attribute = counted[value]!;
            if (attribute !== -1 && (failures === 0 || attribute === failed)) tally[value]!++;
          }
      }
    }
    return {
      tally,
      price: low === Number.POSITIVE_INFINITY ? { low: null, high: null } : { low, high },
    };
  }

  /**
   * The same counts from the bitsets: the matching products' words (`lo` to `hi`) within the price
   * filter, ANDed with every attribute filter (or every one but the value's own attribute's), ANDed
   * with each value's bitset and counted; the price range in one pass over the matching products.
   * Sequential reads of a few hundred bitsets instead of reading every matching product's values:
   * the cheaper way when the matching products fill many of the words.
   */
  private countByBitsets(
    query: IndexQuery,
    base: Bits,
    lo: number,
    hi: number,
    masks: [number, Bits][],
    wanted: Uint8Array,
    now: number,
  ): { tally: Int32Array; price: FacetCounts['price'] } {
    const n = hi - lo + 1;
    const prices = this.shopperPrices(query.currencyId, now);
    const range = query.criteria.price;
    const min = range?.min ?? Number.NEGATIVE_INFINITY;
    const max = range?.max ?? Number.POSITIVE_INFINITY;
    const priceFiltered = min !== Number.NEGATIVE_INFINITY || max !== Number.POSITIVE_INFINITY;
    const maskBits = masks.map(([, bits]) => bits);
    // `priced`: base within the price filter; `all`: that AND every attribute filter. The price
    // range is over base AND every attribute filter, the price filter aside.
    const priced = new Uint32Array(n);
    const all = new Uint32Array(n);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let w = lo; w <= hi; w++) {
      let inMasks = base[w]!;
      for (let m = 0; m < maskBits.length; m++) inMasks &= maskBits[m]![w]!;
      let word = priceFiltered ? base[w]! : inMasks;
      let keep = base[w]!;
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        const price = prices ? prices[(w << 5) + (31 - Math.clz32(lowest))]! : NO_PRICE;
        if (price === NO_PRICE) {
          if (priceFiltered) keep ^= lowest;
          continue;
        }
        if ((inMasks & lowest) !== 0) {
          if (price < low) low = price;
          if (price > high) high = price;
        }
        if (price < min || price > max) keep ^= lowest;
      }
      priced[w - lo] = keep;
      all[w - lo] = keep & inMasks;
    }
    const tally = new Int32Array(this.maxValueId + 1);
    const own = new Uint32Array(n);
    for (const [attribute, perAttribute] of this.values) {
      if (attribute >= wanted.length || wanted[attribute] !== 1) continue;
      let scope = all;
      if (masks.some(([masked]) => masked === attribute)) {
        // The value's own attribute filter does not narrow its counts.
        for (let w = 0; w < n; w++) {
          let word = priced[w]!;
          for (let m = 0; m < masks.length; m++)
            if (masks[m]![0] !== attribute) word &= masks[m]![1][w + lo]!;
          own[w] = word;
        }
        scope = own;
      }
      for (const [value, bits] of perAttribute) {
        let total = 0;
        for (let w = 0; w < n; w++) {
          const word = scope[w]! & bits[w + lo]!;
          if (word !== 0) total += BITS_IN_16[word & 0xffff]! + BITS_IN_16[word >>> 16]!;
        }
        tally[value] = total;
      }
    }
    return {
      tally,
      price: low === Number.POSITIVE_INFINITY ? { low: null, high: null } : { low, high },
    };
  }

  /** One page of the matching product ids in the listing's order, and how many match. */
  page(
    query: IndexQuery,
    options: { sort: ProductSort; limit: number; offset: number; nameRanks: Int32Array | null },
    now = Date.now() * 1000,
  ): { ids: number[]; total: number } {
    const matched = this.matching(query, now);
    const total = countBits(matched);
    if (options.offset >= total) return { ids: [], total };
    const wanted = Math.min(total, options.offset + options.limit);
    const categories = query.criteria.mainCategoryIds;
    if (options.sort === 'priority' && categories) {
      // The main categories' products in priority order, kept: walking it and keeping the matches
      // takes about wanted × (its length / total) steps, no key per match (decision 0367).
      const order = this.priorityOrder(categories);
      if (wanted * order.length < 4 * total * total) {
        const ids: number[] = [];
        let found = 0;
        for (let i = 0; i < order.length && found < wanted; i++) {
          const slot = order[i]!;
          if ((matched[slot >>> 5]! & (1 << (slot & 31))) === 0) continue;
          if (found >= options.offset) ids.push(this.ids[slot]!);
          found++;
        }
        return { ids, total };
      }
    }
    if (wanted <= HEAP_LIMIT && wanted * 8 < total) {
      // The first pages: one pass over the matches, keeping the best `wanted` in a heap (decision 0367).
      const { key, tie } = this.sortKeys(query, options.sort, options.nameRanks, now);
      const best = bestSlots(matched, wanted, key, tie);
      const ids: number[] = [];
      for (let i = options.offset; i < wanted; i++) ids.push(this.ids[best[i]!]!);
      return { ids, total };
    }
    const slots = new Int32Array(total);
    let n = 0;
    forEachBit(matched, (slot) => {
      slots[n++] = slot;
    });
    // Sorted by position in `slots`, so that the sort keys take memory for the matches only.
    const compare = this.comparator(query, options.sort, options.nameRanks, slots, now);
    const positions = new Int32Array(total);
    for (let i = 0; i < total; i++) positions[i] = i;
    const ordered = positions.sort(compare);
    const ids: number[] = [];
    for (let i = options.offset; i < wanted; i++) ids.push(this.ids[slots[ordered[i]!]!]!);
    return { ids, total };
  }

  /**
   * The sort's order (product-filter.ts `searchProductIds`) as a number per slot, smaller first, and a
   * comparison of two slots with equal numbers. Products without a price or a name come last (+∞).
   */
  private sortKeys(
    query: IndexQuery,
    sort: ProductSort,
    nameRanks: Int32Array | null,
    now: number,
  ): { key: (slot: number) => number; tie: (a: number, b: number) => number } {
    const { ids, createdAt } = this;
    const byId = (a: number, b: number) => ids[a]! - ids[b]!;
    if (sort === 'newest') return { key: (slot) => -createdAt[slot]!, tie: (a, b) => ids[b]! - ids[a]! };
    if (sort === 'price_asc' || sort === 'price_desc') {
      const prices = this.shopperPrices(query.currencyId, now);
      const sign = sort === 'price_asc' ? 1 : -1;
      return {
        key: (slot) => {
          const price = prices ? prices[slot]! : NO_PRICE;
          return price === NO_PRICE ? Number.POSITIVE_INFINITY : sign * price;
        },
        tie: byId,
      };
    }
    if (sort === 'name_asc' || sort === 'name_desc') {
      const sign = sort === 'name_asc' ? 1 : -1;
      // Rank -1: no name in either language (nulls last in both directions).
      return {
        key: (slot) => {
          const rank = nameRanks![slot]!;
          return rank === -1 ? Number.POSITIVE_INFINITY : sign * rank;
        },
        tie: byId,
      };
    }
    // Priority: the highest of the slot's links to the main categories (0 without one), then newest.
    const categories = query.criteria.mainCategoryIds;
    let member: Uint8Array | null = null;
    if (categories) {
      member = new Uint8Array(Math.max(0, ...categories) + 1);
      for (const category of categories) member[category] = 1;
    }
    const { linkStart, linkCategory, linkPriority, patchedLinks } = this;
    const built = linkStart.length - 1;
    return {
      key: (slot) => {
        let best = Number.NEGATIVE_INFINITY;
        const patched = patchedLinks.size > 0 ? patchedLinks.get(slot) : undefined;
        if (patched) {
          for (const link of patched)
            if ((!member || member[link.category] === 1) && link.priority > best) best = link.priority;
        } else if (slot < built)
          for (let j = linkStart[slot]!; j < linkStart[slot + 1]!; j++) {
            const category = linkCategory[j]!;
            if ((!member || member[category] === 1) && linkPriority[j]! > best) best = linkPriority[j]!;
          }
        return best === Number.NEGATIVE_INFINITY ? 0 : -best;
      },
      tie: (a, b) => createdAt[b]! - createdAt[a]! || ids[a]! - ids[b]!,
    };
  }

  /** Compares two positions in `slots` in the sort's order (product-filter.ts `searchProductIds`). */
  private comparator(
    query: IndexQuery,
    sort: ProductSort,
    nameRanks: Int32Array | null,
    slots: Int32Array,
    now: number,
  ): (a: number, b: number) => number {
    const total = slots.length;
    const id = new Float64Array(total);
    const created = new Float64Array(total);
    for (let i = 0; i < total; i++) {
      id[i] = this.ids[slots[i]!]!;
      created[i] = this.createdAt[slots[i]!]!;
    }
    const byId = (a: number, b: number) => id[a]! - id[b]!;
    if (sort === 'newest') return (a, b) => created[b]! - created[a]! || id[b]! - id[a]!;
    if (sort === 'price_asc' || sort === 'price_desc') {
      const prices = this.shopperPrices(query.currencyId, now);
      const key = new Float64Array(total);
      for (let i = 0; i < total; i++) {
        const price = prices ? prices[slots[i]!]! : NO_PRICE;
        key[i] = price === NO_PRICE ? Number.NaN : price;
      }
      const sign = sort === 'price_asc' ? 1 : -1;
      return (a, b) => {
        const x = key[a]!;
        const y = key[b]!;
        if (Number.isNaN(x) || Number.isNaN(y))
          return Number.isNaN(x) && Number.isNaN(y) ? byId(a, b) : Number.isNaN(x) ? 1 : -1;
        return (x - y) * sign || byId(a, b);
      };
    }
    if (sort === 'name_asc' || sort === 'name_desc') {
      const ranks = new Int32Array(total);
      for (let i = 0; i < total; i++) ranks[i] = nameRanks![slots[i]!]!;
      const sign = sort === 'name_asc' ? 1 : -1;
      // Rank -1: no name in either language (nulls last in both directions).
      return (a, b) => {
        const x = ranks[a]!;
        const y = ranks[b]!;
        if (x === -1 || y === -1) return x === y ? byId(a, b) : x === -1 ? 1 : -1;
        return (x - y) * sign || byId(a, b);
      };
    }
    const priority = this.priorities(slots, query.criteria.mainCategoryIds);
    return (a, b) => priority[b]! - priority[a]! || created[b]! - created[a]! || byId(a, b);
  }

  /** A build's rows: the slots in id order, their links as CSR, one bitset per category, value and tag. */
  static fromRows(siteId: number, version: number, rows: BuildRows): SiteFacetIndex {
    const ids = parseList(rows.ids);
    const created = parseList(rows.created);
    const index = new SiteFacetIndex(siteId, version, ids.length + 64);
    index.slotById = new Int32Array((ids.length > 0 ? ids[ids.length - 1]! : 0) + 1);
    for (let slot = 0; slot < ids.length; slot++) {
      index.ids[slot] = ids[slot]!;
      index.setSlot(ids[slot]!, slot);
      index.createdAt[slot] = created[slot]!;
      setBit(index.live, slot);
    }
    index.size = ids.length;
    const links = parseList(rows.links);
    const perSlot = new Int32Array(ids.length + 1);
    const linkSlots = new Int32Array(links.length / 3);
    for (let i = 0, j = 0; i < links.length; i += 3, j++) {
      const slot = index.slotOf(links[i]!) ?? -1;
      linkSlots[j] = slot;
      if (slot >= 0) {
        perSlot[slot + 1]!++;
        setBit(index.bitsIn(index.categories, links[i + 1]!), slot);
      }
    }
    for (let slot = 0; slot < ids.length; slot++) perSlot[slot + 1]! += perSlot[slot]!;
    index.linkStart = perSlot;
    index.linkCategory = new Int32Array(perSlot[ids.length]!);
    index.linkPriority = new Int32Array(perSlot[ids.length]!);
    const fill = perSlot.slice(0, ids.length);
    for (let i = 0, j = 0; i < links.length; i += 3, j++) {
      const slot = linkSlots[j]!;
      if (slot < 0) continue;
      const at = fill[slot]!++;
      index.linkCategory[at] = links[i + 1]!;
      index.linkPriority[at] = links[i + 2]!;
    }
    const valueSlots = rows.values.map((row) => {
      const bits = index.valueBits(Number(row.attribute_id), Number(row.value_id));
      const slots = Int32Array.from(parseList(row.ids), (id) => index.slotOf(id) ?? -1);
      for (const slot of slots) if (slot >= 0) setBit(bits, slot);
      return slots;
    });
    // The same rows per slot (CSR), for the filter panel's single pass.
    const valueStart = new Int32Array(ids.length + 1);
    for (const slots of valueSlots) for (const slot of slots) if (slot >= 0) valueStart[slot + 1]!++;
    for (let slot = 0; slot < ids.length; slot++) valueStart[slot + 1]! += valueStart[slot]!;
    index.valueStart = valueStart;
    index.valueAttribute = new Int32Array(valueStart[ids.length]!);
    index.valueId = new Int32Array(valueStart[ids.length]!);
    const next = valueStart.slice(0, ids.length);
    for (const [r, row] of rows.values.entries())
      for (const slot of valueSlots[r]!) {
        if (slot < 0) continue;
        const at = next[slot]!++;
        index.valueAttribute[at] = Number(row.attribute_id);
        index.valueId[at] = Number(row.value_id);
      }
    for (const row of rows.tags) {
      const bits = index.bitsIn(index.tags, Number(row.tag_id));
      for (const id of parseList(row.ids)) {
        const slot = index.slotOf(id);
        if (slot !== undefined) setBit(bits, slot);
      }
    }
    for (const row of rows.prices) {
      const prices = index.currencyPrices(Number(row.currency_id));
      const productIds = parseList(row.ids);
      const bundle = parseList(row.bundle);
      const discount = parseList(row.discount);
      const endsAt = parseList(row.ends_at, 0);
      const retail = parseList(row.retail);
      for (let i = 0; i < productIds.length; i++) {
        const slot = index.slotOf(productIds[i]!);
        if (slot === undefined) continue;
        prices.bundle[slot] = bundle[i]!;
        prices.discount[slot] = discount[i]!;
        prices.endsAt[slot] = endsAt[i]!;
        prices.retail[slot] = retail[i]!;
      }
    }
    return index;
  }

  /** The folded names and SKUs of every slot, replacing whatever was there (see `textsReady`). */
  setTexts(rows: TextRows): void {
    this.names = new Map();
    this.skus = [];
    const ids = parseList(rows.ids);
    const skus = JSON.parse(rows.skus ?? '[]') as string[];
    for (let i = 0; i < ids.length; i++) {
      const slot = this.slotOf(ids[i]!);
      if (slot !== undefined) this.skus[slot] = skus[i];
    }
    for (const row of rows.names) {
      const names = this.namesIn(row.language_code);
      const productIds = parseList(row.ids);
      const texts = JSON.parse(row.names ?? '[]') as string[];
      for (let i = 0; i < productIds.length; i++) {
        const slot = this.slotOf(productIds[i]!);
        if (slot !== undefined) names[slot] = texts[i];
      }
    }
    this.textsReady = true;
  }

  /** Per category, the visible products linked to any category of its subtree (catalogue-reference.ts). */
  categoryCounts(subtrees: Map<number, number[]>): Map<number, number> {
    const counts = new Map<number, number>();
    for (const [category, tree] of subtrees) {
      const bits = tree.length === 1 ? this.categories.get(tree[0]!) : this.union(this.categories, tree);
      if (bits) counts.set(category, countAnd(this.live, bits));
    }
    return counts;
  }

  /** Bytes held by the typed arrays (the index's memory, without the id map). */
  byteSize(): number {
    let bytes =
      this.ids.byteLength + this.live.byteLength + this.createdAt.byteLength + this.slotById.byteLength;
    bytes += this.linkStart.byteLength + this.linkCategory.byteLength + this.linkPriority.byteLength;
    bytes += this.valueStart.byteLength + this.valueAttribute.byteLength + this.valueId.byteLength;
    for (const bits of this.categories.values()) bytes += bits.byteLength;
    for (const bits of this.tags.values()) bytes += bits.byteLength;
    for (const perAttribute of this.values.values())
      for (const bits of perAttribute.values()) bytes += bits.byteLength;
    for (const prices of this.prices.values())
      bytes += prices.bundle.byteLength * 3 + prices.endsAt.byteLength;
    return bytes;
  }

  isLive(id: number): boolean {
    const slot = this.slotOf(id);
    return slot !== undefined && hasBit(this.live, slot);
  }
}

/**
 * The literal text of a LIKE pattern `%text%` (backslash escapes), or null when it is not of that form
 * (a wildcard inside).
 */
export function literalOfContains(pattern: string): string | null {
  if (pattern.length < 2 || pattern[0] !== '%') return null;
  let text = '';
  for (let i = 1; i < pattern.length; i++) {
    const character = pattern[i]!;
    if (character === '\\') {
      if (i + 1 >= pattern.length) return null;
      text += pattern[++i]!;
    } else if (character === '%' && i === pattern.length - 1) return text;
    else if (character === '%' || character === '_') return null;
    else text += character;
  }
  return null;
}

/**
 * The first position in `prices[from, to)` (ascending) whose price is at least `bound`, or with
 * `above`, greater than `bound`.
 */
function searchPrices(prices: Int32Array, from: number, to: number, bound: number, above: boolean): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (above ? prices[mid]! <= bound : prices[mid]! < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The products of `members` in every mask. */
function scopeWithin(members: Bits, masks: [number, Bits][]): Bits {
  const scope = members.slice();
  for (const [, mask] of masks) andInto(scope, mask);
  return scope;
}

/**
 * Removes a slot from a price order (`sign` -1, with the prices it had) or inserts it (+1) at its
 * shopper price as at the order's `from` (a sale that ends later brings `until` forward); false when
 * the slot was not where its price puts it (the caller drops the order).
 */
function patchOrder(
  order: PriceOrder,
  slot: number,
  sign: 1 | -1,
  prices: CurrencyPrices | undefined,
): boolean {
  let price = NO_PRICE;
  if (prices) {
    const bundle = prices.bundle[slot]!;
    const discount = prices.discount[slot]!;
    const endsAt = prices.endsAt[slot]!;
    if (bundle !== NO_PRICE) price = bundle;
    else if (discount !== NO_PRICE && (endsAt === 0 || endsAt > order.from)) {
      price = discount;
      if (sign > 0 && endsAt !== 0 && endsAt < order.until) order.until = endsAt;
    } else price = prices.retail[slot]!;
  }
  const unpriced = price === NO_PRICE;
  let lo = unpriced ? order.priced : 0;
  let hi = unpriced ? order.length : order.priced;
  const end = hi;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = order.prices[mid]!;
    if (unpriced ? order.slots[mid]! < slot : at < price || (at === price && order.slots[mid]! < slot))
      lo = mid + 1;
    else hi = mid;
  }
  if (sign < 0) {
    if (lo >= end || order.slots[lo] !== slot) return false;
    order.slots.copyWithin(lo, lo + 1, order.length);
    order.prices.copyWithin(lo, lo + 1, order.length);
    order.length--;
    if (!unpriced) order.priced--;
    return true;
  }
  if (order.length === order.slots.length) {
    const capacity = Math.ceil(order.length * 1.25) + 64;
    order.slots = grown(order.slots, capacity);
    order.prices = grown(order.prices, capacity);
  }
  order.slots.copyWithin(lo + 1, lo, order.length);
  order.prices.copyWithin(lo + 1, lo, order.length);
  order.slots[lo] = slot;
  order.prices[lo] = price;
  order.length++;
  if (!unpriced) order.priced++;
  return true;
}

/**
 * The `wanted` first slots of `bits` in the order of `key` (smaller first), `tie` deciding between
 * equal keys: a bounded max-heap over one pass, where most slots cost one key and one comparison.
 */
function bestSlots(
  bits: Bits,
  wanted: number,
  key: (slot: number) => number,
  tie: (a: number, b: number) => number,
): Int32Array {
  const heap = new Int32Array(wanted);
  const keys = new Float64Array(wanted);
  let size = 0;
  /** Whether heap entry i comes after heap entry j. */
  const after = (i: number, j: number) =>
    keys[i]! > keys[j]! || (keys[i] === keys[j] && tie(heap[i]!, heap[j]!) > 0);
  const swap = (i: number, j: number) => {
    const slot = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = slot;
    const value = keys[i]!;
    keys[i] = keys[j]!;
    keys[j] = value;
  };
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      const slot = (w << 5) + (31 - Math.clz32(lowest));
      const k = key(slot);
      if (size < wanted) {
        let i = size++;
        heap[i] = slot;
        keys[i] = k;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!after(i, parent)) break;
          swap(i, parent);
          i = parent;
        }
      } else if (k < keys[0]! || (k === keys[0] && tie(slot, heap[0]!) < 0)) {
        heap[0] = slot;
        keys[0] = k;
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          const right = left + 1;
          let last = i;
          if (left < size && after(left, last)) last = left;
          if (right < size && after(right, last)) last = right;
          if (last === i) break;
          swap(i, last);
          i = last;
        }
      }
    }
  }
  const order = Array.from({ length: size }, (_, i) => i).sort((i, j) =>
    keys[i] !== keys[j] ? keys[i]! - keys[j]! : tie(heap[i]!, heap[j]!),
  );
  return Int32Array.from(order, (i) => heap[i]!);
}

/** JSON arrays: `lower(sku)` in id order; per language the ids and `lower(f_unaccent(name))`. */
type TextRows = {
  ids: string | null;
  skus: string | null;
  names: { language_code: string; ids: string | null; names: string | null }[];
};

type BuildRows = {
  ids: string | null;
  created: string | null;
  links: string | null;
  values: { attribute_id: number; value_id: number; ids: string | null }[];
  tags: { tag_id: number; ids: string | null }[];
  prices: {
    currency_id: number;
    ids: string | null;
    bundle: string | null;
    discount: string | null;
    ends_at: string | null;
    retail: string | null;
  }[];
};

const visibleProducts = (siteId: number, only?: number[]) =>
  sql`select id from products where site_id = ${siteId} and status = 'active' and is_visible_individually${
    only ? sql` and id = any(${`{${only.join(',')}}`}::int[])` : sql``
  }`;

const micros = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;

/** On PGlite the counter is read again only after something was written (decision 0372). */
const versionWhileUnwritten = keptWhileUnwritten<number>();

async function currentVersion(db: Db): Promise<number> {
  return versionWhileUnwritten(embeddedEngine(db), async () => {
    const [row] = await rowsOf<{ version: string | number }>(
      db,
      sql`select version from catalogue_index_state where id = 1`,
    );
    return Number(row?.version ?? 0);
  });
}

/** Every visible product of the site, read in a handful of aggregated statements (strings parse fastest). */
async function buildIndex(db: Db, siteId: number): Promise<SiteFacetIndex> {
  const version = await currentVersion(db);
  const visible = visibleProducts(siteId);
  // Five statements at once: PostgreSQL runs them on five connections; PGlite one after the other.
  const [[productRow], [linkRow], values, tags, prices] = await Promise.all([
    rowsOf<{ ids: string | null; created: string | null }>(
      db,
      sql`select string_agg(id::text, ',' order by id) as ids,
               string_agg(${micros(sql`created_at`)}::text, ',' order by id) as created
        from products where site_id = ${siteId} and status = 'active' and is_visible_individually`,
    ),
    rowsOf<{ links: string | null }>(
      db,
      sql`select string_agg(l.product_id || ',' || l.category_id || ',' || l.category_priority, ',') as links
        from product_category_links l where l.product_id in (${visible})`,
    ),
    rowsOf<BuildRows['values'][number]>(
      db,
      sql`select attribute_id, value_id, string_agg(product_id::text, ',') as ids
        from product_attribute_values where product_id in (${visible}) group by attribute_id, value_id`,
    ),
    rowsOf<BuildRows['tags'][number]>(
      db,
      sql`select tag_id, string_agg(product_id::text, ',') as ids
        from product_tags where product_id in (${visible}) group by tag_id`,
    ),
    rowsOf<BuildRows['prices'][number]>(
      db,
      sql`select currency_id, string_agg(product_id::text, ',') as ids,
               string_agg(coalesce(bundle_price::text, ''), ',') as bundle,
               string_agg(coalesce(discount_price::text, ''), ',') as discount,
               string_agg(coalesce(${micros(sql`discount_ends_at`)}::text, ''), ',') as ends_at,
               string_agg(coalesce(retail_price::text, ''), ',') as retail
        from product_prices where product_id in (${visible}) group by currency_id`,
    ),
  ]);
  return SiteFacetIndex.fromRows(siteId, version, {
    ids: productRow?.ids ?? null,
    created: productRow?.created ?? null,
    links: linkRow?.links ?? null,
    values,
    tags,
    prices,
  });
}

/** The folded SKUs and names of the site's visible products (decision 0363), for `setTexts`. */
async function loadTexts(db: Db, siteId: number): Promise<TextRows> {
  const visible = visibleProducts(siteId);
  const [[productRow], names] = await Promise.all([
    rowsOf<{ ids: string | null; skus: string | null }>(
      db,
      sql`select string_agg(id::text, ',' order by id) as ids, json_agg(lower(sku) order by id)::text as skus
        from products where site_id = ${siteId} and status = 'active' and is_visible_individually`,
    ),
    rowsOf<TextRows['names'][number]>(
      db,
      sql`select language_code, string_agg(product_id::text, ',' order by product_id) as ids,
               json_agg(lower(f_unaccent(name)) order by product_id)::text as names
        from product_translations where product_id in (${visible}) group by language_code`,
    ),
  ]);
  return { ids: productRow?.ids ?? null, skus: productRow?.skus ?? null, names };
}

/** The current rows of a few products, for a patch. */
async function loadProductStates(db: Db, siteId: number, ids: number[]): Promise<Map<number, ProductState>> {
  const idList = sql`${`{${ids.join(',')}}`}::int[]`;
  const visible = visibleProducts(siteId, ids);
  const [productRows, linkRows, valueRows, tagRows, priceRows, nameRows] = await Promise.all([
    rowsOf<{ id: number; created: string; sku: string }>(
      db,
      sql`select id, ${micros(sql`created_at`)}::text as created, lower(sku) as sku from products
          where id = any(${idList}) and site_id = ${siteId} and status = 'active' and is_visible_individually`,
    ),
    rowsOf<{ product_id: number; category_id: number; category_priority: number }>(
      db,
      sql`select product_id, category_id, category_priority from product_category_links
          where product_id in (${visible})`,
    ),
    rowsOf<{ product_id: number; attribute_id: number; value_id: number }>(
      db,
      sql`select product_id, attribute_id, value_id from product_attribute_values where product_id in (${visible})`,
    ),
    rowsOf<{ product_id: number; tag_id: number }>(
      db,
      sql`select product_id, tag_id from product_tags where product_id in (${visible})`,
    ),
    rowsOf<{
      product_id: number;
      currency_id: number;
      bundle_price: number | null;
      discount_price: number | null;
      ends_at: string | null;
      retail_price: number | null;
    }>(
      db,
      sql`select product_id, currency_id, bundle_price, discount_price, retail_price,
                 ${micros(sql`discount_ends_at`)}::text as ends_at
          from product_prices where product_id in (${visible})`,
    ),
    rowsOf<{ product_id: number; language_code: string; name: string }>(
      db,
      sql`select product_id, language_code, lower(f_unaccent(name)) as name from product_translations
          where product_id in (${visible})`,
    ),
  ]);
  const states = new Map<number, ProductState>();
  for (const row of productRows)
    states.set(Number(row.id), {
      id: Number(row.id),
      createdAt: Number(row.created),
      categories: [],
      values: [],
      tags: [],
      prices: [],
      sku: row.sku,
      names: [],
    });
  for (const row of nameRows)
    states.get(Number(row.product_id))?.names.push({ language: row.language_code, name: row.name });
  for (const row of linkRows)
    states
      .get(Number(row.product_id))
      ?.categories.push({ category: Number(row.category_id), priority: Number(row.category_priority) });
  for (const row of valueRows)
    states
      .get(Number(row.product_id))
      ?.values.push({ attribute: Number(row.attribute_id), value: Number(row.value_id) });
  for (const row of tagRows) states.get(Number(row.product_id))?.tags.push(Number(row.tag_id));
  const price = (value: number | null) => (value === null ? NO_PRICE : Number(value));
  for (const row of priceRows)
    states.get(Number(row.product_id))?.prices.push({
      currency: Number(row.currency_id),
      bundle: price(row.bundle_price),
      discount: price(row.discount_price),
      endsAt: row.ends_at === null ? 0 : Number(row.ends_at),
      retail: price(row.retail_price),
    });
  return states;
}

/**
 * The rank of every slot's name in the order `lower(coalesce(requested, fallback))` has in the
 * database. Every product of the site is ranked, listed or not: a product that is hidden, renamed and
 * shown again keeps its slot and needs its new name's rank, and only a new slot (or a changed name)
 * makes the index load the ranks again. Ranks compare only among the listed products, and a dense
 * rank over all of them orders those as a rank over the listed ones alone would.
 */
async function loadNameRanks(db: Db, index: SiteFacetIndex, language: string, fallback: string) {
  const rows = await rowsOf<{ ids: string | null; ranks: string | null }>(
    db,
    sql`select string_agg(id::text, ',') as ids, string_agg(coalesce(rank::text, ''), ',') as ranks from (
          select p.id, case when coalesce(r.name, f.name) is null then null
                 else dense_rank() over (order by lower(coalesce(r.name, f.name)) asc nulls last) end as rank
          from products p
          left join product_translations r on r.product_id = p.id and r.language_code = ${language}
          left join product_translations f on f.product_id = p.id and f.language_code = ${fallback}
          where p.site_id = ${index.siteId}) ranked`,
  );
  const ranks = new Int32Array(index.capacity).fill(-1);
  const ids = parseList(rows[0]?.ids ?? null);
  const values = parseList(rows[0]?.ranks ?? null, -1);
  for (let i = 0; i < ids.length; i++) {
    const slot = index.slotOf(ids[i]!);
    if (slot !== undefined) ranks[slot] = values[i]!;
  }
  return ranks;
}

export type FacetIndexStats = {
  siteId: number;
  products: number;
  bytes: number;
  buildMs: number;
  /** How long the texts and name ranks took to load after the build (`warmUp`), when they did. */
  preloadMs?: number;
};

/** A site to warm up (the site module's answer): its languages, the default one the fallback of names. */
export type WarmSite = { id: number; languages: readonly string[]; defaultLanguage: string };

/**
 * The indexes of one process, one per site, each brought up to date before it answers. `current`
 * returns null while an index is being (re)built: the caller then asks the database as before.
 */
export function createFacetIndexes(db: Db, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? process.env.CATALOGUE_FACET_INDEX !== 'off';
  const indexes = new Map<number, SiteFacetIndex>();
  const building = new Map<number, Promise<SiteFacetIndex | null>>();
  const updating = new Map<number, Promise<boolean>>();
  const stats = new Map<number, FacetIndexStats>();
  /**
   * Sites whose indexes load their texts and name ranks as soon as they are built (`warmUp`), with
   * their languages as the site module gave them.
   */
  const warmSites = new Map<number, WarmSite>();
  /** Each index's preload, once: a second caller (warm-up after a build that preloads) awaits the same. */
  const preloaded = new WeakMap<SiteFacetIndex, Promise<void>>();

  function rebuild(siteId: number): Promise<SiteFacetIndex | null> {
    const running = building.get(siteId);
    if (running) return running;
    const started = performance.now();
    const promise = buildIndex(db, siteId)
      .then((index) => {
        indexes.set(siteId, index);
        stats.set(siteId, {
          siteId,
          products: index.size,
          bytes: index.byteSize(),
          buildMs: Math.round(performance.now() - started),
        });
        // The log only needs to reach back as far as the oldest index of any process: an hour.
        void db
          .execute(sql`delete from catalogue_changes where changed_at < now() - interval '1 hour'`)
          .catch(() => {});
        const warm = warmSites.get(siteId);
        if (warm) void preload(index, warm);
        return index;
      })
      .catch(() => null)
      .finally(() => building.delete(siteId));
    building.set(siteId, promise);
    return promise;
  }

  /** Re-reads the products changed since the index's version; false when the index must be rebuilt. */
  async function follow(index: SiteFacetIndex, target: number): Promise<boolean> {
    const changes = await rowsOf<{ version: string | number; product_id: number | null; source: string }>(
      db,
      sql`select version, product_id, source from catalogue_changes
          where version > ${index.version} and version <= ${target} order by version limit ${PATCH_LIMIT + 1}`,
    );
    const versions = new Set(changes.map((change) => Number(change.version)));
    // Every number in between has its rows (the counter and the rows commit together), unless the log
    // was trimmed or a change was too large to list: then only a rebuild is exact.
    if (
      changes.length > PATCH_LIMIT ||
      versions.size !== target - index.version ||
      changes.some((change) => change.product_id === null)
    )
      return false;
    const ids = [...new Set(changes.map((change) => Number(change.product_id)))];
    const states = await loadProductStates(db, index.siteId, ids);
    const before = index.size;
    for (const id of ids) index.applyProduct(id, states.get(id) ?? null);
    if (index.size !== before || changes.some((change) => change.source === 'product_translations'))
      index.nameRanks.clear();
    index.version = Math.max(index.version, target);
    return true;
  }

  /** Follows the log up to `target`, one update at a time per site; null when the index had to go. */
  async function catchUp(
    siteId: number,
    index: SiteFacetIndex,
    target: number,
  ): Promise<SiteFacetIndex | null> {
    while (index.version < target) {
      const running = updating.get(siteId);
      if (running) {
        await running;
        continue;
      }
      if (indexes.get(siteId) !== index) return null;
      const drop = () => {
        if (indexes.get(siteId) === index) indexes.delete(siteId);
        void rebuild(siteId);
        return false;
      };
      const update = follow(index, target)
        .then((followed) => followed || drop(), drop)
        .finally(() => updating.delete(siteId));
      updating.set(siteId, update);
      if (!(await update)) return null;
    }
    return index;
  }

  /**
   * The site's index with every change committed before this call applied. The counter is read first,
   * so whatever a write committed before the request began is in the answer. The first request waits
   * for the build; while an index is rebuilt after an import, requests get null (the SQL path).
   */
  async function current(siteId: number): Promise<SiteFacetIndex | null> {
    if (!enabled) return null;
    const target = await currentVersion(db);
    let index = indexes.get(siteId);
    if (!index) {
      if (building.has(siteId) && stats.has(siteId)) return null;
      index = (await rebuild(siteId)) ?? undefined;
      if (!index) return null;
    }
    return catchUp(siteId, index, target);
  }

  /** The name ranks of a language pair, loaded once per index (and again after a name changes). */
  function nameRanks(index: SiteFacetIndex, language: string, fallback: string): Promise<Int32Array> {
    const key = `${language}|${fallback}`;
    let ranks = index.nameRanks.get(key);
    if (!ranks) {
      ranks = loadNameRanks(db, index, language, fallback);
      index.nameRanks.set(key, ranks);
      ranks.catch(() => index.nameRanks.delete(key));
    }
    return ranks;
  }

  /**
   * The ids of products whose name (in the view's languages) or SKU contains every word: the condition
   * of product-filter.ts `criteriaConditions`, asked word by word so that the trigram indexes on
   * `f_unaccent(name)` and on `sku` answer it; the index keeps only its site's visible products.
   */
  async function keywordIds(criteria: ResolvedCriteria, view: CatalogueView): Promise<number[] | null> {
    if (criteria.words.length === 0) return null;
    const languages = viewLanguages(view);
    let matched = null as Set<number> | null;
    for (const word of criteria.words) {
      const pattern = `%${escapeLike(word)}%`;
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`select product_id as id from product_translations
            where language_code in (${sql.join(
              languages.map((language) => sql`${language}`),
              sql`, `,
            )}) and f_unaccent(name) ilike f_unaccent(${pattern})
            union
            select id from products where site_id = ${view.siteId} and sku ilike ${pattern}`,
      );
      const ids = new Set(rows.map((row) => Number(row.id)));
      const previous = matched;
      matched = previous === null ? ids : new Set([...previous].filter((id) => ids.has(id)));
      if (matched.size === 0) break;
    }
    return [...(matched ?? [])];
  }

  /** Folded words by word (the folding is an immutable function of the word: kept, up to a bound). */
  const folded = new Map<string, FoldedWord | null>();

  /**
   * The words of a keyword filter as the database compares them (`lower(f_unaccent('%word%'))` and
   * `lower('%word%')`, what ILIKE compares on a UTF-8 database), so that the index matches exactly what
   * the SQL would. A word whose folded pattern holds a wildcard of its own (a folding rule that made a
   * `%` or `_`) gives null: the database matches that request's words (`keywordIds`).
   */
  async function foldWords(words: string[]): Promise<FoldedWord[] | null> {
    const missing = [...new Set(words.filter((word) => !folded.has(word)))];
    if (missing.length > 0) {
      const patterns = missing.map((word) => `%${escapeLike(word)}%`);
      const rows = await rowsOf<{ i: number; name: string; sku: string }>(
        db,
        sql.join(
          patterns.map(
            (pattern, i) =>
              sql`select ${i}::int as i, lower(f_unaccent(${pattern}::text)) as name, lower(${pattern}::text) as sku`,
          ),
          sql` union all `,
        ),
      );
      if (folded.size + missing.length > 10_000) folded.clear();
      for (const [i, word] of missing.entries()) {
        const row = rows.find((candidate) => Number(candidate.i) === i);
        const name = row ? literalOfContains(row.name) : null;
        const sku = row ? literalOfContains(row.sku) : null;
        folded.set(word, name !== null && sku !== null ? { name, sku } : null);
      }
    }
    const result: FoldedWord[] = [];
    for (const word of words) {
      const entry = folded.get(word);
      if (!entry) return null;
      result.push(entry);
    }
    return result;
  }

  /**
   * The index's folded names and SKUs, loaded on the first keyword request (again when a patch came
   * in meanwhile, up to three times); false when they could not be loaded: the caller asks the
   * database for that request's keywords.
   */
  function keywordTexts(index: SiteFacetIndex): Promise<boolean> {
    if (index.textsReady) return Promise.resolve(true);
    if (!index.textsLoading)
      index.textsLoading = (async () => {
        for (let attempt = 0; attempt < 3; attempt++) {
          index.textsStale = false;
          const rows = await loadTexts(db, index.siteId);
          if (index.textsStale) continue;
          index.setTexts(rows);
          return true;
        }
        return false;
      })()
        .catch(() => false)
        .finally(() => {
          index.textsLoading = null;
        });
    return index.textsLoading;
  }

  /**
   * What a first keyword request and a first name sort would load (decision 0369): the folded names
   * and SKUs and the name ranks of each of the site's languages (with its default language as the
   * fallback), in the background of whoever calls it.
   */
  function preload(index: SiteFacetIndex, site: WarmSite): Promise<void> {
    let loading = preloaded.get(index);
    if (!loading) {
      loading = loadForSorts(index, site);
      preloaded.set(index, loading);
    }
    return loading;
  }

  async function loadForSorts(index: SiteFacetIndex, site: WarmSite): Promise<void> {
    const started = performance.now();
    try {
      const fallback = site.defaultLanguage;
      // At once: on PostgreSQL each statement has its own connection (PGlite runs them in turn).
      await Promise.all([
        keywordTexts(index),
        ...site.languages.map((code) => nameRanks(index, code, fallback)),
      ]);
      const figures = stats.get(index.siteId);
      if (figures && indexes.get(index.siteId) === index)
        figures.preloadMs = Math.round(performance.now() - started);
    } catch {
      // A request that needs them loads them itself.
    }
  }

  /**
   * Builds every site's index now, in the background of the process's start (the first catalogue
   * request joins a build under way), and preloads each one's texts and name ranks after it, and after
   * every rebuild, so that no shopper's request pays for them.
   */
  async function warmUp(sites: readonly WarmSite[]): Promise<void> {
    if (!enabled) return;
    for (const site of sites) {
      warmSites.set(site.id, site);
      const index = await current(site.id);
      if (index) await preload(index, site);
    }
  }

  return {
    current,
    rebuild,
    warmUp,
    nameRanks,
    keywordIds,
    foldWords,
    keywordTexts,
    stats: () => [...stats.values()],
  };
}

export type FacetIndexes = ReturnType<typeof createFacetIndexes>;
