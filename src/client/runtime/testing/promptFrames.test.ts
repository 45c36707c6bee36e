// @vitest-environment jsdom
// (jsdomSetup.ts has installed it for this file, as for every jsdom file.)
describe('animation frames in the render tests', () => {
  it('runs the callbacks asked for together, after the tasks queued before them, with one timestamp', async () => {
    const seen: string[] = [];
    const stamps: number[] = [];
    setTimeout(() => seen.push('task before'), 0);
    requestAnimationFrame((t) => {
      stamps.push(t);
      seen.push('frame a');
      requestAnimationFrame(() => seen.push('next frame'));
    });
    const cancelled = requestAnimationFrame(() => seen.push('cancelled'));
    requestAnimationFrame((t) => {
      stamps.push(t);
      seen.push('frame b');
    });
    cancelAnimationFrame(cancelled);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual(['task before', 'frame a', 'frame b']);
    expect(stamps[0]).toBe(stamps[1]);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual(['task before', 'frame a', 'frame b', 'next frame']);
  });
});
