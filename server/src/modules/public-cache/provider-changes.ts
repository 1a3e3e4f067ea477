/**
 * Each provider's generation in this process, moved on by the database's change notifications
 * (docs/decisions/0017-pushed-provider-changes.md). Generations are drawn from one counter, so
 * `since` can tell whether anything of a provider changed after a read began. While notifications
 * do not flow there is no generation: answers come from the database.
 */
import type { ChangeSource } from '../../db/change-notifications.ts';

export class ProviderChanges {
  private counter = 0;
  /** Every generation at or below it is from before the notifications last (re)started. */
  private floor = 0;
  private isLive = false;
  private readonly generations = new Map<string, number>();

  constructor(source?: ChangeSource) {
    source?.subscribe({
      changed: (providerId) => {
        this.generations.set(providerId, ++this.counter);
      },
      live: (isLive) => {
        // What happened while nobody listened is unknown: every answer built before is dropped.
        this.isLive = isLive;
        this.generations.clear();
        this.floor = ++this.counter;
      },
    });
  }

  /** The provider's current generation, or null when answers must come from the database. */
  generation(providerId: string): number | null {
    return this.isLive ? (this.generations.get(providerId) ?? this.floor) : null;
  }

  /** Taken before reading what an answer is built from; null when it cannot be kept. */
  mark(): number | null {
    return this.isLive ? this.counter : null;
  }

  /** The provider's generation if nothing of theirs changed since `mark`, else null (do not keep the answer). */
  since(mark: number, providerId: string): number | null {
    const generation = this.generation(providerId);
    return generation !== null && generation <= mark ? generation : null;
  }
}
