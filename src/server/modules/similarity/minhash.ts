/**
 * MinHash signatures and their locality-sensitive bands (Broder 1997; Leskovec, Rajaraman and
 * Ullman, "Mining of Massive Datasets", ch. 3). Two documents agree at one place of their
 * signatures with probability equal to the Jaccard similarity J of their shingle sets; a band of
 * ROWS places agrees with probability J^ROWS, so they share at least one of BANDS bands with
 * probability 1 - (1 - J^ROWS)^BANDS: 0.92 at J = 0.2, 0.99 at J = 0.3, 0.15 at J = 0.05, 0.006
 * at J = 0.01. Rows of 2 because a copy with a third of its words replaced and paragraphs added keeps a
 * Jaccard near 0.25; candidates are then confirmed exactly (checker.ts), so a loose band costs
 * time, never a false flag.
 */
export const HASHES = 128;
export const ROWS = 2;
export const BANDS = HASHES / ROWS;

/** Murmur3's finaliser: a bijection of 32-bit integers that mixes every bit into every other. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** One seed per place: place i orders the shingles by mix32(h ^ SEEDS[i]), a permutation per seed. */
const SEEDS = Uint32Array.from({ length: HASHES }, (_, i) => mix32(0x9e3779b9 + Math.imul(i + 1, 0x7f4a7c15)));

/** The signature of a shingle set: at each place the least permuted value (all 0xffffffff for an empty set). */
export function signatureOf(shingles: Iterable<number>): Uint32Array {
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (const h of shingles) {
    for (let i = 0; i < HASHES; i++) {
      const v = mix32(h ^ SEEDS[i]);
      if (v < sig[i]) sig[i] = v;
    }
  }
  return sig;
}

/** The share of places where two signatures agree: the estimate of their Jaccard similarity. */
export function estimateJaccard(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < HASHES; i++) if (a[i] === b[i]) same++;
  return same / HASHES;
}

/**
 * The band keys of a signature, each band's number above its 32-bit hash of its rows, so one
 * integer column (below 2^38, exact in a double) and one index hold every band.
 */
export function bandKeys(sig: Uint32Array): number[] {
  const keys: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h = mix32(b + 1);
    for (let r = 0; r < ROWS; r++) h = mix32(Math.imul(h, 0x9e3779b1) ^ sig[b * ROWS + r]);
    keys.push(b * 0x100000000 + h);
  }
  return keys;
}

export function signatureBytes(sig: Uint32Array): Buffer {
  return Buffer.from(sig.buffer, sig.byteOffset, sig.byteLength);
}

export function signatureFromBytes(bytes: Uint8Array): Uint32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Uint32Array(copy.buffer);
}
