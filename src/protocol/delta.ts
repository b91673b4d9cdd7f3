/**
 * Table deltas: what changed between two snapshots sent to the same viewer,
 * as a list of path operations. The server computes a delta from the
 * viewer's previous snapshot to its new one, so a delta only ever holds
 * values of that viewer's own snapshot (never a card the seat may not see);
 * the browser applies it to the snapshot it holds. Plain values, no
 * dependencies: the browser's table code imports this file.
 */

/** A path into a snapshot: object keys and array indices. */
export type DeltaPath = readonly (string | number)[];
/** `[path, value]` sets the value at path; `[path]` removes the key. An empty path replaces the whole. */
export type DeltaOp = readonly [DeltaPath] | readonly [DeltaPath, unknown];
export type Delta = readonly DeltaOp[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
/** A container's own entry: never one inherited from its prototype (a key such as "valueOf" or "__proto__"). */
const own = (o: Record<string | number, unknown>, k: string | number): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

function diffInto(a: unknown, b: unknown, path: (string | number)[], out: DeltaOp[]): void {
  if (a === b) return;
  if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a)) {
      const bArr = b as unknown as unknown[];
      // A shorter array is sent whole; a longer one is the old one with entries changed and appended.
      if (bArr.length < a.length) {
        out.push([path.slice(), b]);
        return;
      }
      for (let i = 0; i < bArr.length; i++) {
        path.push(i);
        // JSON sends an undefined entry as null: compare and send what the wire carries.
        if (i < a.length) diffInto(a[i] ?? null, bArr[i] ?? null, path, out);
        else out.push([path.slice(), bArr[i] ?? null]);
        path.pop();
      }
      return;
    }
    for (const k of Object.keys(a)) {
      if (a[k] !== undefined && own(b, k) === undefined) out.push([[...path, k]]);
    }
    for (const k of Object.keys(b)) {
      const bv = b[k];
      if (bv === undefined) continue;
      path.push(k);
      const av = own(a, k);
      if (av === undefined) out.push([path.slice(), bv]);
      else diffInto(av, bv, path, out);
      path.pop();
    }
    return;
  }
  out.push([path.slice(), b]);
}

/** The operations that turn `a` into `b` (both JSON-like values); empty when they are equal. */
export function diff(a: unknown, b: unknown): DeltaOp[] {
  const out: DeltaOp[] = [];
  diffInto(a, b, [], out);
  return out;
}

/** `base` with one value set (or removed) at `path`, copying only the containers along the path. */
function setIn(base: unknown, path: DeltaPath, at: number, op: DeltaOp): unknown {
  if (at === path.length) return op[1];
  const key = path[at]!;
  const container = (Array.isArray(base) ? base.slice() : isObject(base) ? { ...base } : typeof key === "number" ? [] : {}) as Record<string | number, unknown>;
  if (at === path.length - 1 && op.length === 1) {
    delete container[key];
    return container;
  }
  // Defined, not assigned: a "__proto__" key stays a plain entry.
  Object.defineProperty(container, key, { value: setIn(own(container, key), path, at + 1, op), enumerable: true, writable: true, configurable: true });
  return container;
}

/** `base` with `delta` applied; `base` itself is left unchanged (parts that did not change are shared). */
export function applyDelta<T>(base: T, delta: Delta): T {
  let out: unknown = base;
  for (const op of delta) out = setIn(out, op[0], 0, op);
  return out as T;
}
