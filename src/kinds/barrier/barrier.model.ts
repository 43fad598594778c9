/**
 * The show condition of a barrier (spec section 4, Barrier), computed by the viewer from what
 * precedes the barrier in its list and sent to the barrier actor as `barrier.condition`.
 * - no tracked content before it: met;
 * - mode all: every preceding progress is at least 1;
 * - mode last: the last preceding progress is at least 1;
 * - mode unlocked: follows the barrier's unlocked flag (off unless given).
 */
export function isBarrierConditionMet(
  mode: 'all' | 'last' | 'unlocked',
  precedingProgress: readonly number[],
  unlockedFlag = false,
): boolean {
  if (precedingProgress.length === 0) return true;
  switch (mode) {
    case 'all':
      return precedingProgress.every((progress) => progress >= 1);
    case 'last':
      return precedingProgress[precedingProgress.length - 1] >= 1;
    case 'unlocked':
      return unlockedFlag;
  }
}
