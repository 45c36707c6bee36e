/**
 * Count of calls in flight that show the global loading indicator. The shell subscribes
 * (useSyncExternalStore) and shows a spinner while the count is above zero.
 */
type Listener = () => void;

let pending = 0;
const listeners = new Set<Listener>();

export const loading = {
  start(): void {
    pending++;
    listeners.forEach((l) => l());
  },
  stop(): void {
    pending = Math.max(0, pending - 1);
    listeners.forEach((l) => l());
  },
  count: (): number => pending,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
