/**
 * The double-dummy search core, in AssemblyScript: compiled to WebAssembly by
 * `npm run build:solver` (scripts/build-solver.mjs) into ../search-wasm.ts,
 * which ../search.ts loads. Not TypeScript the project compiles (i32, @inline,
 * StaticArray are AssemblyScript's); the same code ran as TypeScript before and
 * took 1.6-1.8 times the CPU for the same nodes (docs/solver-history.md, twelfth pass).
 *
 * The search: four known hands as 13-bit masks per suit,
 * jokers as counts, the trick in progress in small arrays, and a null-window
 * test "can the maximising seats make at least t more counted tricks?".
 * Exact values come from a few such tests walking from a greedy playout's
 * guess, sharing one partition-search transposition table of lower/upper
 * bounds at trick boundaries: an entry covers every position with the same
 * suit lengths whose top cards (down to the lowest rank that decided a trick
 * or a bound) sit in the same hands. Cut-offs come from the table, quick
 * tricks (the leader's top cards, honours split with its partner, a
 * team-mate's reached through an entry, or the leader's and then its
 * partner's), a side's trumps above all of the other side's (a pair's
 * counted together; or after the leader's quick tricks), a side that must
 * take every trick left while an opponent keeps a suit's top card, and a lone
 * player avoiding tricks in no trump whose cards all lie below the others', or
 * with them on lead lie below theirs card for card in every suit (he takes no more).
 * Touching cards in one hand are equivalent: the lowest is tried first, the
 * others only where a node has to try everything
 * and its relevant cards do not yet reach down to the run (skipping them
 * outright let a table entry serve positions where the run is split by an
 * opponent's card: wrong values, mostly where players duck). Likewise a card
 * is skipped where the node already refuted another card of its suit from the
 * same hand and both lie below every card relevant so far. Moves are ordered
 * with the lead that last cut off at that depth first (else the table's best
 * move), then sure winners, cheap wins, leads by the suit's top cards (a run of
 * touching cards at or just below the top, towards the partner's length and
 * second-best card, to a team-mate's top card in its shortest suit) and discards (a
 * history heuristic made no difference; the last cut-off's card tried first
 * inside a trick cost nodes); where nobody wants tricks a lead is ordered by
 * whether an opponent must, or may, go over it (highest such card first; a
 * suit an opponent is void in after the others of its kind), and a follower
 * plays its highest card below the winner so far, else its lowest (the three
 * against a lone player: their highest).
 * Since a node nearly always cuts off on its first move, that move (a legal
 * killer lead, or the card of a seat that wants the trick) is tried before
 * the others are generated. In the first four tricks of a search where seats
 * avoid tricks, the fourth seat first reads the table at each of its cards'
 * trick boundaries, and tries first a card whose boundary it decides.
 * A lookup reads only the chains its bucket's filter says something was
 * stored under, and walks only those holding a bound that could decide its
 * test. The last trick is played out directly (every card is forced).
 */

/** Joker move code; a card move is suit * 16 + rank (rank 0..12, 12 strongest under the rules in force). */
const JOKER_MOVE = 64;
const NO_STOP = 99;
const MAX_DEPTH = 64;
const MOVES_PER_NODE = 16;
/**
 * Where seats avoid tricks, the fourth seat of a trick reads the table at each of its cards' trick
 * boundaries before searching any (readAhead) while this many tricks or more are left: the first
 * four tricks. There a read spares a large subtree (four Danish nolo hands: 6% fewer nodes for
 * half a million reads); with nine left the nodes spared were about twice the reads, with eight
 * fewer than them; where seats want tricks it spares next to nothing (docs/solver-history.md,
 * thirty-fifth pass).
 */
const READ_AHEAD_LEFT = 10;
let readAheadLeft = READ_AHEAD_LEFT;
/** Most buckets of the transposition table (a power of two), shared by all searches in this thread. */
const MAX_TT_BITS = 20;
/**
 * Entries the pool can hold (see resizeTablePool), and those it holds now: a table starts at
 * START_POOL entries and grows eightfold whenever one search fills more than half of it. A small
 * table's buckets, slots and entries lie close together: random reads of them miss the caches
 * less (a full 13-card trick deal, 20 thousand entries on average, took 7-10% less CPU than in a
 * table of 2^20 buckets from the start).
 */
let CAPACITY = 1 << 20;
const START_POOL = 1 << 17;
let POOL = START_POOL;
let TT_MASK = 0;
/** The most entries a pool may hold (the analysis's table); the table's arrays are laid out for it (see ensureTable). */
const MAX_CAPACITY = 1 << 22;
/**
 * Where the table's arrays lie: fixed addresses above the module's own memory (its data and
 * allocations, well under a megabyte), each array room for a pool of MAX_CAPACITY (384 MB in all).
 * The compiled code knows each array's address, where the address of one placed at run time is a
 * global read at each access.
 */
const TABLE_BASE: usize = 16 << 20;

/**
 * Partition search table in flat arrays (384 MB of the module's memory laid out for the largest pool,
 * 128 MB of it the front (see front), grown on first use, its pages touched only as the table
 * grows into them). A bucket holds the positions at a trick boundary with one leader, suit
 * lengths per hand, jokers and called-card state; its entries each say "whatever the smaller
 * cards, when these hands hold the top k cards of each suit in this order, the counted tricks lie
 * in [lb, ub]". The k per suit come from the
 * search: only ranks that decided a trick (or a bound) count, so positions that differ in
 * irrelevant small cards share an entry. Each search has its own generation, so a new search
 * never reads an old one's entries, unless it shares a TableSession with earlier searches of the
 * same hand under the same rules (their entries hold for it too). When the pool is full, the
 * entries whose searches took the fewest nodes (the cheapest to find again) are dropped until a
 * quarter of it is free.
 *
 * A lookup does not walk all of a bucket's entries (hundreds, in the big positions where nobody
 * wants tricks): each entry is chained under its signature (see maskIndex), the owners of each
 * suit's top one or two cards it requires, and a lookup probes one chain per signature mask its
 * bucket holds (about four), keyed by this position's owners under that mask. So it opens only
 * entries that agree with the position on those owners, nearly all of them genuine candidates.
 */
/**
 * Per bucket, BUCKET_FIELDS numbers (32 bytes): its generation, its check (the position's second
 * hash), in 3 words of 27 bits the set of signature masks (maskIndex) its entries have, and in the
 * other 3 words a one-bit filter (96 bits) of the slot keys its entries were chained under.
 * A probe whose key's bit is clear reads no slot: in big searches where nobody wants tricks nearly
 * half the probes found an empty slot, each a cache miss (42% of a 12-card nolo deal's CPU was the
 * probe, most of it two reads: the slot and the entry).
 */
const buckets = changetype<Fixed<i32>>(TABLE_BASE);
const BUCKET_FIELDS = 8, B_GEN = 0, B_CHECK = 1, B_MASKS = 2, B_BLOOM = 5, BLOOM_BITS = 32 * (BUCKET_FIELDS - B_BLOOM);
const SLOTS_AT: usize = TABLE_BASE + ((BUCKET_FIELDS << 2) << MAX_TT_BITS);
/** A key's bit in its bucket's filter of the slot keys its entries were chained under. */
function bloomBit(key: i32): i32 { return ((key >>> 16) * BLOOM_BITS) >>> 16; }
/**
 * Per slot, at 2 * slot its generation and at 2 * slot + 1 the newest entry of its chain (the low
 * HEAD_BITS), with the largest lb (4 bits at LB_AT) and the smallest ub (4 bits at UB_AT) of the chain's
 * entries: a lookup whose test none of their bounds decides walks none of them (in big searches
 * where nobody wants tricks, a third of the chains it finds, each entry a read from memory). A slot
 * is picked by slotKey of a bucket, mask and owners; several keys may share one (see pool).
 */
const slots = changetype<Fixed<i32>>(SLOTS_AT);
const HEAD_BITS = 23, HEAD_MASK = (1 << HEAD_BITS) - 1, LB_AT = HEAD_BITS, UB_AT = HEAD_BITS + 4;
let S_MASK = 0;
/**
 * Per entry, ENTRY fields (32 bytes, half a cache line): per suit the owners (2 bits each, highest
 * first) of its top k cards, with k << 26; lb | ub << 4 | (best move + 1) << 8 | cost << 16, the
 * cost being the bit length of the count of nodes its search took (see compactPool);
 * the next entry of its slot's chain (-1 = end); its position's check; its generation. A chain holds
 * one generation's entries (a slot taken by another is emptied), and an entry with the same check
 * in the same slot is one of the same position: so the check and the owners tell an entry apart.
 */
const POOL_AT: usize = SLOTS_AT + 8 * (2 * <usize>MAX_CAPACITY);
const pool = changetype<Fixed<i32>>(POOL_AT);
const ENTRY = 8, TOP = 0, DATA = 4, NEXT = 5, BCHECK = 6, GEN = 7;
/** Per entry, its slot key and its position's bucket hash (for compaction and growth to chain it again). */
const E_KEY_AT: usize = POOL_AT + (ENTRY << 2) * <usize>MAX_CAPACITY, E_HASH_AT: usize = E_KEY_AT + 4 * <usize>MAX_CAPACITY;
const eKey = changetype<Fixed<i32>>(E_KEY_AT);
const eHash = changetype<Fixed<i32>>(E_HASH_AT);
let poolNext = 0;
/**
 * The entries stored since the pool was last compacted lie in the order they came, each chain's
 * scattered over the pool; once it holds this many, it is laid out again (compactPool), at a
 * quarter of the pool and at twice what the last layout kept: a big search whose table never fills
 * (a slow Danish nolo hand) then walks its chains in neighbouring memory too, at 0.93 of the CPU.
 */
let layoutAt = START_POOL >> 2;
/**
 * The front: answers per exact position (relative ranks) in front of the buckets, read where a
 * pair avoids tricks (nolo, pass games) by a search that has held over half of a full pool. In
 * such a table a lookup probes a chain per signature mask, each a cache miss, and the compactions
 * drop entries that are needed again; a position seen before is answered here from one read, and keeps its
 * bounds when the pool drops their entries. Per slot (one per position hash, four per pool entry
 * up to 2^22 slots, 128 MB; the newest position in a slot replaces the one there) FRONT fields:
 * its generation, its check (a second hash), its bounds, and the top cards each bound requires (k
 * per suit, 4 bits each). Per side two bounds: the tightest, and the one requiring the fewest top
 * cards (the narrower answer lets the entries stored above it cover more positions); a lookup
 * takes the narrower when it decides. Where it was read by more searches, its one more read per
 * boundary cost more than it saved: trick deals (whose tables stay within the caches) a fifth
 * more CPU, es-makker sol hands (a lone player avoiding tricks) half as much again, the small
 * searches of a long analysis a few per cent. Measured in docs/solver-history.md, twenty-first pass.
 */
const FRONT_AT: usize = E_HASH_AT + 4 * <usize>MAX_CAPACITY;
const front = changetype<Fixed<i32>>(FRONT_AT);
/**
 * Fields: generation, check, then per side (F_LB, F_UB) its bounds and their top cards. A side's
 * bound is kept as a tightness, larger tighter and 0 open: lb itself, 15 - ub for the upper side,
 * so one helper serves both. Its two fields: tightest | narrowest << 4, and the top cards of each
 * (tightest | narrowest << 16). Padded to 32 bytes, two slots a cache line.
 */
const FRONT = 8, F_GEN = 0, F_CHECK = 1, F_LB = 2, F_UB = 4;
/**
 * Where compactPool lays the entries it keeps out before copying them back: per entry its fields,
 * slot key and bucket hash (160 MB for the largest pool, its pages touched only by a search whose
 * table is laid out again).
 */
const SCRATCH_AT: usize = FRONT_AT + (FRONT << 2) * <usize>MAX_CAPACITY, SCRATCH = ENTRY + 2;
const TABLE_END: usize = SCRATCH_AT + (SCRATCH << 2) * <usize>MAX_CAPACITY;
/** How many top cards the k per suit of ks (4 bits each) require in all: the fewer, the more positions an answer covers. */
function width(ks: i32): i32 {
  return (ks & 15) + ((ks >> 4) & 15) + ((ks >> 8) & 15) + ((ks >> 12) & 15);
}
/** Front slots for a pool of `entries`: four times as many, at most 2^22 (with fewer, 2^20 against 2^22 on a full nolo deal, 5% more nodes). */
function frontCount(entries: i32): i32 {
  return min<i32>(4 * entries, 1 << 22);
}
/**
 * A bound of tightness v (> 0) requiring top cards ks joins the front side at offset o: as its
 * tightest (on a tie, the narrower) and as its narrowest (on a tie, the tighter).
 */
function frontSideAdd(o: i32, v: i32, ks: i32): void {
  const f = front, d = f[o], k = f[o + 1], w = width(ks);
  const vT = d & 15, vN = (d >> 4) & 15;
  let nd = d, nk = k;
  if (v > vT || (v === vT && w < width(k & 0xffff))) {
    nd = (nd & ~15) | v;
    nk = (nk & ~0xffff) | ks;
  }
  const wN = vN === 0 ? 99 : width(k >>> 16);
  if (w < wN || (w === wN && v > vN)) {
    nd = (nd & ~0xf0) | (v << 4);
    nk = (nk & 0xffff) | (ks << 16);
  }
  f[o] = nd;
  f[o + 1] = nk;
}
let F_MASK = 0;
/** The last generation that held more than half of a full pool: its searches read the front. */
let fullGeneration = 0;
/**
 * The table lives in memory the module grows for it, outside the allocator: WebAssembly gives grown
 * memory as zeros, so a new table costs nothing until its pages are used (a StaticArray of 84 MB
 * would be written over with zeros at once, a quarter of a second).
 */
let tableGrown = false;
/** Slots for a pool of `entries` (at least twice as many, a power of two). */
function slotCount(entries: i32): i32 {
  return 1 << max<i32>(10, 32 - clz<i32>(2 * entries - 1));
}
/** Buckets for a pool of `entries` (as many, rounded down to a power of two, at most 2^MAX_TT_BITS). */
function bucketCount(entries: i32): i32 {
  return 1 << min<i32>(MAX_TT_BITS, 31 - clz<i32>(entries));
}
/** Sizes the table's masks for a pool of POOL entries. */
function setActiveSize(): void {
  S_MASK = slotCount(POOL) - 1;
  TT_MASK = bucketCount(POOL) - 1;
  F_MASK = (1 << (31 - clz<i32>(frontCount(POOL)))) - 1;
}
/**
 * Grows the memory for the table, once, before the first search. Each array is used from its
 * start, so a table that grows keeps its entries where they are (only buckets and slots are built
 * again), and the pages beyond what it uses are never touched.
 */
function ensureTable(): void {
  if (tableGrown) return;
  const have = <usize>memory.size() << 16;
  // The module's own memory never reaches the table's (its allocations are a few objects).
  if (have > TABLE_BASE) unreachable();
  if (memory.grow(<i32>((TABLE_END - have + 0xffff) >> 16)) < 0) unreachable();
  setActiveSize();
  tableGrown = true;
}
/** Zeroes what a pool of n entries can have written in the table's arrays. */
function zeroTable(n: i32): void {
  memory.fill(changetype<usize>(buckets), 0, <usize>(BUCKET_FIELDS * bucketCount(n)) << 2);
  memory.fill(changetype<usize>(slots), 0, <usize>(2 * slotCount(n)) << 2);
  memory.fill(changetype<usize>(pool), 0, <usize>(n * ENTRY) << 2);
  memory.fill(changetype<usize>(eKey), 0, <usize>n << 2);
  memory.fill(changetype<usize>(eHash), 0, <usize>n << 2);
  memory.fill(changetype<usize>(front), 0, <usize>(frontCount(n) * FRONT) << 2);
}
let generation = 0;
/** Nodes of every search in this thread (the bench's count for work spread over many searches). */
let nodesSearched: f64 = 0;
/**
 * Every 65536 nodes of a search: they join nodesSearched (the rest when the next search loads), and
 * the clock is read (a few milliseconds of search).
 */
function tick(): void {
  nodesSearched += 65536;
  if (state.deadline < Infinity && now() > state.deadline) searchAborted();
}

/**
 * Sets the number of entries the pool can hold (default 2^20, 32 bytes each), and the number it
 * starts with (START_POOL when `start` is 0), and empties the table. For tests a small pool makes
 * the compaction (and a small start the growth) run within small searches.
 */
export function resizeTablePool(entries: i32, start: i32): void {
  if (entries > MAX_CAPACITY) unreachable();
  // The pool only grows between resizes: the one now is the most the table has written.
  if (tableGrown) zeroTable(POOL);
  CAPACITY = entries;
  POOL = min<i32>(entries, start > 0 ? start : START_POOL);
  poolNext = 0;
  layoutAt = POOL >> 2;
  setActiveSize();
  ensureTable();
}

/** Reads the table ahead (see READ_AHEAD_LEFT) from `tricks` left instead (0: READ_AHEAD_LEFT again), for tests on small positions. */
export function setReadAheadFrom(tricks: i32): void {
  readAheadLeft = tricks > 0 ? tricks : READ_AHEAD_LEFT;
}

/** The entries the pool holds now (it grows up to what resizeTablePool set). */
export function tablePoolNow(): i32 {
  return POOL;
}

/** Raises what the pool can hold to `entries` when it is less (emptying the table then), for the searches that need a big one. */
export function growTablePool(entries: i32): void {
  if (CAPACITY < entries) resizeTablePool(entries, 0);
}

/**
 * Frees a quarter of the pool for generation `gen`: every other generation's entries go, then
 * this one's that cost their searches the fewest nodes (of the cost where the cut falls, the
 * oldest); the rest move to the front, chain by chain, and are chained again. Against dropping
 * half of them by tricks left: 12% fewer nodes where the table fills (full nolo deals), at 0.96
 * of the CPU; an eighth freed saved no more nodes and cost more CPU (docs/solver-history.md,
 * twentieth pass). With `layoutOnly` (see layoutAt) this generation's entries all stay, laid out
 * again.
 */
const BY_COST = changetype<Fixed<i32>>(memory.data(32 << alignof<i32>()));
function compactPool(gen: i32, layoutOnly: bool = false): void {
  const byCost = BY_COST;
  byCost.fill(0, 32);
  let mine = 0;
  const used = poolNext;
  for (let e = 0; e < used; e++) if (pool[e * ENTRY + GEN] === gen) byCost[(pool[e * ENTRY + DATA] >>> 16) & 31]++;
  for (let c = 0; c < 32; c++) mine += byCost[c];
  // A search that fills more than half of a table that may grow: it grows, keeping every entry of this
  // generation (dropping the others), with its buckets built again for their new count. The pool's
  // new part was never used since the table was made (all zeros).
  const grow = !layoutOnly && POOL < CAPACITY && mine > POOL / 2;
  if (!layoutOnly && mine > POOL / 2) fullGeneration = gen;
  if (grow) {
    POOL = min<i32>(CAPACITY, POOL << 3);
    setActiveSize();
    memory.fill(changetype<usize>(buckets), 0, <usize>(BUCKET_FIELDS * (TT_MASK + 1)) << 2);
  }
  // Keep the costliest entries that fit in three quarters of the pool (all of them, to lay them out
  // alone): every entry of a cost above keepFrom, and of cost keepFrom all but the `skip` first in
  // the pool (the oldest of those stored since it was last laid out).
  const room = layoutOnly ? POOL : POOL - (POOL >> 2);
  let keepFrom = 32, kept = 0;
  while (keepFrom > 0 && kept + byCost[keepFrom - 1] <= room) kept += byCost[--keepFrom];
  let skip = 0;
  if (keepFrom > 0) skip = byCost[--keepFrom] - (room - kept);
  if (!grow) for (let b = 0; b <= BUCKET_FIELDS * TT_MASK; b += BUCKET_FIELDS) if (buckets[b + B_GEN] !== gen) buckets[b + B_GEN] = 0;
  // The entries kept are laid out slot by slot, each chain's side by side, so that a lookup walking
  // a chain reads neighbouring memory (full nolo deals 0.92 of the CPU, pass games 0.94): counted per
  // slot (in the emptied slots; an entry dropped loses its generation), each slot given its first
  // place, each entry copied to its place in the scratch area (oldest first within a slot), and all
  // copied back.
  memory.fill(changetype<usize>(slots), 0, <usize>(2 * (S_MASK + 1)) << 2);
  let next = 0;
  for (let e = 0; e < used; e++) {
    const eb = e * ENTRY;
    if (pool[eb + GEN] !== gen) continue;
    const cost = (pool[eb + DATA] >>> 16) & 31;
    if (cost < keepFrom || (cost === keepFrom && skip-- > 0)) pool[eb + GEN] = 0;
    else {
      slots[2 * (eKey[e] & S_MASK) + 1]++;
      next++;
    }
  }
  for (let i = 1, at = 0; i <= 2 * S_MASK + 1; i += 2) {
    const n = slots[i];
    slots[i] = at;
    at += n;
  }
  for (let e = 0; e < used; e++) {
    if (pool[e * ENTRY + GEN] !== gen) continue;
    const at = SCRATCH_AT + (<usize>(slots[2 * (eKey[e] & S_MASK) + 1]++ * SCRATCH) << 2);
    memory.copy(at, changetype<usize>(pool) + (<usize>(e * ENTRY) << 2), ENTRY << 2);
    store<i32>(at, eKey[e], ENTRY << 2);
    store<i32>(at, eHash[e], (ENTRY + 1) << 2);
  }
  // Each entry is pushed on its slot's chain again, oldest first, so the chains keep their
  // newest-first order (every slot's generation is still 0: chainEntry overwrites the place
  // counted in its second word, and no lookup reads it). Those of a position whose bucket another
  // has taken since stay: its check tells them apart, and they serve it again if it takes its
  // bucket back.
  for (let e = 0; e < next; e++) {
    const at = SCRATCH_AT + (<usize>(e * SCRATCH) << 2), eb = e * ENTRY;
    memory.copy(changetype<usize>(pool) + (<usize>eb << 2), at, ENTRY << 2);
    const key = load<i32>(at, ENTRY << 2), hash = load<i32>(at, (ENTRY + 1) << 2);
    eKey[e] = key;
    eHash[e] = hash;
    if (grow) chainInBucket(hash & TT_MASK, pool[eb + BCHECK], gen, entryMask(eb), key);
    chainEntry(2 * (key & S_MASK), e, gen);
  }
  for (let e = next; e < used; e++) pool[e * ENTRY + GEN] = 0;
  poolNext = next;
  layoutAt = max<i32>(POOL >> 2, 2 * next);
}

/** Pushes entry e (its bounds written) on the chain of `slot` for generation gen (see slots). */
function chainEntry(slot: i32, e: i32, gen: i32): void {
  const d = pool[e * ENTRY + DATA];
  let lb = d & 15, ub = (d >> 4) & 15, next = -1;
  if (slots[slot] === gen) {
    const x = slots[slot + 1];
    next = x & HEAD_MASK;
    lb = max<i32>(lb, (x >>> LB_AT) & 15);
    ub = min<i32>(ub, x >>> UB_AT);
  } else slots[slot] = gen;
  pool[e * ENTRY + NEXT] = next;
  slots[slot + 1] = e | (lb << LB_AT) | (ub << UB_AT);
}

/** The signature mask (maskIndex) of the entry at pool offset eb, from its k per suit. */
function entryMask(eb: i32): i32 {
  return maskIndex((pool[eb + TOP] >>> 26) | ((pool[eb + TOP + 1] >>> 26) << 4) | ((pool[eb + TOP + 2] >>> 26) << 8) | ((pool[eb + TOP + 3] >>> 26) << 12));
}

/**
 * Notes in a bucket that an entry of position `check`, signature mask idx and slot key `key` is
 * chained (a bucket another position of this generation holds is taken over; see store).
 */
function chainInBucket(bucket: i32, check: i32, gen: i32, idx: i32, key: i32): void {
  const bb = bucket * BUCKET_FIELDS;
  if (buckets[bb + B_GEN] !== gen || buckets[bb + B_CHECK] !== check) {
    // The filter outlives a position that takes the bucket from another of this generation: the
    // other's entries stay chained, and serve it again if it takes the bucket back.
    if (buckets[bb + B_GEN] !== gen) memory.fill(changetype<usize>(buckets) + (<usize>(bb + B_BLOOM) << 2), 0, (BUCKET_FIELDS - B_BLOOM) << 2);
    buckets[bb + B_GEN] = gen;
    buckets[bb + B_CHECK] = check;
    buckets[bb + B_MASKS] = 0;
    buckets[bb + B_MASKS + 1] = 0;
    buckets[bb + B_MASKS + 2] = 0;
  }
  buckets[bb + B_MASKS + ((idx / 27) | 0)] |= 1 << idx % 27;
  const f = bloomBit(key);
  buckets[bb + B_BLOOM + (f >> 5)] |= 1 << (f & 31);
}



/**
 * A fixed-size array in the module's static memory. Its address is a constant, which the compiled
 * loads and stores fold into their offset; a StaticArray's address is a global read at each use.
 */
// @ts-ignore: AssemblyScript decorator
@final @unmanaged class Fixed<T> {
  // @ts-ignore: AssemblyScript decorator
  @inline @operator("[]") get(i: i32): T {
    return load<T>(changetype<usize>(this) + ((<usize>i) << alignof<T>()));
  }
  // @ts-ignore: AssemblyScript decorator
  @inline @operator("[]=") set(i: i32, v: T): void {
    store<T>(changetype<usize>(this) + ((<usize>i) << alignof<T>()), v);
  }
  /** Sets four elements of an i32 array, i to i + 3, to 0 (two 8-byte stores). */
  // @ts-ignore: AssemblyScript decorator
  @inline zero4(i: i32): void {
    const at = changetype<usize>(this) + ((<usize>i) << 2);
    store<i64>(at, 0);
    store<i64>(at, 0, 8);
  }
  /** Sets its first n elements to v. */
  fill(v: T, n: i32): Fixed<T> {
    for (let i = 0; i < n; i++) this[i] = v;
    return this;
  }
}

// @ts-ignore: AssemblyScript decorator
@inline function popcount(x: i32): i32 { return popcnt<i32>(x); }
// @ts-ignore: AssemblyScript decorator
@inline function highBit(x: i32): i32 { return x === 0 ? 0 : 1 << (31 - clz<i32>(x)); }
/** How many cards of rank mask x lie above the rank bit `bit` (all of them when bit is 0). */
// @ts-ignore: AssemblyScript decorator
@inline function countAbove(x: i32, bit: i32): i32 { return popcount(bit === 0 ? x : x & ~((bit << 1) - 1)); }
/** The highest card of the run of touching cards (in play, seq) of a hand (mine) that holds card `bit`. */
function runTop(mine: i32, seq: i32, bit: i32): i32 {
  for (let x = seq & ~((bit << 1) - 1); x !== 0 && (mine & (x & -x)) !== 0; x = seq & ~((bit << 1) - 1)) bit = x & -x;
  return bit;
}

/** GATHER7[all * 128 + x]: the bits of x at all's set bits (all, x below 128), packed from bit 0 up. */
const GATHER7 = changetype<Fixed<u8>>(memory.data((1 << 14) << alignof<u8>()));
for (let i = 0; i < 1 << 14; i++) {
  const all = i >> 7, x = i & 127;
  let out = 0, k = 0;
  for (let b = 0; b < 7; b++) if (all & (1 << b)) out |= ((x >> b) & 1) << k++;
  GATHER7[i] = <u8>out;
}
/** The bits of rank mask x at the set bits of rank mask `all`, packed from bit 0 up (the lowest card's first). */
// @ts-ignore: AssemblyScript decorator
@inline function gather(x: i32, all: i32): i32 {
  return <i32>GATHER7[((all & 127) << 7) | (x & 127)] | (<i32>GATHER7[((all >> 7) & 127) << 7 | ((x >> 7) & 127)] << popcount(all & 127));
}
/** TOP7[x * 16 + k]: the k highest set bits of a 7-bit x (all of them when x has fewer). */
const TOP7 = changetype<Fixed<u8>>(memory.data((128 * 16) << alignof<u8>()));
for (let x = 0; x < 128; x++)
  for (let k = 0; k < 16; k++) {
    let m = 0, rest = x;
    for (let i = 0; i < k && rest !== 0; i++) {
      const top = 1 << (31 - clz<i32>(rest));
      m |= top;
      rest ^= top;
    }
    TOP7[x * 16 + k] = <u8>m;
  }
/** The k highest set bits of a 13-bit rank mask (all of them when it has fewer), from its two 7-bit halves. */
// @ts-ignore: AssemblyScript decorator
@inline function topBits(seq: i32, k: i32): i32 {
  const high = seq >>> 7, c = popcount(high);
  return k <= c ? <i32>TOP7[high * 16 + k] << 7 : (high << 7) | <i32>TOP7[(seq & 127) * 16 + min<i32>(k - c, 15)];
}
/** SPREAD[x]: bit i of a 13-bit x moved to bit 2i (one owner's bit per card, two bits a card). */
const SPREAD = changetype<Fixed<i32>>(memory.data((1 << 13) << alignof<i32>()));
for (let x = 0; x < 1 << 13; x++) {
  let out = 0;
  for (let b = 0; b < 13; b++) out |= ((x >> b) & 1) << (2 * b);
  SPREAD[x] = out;
}

/**
 * An entry's signature mask: per suit whether it requires no card's owner (k = 0), the top card's
 * (k = 1) or at least the top two cards' (k >= 2), as a base-3 number (81 masks). A lookup probes
 * one chain per mask its bucket holds, keyed by the owners that mask requires: so it walks only
 * entries that agree with the position on those owners.
 */
function maskIndex(ks: i32): i32 {
  let idx = 0;
  for (let s = 3; s >= 0; s--) idx = idx * 3 + min<i32>(2, (ks >> (4 * s)) & 15);
  return idx;
}
/** Per mask index, per suit (4 entries): its digit 0, 1 or 2. */
const MASK_DIGITS = changetype<Fixed<i32>>(memory.data((81 * 4) << alignof<i32>()));
for (let i = 0; i < 81 * 4; i++) {
  let q = i / 4;
  for (let j = 0; j < i % 4; j++) q = q / 3;
  MASK_DIGITS[i] = q % 3;
}
/** A hash of a bucket (its hash and check), signature mask and the owners that mask requires: its low bits pick the slot. */
function slotKey(hash: i32, check: i32, idx: i32, owners: i32): i32 {
  let x: i32 = (check ^ ((idx << 16) | owners)) * <i32>0x9e3779b1;
  x ^= x >>> 15;
  x = (x + hash) * <i32>0x85ebca77;
  x ^= x >>> 13;
  x = x * <i32>0xc2b2ae35;
  return x ^ (x >>> 16);
}

/**
 * The search's state: the position, the trick in progress and the per-ply bookkeeping. Module
 * globals rather than fields of the search object: WebAssembly keeps a global in the instance, out
 * of reach of the stores to memory, so compiled code need not read it again after each store. The
 * arrays are Fixed, at addresses the compiled code knows.
 */
namespace state {
  export const hand = changetype<Fixed<i32>>(memory.data(16 << alignof<i32>()));
  export const jok = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  export let trump: i32 = 0;
  export let jokerTrumpable: bool = false;
  export const counted = changetype<Fixed<bool>>(memory.data(4 << alignof<bool>()));
  export const maxSide = changetype<Fixed<bool>>(memory.data(4 << alignof<bool>()));
  export let calledSuit: i32 = 0;
  export let calledBit: i32 = 0;
  export let stopC: i32 = 0;
  export let stopO: i32 = 0;
  /**
   * The others' stop can end the hand: then whether the counted seats reach t more tricks depends
   * on the tricks taken so far, which join the table's key, and the bounds (which reason about the
   * hand played out) stand aside. The counted seats' own stop never changes the answer to a test
   * the search asks (t at most what it leaves them: the hand can only stop after the t-th trick),
   * so a hand with that stop alone (sol) shares entries across the tricks taken and keeps its bounds.
   */
  export let othersStop: bool = false;
  /**
   * One counted seat, who wants few tricks, against three who want him to take many (sol, and each
   * player judged alone in pasnolo): see takesNoMore. Where a pair avoids tricks (nolo, pass games)
   * that bound cost 1% more nodes on three nolo deals (its marks make entries narrower) for none fewer.
   */
  export let loneAvoider: bool = false;
  /** A counted pair wants few tricks (nolo, pass games): the front is read once their search fills the pool (see front). */
  export let useFront: bool = false;
  /** Per seat, the seats of its team (same aim for the counted total, same counting) as a bit mask. */
  export const teams = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  // Trick in progress.
  export let leader: i32 = 0;
  export let tLen: i32 = 0;
  export const tSeat = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  export const tSuit = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  export const tRank = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  export const trickMask = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  /** Per suit, the cards still in the four hands (kept by play and unplay). */
  export const inPlay = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  export let firstPending: bool = false;
  export let cw: i32 = 0;
  export let ow: i32 = 0;
  export const moves = changetype<Fixed<i32>>(memory.data((MAX_DEPTH * MOVES_PER_NODE) << alignof<i32>()));
  export const scores = changetype<Fixed<i32>>(memory.data(MOVES_PER_NODE << alignof<i32>()));
  export let gen: i32 = 0;
  /** generate()'s cards touching a lower card of the same hand, tried after every other move, and the lowest card of their runs. */
  export const touching = changetype<Fixed<i32>>(memory.data(MOVES_PER_NODE << alignof<i32>()));
  export const touchingBottom = changetype<Fixed<i32>>(memory.data(MOVES_PER_NODE << alignof<i32>()));
  /**
   * Per move slot: -1, or for a card touching a lower one of its hand (an equivalent of that
   * lower card here) the rank of its run's lowest card. The equivalence is a fact about the ranks
   * of every card between them, which a position sharing this one's top cards only down to
   * above the run need not share: so a node that tries all its moves tries such a card too,
   * unless its relevant cards already reach down to the run (see skipTouching).
   */
  export const bottomAt = changetype<Fixed<i32>>(memory.data((MAX_DEPTH * MOVES_PER_NODE) << alignof<i32>()));
  /** Per ply and suit: rank bits of the cards the node there has tried and refuted so far (see skipBelowRel). */
  export const tried = changetype<Fixed<i32>>(memory.data(((MAX_DEPTH + 1) * 4) << alignof<i32>()));
  /**
   * Per ply: the lead that last cut off at a trick boundary there, tried first at the next boundary
   * searched there. Each search object in JavaScript keeps its own (see killerData).
   */
  export const killer = changetype<Fixed<i8>>(memory.data((MAX_DEPTH + 1) << alignof<i8>())).fill(-1, MAX_DEPTH + 1);
  /** Relevant cards per node (see ge), 4 suit masks per ply. */
  export const rel = changetype<Fixed<i32>>(memory.data(((MAX_DEPTH + 1) * 4) << alignof<i32>()));
  /** Per ply: the suit and rank bit of a card that won the trick completed by that ply's card by outranking one of its suit, or -1. */
  export const winSuit = changetype<Fixed<i32>>(memory.data((MAX_DEPTH + 1) << alignof<i32>())).fill(-1, MAX_DEPTH + 1);
  export const winBit = changetype<Fixed<i32>>(memory.data((MAX_DEPTH + 1) << alignof<i32>()));
  /** Per ply, the index in the trick of the card winning it so far after that ply's card (set by play; a ply's entry stays right for unplay). */
  export const winIdx = changetype<Fixed<i32>>(memory.data((MAX_DEPTH + 1) << alignof<i32>()));
  /** Nodes of the search loaded last (the clock is read once every 65536). */
  export let nodes: i32 = 0;
  /** Per seat, its one team-mate when its team is a pair, else -1. */
  export const partner = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  export let deadline: f64 = Infinity;
  export let exactTable: bool = false;
  /** Cards played since the root: the move buffer slot of the current node. */
  export let ply: i32 = 0;
  /** Tricks still to be played, the one in progress included (see tricksLeft). */
  export let left: i32 = 0;
  /** The second hash of the position frontSlot last hashed, told apart by it from others in its slot. */
  export let frontCheck: i32 = 0;
  /** The best move of the first entry a lookup found that matched but did not decide (-1: none). */
  export let bestFound: i32 = -1;
  /** Whether the counted seats avoid tricks (sol, nolo, pass games, pasnolo): see READ_AHEAD_LEFT. */
  export let avoiding: bool = false;
  /** The pool offset of the entry that decided the last probe. */
  export let foundEntry: i32 = 0;
  /** Second hash of the last bucketKey() call, stored to tell apart positions sharing a bucket. */
  export let check: i32 = 0;
  /** Per ply and suit, from bucketKey(): owners of the cards highest first (2 bits each), and their count. */
  export const ownersAt = changetype<Fixed<i32>>(memory.data(((MAX_DEPTH + 1) * 4) << alignof<i32>()));
  export const lensAt = changetype<Fixed<i32>>(memory.data(((MAX_DEPTH + 1) * 4) << alignof<i32>()));
  export const tops = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  /** Per suit and mask digit, the owners that digit requires of this position (see requiredOwners). */
  export const req = changetype<Fixed<i32>>(memory.data(12 << alignof<i32>()));
  /** The top cards of its suit the last splitRun() count rests on (the three runs'). */
  export let splitTop: i32 = 0;
  /** Per suit, the tricks the last quickTricks() call counted there, and what it counted for jokers. */
  export const qk = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  /** Per suit, the top cards the last quickTricks() call's count there rests on (its run, or fewer when cut by ruffs). */
  export const qRun = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  export let qJokers: i32 = 0;
  /** Whether the last quickTricks() call counted the leader's trumps drawn first. */
  export let qDrawn: bool = false;
  /** quickTricks()'s per-suit counts (qk) and runs (qRun) for the leader, kept while a team-mate's are counted. */
  export const kLead = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  export const runLead = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
  /** rollout()'s cards played, three numbers a card (seat, move, what unplay needs). */
  export const played = changetype<Fixed<i32>>(memory.data((3 * MAX_DEPTH) << alignof<i32>()));
  /** What unplay restores of each completed trick, 9 numbers a trick (a stack: one trick per 4 plies). */
  export const saved = changetype<Fixed<i32>>(memory.data((9 * (MAX_DEPTH / 4 + 1)) << alignof<i32>()));
  export let savedTop: i32 = 0;
}

/** The search's moves over the state above; the module has one (see the interface at the end). */
export class DoubleDummy {
  /**
   * Sets up the position to search (the hands and trick come from setHand, setJokers and
   * setTrickMove); every call from JavaScript loads its position first, so a search the deadline
   * stopped halfway leaves nothing behind.
   */
  load(trump: i32, jokerTrumpable: bool, countedMask: i32, maxMask: i32, leader: i32, trickLen: i32, firstTrick: bool, calledSuit: i32, calledRank: i32, stopCounted: i32, stopOthers: i32, takenCounted: i32, takenOthers: i32, gen: i32, exactTable: bool, deadline: f64): void {
    ensureTable();
    state.gen = gen;
    state.deadline = deadline;
    state.exactTable = exactTable;
    for (let i = 0; i < 16; i++) state.hand[i] = HANDS[i];
    for (let s = 0; s < 4; s++) state.inPlay[s] = HANDS[s] | HANDS[4 + s] | HANDS[8 + s] | HANDS[12 + s];
    for (let p = 0; p < 4; p++) {
      state.jok[p] = JOKERS[p];
      state.counted[p] = (countedMask & (1 << p)) !== 0;
      state.maxSide[p] = (maxMask & (1 << p)) !== 0;
    }
    state.trump = trump;
    state.jokerTrumpable = jokerTrumpable;
    state.calledSuit = calledSuit;
    state.calledBit = calledSuit >= 0 ? 1 << calledRank : 0;
    state.stopC = stopCounted;
    state.stopO = stopOthers;
    state.othersStop = stopOthers < NO_STOP;
    state.cw = takenCounted;
    state.ow = takenOthers;
    state.leader = leader;
    state.firstPending = firstTrick;
    for (let p = 0; p < 4; p++) {
      let team = 0;
      for (let o = 0; o < 4; o++) if (state.maxSide[o] === state.maxSide[p] && state.counted[o] === state.counted[p]) team |= 1 << o;
      state.teams[p] = team;
    }
    for (let p = 0; p < 4; p++) state.partner[p] = this.partnerOf(p);
    let countedSeats = 0, countedAvoid = false;
    state.loneAvoider = true;
    for (let p = 0; p < 4; p++) {
      if (state.counted[p]) countedSeats++;
      if (state.counted[p] && !state.maxSide[p]) countedAvoid = true;
      if (state.counted[p] === state.maxSide[p]) state.loneAvoider = false;
    }
    if (countedSeats !== 1) state.loneAvoider = false;
    state.useFront = !exactTable && countedSeats === 2 && countedAvoid;
    state.avoiding = countedAvoid;
    state.ply = 0;
    state.savedTop = 0;
    nodesSearched += state.nodes & 0xffff;
    state.nodes = 0;
    state.tLen = 0;
    state.trickMask.zero4(0);
    {
      const l = leader * 4, h = state.hand;
      state.left = popcount(h[l]) + popcount(h[l + 1]) + popcount(h[l + 2]) + popcount(h[l + 3]) + <i32>state.jok[leader] + (trickLen > 0 ? 1 : 0);
    }
    // Replay the trick in progress onto the trick arrays (its cards are already out of the hands).
    for (let i = 0; i < trickLen; i++) {
      const m = TRICK[i];
      state.tLen++;
      state.tSeat[i] = <i8>((leader + i) & 3);
      if (m === JOKER_MOVE) {
        state.tSuit[i] = -1;
        state.tRank[i] = -1;
      } else {
        state.tSuit[i] = <i8>(m >> 4);
        state.tRank[i] = <i8>(m & 15);
        state.trickMask[m >> 4] |= 1 << (m & 15);
      }
    }
    state.winIdx[0] = trickLen > 0 ? this.winningIndex() : 0;
  }

  killerData(): usize {
    return changetype<usize>(state.killer);
  }

  /** Seat to play now. */
  toMove(): i32 {
    return (state.leader + state.tLen) & 3;
  }

  /** Tricks still to be played, the one in progress included (counted once, then kept by play/unplay). */
  tricksLeft(): i32 {
    return state.left;
  }

  /** Upper limit on further counted tricks (the stops end the hand early). */
  private maxMore(): i32 {
    if (state.cw >= state.stopC || state.ow >= state.stopO) return 0;
    return min<i32>(this.tricksLeft(), state.stopC - state.cw);
  }

  /** Exact number of further counted tricks from here with best play by both sides, known to lie in [lo, hi]. */
  value(guess: i32 = NO_GUESS, lo: i32 = 0, hi: i32 = 99): i32 {
    hi = min<i32>(hi, this.maxMore());
    lo = max<i32>(0, min<i32>(lo, hi));
    // A greedy playout is a cheap, usually close, first guess.
    let v = max<i32>(lo, min<i32>(hi, guess !== NO_GUESS ? guess : this.rollout()));
    // Walk from the guess: tests far from the answer are cheap, so a good guess costs two or three.
    if (v === lo || this.ge(v)) {
      while (v < hi && this.ge(v + 1)) v++;
      return v;
    }
    v--;
    while (v > lo && !this.ge(v)) v--;
    return v;
  }

    /** Legal moves of the player to move into MOVES_OUT; returns their count. */
  legalMoves(): i32 {
    const n = this.generate(this.toMove(), state.ply, false);
    for (let i = 0; i < n; i++) MOVES_OUT[i] = <i32>state.moves[state.ply * MOVES_PER_NODE + i];
    return n;
  }

  /** The lowest card touching `move` in the mover's hand: equivalent moves share it. */
  representative(move: i32): i32 {
    if (move === JOKER_MOVE) return move;
    const p = this.toMove(), s = move >> 4, h = state.hand;
    const called = s === state.calledSuit ? state.calledBit : 0;
    let bit = 1 << (move & 15);
    if (bit === called) return move;
    const mine = h[p * 4 + s] & ~called;
    const seq = state.inPlay[s] | state.trickMask[s];
    for (;;) {
      const below = highBit(seq & (bit - 1));
      if (below === 0 || (mine & below) === 0) break;
      bit = below;
    }
    return s * 16 + (31 - clz<i32>(bit));
  }

  /**
   * Exact value after the player to move plays `move`. Known bounds on it (such as the position's
   * value: no card beats the best one) save searches; the value of the position is the usual one.
   * A guess (counted tricks from the position before `move`) replaces the bound or playout as the first test.
   */
  valueAfter(move: i32, lo: i32, hi: i32, guess: i32): i32 {
    const p = this.toMove();
    const before = state.cw;
    const undo = this.play(p, move);
    const won = state.cw - before;
    const v = this.value(guess !== NO_GUESS ? guess - won : hi < 99 ? hi - won : lo > 0 ? lo - won : NO_GUESS, lo - won, hi - won) + won;
    this.unplay(p, move, undo);
    return v;
  }

  /**
   * Further counted tricks when every seat plays the move ordering's first choice (cash winners,
   * win cheaply, duck otherwise) from here to the end: a fast, approximate playout.
   */
  rollout(): i32 {
    const start = state.cw;
    const played = state.played;
    let np = 0;
    while (this.maxMore() > 0) {
      const p = this.toMove();
      const n = this.generate(p, state.ply, true);
      if (n === 0) break;
      const m = <i32>state.moves[state.ply * MOVES_PER_NODE];
      played[np++] = p;
      played[np++] = m;
      played[np++] = this.play(p, m);
    }
    const result = state.cw - start;
    while (np > 0) {
      const undo = played[--np], m = played[--np], p = played[--np];
      this.unplay(p, m, undo);
    }
    return result;
  }

  /** rollout() after the player to move plays `move`, counting that trick too. */
  rolloutAfter(move: i32): i32 {
    const p = this.toMove();
    const before = state.cw;
    const undo = this.play(p, move);
    const v = this.rollout() + (state.cw - before);
    this.unplay(p, move, undo);
    return v;
  }

  // ---------------------------------------------------------------------------

  /**
   * Can the maximisers make at least `t` more counted tricks? Also leaves in rel[ply * 4 + suit]
   * the cards (rank bits) whose ranks decided the answer: a trick won by outranking a card of the
   * same suit, or a bound from top cards. Cards outside that set can change hands without
   * changing the answer (partition search).
   */
  ge(t: i32): bool {
    // The clock is read every 65536 nodes (a few milliseconds of search).
    if ((++state.nodes & 0xffff) === 0) tick();
    const rb = state.ply * 4;
    const rel = state.rel;
    rel.zero4(rb);
    if (t <= 0) return true;
    if (t > this.maxMore()) return false;
    if (state.tLen === 0) return this.tricksLeft() === 1 && !state.firstPending ? this.lastTrick(rb) : this.geBoundary(t);
    const p = this.toMove();
    this.clearTried(rb);
    if (state.tLen === 3 && state.avoiding && state.left >= readAheadLeft) return this.readAhead(p, t, rb);
    // For a seat that wants the trick, the move the ordering puts first is found without generating
    // the others, and usually decides the node (trick deals: about a tenth of the CPU).
    const first = this.wantsTrick(p) ? this.firstMove(p) : -1;
    if (first >= 0 && this.tryMove(p, first, t, rb)) return state.maxSide[p];
    const n = this.generate(p, state.ply, true);
    return this.firstCut(p, n, t, rb, first) >= 0 ? state.maxSide[p] : !state.maxSide[p];
  }

  /**
   * The move the ordering (see order) puts first for seat p, who wants the trick, found without
   * generating the others; -1 with a joker in its hand or holding the called card (their moves
   * are ordered apart). Ties go as order's stable sort leaves them: the lower suit first.
   */
  private firstMove(p: i32): i32 {
    const h = state.hand, tr = state.trump, led = state.tSuit[0];
    if (led < 0 || state.jok[p] > 0 || (state.calledBit !== 0 && (h[p * 4 + state.calledSuit] & state.calledBit) !== 0)) return -1;
    const wi = state.winIdx[state.ply];
    const mine = h[p * 4 + led];
    if (mine !== 0) {
      // Following suit: the cheapest card that wins and holds, else that wins, else the lowest.
      const winners = this.beating(led, mine, wi);
      if (winners === 0 || this.partnerSure(p, wi)) return led * 16 + ctz<i32>(mine);
      const held = winners & this.holdingRanks(p, led);
      return led * 16 + ctz<i32>(held !== 0 ? held : winners);
    }
    // Void in the suit led: the cheapest trump that wins (and holds), else the best discard.
    const trumps = tr >= 0 ? h[p * 4 + tr] : 0;
    const ruffs = trumps === 0 ? 0 : this.beating(tr, trumps, wi);
    const sure = this.partnerSure(p, wi);
    if (ruffs !== 0 && !sure) {
      const held = ruffs & this.holdingRanks(p, tr);
      return tr * 16 + ctz<i32>(held !== 0 ? held : ruffs);
    }
    let best = -1, bestScore = 0;
    for (let s = 0; s < 4; s++) {
      const x = h[p * 4 + s];
      if (x === 0) continue;
      const r = ctz<i32>(x);
      const score = (sure ? -r : this.discardScore(p, s, r)) - (s === tr ? 20 : 0);
      if (best < 0 || score > bestScore) {
        best = s * 16 + r;
        bestScore = score;
      }
    }
    return best;
  }

  /** Whether the card winning the trick (index wi) is a team-mate's of p that no seat still to play can beat. */
  // @ts-ignore: AssemblyScript decorator
  @inline private partnerSure(p: i32, wi: i32): bool {
    if (!this.sameTeam(p, state.tSeat[wi])) return false;
    const h = state.hand, tr = state.trump, ws = state.tSuit[wi];
    for (let k = state.tLen + 1; k < 4; k++) {
      const o = (state.leader + k) & 3;
      if (ws === -1) {
        if (state.jokerTrumpable && tr >= 0 && h[o * 4 + tr] !== 0) return false;
      } else if (h[o * 4 + ws] !== 0) {
        if (h[o * 4 + ws] >= 1 << state.tRank[wi]) return false;
      } else if (!(ws === tr || tr < 0 || h[o * 4 + tr] === 0)) return false;
    }
    return true;
  }

  /**
   * Tries the n moves generated for seat p at this node, in order, until one gives p's side what
   * it wants ("at least t" for the maximisers, "fewer" for the others): returns that move, or -1
   * when every move was tried. `done` is a move already tried (or -1): the node's relevant and
   * tried cards are kept from it, and it is not tried again. Leaves the node's relevant cards in rel[rb..].
   */
  private firstCut(p: i32, n: i32, t: i32, rb: i32, done: i32): i32 {
    const base = state.ply * MOVES_PER_NODE;
    for (let i = 0; i < n; i++) {
      const m = state.moves[base + i];
      if (m === done || this.skipTouching(base + i, rb, m) || this.skipBelowRel(rb, m)) continue;
      if (this.tryMove(p, m, t, rb)) return m;
    }
    return -1;
  }

  /**
   * Seat p plays m: true when that gives p's side what it wants (its relevant cards then replace
   * the node's), else false (they join the node's, and m counts as tried).
   */
  // @ts-ignore: AssemblyScript decorator
  @inline private tryMove(p: i32, m: i32, t: i32, rb: i32): bool {
    const before = state.cw;
    const undo = this.play(p, m);
    const r = this.ge(t - (state.cw - before));
    this.unplay(p, m, undo);
    if (r === state.maxSide[p]) {
      this.takeRel(rb);
      return true;
    }
    this.addRel(rb);
    if (m !== JOKER_MOVE) state.tried[rb + (m >> 4)] |= 1 << (m & 15);
    return false;
  }

  /** No card tried yet at the node of ply slot rb (see skipBelowRel). */
  private clearTried(rb: i32): void {
    const tried = state.tried;
    tried.zero4(rb);
  }

  /** Moves m, one of the n moves from buffer slot base, to the front (swapped with the first). */
  private toFront(base: i32, n: i32, m: i32): void {
    const ba = state.bottomAt;
    for (let i = 1; i < n; i++)
      if (state.moves[base + i] === m) {
        state.moves[base + i] = state.moves[base];
        state.moves[base] = m;
        const b = ba[base + i];
        ba[base + i] = ba[base];
        ba[base] = b;
        return;
      }
  }

  /** Whether seat p, on lead, may lead m (a card of its hand; the called card first in its suit; no joker to the first trick). */
  private legalLead(p: i32, m: i32): bool {
    if (m === JOKER_MOVE) return state.jok[p] > 0 && !state.firstPending;
    const s = m >> 4, bit = 1 << (m & 15), mine = state.hand[p * 4 + s];
    if ((mine & bit) === 0) return false;
    return !(s === state.calledSuit && (mine & state.calledBit) !== 0 && bit !== state.calledBit);
  }

  /**
   * The last trick, every card forced: played out directly (no moves to generate, no table entry).
   * Does a counted seat win it? Its winning rank is relevant when it beat a card of its suit.
   */
  private lastTrick(rb: i32): bool {
    const before = state.cw, L = state.leader;
    const m0 = this.onlyCard(L), u0 = this.play(L, m0);
    const p1 = (L + 1) & 3, m1 = this.onlyCard(p1), u1 = this.play(p1, m1);
    const p2 = (L + 2) & 3, m2 = this.onlyCard(p2), u2 = this.play(p2, m2);
    const p3 = (L + 3) & 3, m3 = this.onlyCard(p3), u3 = this.play(p3, m3);
    const won = state.cw > before;
    const ws = state.winSuit[state.ply];
    if (ws >= 0) state.rel[rb + ws] |= state.winBit[state.ply];
    this.unplay(p3, m3, u3);
    this.unplay(p2, m2, u2);
    this.unplay(p1, m1, u1);
    this.unplay(L, m0, u0);
    return won;
  }

  /** The one card seat p holds (at the last trick). */
  private onlyCard(p: i32): i32 {
    if (state.jok[p] > 0) return JOKER_MOVE;
    const h = state.hand;
    for (let s = 0; s < 4; s++) {
      const x = h[p * 4 + s];
      if (x !== 0) return s * 16 + (31 - clz<i32>(x));
    }
    return -1;
  }

  /**
   * A card equivalent to a lower one of its hand need not be tried when the node's relevant cards
   * already reach down to its run: every position that shares them holds the same run (see bottomAt).
   */
  private skipTouching(slot: i32, rb: i32, m: i32): bool {
    const bottom = state.bottomAt[slot];
    return bottom >= 0 && (state.rel[rb + (m >> 4)] & ((2 << bottom) - 1)) !== 0;
  }

  /**
   * A card of a suit in which this node already tried (and refuted) another card of the mover,
   * when both lie below every card relevant so far: every position sharing the relevant top cards
   * holds the same cards above them, so after either card the child falls in the class of the
   * child already searched (a trick decided by rank marked its winner, which beat both cards or
   * neither). Not for the called suit (its card's place is marked only at store), nor with the
   * exact-position table (the reference kept independent of this).
   */
  private skipBelowRel(rb: i32, m: i32): bool {
    if (m === JOKER_MOVE || state.exactTable) return false;
    const s = m >> 4;
    const t = state.tried[rb + s];
    if (t === 0 || (s === state.calledSuit && state.calledBit !== 0)) return false;
    const bit = 1 << (m & 15), low = t & -t;
    const hi = bit > low ? bit : low;
    return (state.rel[rb + s] & ((hi << 1) - 1)) === 0;
  }

  /** Relevant cards of the child just searched (and the trick it completed) replace this node's. */
  private takeRel(rb: i32): void {
    const rel = state.rel;
    rel[rb] = rel[rb + 4];
    rel[rb + 1] = rel[rb + 5];
    rel[rb + 2] = rel[rb + 6];
    rel[rb + 3] = rel[rb + 7];
    const ws = state.winSuit[state.ply + 1];
    if (ws >= 0) rel[rb + ws] |= state.winBit[state.ply + 1];
  }

  /** Relevant cards of the child just searched join this node's. */
  private addRel(rb: i32): void {
    const rel = state.rel;
    rel[rb] |= rel[rb + 4];
    rel[rb + 1] |= rel[rb + 5];
    rel[rb + 2] |= rel[rb + 6];
    rel[rb + 3] |= rel[rb + 7];
    const ws = state.winSuit[state.ply + 1];
    if (ws >= 0) rel[rb + ws] |= state.winBit[state.ply + 1];
  }

  /** Marks the top `k` cards of suit s as relevant at this node. */
  private relTop(rb: i32, s: i32, k: i32): void {
    const h = state.hand;
    state.rel[rb + s] |= topBits(state.inPlay[s], k);
  }

  private geBoundary(t: i32): bool {
    const rb = state.ply * 4;
    const hash = this.bucketKey();
    const check = state.check;
    state.bestFound = -1;
    const fb = this.frontSlot(hash, check, rb);
    // The search below hashes other positions: this one's check is kept here.
    const fc = state.frontCheck;
    const found = this.tableVerdict(hash, check, fb, fc, t, rb);
    if (found >= 0) return found === 1;
    const verdict = this.boundVerdict(t, rb);
    if (verdict >= 0) return verdict === 1;
    const p = state.leader;
    const depth = state.ply;
    const nodesBefore = state.nodes;
    // The lead that cut off at the last boundary searched at this depth first (when legal: it is
    // tried before the others are generated, and usually decides), else the table's best move:
    // the killer, fresh from a sibling, cost fewer nodes (full nolo deals 5%, trick deals 1%).
    const killer = state.killer[depth];
    this.clearTried(rb);
    const first = killer >= 0 && this.legalLead(p, killer) ? <i32>killer : -1;
    let cut = -1;
    if (first >= 0 && this.tryMove(p, first, t, rb)) cut = first;
    else {
      const n = this.generate(p, depth, true);
      const best = killer >= 0 ? <i32>killer : state.bestFound;
      if (best >= 0) this.toFront(depth * MOVES_PER_NODE, n, best);
      cut = this.firstCut(p, n, t, rb, first);
    }
    const result = cut >= 0 ? state.maxSide[p] : !state.maxSide[p];
    if (cut >= 0) state.killer[depth] = <i8>cut;
    this.store(hash, check, result, t, cut, rb, state.nodes - nodesBefore);
    if (fb >= 0) this.frontAdd(fb, fc, (poolNext - 1) * ENTRY);
    return result;
  }

  /**
   * What the table says of "at least t" at the trick-boundary position at ply slot rb (bucket hash
   * and check; front slot fb and front check fc, fb -1 without the front): 1 or 0 when an entry
   * decides it (marking the top cards it requires as relevant; an entry found in the pool joins the
   * position's front slot), -1 when none does.
   */
  private tableVerdict(hash: i32, check: i32, fb: i32, fc: i32, t: i32, rb: i32): i32 {
    if (fb >= 0 && front[fb + F_GEN] === state.gen && front[fb + F_CHECK] === fc) {
      // "At least t" holds from lb >= t, fails from ub < t, that is 15 - ub >= 16 - t.
      if (this.frontDecides(fb + F_LB, t, rb)) return 1;
      if (this.frontDecides(fb + F_UB, 16 - t, rb)) return 0;
    }
    const bb = (hash & TT_MASK) * BUCKET_FIELDS;
    if (buckets[bb + B_GEN] !== state.gen || buckets[bb + B_CHECK] !== check) return -1;
    this.requiredOwners(rb);
    for (let w = 0; w < 3; w++) {
      let bits = buckets[bb + B_MASKS + w];
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const idx = 27 * w + 31 - clz<i32>(low);
        const key = slotKey(hash, check, idx, this.ownersUnder(idx));
        // The bucket's filter says when no entry was ever chained under this key: no slot to read.
        const f = bloomBit(key);
        if ((buckets[bb + B_BLOOM + (f >> 5)] & (1 << (f & 31))) === 0) continue;
        const r = this.probe(2 * (key & S_MASK), check, t, rb);
        if (r >= 0) {
          if (fb >= 0) this.frontAdd(fb, fc, state.foundEntry);
          return r;
        }
      }
    }
    return -1;
  }

  /**
   * The fourth seat's node near the top of a search where seats avoid tricks (see READ_AHEAD_LEFT):
   * its card after which the table already decides the trick's boundary position p's way is tried
   * first (enhanced transposition cut-offs), else the ordering's first; then as firstCut.
   */
  private readAhead(p: i32, t: i32, rb: i32): bool {
    const n = this.generate(p, state.ply, true);
    const base = state.ply * MOVES_PER_NODE, want = state.maxSide[p] ? 1 : 0;
    for (let i = 0; i < n; i++) {
      const m = state.moves[base + i];
      const before = state.cw;
      const undo = this.play(p, m);
      const r = this.boundaryTableSays(t - (state.cw - before));
      this.unplay(p, m, undo);
      if (r === want) {
        this.toFront(base, n, m);
        break;
      }
    }
    return this.firstCut(p, n, t, rb, -1) >= 0 ? state.maxSide[p] : !state.maxSide[p];
  }

  /** tableVerdict for the trick-boundary position just reached (searching nothing; its relevant cards are set again when it is searched). */
  private boundaryTableSays(t: i32): i32 {
    if (t <= 0) return 1;
    if (t > this.maxMore()) return 0;
    const rb = state.ply * 4;
    state.rel.zero4(rb);
    const hash = this.bucketKey();
    const check = state.check;
    const fb = this.frontSlot(hash, check, rb);
    return this.tableVerdict(hash, check, fb, state.frontCheck, t, rb);
  }

  /**
   * The front slot (its offset) of the trick-boundary position at ply slot rb, whose bucket hash and
   * check are given; -1 where the search reads no front (see useFront), or not yet (its table not full).
   */
  private frontSlot(hash: i32, check: i32, rb: i32): i32 {
    if (!state.useFront || state.gen !== fullGeneration) return -1;
    const oa = state.ownersAt;
    let a = hash, c = check;
    for (let s = 0; s < 4; s++) {
      const o = oa[rb + s];
      a = (a ^ o) * <i32>0x9e3779b1;
      a ^= a >>> 15;
      c = (c + o) * <i32>0x85ebca77;
      c ^= c >>> 13;
    }
    a = a * <i32>0x7feb352d;
    a ^= a >>> 16;
    c = c * <i32>0xc2b2ae35;
    c ^= c >>> 16;
    state.frontCheck = c;
    return (a & F_MASK) * FRONT;
  }

  /**
   * The bound of pool entry eb (the one a probe found deciding, or the one just stored), holding
   * for every position sharing its top cards, joins the position of front slot fb and check fc as
   * its side's tightest and or narrowest bound (a slot another position took since starts again).
   */
  private frontAdd(fb: i32, fc: i32, eb: i32): void {
    const f = front, pl = pool;
    if (f[fb + F_GEN] !== state.gen || f[fb + F_CHECK] !== fc) {
      f[fb + F_GEN] = state.gen;
      f[fb + F_CHECK] = fc;
      // Both sides open, requiring nothing.
      f[fb + F_LB] = 0;
      f[fb + F_LB + 1] = 0;
      f[fb + F_UB] = 0;
      f[fb + F_UB + 1] = 0;
    }
    const d = pl[eb + DATA], lb = d & 15, ub = (d >> 4) & 15;
    const ks = (pl[eb + TOP] >>> 26) | ((pl[eb + TOP + 1] >>> 26) << 4) | ((pl[eb + TOP + 2] >>> 26) << 8) | ((pl[eb + TOP + 3] >>> 26) << 12);
    if (lb > 0) frontSideAdd(fb + F_LB, lb, ks);
    if (ub < 15) frontSideAdd(fb + F_UB, 15 - ub, ks);
  }

  /** Whether the front side at offset o holds a bound of tightness `need` or more: the narrower that does, its top cards marked relevant. */
  private frontDecides(o: i32, need: i32, rb: i32): bool {
    const d = front[o], k = front[o + 1];
    if (((d >> 4) & 15) >= need) {
      this.relTopKs(rb, k >>> 16);
      return true;
    }
    if ((d & 15) >= need) {
      this.relTopKs(rb, k & 0xffff);
      return true;
    }
    return false;
  }

  /** Marks the top k cards of each suit as relevant (k per suit, 4 bits each in ks). */
  private relTopKs(rb: i32, ks: i32): void {
    for (let s = 0; s < 4; s++) {
      const k = (ks >> (4 * s)) & 15;
      if (k !== 0) this.relTop(rb, s, k);
    }
  }

  /**
   * Whether the counted seats can make `t` more tricks, from bounds alone at a trick boundary:
   * 1 yes, 0 no, -1 unknown (search). Marks in rel[rb..] the cards whose places the verdict used.
   */
  private boundVerdict(t: i32, rb: i32): i32 {
    const p = state.leader;
    const left = this.tricksLeft();
    const yes = state.maxSide[p] ? 1 : 0;
    // The leader's quick tricks outside the trump suit (-1: none counted), for the trump bound below.
    let qSide = -1, need = 0;
    if (this.wantsTrick(p)) {
      // Tricks the leader can cash at once bound the result from one side.
      // Tricks to cash for a cut-off: t for the maximisers, enough to leave fewer than t for the others.
      need = state.maxSide[p] ? t : left - t + 1;
      // Counted and marked in one pass; the marks are undone when the count falls short.
      const rel = state.rel, r0 = rel[rb], r1 = rel[rb + 1], r2 = rel[rb + 2], r3 = rel[rb + 3];
      const qL = this.quickTricks(p, rb, need, true);
      if (qL >= need) return yes;
      rel[rb] = r0;
      rel[rb + 1] = r1;
      rel[rb + 2] = r2;
      rel[rb + 3] = r3;
      const kL = state.kLead;
      for (let s = 0; s < 4; s++) {
        kL[s] = state.qk[s];
        state.runLead[s] = state.qRun[s];
      }
      // The leader's tricks in its suits alone: its jokers are not cashed before a cross (see cashThenCross).
      const qLSuits = qL - state.qJokers;
      // Its jokers left out: a team-mate holding only trumps would have to play one to a joker.
      if (state.trump >= 0 && !state.qDrawn) qSide = qLSuits - kL[state.trump];
      // Or lead to a team-mate's top card and let the team-mate cash from there, or (a pair) first
      // cash the leader's own top cards, then cross.
      for (let o = 0; o < 4; o++) {
        if (o === p || !this.sameTeam(p, o)) continue;
        const entry = this.entrySuit(p, o);
        if (entry < 0) continue;
        const qM = this.quickTricks(o, rb, 0);
        if (qM >= need) {
          this.quickTricks(o, rb, need);
          this.relTop(rb, entry, 1);
          return yes;
        }
        if (qLSuits > 0 && qM > 0 && qLSuits + qM >= need && o === state.partner[p] && kL[entry] === 0 && this.cashThenCross(o, entry, qLSuits, rb, need) >= need) return yes;
      }
    }
    if (!state.othersStop) {
      // A side that must take every trick left, while the other holds a top card it can keep for its suit.
      if (t === left && this.cannotTakeAll(true, left, rb)) return 0;
      if (t === 1 && this.cannotTakeAll(false, left, rb)) return 1;
      // A lone player avoiding tricks in no trump, all of whose cards lie below the others' in every
      // suit they share, takes no more (nor do the others when theirs lie below his); nor does he, with
      // them on lead, when his cards lie below theirs card for card in every suit (escapesEverySuit).
      if (state.trump < 0 && state.loneAvoider) {
        if (this.takesNoMore(true, rb)) return 0;
        if (this.takesNoMore(false, rb)) return 1;
        if (this.escapesEverySuit(rb)) return 0;
      }
      // A trump above every trump of the other side wins its trick for its side whenever it is
      // played (following a trump lead or ruffing), and each hand plays its trumps in distinct
      // tricks: so a side takes at least as many tricks as any one of its hands holds such trumps.
      // Unless the other side leads a joker that nothing beats while the hand holds only trumps.
      // A pair (hands W, Q, W the longer in trumps) takes at least min(such trumps of both, W's
      // trumps): W plays a lower trump where Q plays such a trump, else one of its own such trumps
      // while it has them. Then either the two never fall in one trick (every such trump wins a trick
      // of its own), or W once has none of its lower trumps left to play beside Q's, having spent
      // them all beside Q's: then each of W's trumps is in a trick the pair wins.
      if (state.trump >= 0) {
        const h = state.hand, tr = state.trump;
        const seq = state.inPlay[tr];
        for (let side = 0; side < 2 && seq !== 0; side++) {
          const counted = side === 0;
          let other = 0, otherJokers = 0;
          for (let o = 0; o < 4; o++)
            if (state.counted[o] !== counted) {
              other |= h[o * 4 + tr];
              otherJokers += state.jok[o];
            }
          if (otherJokers > 0 && !state.jokerTrumpable) continue;
          const above = other === 0 ? -1 : ~((highBit(other) << 1) - 1);
          // Per hand of the side: its such trumps (top), and whether it plays no trump to the leader's
          // quick tricks outside trumps (the leader, or a hand with a card outside trumps for each).
          const withLead = qSide > 0 && counted === state.counted[p];
          let c = 0, cq = 0, tops = 0, longest = 0, seats = 0, seat = 0;
          for (let o = 0; o < 4; o++) {
            if (state.counted[o] !== counted) continue;
            seat = o;
            const top = popcount(h[o * 4 + tr] & above);
            c = max<i32>(c, top);
            tops += top;
            longest = max<i32>(longest, popcount(h[o * 4 + tr]));
            seats++;
            if (withLead && (o === p || this.cardsOutside(o, tr) >= qSide)) cq = max<i32>(cq, top);
          }
          if (c === 0) continue;
          // The pair's count (above): a pair that wants tricks (one avoiding them would put its two such
          // trumps in one trick), with no joker in play and no called trump (its holder may have to play it).
          if (seats === 2 && this.wantsTrick(seat) && this.noJokers() && tr !== state.calledSuit) c = max<i32>(c, min<i32>(tops, longest));
          // Or the leader's quick tricks outside trumps first, then those trumps' tricks.
          const alone = counted ? c >= t : left - c < t;
          if (!alone && !(cq > 0 && qSide + cq >= need)) continue;
          // The other side's lengths are the bucket's: with no trumps there, no card's place is needed.
          if (other !== 0) this.relTop(rb, tr, popcount(seq & above));
          if (!alone) this.markQuick(rb, need - cq);
          return counted ? 1 : 0;
        }
      }
    }
    return -1;
  }

  /**
   * For tests, inside a trick: the move firstMove finds for the seat to move (-1 where it does not
   * apply), and with `ordered` the first move of the full ordering instead (-2 at a trick boundary).
   */
  firstMoveSays(ordered: bool): i32 {
    if (state.tLen === 0) return -2;
    const p = this.toMove();
    if (ordered) return this.generate(p, state.ply, true) > 0 ? state.moves[state.ply * MOVES_PER_NODE] : -1;
    return this.wantsTrick(p) ? this.firstMove(p) : -1;
  }

  /**
   * For tests: at a trick boundary, the bounds' verdict on "can the counted seats make `t` more
   * tricks?" without a search: 1 yes, 0 no, -1 when the bounds do not decide, -2 inside a trick.
   */
  boundsSay(t: i32): i32 {
    if (state.tLen !== 0) return -2;
    if (t <= 0 || t > this.maxMore()) return t <= 0 ? 1 : 0;
    return this.boundVerdict(t, state.ply * 4);
  }

  /**
   * Looks up the entries chained at `slot` (a signature mask's key) that match this position (ply
   * slot rb): 1 or 0 when one decides "at least t" (marking the top cards it requires as relevant),
   * else -1.
   */
  private probe(slot: i32, check: i32, t: i32, rb: i32): i32 {
    if (slots[slot] !== state.gen) return -1;
    // No entry of the chain has a bound that decides "at least t": nothing to walk.
    const x = slots[slot + 1];
    if (((x >>> LB_AT) & 15) < t && x >>> UB_AT >= t) return -1;
    const oa = state.ownersAt, la = state.lensAt, pl = pool;
    const o0 = oa[rb], o1 = oa[rb + 1], o2 = oa[rb + 2], o3 = oa[rb + 3];
    const l0 = 2 * la[rb], l1 = 2 * la[rb + 1], l2 = 2 * la[rb + 2], l3 = 2 * la[rb + 3];
    for (let e = x & HEAD_MASK; e >= 0; e = pl[e * ENTRY + NEXT]) {
      const eb = e * ENTRY;
      if (pl[eb + BCHECK] !== check) continue;
      const t0 = pl[eb + TOP], t1 = pl[eb + TOP + 1], t2 = pl[eb + TOP + 2], t3 = pl[eb + TOP + 3];
      const k0 = t0 >>> 26, k1 = t1 >>> 26, k2 = t2 >>> 26, k3 = t3 >>> 26;
      if (
        ((o0 >>> (l0 - 2 * k0)) | (k0 << 26)) !== t0 ||
        ((o1 >>> (l1 - 2 * k1)) | (k1 << 26)) !== t1 ||
        ((o2 >>> (l2 - 2 * k2)) | (k2 << 26)) !== t2 ||
        ((o3 >>> (l3 - 2 * k3)) | (k3 << 26)) !== t3
      )
        continue;
      const d = pl[eb + DATA];
      const elb = d & 15, eub = (d >> 4) & 15;
      if (elb >= t || eub < t) {
        const ks = k0 | (k1 << 4) | (k2 << 8) | (k3 << 12);
        this.relTopKs(rb, ks);
        state.foundEntry = eb;
        return elb >= t ? 1 : 0;
      }
      if (state.bestFound < 0) state.bestFound = ((d >> 8) & 127) - 1;
    }
    return -1;
  }

  /** Records the answer for every position sharing this one's relevant top cards, found by a search of `nodes` nodes. */
  private store(hash: i32, check: i32, result: bool, t: i32, best: i32, rb: i32, nodes: i32): void {
    const h = state.hand, rel = state.rel, gen = state.gen;
    // The called card's obligation binds its holder: its place is always relevant.
    if (state.calledBit !== 0) rel[rb + state.calledSuit] |= state.calledBit;
    let ks = 0, idx = 0, owners = 0;
    const tops = state.tops;
    for (let s = 0, digit = 1; s < 4; s++, digit *= 3) {
      const seq = state.inPlay[s];
      const r = rel[rb + s] & seq;
      // Every card from the lowest relevant one up: smaller cards then never meet them unbeaten.
      const k = state.exactTable ? popcount(seq) : r === 0 ? 0 : popcount(seq & ~((r & -r) - 1));
      ks |= k << (4 * s);
      const top = state.ownersAt[rb + s] >>> (2 * (state.lensAt[rb + s] - k));
      tops[s] = top;
      // The signature mask (maskIndex) and the owners it requires (ownersUnder), suit by suit.
      const d = min<i32>(2, k);
      idx += d * digit;
      owners |= (top >>> (2 * (k - d))) << (4 * s);
    }
    // A new entry each time, not a search of the chain for one with the same cards: two in a hundred
    // stores found one, and the walk cost more than the duplicates do.
    // A full pool is compacted (or grows) first: growth moves the buckets, and with them this position's.
    if (poolNext >= POOL) compactPool(gen);
    else if (poolNext >= layoutAt) compactPool(gen, true);
    const key = slotKey(hash, check, idx, owners), slot = 2 * (key & S_MASK);
    chainInBucket(hash & TT_MASK, check, gen, idx, key);
    const e = poolNext++;
    const eb = e * ENTRY, pl = pool;
    pl[eb + BCHECK] = check;
    eKey[e] = key;
    eHash[e] = hash;
    pl[eb + GEN] = gen;
    pl[eb + TOP] = tops[0] | ((ks & 15) << 26);
    pl[eb + TOP + 1] = tops[1] | (((ks >> 4) & 15) << 26);
    pl[eb + TOP + 2] = tops[2] | (((ks >> 8) & 15) << 26);
    pl[eb + TOP + 3] = tops[3] | ((ks >>> 12) << 26);
    pl[eb + DATA] = (result ? t : 0) | ((result ? 15 : t - 1) << 4) | ((best + 1) << 8) | ((32 - clz<i32>(nodes)) << 16);
    chainEntry(slot, e, gen);
  }

  /** Fills req for the position at ply slot rb: per suit no owner, its top card's, its top two cards'. */
  private requiredOwners(rb: i32): void {
    const req = state.req, oa = state.ownersAt, la = state.lensAt;
    for (let s = 0; s < 4; s++) {
      const n = la[rb + s], code = oa[rb + s];
      req[3 * s + 1] = n >= 1 ? (code >>> (2 * n - 2)) & 3 : 0;
      req[3 * s + 2] = n >= 2 ? (code >>> (2 * n - 4)) & 15 : 0;
    }
  }

  /** The owners signature mask `idx` requires of the position requiredOwners filled req for, 4 bits a suit. */
  private ownersUnder(idx: i32): i32 {
    const req = state.req, di = 4 * idx;
    return req[MASK_DIGITS[di]] | (req[3 + MASK_DIGITS[di + 1]] << 4) | (req[6 + MASK_DIGITS[di + 2]] << 8) | (req[9 + MASK_DIGITS[di + 3]] << 12);
  }

  /**
   * Hash of a trick-boundary position, whose low bits pick its bucket: suit lengths per hand, leader,
   * jokers, first-trick and called-card state (and tricks taken when the hand can stop early). Fills
   * ownersAt/lensAt for this ply.
   */
  private bucketKey(): i32 {
    const h = state.hand;
    let h1 = 0x2545f491 | 0, h2 = 0x6b43a9b5 | 0;
    for (let s = 0; s < 4; s++) {
      const a = h[s], b = h[4 + s], c = h[8 + s], d = h[12 + s];
      const all = state.inPlay[s];
      // The owner's two bits are "b or d" and "c or d"; gathered along the suit's cards and interleaved.
      state.ownersAt[state.ply * 4 + s] = SPREAD[gather(b | d, all)] | (SPREAD[gather(c | d, all)] << 1);
      state.lensAt[state.ply * 4 + s] = popcount(all);
      const lengths = popcount(a) | (popcount(b) << 4) | (popcount(c) << 8) | (popcount(d) << 12);
      h1 = (h1 ^ lengths) * <i32>0x9e3779b1;
      h1 ^= h1 >>> 15;
      h2 = (h2 + lengths) * <i32>0x85ebca77;
      h2 ^= h2 >>> 13;
    }
    // Where the called card stands in its suit (0 = played): relative ranks alone would lose it.
    let calledOut = 0;
    if (state.calledBit !== 0) {
      const cs = state.calledSuit;
      const seq = state.inPlay[cs];
      if (seq & state.calledBit) calledOut = 1 + popcount(seq & ~(state.calledBit * 2 - 1));
    }
    let extra = state.leader | (state.jok[0] << 2) | (state.jok[1] << 4) | (state.jok[2] << 6) | (state.jok[3] << 8) | ((state.firstPending ? 1 : 0) << 10) | (calledOut << 11);
    if (state.othersStop) extra |= (state.cw << 16) | (state.ow << 21);
    h1 = (h1 ^ extra ^ state.gen) * <i32>0x9e3779b1;
    h1 ^= h1 >>> 16;
    h1 = (h1) * <i32>0x7feb352d;
    h1 ^= h1 >>> 15;
    h2 = (h2 + extra) * <i32>0xc2b2ae35;
    h2 ^= h2 >>> 13;
    h2 = (h2) * <i32>0x846ca68b;
    h2 ^= h2 >>> 16;
    state.check = h2;
    return h1;
  }

  /**
   * Tricks seat L can take at once from the top: its jokers (when nothing beats a led joker) and,
   * per suit, its unbroken run of top cards (its whole length once the run has drawn every other
   * hand's cards there), cut to what cannot be ruffed by an opponent; with `split`, in no trump, also
   * the top cards it shares with its partner (splitRun). L keeps
   * the lead only while its own card wins: a suit a team-mate may have to ruff (void in it, holding
   * trumps) counts nothing, since the team-mate would then lead and L's other winners may be stranded
   * (the jokers are cashed last, after the suits, so no opponent discards a suit on them first).
   */
  private quickTricks(L: i32, rb: i32, need: i32, split: bool = false): i32 {
    const h = state.hand;
    const team = state.maxSide[L];
    let oppTrumps = false, mateTrumps = false, oppJokers = false;
    let opps = 0, mates = 0;
    for (let o = 0; o < 4; o++) {
      const trumps = state.trump >= 0 && h[o * 4 + state.trump] !== 0;
      if (state.maxSide[o] !== team || state.counted[o] !== state.counted[L]) {
        opps |= 1 << o;
        if (trumps) oppTrumps = true;
        if (state.jok[o] > 0) oppJokers = true;
      } else if (o !== L && trumps) {
        mates |= 1 << o;
        mateTrumps = true;
      }
    }
    // Trumps drawn: when L's top trumps are at least as many as any other hand's trumps, L can lead them
    // first, and then nobody else holds a trump to ruff its other suits.
    let drawn = false;
    const tr = state.trump;
    if ((oppTrumps || mateTrumps) && !oppJokers && tr !== state.calledSuit) {
      const run = this.topRun(L, tr);
      if (run > 0 && this.longestOther(L, tr) <= run) {
        drawn = true;
        oppTrumps = mateTrumps = false;
        if (need > 0) this.relTop(rb, tr, run);
      }
    }
    let q = 0;
    if (!state.firstPending && !(state.jokerTrumpable && (oppTrumps || mateTrumps || drawn))) q += state.jok[L];
    state.qJokers = q;
    state.qDrawn = drawn;
    // Suits split with the partner (no trump, see splitRun) are cashed first, before the partner has to
    // discard; of them, at most one where the partner runs out of the suit (and discards), cashed last.
    let partnerDiscards = false;
    const P = split && tr < 0 ? state.partner[L] : -1;
    const qk = state.qk, qRun = state.qRun;
    qk.zero4(0);
    qRun.zero4(0);
    for (let s = 0; s < 4; s++) {
      const mine = h[L * 4 + s];
      if (mine === 0) continue;
      const all = state.inPlay[s];
      // L's top run: its cards above every other hand's highest card there (next, the card below the run).
      const next = highBit(all & ~mine);
      let k = countAbove(mine, next);
      // Holding the called card, the first lead of its suit must be that card: a run below it cannot be cashed.
      if (s === state.calledSuit && mine & state.calledBit && highBit(all) !== state.calledBit) k = 0;
      const run = k;
      if (k > 0 && s !== state.trump && (oppTrumps || mateTrumps)) {
        for (let o = 0; o < 4; o++)
          if (opps & (1 << o) && h[o * 4 + state.trump] !== 0) k = min<i32>(k, popcount(h[o * 4 + s]));
          else if (mates & (1 << o) && h[o * 4 + s] === 0) k = 0;
      } else if (k > 0 && !oppJokers) {
        // Once the run has drawn every other hand's cards of the suit, L's lower cards there win too
        // (nobody can ruff; an opponent's joker could be played instead of following, keeping a card).
        const len = popcount(mine);
        if (len > k && this.longestOther(L, s) <= k) k = len;
      }
      let marked = min<i32>(k, run);
      // Honours split with the partner, when it holds the card below L's run (not the called suit).
      if (P >= 0 && (h[P * 4 + s] & next) !== 0 && s !== state.calledSuit) {
        const sp = this.splitRun(L, P, s, run, !oppJokers), lenP = popcount(h[P * 4 + s]);
        if (sp > k && (!partnerDiscards || lenP >= sp)) {
          if (lenP < sp) partnerDiscards = true;
          k = sp;
          marked = state.splitTop;
        }
      }
      if (k === 0) continue;
      // Marking for a cut-off: only the top cards of the suits needed to reach `need` count.
      if (q < need) this.relTop(rb, s, marked);
      q += k;
      state.qk[s] = k;
      state.qRun[s] = marked;
    }
    return q;
  }

  /**
   * Tricks leader L takes in suit s, ending on lead, when its top run of `a` cards is followed by a
   * run of its partner P's (b cards) and then L's own again (c cards): L leads its lowest card to
   * P, P cashes its run and leads back its lowest card to L, who cashes the rest. L follows P's
   * run with its cards below its runs while it has them, then with its second run's (wasted,
   * at most c of them). P needs a card below its run to lead back. Cashed first, before L's other
   * suits, so no discard has taken P's cards of s. Once every other hand is out of the suit, L's
   * lower cards win too (no opponent's joker). In no trump only (with trumps it saved nodes but no
   * time, docs/solver-history.md, sixteenth pass). 0 when the pattern does not hold. Sets splitTop:
   * the runs' cards, which pin where the first two runs end; a longer last run only leaves L more
   * to follow with.
   */
  private splitRun(L: i32, P: i32, s: i32, a: i32, longOk: bool): i32 {
    const h = state.hand, mine = h[L * 4 + s], theirs = h[P * 4 + s];
    let x = state.inPlay[s];
    for (let i = 0; i < a; i++) x ^= highBit(x);
    let b = 0;
    while (x !== 0 && (theirs & highBit(x)) !== 0) {
      b++;
      x ^= highBit(x);
    }
    if (b === 0 || popcount(theirs) <= b) return 0;
    let c = 0;
    while (x !== 0 && (mine & highBit(x)) !== 0) {
      c++;
      x ^= highBit(x);
    }
    const lenL = popcount(mine), lows = lenL - a - c;
    const waste = max<i32>(0, b - lows);
    // L must win the last round: with an unwasted card of either run.
    if (waste > c || (a === 0 && waste === c)) return 0;
    let k = a + b + c - waste;
    if (longOk && lenL > k && this.longestOther(L, s) <= k) k = lenL;
    state.splitTop = a + b + c;
    return k;
  }

  /** How many of suit s's top cards (of every hand) seat L holds in an unbroken run. */
  private topRun(L: i32, s: i32): i32 {
    const h = state.hand, mine = h[L * 4 + s];
    // L's cards above every other hand's highest card there.
    return countAbove(mine, highBit((state.inPlay[s]) & ~mine));
  }

  /** The most cards of suit s any hand other than seat L holds. */
  private longestOther(L: i32, s: i32): i32 {
    const h = state.hand;
    let longest = 0;
    for (let o = 0; o < 4; o++) if (o !== L) longest = max<i32>(longest, popcount(h[o * 4 + s]));
    return longest;
  }

  /**
   * Can the counted seats (or, with `counted` false, the others) surely not take all `left` tricks?
   * This side must hold no trump (to ruff) and no joker (a joker may be played instead of following
   * suit). Let a seat W of the other side, one that wants this side to fall short, hold the top card
   * of suit s. W can keep that card to the end and play it whenever s is led, winning: so if this side
   * takes every trick, none is led in s while W holds it, and every trick is won by a card of another
   * suit. Each hand of this side still holding a suit follows every trick led in it, so the side wins
   * at most its longest holding there. When those maxima over the other suits add up to fewer than
   * `left`, the other side takes a trick. Only W's top card of s is relevant (lengths are the
   * bucket's). A called card in s could make W play another card of s: no such s.
   */
  private cannotTakeAll(counted: bool, left: i32, rb: i32): bool {
    const h = state.hand, tr = state.trump;
    for (let o = 0; o < 4; o++) if (state.counted[o] === counted && (state.jok[o] > 0 || (tr >= 0 && h[o * 4 + tr] !== 0))) return false;
    let total = 0;
    const cap = state.qk;
    for (let s = 0; s < 4; s++) {
      let most = 0;
      for (let o = 0; o < 4; o++) if (state.counted[o] === counted) most = max<i32>(most, popcount(h[o * 4 + s]));
      cap[s] = most;
      total += most;
    }
    for (let s = 0; s < 4; s++) {
      if (total - cap[s] >= left) continue;
      const seq = state.inPlay[s];
      if (seq === 0 || (s === state.calledSuit && seq & state.calledBit)) continue;
      const top = highBit(seq);
      let w = 0;
      while (!(h[w * 4 + s] & top)) w++;
      // W must want this side to fall short: its keeping the card is a choice.
      if (state.counted[w] === counted || state.maxSide[w] !== !counted) continue;
      this.relTop(rb, s, 1);
      return true;
    }
    return false;
  }

  /**
   * In no trump, does the side of the counted seats (or, with `counted` false, the others), playing
   * to avoid tricks, surely take no more? When in every suit both sides hold, each of its cards lies
   * below each of the other side's, a trick the other side leads is won by the led card or a higher
   * one of the other side (a led joker wins too), and one where this side is void goes to a discard;
   * so it never wins one, and never leads. If it leads now, its leader must hold a suit where a seat
   * of the other side with no joker (which it could play instead of following) has to go over it.
   * Marks, per suit both hold, the other side's cards (the top ones: the suit lengths are the
   * bucket's). Sound only for a side that plays to avoid tricks (see loneAvoider).
   */
  private takesNoMore(counted: bool, rb: i32): bool {
    const h = state.hand;
    let leadSafe = state.counted[state.leader] !== counted;
    // Per suit both hold, 4 bits: how many cards the other side holds there (marked once the verdict stands).
    let marks = 0;
    for (let s = 0; s < 4; s++) {
      let mine = 0, theirs = 0;
      for (let o = 0; o < 4; o++)
        if (state.counted[o] === counted) mine |= h[o * 4 + s];
        else theirs |= h[o * 4 + s];
      if (mine === 0 || theirs === 0) continue;
      if (highBit(mine) > (theirs & -theirs)) return false;
      marks |= popcount(theirs) << (4 * s);
      if (!leadSafe && h[state.leader * 4 + s] !== 0)
        for (let o = 0; o < 4; o++) if (state.counted[o] !== counted && h[o * 4 + s] !== 0 && state.jok[o] === 0) leadSafe = true;
    }
    if (!leadSafe) return false;
    this.relTopKs(rb, marks);
    return true;
  }

  /**
   * In no trump, with one of the three others on lead, does the lone player avoiding tricks (the one
   * counted seat) surely take no more? Yes when in every suit, with his cards and the others' (the
   * three together) each sorted from the lowest up, his i-th card lies below their i-th, for every i
   * up to the number of tricks they can still lead there (below). He then never wins a trick, so
   * never leads: to a trick led in a suit he holds he plays his highest card below the highest of
   * theirs played so far (one exists: his lowest lies below all of theirs), and to any other his
   * highest card of some suit (a joker led wins, a joker played to a lead never does). The condition
   * holds for what is left after either: his card goes with at least one of theirs that lay above it
   * (so each of his cards above it keeps a card of theirs above it), and whatever else they play only
   * leaves higher cards of theirs and fewer tricks to lead. Those tricks: each of them holding the
   * suit follows to every one led in it (or plays a joker instead), so holds it for at most its
   * cards there plus its jokers; they lead none once out of it. Not when he holds the called card (he
   * would have to play it). It decides many positions the all-below bound (takesNoMore) leaves to the
   * search, where his high cards there are matched by as many of theirs. Marks, per suit both hold,
   * every card above his run of cards below all of theirs: the cards left unmarked are then his, in
   * every position sharing the marked cards' places and the bucket's lengths, which so gives him and
   * them together the same cards there (his lowest lies below all of theirs whenever the verdict stands).
   */
  private escapesEverySuit(rb: i32): bool {
    const L = state.leader, h = state.hand;
    if (state.counted[L]) return false;
    let j = 0;
    while (!state.counted[j]) j++;
    if (state.calledBit !== 0 && (h[j * 4 + state.calledSuit] & state.calledBit) !== 0) return false;
    let marks = 0;
    for (let s = 0; s < 4; s++) {
      const mine = h[j * 4 + s];
      const theirs = (state.inPlay[s]) & ~mine;
      if (mine === 0 || theirs === 0) continue;
      // The tricks they can still lead in s: each of them holding s follows to every one (or plays a joker
      // instead), so one holds s for at most its cards there and its jokers.
      let rounds = 0;
      for (let o = 0; o < 4; o++) if (o !== j && h[o * 4 + s] !== 0) rounds = max<i32>(rounds, popcount(h[o * 4 + s]) + state.jok[o]);
      let x = mine, y = theirs;
      while (x !== 0 && y !== 0 && rounds-- > 0) {
        const lx = x & -x, ly = y & -y;
        if (lx > ly) return false;
        x ^= lx;
        y ^= ly;
      }
      marks |= countAbove(mine | theirs, highBit(mine & ((theirs & -theirs) - 1))) << (4 * s);
    }
    this.relTopKs(rb, marks);
    return true;
  }


  /** No joker left in any hand. */
  private noJokers(): bool {
    return state.jok[0] + state.jok[1] + state.jok[2] + state.jok[3] === 0;
  }

  /** Seat o's cards outside suit s, jokers included. */
  private cardsOutside(o: i32, s: i32): i32 {
    let n = state.jok[o];
    for (let x = 0; x < 4; x++) if (x !== s) n += popcount(state.hand[o * 4 + x]);
    return n;
  }

  /** Marks the top cards the leader's quick tricks outside trumps rest on (kLead, runLead), suit by suit until they reach `upto`. */
  private markQuick(rb: i32, upto: i32): void {
    let q = 0;
    for (let s = 0; s < 4 && q < upto; s++) {
      if (s === state.trump || state.kLead[s] === 0) continue;
      this.relTop(rb, s, state.runLead[s]);
      q += state.kLead[s];
    }
  }

  /** The one team-mate of seat p when its team is a pair (two seats), else -1. */
  private partnerOf(p: i32): i32 {
    let mate = -1;
    for (let o = 0; o < 4; o++) {
      if (o === p || !this.sameTeam(p, o)) continue;
      if (mate >= 0) return -1;
      mate = o;
    }
    return mate;
  }

  /**
   * Tricks leader L cashes from the top in its own suits, `qL` (its jokers left aside: opponents'
   * discards on them could shorten a suit they then ruff), and then team-mate M after L leads it an entry:
   * M's top cards in the suits L did not cash. M follows L's suits with its cards there and, once
   * void, discards cards it does not need (neither its winners nor trumps, which would overtake
   * L's winner); opponents holding trumps follow to all of L's tricks (quickTricks cuts a run to
   * their length), so their lengths in M's suits are unchanged. 0 when the plan does not hold.
   * Called right after quickTricks(M) (qk, qJokers), with L's per suit in kLead and the entry suit.
   * When it reaches `need`, marks the top cards of every suit it counts (and the entry) as relevant.
   */
  private cashThenCross(M: i32, entry: i32, qL: i32, rb: i32, need: i32): i32 {
    const h = state.hand, kL = state.kLead;
    const kL0 = kL[0], kL1 = kL[1], kL2 = kL[2], kL3 = kL[3];
    const jM = state.qJokers;
    let q = qL + jM, follows = 0;
    for (let s = 0; s < 4; s++) {
      const kL = s === 0 ? kL0 : s === 1 ? kL1 : s === 2 ? kL2 : kL3;
      const len = popcount(h[M * 4 + s]);
      if (kL > 0) follows += min<i32>(kL, len);
      else q += state.qk[s];
    }
    if (q === qL) return 0;
    // M's spare cards for its discards on L's tricks: neither needed winners nor trumps nor cards of L's suits.
    let spare = state.jok[M] - jM;
    for (let s = 0; s < 4; s++) {
      const kL = s === 0 ? kL0 : s === 1 ? kL1 : s === 2 ? kL2 : kL3;
      if (kL === 0 && s !== state.trump) spare += popcount(h[M * 4 + s]) - state.qk[s];
    }
    if (qL - follows > spare) return 0;
    if (q < need) return q;
    for (let s = 0; s < 4; s++) {
      const kL = s === 0 ? kL0 : s === 1 ? kL1 : s === 2 ? kL2 : kL3;
      if (kL > 0) this.relTop(rb, s, state.runLead[s]);
      else if (state.qk[s] > 0) this.relTop(rb, s, state.qRun[s]);
    }
    this.relTop(rb, entry, 1);
    return q;
  }

  /**
   * A suit in which leader L can reach team-mate o at once: o holds its top card, L holds a card
   * of it (not the called card, which would have to be led itself), and no one else can ruff it
   * (a third team-mate's ruff would take the lead away from o).
   * -1 when there is none.
   */
  private entrySuit(L: i32, o: i32): i32 {
    const h = state.hand;
    for (let s = 0; s < 4; s++) {
      const mineL = h[L * 4 + s];
      if (mineL === 0 || (s === state.calledSuit && mineL & state.calledBit)) continue;
      const top = highBit(state.inPlay[s]);
      if ((h[o * 4 + s] & top) === 0) continue;
      // The first lead of the called suit makes its holder play the called card, not the top one.
      if (s === state.calledSuit && (state.inPlay[s]) & state.calledBit && top !== state.calledBit) continue;
      let safe = true;
      if (state.trump >= 0 && s !== state.trump)
        for (let x = 0; x < 4; x++)
          if (x !== o && h[x * 4 + s] === 0 && h[x * 4 + state.trump] !== 0) safe = false;
      if (safe) return s;
    }
    return -1;
  }

  /** Does seat p want the trick for itself? (counted seats that maximise, or uncounted ones that minimise) */
  private wantsTrick(p: i32): bool {
    return state.counted[p] === state.maxSide[p];
  }

  /** Index into the trick arrays of the card winning the trick so far, found over its cards: for the trick `load` sets up (play keeps winIdx from there). */
  private winningIndex(): i32 {
    const n = state.tLen;
    if (state.tSuit[0] === -1) {
      let best = 0;
      if (state.jokerTrumpable && state.trump >= 0)
        for (let i = 1; i < n; i++)
          if (state.tSuit[i] === state.trump && (best === 0 || state.tRank[i] > state.tRank[best])) best = i;
      return best;
    }
    let best = 0;
    for (let i = 1; i < n; i++) {
      const s = state.tSuit[i];
      if (s === -1) continue;
      if (s === state.trump) {
        if (state.tSuit[best] !== state.trump || state.tRank[i] > state.tRank[best]) best = i;
      } else if (s === state.tSuit[best] && state.tRank[i] > state.tRank[best]) best = i;
    }
    return best;
  }

  /** Would card (suit, rank) played now beat the trick's winning card so far, trick index w? */
  private beats(suit: i32, rank: i32, w: i32): bool {
    if (suit === -1) return false;
    const ws = state.tSuit[w];
    if (ws === -1) return state.jokerTrumpable && suit === state.trump;
    if (suit === ws) return rank > state.tRank[w];
    return suit === state.trump;
  }

  /** Of the cards x of suit s, those that played now would beat the trick's winning card so far, index w (beats, for a whole suit). */
  // @ts-ignore: AssemblyScript decorator
  @inline private beating(s: i32, x: i32, w: i32): i32 {
    const ws = state.tSuit[w];
    if (ws === -1) return state.jokerTrumpable && s === state.trump ? x : 0;
    if (s === ws) return x & ~((2 << state.tRank[w]) - 1);
    return s === state.trump ? x : 0;
  }

  /**
   * Writes the moves of seat p at `depth` into the move buffer and returns their count.
   * With `reduce`, touching cards count once and moves come ordered; without, every legal card is listed.
   */
  private generate(p: i32, depth: i32, reduce: bool): i32 {
    const base = depth * MOVES_PER_NODE;
    const h = state.hand;
    let n = 0;
    let nTouching = 0;
    let jokerOk = state.jok[p] > 0;
    let suitLo = 0, suitHi = 3;
    let forced = -1;
    if (state.tLen === 0) {
      if (state.firstPending) jokerOk = false;
    } else {
      const led = state.tSuit[0];
      if (led >= 0 && h[p * 4 + led] !== 0) {
        suitLo = suitHi = led;
        if (led === state.calledSuit && h[p * 4 + led] & state.calledBit) {
          forced = led;
          jokerOk = false;
        }
      }
    }
    for (let s = suitLo; s <= suitHi; s++) {
      const mine = h[p * 4 + s];
      if (mine === 0) continue;
      let m = mine;
      // Leading the called suit while holding the called card: the card itself must go.
      if (s === state.calledSuit && mine & state.calledBit && (forced === s || state.tLen === 0)) m = state.calledBit;
      if (!reduce || m !== mine) {
        for (let x = m; x !== 0; ) {
          const bit = highBit(x);
          x ^= bit;
          state.moves[base + n++] = s * 16 + (31 - clz<i32>(bit));
        }
        continue;
      }
      const seq = state.inPlay[s] | state.trickMask[s];
      // The called card carries an obligation, so it touches nothing.
      const called = s === state.calledSuit ? state.calledBit : 0;
      const runs = mine & ~called;
      if (m & called) state.moves[base + n++] = s * 16 + (31 - clz<i32>(called));
      for (let x = m & ~called; x !== 0; ) {
        const bit = highBit(x);
        x ^= bit;
        const below = highBit(seq & (bit - 1));
        // The lowest card of each run of touching cards in this hand first; the others only after every other move.
        if (below === 0 || (runs & below) === 0) state.moves[base + n++] = s * 16 + (31 - clz<i32>(bit));
        else {
          let bottom = below;
          for (let lower = highBit(seq & (bottom - 1)); lower !== 0 && (runs & lower) !== 0; lower = highBit(seq & (bottom - 1))) bottom = lower;
          state.touchingBottom[nTouching] = 31 - clz<i32>(bottom);
          state.touching[nTouching++] = s * 16 + (31 - clz<i32>(bit));
        }
      }
    }
    if (jokerOk) state.moves[base + n++] = JOKER_MOVE;
    if (reduce && n > 1) this.order(p, base, n);
    for (let i = 0; i < n; i++) state.bottomAt[base + i] = -1;
    for (let i = 0; i < nTouching; i++) {
      state.bottomAt[base + n] = state.touchingBottom[i];
      state.moves[base + n++] = state.touching[i];
    }
    return n;
  }

  /** Is seat o on the same team as seat p (same aim for the counted total and same counting)? */
  private sameTeam(p: i32, o: i32): bool {
    return ((state.teams[p] >> o) & 1) !== 0;
  }

  private order(p: i32, base: i32, n: i32): void {
    const wants = this.wantsTrick(p);
    const h = state.hand;
    const wi = state.tLen > 0 ? state.winIdx[state.ply] : 0;
    // A team-mate's card winning the trick for sure: p plays low.
    const partnerSure = state.tLen > 0 && this.partnerSure(p, wi);
    const partner = (p + 2) & 3, plain = state.tLen === 0 && wants && this.noJokers();
    for (let i = 0; i < n; i++) {
      const m = state.moves[base + i];
      let score: i32;
      if (m === JOKER_MOVE) {
        score = state.tLen === 0 ? (wants ? 30 : -60) : wants ? -40 : 40;
      } else {
        const s = m >> 4, r = m & 15;
        if (state.tLen === 0) {
          const seq = state.inPlay[s];
          const topBit = highBit(seq);
          if (!wants) score = this.duckLeadScore(p, s, r);
          else if (topBit === 1 << r) score = this.ruffable(p, s) ? 5 + r : 60 + r; // cash a winner
          else {
            // Lead towards a team-mate's top card or ruff; avoid suits an opponent ruffs.
            let owner = 0;
            while (!(h[owner * 4 + s] & topBit)) owner++;
            const mate = this.sameTeam(p, owner);
            score = mate ? 45 - r : 10 - r + popcount(h[p * 4 + s]);
            // With no joker in play (jokers lie above every card; es-makker's trump hands took 7% more
            // nodes without this condition), by who holds the suit's top cards: the median trick deal
            // about half the nodes (docs/solver-history.md, thirty-third pass).
            if (plain) {
              if (mate) score -= 2 * popcount(h[owner * 4 + s]); // the suit whose winners are cashed, or unblocked, soonest
              else if (this.sameTeam(p, partner)) {
                // Towards the partner's length, above all its second-best card (a trick to set up, or a finesse).
                const theirs = h[partner * 4 + s];
                score += 3 * popcount(theirs) + ((theirs & highBit(seq & ~topBit)) !== 0 ? 20 : 0);
              }
              // The lowest card of a run of p's touching cards that reaches the top (winners to cash),
              // or that only an opponent's top card lies above (a trick to set up once it is driven out).
              const above = countAbove(seq, runTop(h[p * 4 + s], seq, 1 << r));
              if (above === 0) score += 15;
              else if (above === 1 && !mate) score += 20;
            }
            // A lead an opponent can ruff comes after every lead nobody can ruff (cashing a ruffable winner, above, keeps
            // its own score); a penalty of 30 instead of 60 cost 8% more nodes on trump deals.
            if (this.ruffable(p, s)) score -= 60;
            else if (state.trump >= 0 && s !== state.trump && !mate)
              for (let o = 0; o < 4; o++)
                if (o !== p && this.sameTeam(p, o) && h[o * 4 + s] === 0 && h[o * 4 + state.trump] !== 0) score += 35;
          }
        } else {
          const wins = this.beats(s, r, wi);
          const trumpPenalty = s === state.trump && state.tSuit[0] !== state.trump ? 20 : 0;
          // Not wanting the trick: the highest card that stays below the winner so far, else the lowest
          // that goes over. Going over with the highest (a card it would rather be rid of) came first
          // before: as often the refutation a node needs, but a costlier one to prove (five nolo deals
          // 1.5 times the nodes, the analysis of nolo and pass hands 1.2-1.3 times). The three against
          // a lone player who avoids tricks (sol, pasnolo) still go over with the highest: es-makker
          // sol 5% fewer nodes, pasnolo 1% (for the lone player too: pasnolo 10% more).
          if (!wants) score = wins ? (state.loneAvoider && !state.counted[p] ? -50 + r : -50 - r) : 50 + r;
          else if (partnerSure) score = -r - trumpPenalty;
          else if (wins) {
            if ((this.holdingRanks(p, s) >> r) & 1) score = 120 - r - trumpPenalty;
            // Win cheaply even when a later hand may go over: second hand ducking first cost more nodes.
            else score = 100 - r - trumpPenalty;
          } else if (s !== state.tSuit[0]) score = this.discardScore(p, s, r) - trumpPenalty;
          else score = 40 - r - trumpPenalty;
        }
      }
      state.scores[i] = score;
    }
    // Insertion sort, best first.
    for (let i = 1; i < n; i++) {
      const m = state.moves[base + i], sc = state.scores[i];
      let j = i - 1;
      while (j >= 0 && state.scores[j] < sc) {
        state.moves[base + j + 1] = state.moves[base + j];
        state.scores[j + 1] = state.scores[j];
        j--;
      }
      state.moves[base + j + 1] = m;
      state.scores[j + 1] = sc;
    }
  }

  /**
   * A lead by a seat that does not want the trick (nolo, pass games, sol): good when an opponent
   * holding the suit must go over it (all their cards of the suit are higher), fair when an opponent
   * may, bad when only the leader's side can win it; the highest card first where an opponent must
   * or may go over it (the lowest first where one may: 2% more nodes on nolo deals). Each opponent
   * void in the suit (free to discard on it) puts the lead below every lead of the same kind without
   * one: full nolo deals 12% fewer nodes, the analysis of nolo and pass hands 9%, es-makker sol 3%.
   */
  private duckLeadScore(p: i32, s: i32, r: i32): i32 {
    const h = state.hand, bit = 1 << r;
    let forced = 0, oppAbove = 0, mateAbove = 0, voids = 0;
    for (let o = 0; o < 4; o++) {
      if (o === p) continue;
      const x = h[o * 4 + s], mate = this.sameTeam(p, o);
      if (x === 0) {
        if (!mate) voids++;
        continue;
      }
      const above = popcount(x & ~(bit * 2 - 1));
      if (mate) mateAbove += above;
      else {
        oppAbove += above;
        if ((x & (bit - 1)) === 0) forced++;
      }
    }
    const kind = forced > 0 ? 60 + 4 * forced + r : oppAbove > 0 ? 20 + 2 * oppAbove - mateAbove + r : -40 - r;
    return kind - 60 * voids;
  }

  /** The ordering's score of seat p discarding card (s, r) when no team-mate's card wins for sure: from a long suit, keeping top cards. */
  // @ts-ignore: AssemblyScript decorator
  @inline private discardScore(p: i32, s: i32, r: i32): i32 {
    return 30 + 2 * popcount(state.hand[p * 4 + s]) - r - (highBit(state.inPlay[s]) === 1 << r ? 15 : 0);
  }

  /** Can an opponent of seat p ruff a lead of suit s? */
  private ruffable(p: i32, s: i32): bool {
    const tr = state.trump, h = state.hand;
    if (tr < 0 || s === tr) return false;
    for (let o = 0; o < 4; o++) if (!this.sameTeam(p, o) && h[o * 4 + s] === 0 && h[o * 4 + tr] !== 0) return true;
    return false;
  }

  /**
   * The ranks of suit s (the suit led, or trumps) with which seat p, winning the trick so far,
   * stays ahead of every opponent still to play (0: an opponent can ruff a card of the suit led).
   */
  private holdingRanks(p: i32, s: i32): i32 {
    const h = state.hand, led = state.tSuit[0], tr = state.trump;
    let above = 0;
    for (let k = state.tLen + 1; k < 4; k++) {
      const o = (state.leader + k) & 3;
      if (this.sameTeam(p, o)) continue;
      if (led >= 0 && h[o * 4 + led] !== 0) {
        if (s === led) above |= h[o * 4 + led];
      } else if (tr >= 0 && h[o * 4 + tr] !== 0) {
        if (s !== tr) return 0;
        above |= h[o * 4 + tr];
      }
    }
    return above === 0 ? -1 : ~((highBit(above) << 1) - 1);
  }

  /**
   * Plays move m for seat p; returns what unplay needs (the trick state before completion, or -1).
   * Inlined, as unplay is, into each node's move loop.
   */
  // @ts-ignore: AssemblyScript decorator
  @inline private play(p: i32, m: i32): i32 {
    state.ply++;
    const i = state.tLen++;
    state.tSeat[i] = p;
    if (m === JOKER_MOVE) {
      state.jok[p]--;
      state.tSuit[i] = -1;
      state.tRank[i] = -1;
    } else {
      const s = m >> 4, bit = 1 << (m & 15);
      state.hand[p * 4 + s] &= ~bit;
      state.inPlay[s] &= ~bit;
      state.tSuit[i] = s;
      state.tRank[i] = m & 15;
      state.trickMask[s] |= bit;
    }
    const prev = state.winIdx[state.ply - 1];
    const wi = i > 0 && !this.beats(state.tSuit[i], state.tRank[i], prev) ? prev : i;
    state.winIdx[state.ply] = wi;
    if (state.tLen < 4) {
      state.winSuit[state.ply] = -1;
      return -1;
    }
    // Trick complete: score it and start the next one. Pack what unplay must restore.
    const w = state.tSeat[wi];
    // Won by rank over a card of its own suit: that rank decided the trick.
    const ws = state.tSuit[wi];
    let byRank = false;
    if (ws >= 0) for (let i = 0; i < 4; i++) if (i !== wi && state.tSuit[i] === ws) byRank = true;
    state.winSuit[state.ply] = byRank ? ws : -1;
    state.winBit[state.ply] = 1 << state.tRank[wi];
    if (state.counted[w]) state.cw++;
    else state.ow++;
    const undo = state.leader | ((state.firstPending ? 1 : 0) << 2) | (w << 3) | (state.trickMask[0] << 5);
    const sm = state.saved, sp = state.savedTop;
    state.savedTop += 9;
    sm[sp] = state.trickMask[1];
    sm[sp + 1] = state.trickMask[2];
    sm[sp + 2] = state.trickMask[3];
    sm[sp + 3] = state.tSuit[0];
    sm[sp + 4] = state.tSuit[1];
    sm[sp + 5] = state.tSuit[2];
    sm[sp + 6] = state.tRank[0];
    sm[sp + 7] = state.tRank[1];
    sm[sp + 8] = state.tRank[2];
    state.leader = w;
    state.tLen = 0;
    state.left--;
    state.firstPending = false;
    const tm = state.trickMask;
    tm.zero4(0);
    return undo;
  }

  /** Takes back move m of seat p (undo: what play returned). */
  // @ts-ignore: AssemblyScript decorator
  @inline private unplay(p: i32, m: i32, undo: i32): void {
    state.ply--;
    if (undo >= 0) {
      const sm = state.saved, sp = (state.savedTop -= 9);
      const m1 = sm[sp], m2 = sm[sp + 1], m3 = sm[sp + 2], s0 = sm[sp + 3], s1 = sm[sp + 4], s2 = sm[sp + 5];
      const r0 = sm[sp + 6], r1 = sm[sp + 7], r2 = sm[sp + 8];
      const w = (undo >> 3) & 3;
      if (state.counted[w]) state.cw--;
      else state.ow--;
      state.leader = undo & 3;
      state.left++;
      state.firstPending = ((undo >> 2) & 1) === 1;
      state.trickMask[0] = undo >> 5;
      state.trickMask[1] = m1;
      state.trickMask[2] = m2;
      state.trickMask[3] = m3;
      state.tSuit[0] = s0;
      state.tSuit[1] = s1;
      state.tSuit[2] = s2;
      state.tRank[0] = r0;
      state.tRank[1] = r1;
      state.tRank[2] = r2;
      for (let i = 0; i < 3; i++) state.tSeat[i] = (state.leader + i) & 3;
      state.tLen = 4;
    }
    const i = --state.tLen;
    if (m === JOKER_MOVE) state.jok[p]++;
    else {
      const s = m >> 4, bit = 1 << (m & 15);
      state.hand[p * 4 + s] |= bit;
      state.inPlay[s] |= bit;
      state.trickMask[s] &= ~bit;
    }
    state.tSeat[i] = 0;
  }
}

// ---------------------------------------------------------------------------
// The module's interface to JavaScript (search.ts beside this folder): one search object, loaded
// with a position before each call.

@external("env", "now")
declare function now(): f64;
/** Throws the JavaScript SearchAborted out of the search (whose state is then reloaded by the next call). */
@external("env", "searchAborted")
declare function searchAborted(): void;

const NO_GUESS = -1000;
const HANDS = changetype<Fixed<i32>>(memory.data(16 << alignof<i32>()));
const JOKERS = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
const TRICK = changetype<Fixed<i32>>(memory.data(4 << alignof<i32>()));
const MOVES_OUT = changetype<Fixed<i32>>(memory.data(MOVES_PER_NODE << alignof<i32>()));
const search = new DoubleDummy();

export function setHand(i: i32, mask: i32): void {
  HANDS[i] = mask;
}
export function setJokers(seat: i32, n: i32): void {
  JOKERS[seat] = n;
}
export function setTrickMove(i: i32, move: i32): void {
  TRICK[i] = move;
}
export function loadPosition(trump: i32, jokerTrumpable: bool, countedMask: i32, maxMask: i32, leader: i32, trickLen: i32, firstTrick: bool, calledSuit: i32, calledRank: i32, stopCounted: i32, stopOthers: i32, takenCounted: i32, takenOthers: i32, gen: i32, exactTable: bool, deadline: f64): void {
  search.load(trump, jokerTrumpable, countedMask, maxMask, leader, trickLen, firstTrick, calledSuit, calledRank, stopCounted, stopOthers, takenCounted, takenOthers, gen, exactTable, deadline);
}
export function value(guess: i32, lo: i32, hi: i32): i32 {
  return search.value(guess, lo, hi);
}
export function valueAfter(move: i32, lo: i32, hi: i32, guess: i32): i32 {
  return search.valueAfter(move, lo, hi, guess);
}
export function rolloutAfter(move: i32): i32 {
  return search.rolloutAfter(move);
}
/** The legal moves go to legalMove(0 .. count - 1). */
export function legalMoves(): i32 {
  return search.legalMoves();
}
export function legalMove(i: i32): i32 {
  return MOVES_OUT[i];
}
export function representative(move: i32): i32 {
  return search.representative(move);
}
export function toMove(): i32 {
  return search.toMove();
}
export function boundsSay(t: i32): i32 {
  return search.boundsSay(t);
}
export function firstMoveSays(ordered: bool): i32 {
  return search.firstMoveSays(ordered);
}
/** Nodes of every search since the module started (a float: it outgrows 32 bits). */
export function nodesSearchedSoFar(): f64 {
  return nodesSearched + (state.nodes & 0xffff);
}
/** Where the killer moves lie in memory: JavaScript saves and restores each search's own around its calls. */
export function killerData(): usize {
  return search.killerData();
}
export function newGeneration(): i32 {
  return ++generation;
}
