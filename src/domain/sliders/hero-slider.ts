/** The hero slider's constants (spec 3 §9): one slide per view, autoplay, looping. */
export const HERO_SLIDER = { autoplayMs: 5000, speedMs: 500, perView: 1 } as const;

/** The slide after `index`, looping back to the first after the last. */
export function nextSlide(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

/** The slide before `index`, looping to the last before the first. */
export function previousSlide(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index - 1 + count) % count;
}
