import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useLayoutEffect, useRef } from 'react';

/**
 * KaTeX renders into the element itself (no html string passes through React). `trust` stays off,
 * so \href, \url and \includegraphics cannot inject links or resources.
 */
export default function KatexFormula({ source }: { source: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    katex.render(source, ref.current, { displayMode: true, throwOnError: false, trust: false, strict: 'ignore', output: 'htmlAndMathml' });
  }, [source]);
  return <div ref={ref} className="text-lg text-gray-900" data-state="rendered" />;
}
