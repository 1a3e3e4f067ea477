/** Kept answers follow their provider's pushed changes (docs/decisions/0017-pushed-provider-changes.md). */
import { describe, expect, it } from 'vitest';
import type { ChangeSource, ChangeSubscriber } from '../../db/change-notifications.ts';
import { AnswerCache } from './answer-cache.ts';
import { ProviderChanges } from './provider-changes.ts';

function source() {
  const subscribers: ChangeSubscriber[] = [];
  const changes: ChangeSource = {
    subscribe: (s) => {
      subscribers.push(s);
      return () => undefined;
    },
    close: async () => undefined,
  };
  return {
    changes,
    changed: (id: string) => subscribers.forEach((s) => s.changed(id)),
    live: (isLive: boolean) => subscribers.forEach((s) => s.live(isLive)),
  };
}

function counting(body: () => string, during?: () => void) {
  let builds = 0;
  const build = async () => {
    builds++;
    during?.();
    return { providerId: 'p', body: body() };
  };
  return { build, builds: () => builds };
}

describe('AnswerCache', () => {
  it('keeps an answer until its provider changes, and only while notifications flow', async () => {
    const s = source();
    const cache = new AnswerCache(new ProviderChanges(s.changes));
    let text = 'one';
    const b = counting(() => text);
    expect((await cache.get('k', 0, b.build)).body).toBe('one'); // not live yet: read every time
    expect((await cache.get('k', 0, b.build)).body).toBe('one');
    expect(b.builds()).toBe(2);
    s.live(true);
    await cache.get('k', 0, b.build);
    await cache.get('k', 0, b.build);
    expect(b.builds()).toBe(3);
    text = 'two';
    s.changed('other provider');
    expect((await cache.get('k', 0, b.build)).body).toBe('one');
    s.changed('p');
    expect((await cache.get('k', 0, b.build)).body).toBe('two');
    s.live(false);
    text = 'three';
    expect((await cache.get('k', 0, b.build)).body).toBe('three');
  });

  it('does not keep an answer whose provider changed while it was built, nor one past its lifetime', async () => {
    const s = source();
    const cache = new AnswerCache(new ProviderChanges(s.changes));
    s.live(true);
    const racing = counting(
      () => 'x',
      () => s.changed('p'),
    );
    await cache.get('k', 0, racing.build);
    await cache.get('k', 0, racing.build);
    expect(racing.builds()).toBe(2);
    const timed = counting(() => 'y');
    await cache.get('t', 0, timed.build, 1000);
    await cache.get('t', 999, timed.build, 1000);
    await cache.get('t', 1000, timed.build, 1000);
    expect(timed.builds()).toBe(2);
  });

  it('drops the oldest answers past its size', async () => {
    const s = source();
    const cache = new AnswerCache(new ProviderChanges(s.changes), 3000);
    s.live(true);
    const b = counting(() => 'z'.repeat(1000));
    await cache.get('a', 0, b.build);
    await cache.get('b', 0, b.build); // 2 × 1,500 counted: both kept
    await cache.get('a', 0, b.build);
    expect(b.builds()).toBe(2);
    await cache.get('c', 0, b.build); // drops a
    await cache.get('a', 0, b.build);
    expect(b.builds()).toBe(4);
  });
});
