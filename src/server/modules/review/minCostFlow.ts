/**
 * Min-cost max-flow by successive shortest paths with Johnson potentials (Dijkstra on reduced
 * costs). All costs the allocator uses are non-negative, so the initial potentials are zero.
 * Pure and allocation-free per augmentation apart from the heap: fast enough for a few thousand
 * nodes and tens of thousands of edges.
 */
export class MinCostFlow {
  private to: number[] = [];
  private cap: number[] = [];
  private cost: number[] = [];
  private next: number[] = [];
  private head: number[];

  constructor(private readonly n: number) {
    this.head = new Array<number>(n).fill(-1);
  }

  /** Adds an edge and its residual twin; returns the edge id (read its flow with flowOn). */
  addEdge(from: number, to: number, capacity: number, cost: number): number {
    if (cost < 0) throw new Error('negative cost');
    const id = this.to.length;
    this.to.push(to, from);
    this.cap.push(capacity, 0);
    this.cost.push(cost, -cost);
    this.next.push(this.head[from]!, this.head[to]!);
    this.head[from] = id;
    this.head[to] = id + 1;
    return id;
  }

  /** Flow carried by an edge returned from addEdge. */
  flowOn(edge: number): number {
    return this.cap[edge + 1]!;
  }

  /**
   * Primal-dual: one Dijkstra per distinct shortest-path length, then a Dinic blocking flow over the
   * edges of zero reduced cost, so the thousand unit augmentations of an allocation share a handful
   * of Dijkstra runs.
   */
  run(s: number, t: number, limit = Infinity): { flow: number; cost: number } {
    const n = this.n;
    const pot = new Float64Array(n);
    const dist = new Float64Array(n);
    const level = new Int32Array(n);
    const iter = new Int32Array(n);
    const queue = new Int32Array(n);
    let flow = 0;
    let total = 0;
    const rc = (e: number, u: number) => this.cost[e]! + pot[u]! - pot[this.to[e]!]!;
    const dfs = (u: number, f: number): number => {
      if (u === t) return f;
      for (let e = iter[u]!; e !== -1; e = this.next[e]!, iter[u] = e) {
        const v = this.to[e]!;
        if (this.cap[e]! <= 0 || level[v] !== level[u]! + 1 || rc(e, u) !== 0) continue;
        const d = dfs(v, Math.min(f, this.cap[e]!));
        if (d > 0) {
          this.cap[e]! -= d;
          this.cap[e ^ 1]! += d;
          total += d * this.cost[e]!;
          return d;
        }
      }
      iter[u] = -1;
      return 0;
    };
    while (flow < limit) {
      this.dijkstra(s, pot, dist);
      const D = dist[t]!;
      if (D === Infinity) break;
      for (let v = 0; v < n; v++) pot[v]! += Math.min(dist[v]!, D);
      for (;;) {
        level.fill(-1);
        level[s] = 0;
        let qh = 0;
        let qt = 0;
        queue[qt++] = s;
        while (qh < qt) {
          const u = queue[qh++]!;
          for (let e = this.head[u]!; e !== -1; e = this.next[e]!) {
            const v = this.to[e]!;
            if (this.cap[e]! > 0 && level[v] === -1 && rc(e, u) === 0) {
              level[v] = level[u]! + 1;
              queue[qt++] = v;
            }
          }
        }
        if (level[t] === -1) break;
        for (let v = 0; v < n; v++) iter[v] = this.head[v]!;
        let pushed = 0;
        while (flow < limit) {
          const d = dfs(s, limit - flow);
          if (d === 0) break;
          flow += d;
          pushed += d;
        }
        if (pushed === 0 || flow >= limit) break;
      }
    }
    return { flow, cost: total };
  }

  private dijkstra(s: number, pot: Float64Array, dist: Float64Array): void {
    dist.fill(Infinity);
    dist[s] = 0;
    const heap = new BinaryHeap();
    heap.push(0, s);
    while (heap.size > 0) {
      const [d, u] = heap.pop();
      if (d > dist[u]!) continue;
      for (let e = this.head[u]!; e !== -1; e = this.next[e]!) {
        if (this.cap[e]! <= 0) continue;
        const v = this.to[e]!;
        const nd = d + this.cost[e]! + pot[u]! - pot[v]!;
        if (nd < dist[v]!) {
          dist[v] = nd;
          heap.push(nd, v);
        }
      }
    }
  }
}

/** Min-heap of (key, value) pairs stored in two parallel arrays. */
class BinaryHeap {
  private keys: number[] = [];
  private vals: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, val: number): void {
    const k = this.keys;
    const v = this.vals;
    let i = k.length;
    k.push(key);
    v.push(val);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (k[p]! <= key) break;
      k[i] = k[p]!;
      v[i] = v[p]!;
      i = p;
    }
    k[i] = key;
    v[i] = val;
  }
  pop(): [number, number] {
    const k = this.keys;
    const v = this.vals;
    const topK = k[0]!;
    const topV = v[0]!;
    const lastK = k.pop()!;
    const lastV = v.pop()!;
    const n = k.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && k[r]! < k[l]! ? r : l;
        if (k[c]! >= lastK) break;
        k[i] = k[c]!;
        v[i] = v[c]!;
        i = c;
      }
      k[i] = lastK;
      v[i] = lastV;
    }
    return [topK, topV];
  }
}
