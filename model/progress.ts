/** Progress of a question-like element: 1 once evaluated, else 0 (spec section 4, Progress). */
export function evaluatedProgress(evaluated: boolean): number {
  return evaluated ? 1 : 0;
}

/** Chapter, material and path progress: the mean of the children's progress, 1 when there are none. */
export function averageProgress(values: readonly number[]): number {
  if (values.length === 0) return 1;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function isComplete(progress: number): boolean {
  return progress >= 1;
}

/** The active step of a path: the first whose progress is below 1, or -1 when all are complete. */
export function activeStepIndex(progress: readonly number[]): number {
  return progress.findIndex((value) => !isComplete(value));
}
