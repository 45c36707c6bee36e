/**
 * Animation frames that come as soon as the tasks before them have run, instead of jsdom's 60 a
 * second. jsdom draws nothing, so its frame clock only makes a test wait: the render tests settle
 * each page over two frames, and spent much of their time idle. A frame still behaves as
 * one: the callbacks asked for before it run together, with one timestamp, after the tasks queued
 * before it; those asked for during a frame run in the next.
 */
export function installPromptFrames(): void {
  let queue = new Map<number, FrameRequestCallback>();
  let nextId = 1;
  let scheduled = false;
  const runFrame = () => {
    scheduled = false;
    const due = queue;
    queue = new Map();
    const now = performance.now();
    for (const callback of due.values()) callback(now);
  };
  window.requestAnimationFrame = (callback) => {
    const id = nextId++;
    queue.set(id, callback);
    if (!scheduled) {
      scheduled = true;
      setTimeout(runFrame, 0);
    }
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    queue.delete(id);
  };
}
