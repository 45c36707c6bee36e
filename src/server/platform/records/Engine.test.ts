import { Engine, type VirtualEntity } from './Engine.js';
import type { RecordStore } from './RecordStore.js';

const store = {} as RecordStore;
const adapter = {} as VirtualEntity;

describe('Engine', () => {
  it("runs every module's facts of an entity, in the order registered", async () => {
    const engine = new Engine(() => false);
    engine.on('topic', { facts: async () => ({ a: 1, b: 1 }) });
    engine.on('topic', { facts: async () => ({ b: 2 }) });
    expect(await engine.facts('topic', store, 0)).toEqual({ a: 1, b: 2 });
    expect(await engine.facts('notice', store, 0)).toEqual({});
  });

  it('refuses the same hook twice instead of running or replacing it', () => {
    const engine = new Engine(() => false);
    const hook = async () => {};
    engine.on('topic', { inSave: hook });
    expect(() => engine.on('topic', { inSave: hook })).toThrow(/registered already/);
    engine.on('notice', { inSave: hook });
  });

  it('takes one adapter per virtual entity, and only for an entity whose schema says virtual', () => {
    const engine = new Engine((name) => name === 'user');
    engine.on('user', { virtual: adapter });
    expect(engine.virtual('user')).toBe(adapter);
    expect(() => engine.on('user', { virtual: {} as VirtualEntity })).toThrow(/registered already/);
    expect(engine.virtual('user')).toBe(adapter);
    expect(() => engine.on('topic', { virtual: adapter })).toThrow(/"virtual": true/);
  });

  it('applies what beforeSave hooks answer and logs a failing afterCommit hook without throwing', async () => {
    const engine = new Engine(() => false);
    engine.on('expert', { beforeSave: async () => ({ userId: 7 }) });
    const next = { name: 'x' } as never as Parameters<Engine['beforeSave']>[2];
    const errors: unknown[] = [];
    const ctx = { log: { error: (o: unknown) => errors.push(o) } } as never;
    await engine.beforeSave(ctx, 'expert', next, null, {} as never);
    expect(next).toMatchObject({ name: 'x', userId: 7 });
    engine.on('expert', {
      afterCommit: async () => {
        throw new Error('down');
      },
    });
    await engine.afterCommit(ctx, {
      entity: 'expert',
      record: {} as never,
      action: 'create',
      fromStatus: null,
      toStatus: null,
      user: null,
    });
    expect(errors).toHaveLength(1);
  });
});
