import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

export type Purifier = ReturnType<typeof createDOMPurify>;

/**
 * A DOMPurify of its own, bound to its own jsdom window (DECISIONS 29: sanitise with DOMPurify).
 * Each use (template HTML, SVG) keeps its own instance, because hooks belong to an instance.
 * Made on first use: jsdom is heavy to start.
 */
export function lazyPurifier(setup: (purifier: Purifier) => void): () => Purifier {
  let purifier: Purifier | null = null;
  return () => {
    if (purifier) return purifier;
    const window = new JSDOM('').window;
    purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    setup(purifier);
    return purifier;
  };
}
