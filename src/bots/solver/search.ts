/**
 * The double-dummy search, run as WebAssembly: the search itself is
 * assembly/search.ts (AssemblyScript, how it works is in its header),
 * compiled into search-wasm.ts by `npm run build:solver`. This file gives it
 * the shape the rest of the solver uses: a DoubleDummy per position, whose
 * calls each load that position into the module's one search object first
 * (a few dozen numbers), so any number of them can be alive at once and one
 * stopped at its deadline leaves nothing behind. Each thread instantiates the
 * module once (synchronously: it is about 27 KB) and keeps its table there.
 */
import { SEARCH_WASM_BASE64 } from "./search-wasm";

/** Joker move code; a card move is suit * 16 + rank (rank 0..12, 12 strongest under the rules in force). */
export const JOKER_MOVE = 64;
const NO_STOP = 99;
/** The module's "no guess" (a guess may be below zero after a trick the mover's side won). */
const NO_GUESS = -1000;
const KILLER_SLOTS = 65;

export interface SearchSetup {
  /** hand[seat * 4 + suit]: rank bitmask (bit r = rank r, 12 strongest). */
  readonly hands: Int32Array;
  readonly jokers: Int8Array;
  /** Trump suit index or -1. */
  readonly trump: number;
  readonly jokerTrumpable: boolean;
  /** Seats whose tricks are counted. */
  readonly counted: readonly boolean[];
  /** Seats that want the counted total high. */
  readonly maximiser: readonly boolean[];
  readonly leader: number;
  /** Plays of the trick in progress as move codes, from the leader on. */
  readonly trickMoves: readonly number[];
  /** The current trick is the first of the hand (no joker may be led). */
  readonly firstTrick: boolean;
  /** The called card as suit and rank, or -1: its holder must play it when its suit is first led. */
  readonly calledSuit: number;
  readonly calledRank: number;
  /** The hand ends once the counted seats (resp. the others) have this many tricks in total. */
  readonly stopCounted: number;
  readonly stopOthers: number;
  /** Tricks taken before this position, for the stops. */
  readonly takenCounted: number;
  readonly takenOthers: number;
  /** Shares the table's entries with earlier searches of the same session (default: a fresh generation). */
  readonly session?: TableSession;
  /** performance.now() after which a running search stops by throwing SearchAborted (default: never). */
  readonly deadline?: number;
  /** Table entries for exact positions only (every card counts as relevant): the reference tests check partition search against. */
  readonly exactTable?: boolean;
}

/** Thrown out of a search that ran past its deadline. */
export class SearchAborted extends Error {
  constructor() {
    super("double-dummy search stopped at its deadline");
    this.name = "SearchAborted";
  }
}

/** The module's exports (assembly/search.ts, "The module's interface"). */
interface SearchModule {
  readonly memory: WebAssembly.Memory;
  setHand(i: number, mask: number): void;
  setJokers(seat: number, n: number): void;
  setTrickMove(i: number, move: number): void;
  loadPosition(
    trump: number,
    jokerTrumpable: number,
    countedMask: number,
    maxMask: number,
    leader: number,
    trickLen: number,
    firstTrick: number,
    calledSuit: number,
    calledRank: number,
    stopCounted: number,
    stopOthers: number,
    takenCounted: number,
    takenOthers: number,
    gen: number,
    exactTable: number,
    deadline: number,
  ): void;
  value(guess: number, lo: number, hi: number): number;
  valueAfter(move: number, lo: number, hi: number, guess: number): number;
  rolloutAfter(move: number): number;
  legalMoves(): number;
  legalMove(i: number): number;
  representative(move: number): number;
  boundsSay(t: number): number;
  firstMoveSays(ordered: number): number;
  nodesSearchedSoFar(): number;
  newGeneration(): number;
  killerData(): number;
  resizeTablePool(entries: number, start: number): void;
  growTablePool(entries: number): void;
  tablePoolNow(): number;
  setReadAheadFrom(tricks: number): void;
}

let instance: SearchModule | null = null;
const searchModule = (): SearchModule => {
  if (instance) return instance;
  const bytes = Uint8Array.from(atob(SEARCH_WASM_BASE64), (c) => c.charCodeAt(0));
  const env = {
    now: () => performance.now(),
    searchAborted: () => {
      throw new SearchAborted();
    },
    abort: () => {
      throw new Error("double-dummy search: the WebAssembly module aborted");
    },
  };
  instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env }).exports as unknown as SearchModule;
  return instance;
};

/** Nodes of every search in this thread (the bench's count for work spread over many searches). */
export const nodesSearchedSoFar = (): number => (instance ? instance.nodesSearchedSoFar() : 0);

/**
 * Sets the number of entries the pool can hold (default 2^20, 32 bytes each), and the number it
 * starts with (0: the module's own start, 2^17), and empties the table. For tests a small pool
 * makes the compaction (and a small start the growth) run within small searches.
 */
export function resizeTablePool(entries: number, start = 0): void {
  searchModule().resizeTablePool(entries, start);
}

/** Reads the table a trick ahead from `tricks` tricks left instead of the module's own threshold (0: that again), for tests on small positions. */
export function setReadAheadFrom(tricks: number): void {
  searchModule().setReadAheadFrom(tricks);
}

/** The entries the table's pool holds now (it grows from its start up to what resizeTablePool set). */
export const tablePoolNow = (): number => searchModule().tablePoolNow();

/** Raises what the pool can hold to `entries` when it is less (emptying the table then), for the searches that need a big one. */
export function growTablePool(entries: number): void {
  searchModule().growTablePool(entries);
}

/** A generation of the table that several searches share (see the table in assembly/search.ts). */
export interface TableSession {
  readonly gen: number;
}
/** A fresh table generation for searches that may share their work (same deal and rules). */
export const newTableSession = (): TableSession => ({ gen: searchModule().newGeneration() });

export class DoubleDummy {
  static readonly NO_STOP = NO_STOP;
  /** Nodes this position's searches visited so far. */
  nodes = 0;
  private readonly setup: SearchSetup;
  private readonly gen: number;
  /** This search's killer moves (the module holds one search's at a time). */
  private readonly killer = new Int8Array(KILLER_SLOTS).fill(-1);

  constructor(setup: SearchSetup) {
    this.setup = setup;
    this.gen = (setup.session ?? newTableSession()).gen;
  }

  /** Loads the position into the module, runs `f` on it and counts its nodes. */
  private run<T>(f: (m: SearchModule) => T): T {
    const m = searchModule(), s = this.setup;
    for (let i = 0; i < 16; i++) m.setHand(i, s.hands[i]!);
    for (let p = 0; p < 4; p++) m.setJokers(p, s.jokers[p]!);
    s.trickMoves.forEach((move, i) => m.setTrickMove(i, move));
    let counted = 0, maximisers = 0;
    for (let p = 0; p < 4; p++) {
      if (s.counted[p]) counted |= 1 << p;
      if (s.maximiser[p]) maximisers |= 1 << p;
    }
    m.loadPosition(s.trump, s.jokerTrumpable ? 1 : 0, counted, maximisers, s.leader, s.trickMoves.length, s.firstTrick ? 1 : 0, s.calledSuit, s.calledRank, s.stopCounted, s.stopOthers, s.takenCounted, s.takenOthers, this.gen, s.exactTable ? 1 : 0, s.deadline ?? Infinity);
    // A view made now: the memory's buffer is replaced whenever the module's memory grows.
    const killer = () => new Int8Array(m.memory.buffer, m.killerData(), KILLER_SLOTS);
    killer().set(this.killer);
    const n0 = m.nodesSearchedSoFar();
    try {
      return f(m);
    } finally {
      this.nodes += m.nodesSearchedSoFar() - n0;
      this.killer.set(killer());
    }
  }

  /** Seat to play now. */
  toMove(): number {
    return (this.setup.leader + this.setup.trickMoves.length) % 4;
  }

  /** Exact number of further counted tricks from here with best play by both sides, known to lie in [lo, hi]. */
  value(guess?: number, lo = 0, hi = 99): number {
    return this.run((m) => m.value(guess ?? NO_GUESS, lo, hi));
  }

  /** Legal moves of the player to move, every card listed (equivalents included). */
  legalMoves(): number[] {
    return this.run((m) => Array.from({ length: m.legalMoves() }, (_, i) => m.legalMove(i)));
  }

  /** The lowest card touching `move` in the mover's hand: equivalent moves share it. */
  representative(move: number): number {
    return this.run((m) => m.representative(move));
  }

  /**
   * Exact value after the player to move plays `move`. Known bounds on it (such as the position's
   * value: no card beats the best one) save searches; the value of the position is the usual one.
   * A guess (counted tricks from the position before `move`) replaces the bound or playout as the first test.
   */
  valueAfter(move: number, lo = 0, hi = 99, guess?: number): number {
    return this.run((m) => m.valueAfter(move, lo, hi, guess ?? NO_GUESS));
  }

  /** Counted tricks of a greedy playout (every seat plays its move ordering's first choice) after the player to move plays `move`, that trick included. */
  rolloutAfter(move: number): number {
    return this.run((m) => m.rolloutAfter(move));
  }

  /**
   * For tests: at a trick boundary, the bounds' verdict on "can the counted seats make `t` more
   * tricks?" without a search (true, false, or undefined when the bounds do not decide).
   */
  boundsSay(t: number): boolean | undefined {
    const v = this.run((m) => m.boundsSay(t));
    if (v === -2) throw new Error("boundsSay: only at a trick boundary");
    return v < 0 ? undefined : v === 1;
  }

  /**
   * For tests, inside a trick: the move a seat that wants the trick tries before any other is
   * generated (null where it is not found that way), and the first move of the full ordering.
   */
  firstMoves(): { quick: number | null; ordered: number } {
    return this.run((m) => {
      const quick = m.firstMoveSays(0), ordered = m.firstMoveSays(1);
      if (ordered === -2) throw new Error("firstMoves: only inside a trick");
      return { quick: quick < 0 ? null : quick, ordered };
    });
  }
}
