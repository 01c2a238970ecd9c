import { ActionIcon, Box, Group, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import type { HomeSlide, HomeSliderState } from '../../../contracts/storefront';
import { HERO_SLIDER, nextSlide, previousSlide } from '../../../domain/sliders/hero-slider';

/**
 * The home page's hero slider (spec 3 §9): one slide per view, autoplay every 5000 ms with a
 * 500 ms slide, looping, paused while the pointer is over it or the focus is inside it, with
 * previous/next buttons and a pause button (a moving area must be stoppable, WCAG 2.2.2). The
 * server renders the first slide, so the page is complete before any script; autoplay starts
 * after hydration and not at all when the visitor asks for reduced motion. Texts are escaped by
 * React; links were checked on the way in (http(s) or site-relative only).
 */
export function HomeSlider({ slides, state }: { slides: HomeSlide[]; state: HomeSliderState }) {
  if (state === 'error') {
    return (
      <Text role="alert" c="red.8" mb="xl" data-testid="home-slider-error">
        Failed to load slider. Please try again later.
      </Text>
    );
  }
  if (state === 'empty' || (state === 'ready' && slides.length === 0)) {
    return (
      <Text c="dimmed" mb="xl" data-testid="home-slider-empty">
        No slides available.
      </Text>
    );
  }
  if (state === 'none') return null;
  return <Carousel slides={slides} />;
}

function Carousel({ slides }: { slides: HomeSlide[] }) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = slides.length;

  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    setReducedMotion(query.matches);
    setStopped(query.matches);
  }, []);

  const paused = stopped || hovered || focused || count < 2;
  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(
      () => setCurrent((index) => nextSlide(index, count)),
      HERO_SLIDER.autoplayMs,
    );
    return () => window.clearInterval(timer);
  }, [paused, count]);

  const previous = useCallback(() => setCurrent((index) => previousSlide(index, count)), [count]);
  const next = useCallback(() => setCurrent((index) => nextSlide(index, count)), [count]);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Featured"
      mb="xl"
      pos="relative"
      style={{ borderRadius: 16, overflow: 'hidden' }}
      data-testid="home-slider"
      data-current={current}
      data-paused={paused ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Box
        aria-live={paused ? 'polite' : 'off'}
        style={{
          display: 'flex',
          transform: `translateX(-${current * 100}%)`,
          transition: reducedMotion ? 'none' : `transform ${HERO_SLIDER.speedMs}ms ease`,
        }}
      >
        {slides.map((slide, index) => (
          <Box
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`Slide ${index + 1} of ${count}`}
            aria-hidden={index === current ? undefined : true}
            inert={index === current ? undefined : true}
            style={{ flex: '0 0 100%' }}
            data-testid="home-slide"
          >
            <SlideBody slide={slide} first={index === 0} />
          </Box>
        ))}
      </Box>
      {count > 1 && (
        <Group gap="xs" pos="absolute" top={12} right={12}>
          <ActionIcon
            variant="white"
            color="dark"
            radius="xl"
            size="lg"
            aria-label={stopped ? 'Start slide rotation' : 'Stop slide rotation'}
            onClick={() => setStopped((value) => !value)}
            data-testid="home-slider-toggle"
          >
            <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
          </ActionIcon>
          <ActionIcon
            variant="white"
            color="dark"
            radius="xl"
            size="lg"
            aria-label="Previous slide"
            onClick={previous}
            data-testid="home-slider-previous"
          >
            <span aria-hidden="true">‹</span>
          </ActionIcon>
          <ActionIcon
            variant="white"
            color="dark"
            radius="xl"
            size="lg"
            aria-label="Next slide"
            onClick={next}
            data-testid="home-slider-next"
          >
            <span aria-hidden="true">›</span>
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}

/**
 * A slide: its picture as an image (found by the browser in the HTML, before the styles load),
 * fetched at once for the first slide and only when shown for the others; its title and text over it.
 */
function SlideBody({ slide, first }: { slide: HomeSlide; first: boolean }) {
  const body = (
    <Box
      style={{
        position: 'relative',
        height: 320,
        overflow: 'hidden',
        backgroundColor: 'var(--theme-secondary)',
      }}
    >
      {slide.image_path && (
        <img
          src={encodeURI(slide.image_path)}
          alt=""
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <Box
        p="lg"
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          background: 'linear-gradient(transparent, rgba(0,0,0,0.6))',
          color: '#fff',
        }}
      >
        {slide.title && (
          <Title order={2} c="white">
            {slide.title}
          </Title>
        )}
        {slide.description && <Text c="white">{slide.description}</Text>}
      </Box>
    </Box>
  );
  return slide.link ? (
    <a href={slide.link} style={{ display: 'block', color: 'inherit' }}>
      {body}
    </a>
  ) : (
    body
  );
}
