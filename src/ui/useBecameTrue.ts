import { useEffect, useRef } from 'react';

/** True in the render in which `value` turned from false to true (a learner's evaluation), false on the first render and after. */
export function useBecameTrue(value: boolean): boolean {
  const previous = useRef(value);
  const became = value && !previous.current;
  useEffect(() => {
    previous.current = value;
  });
  return became;
}
