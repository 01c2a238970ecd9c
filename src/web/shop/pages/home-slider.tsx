import { Box, Text, Title } from '@mantine/core';
import type { HomeSlide } from '../../../contracts/storefront';

/**
 * The home page's hero slider, rendered on the server: a row of slides the visitor scrolls or
 * swipes (CSS scroll snap, no script needed). Texts are escaped by React; links were checked on
 * the way in (http(s) or site-relative only).
 */
export function HomeSlider({ slides }: { slides: HomeSlide[] }) {
  if (slides.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label="Featured"
      mb="xl"
      style={{
        display: 'flex',
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        borderRadius: 16,
        gap: 0,
      }}
      data-testid="home-slider"
    >
      {slides.map((slide, index) => {
        const body = (
          <Box
            style={{
              position: 'relative',
              height: 320,
              backgroundImage: slide.image_path ? `url("${encodeURI(slide.image_path)}")` : undefined,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
              backgroundColor: 'var(--theme-secondary)',
            }}
          >
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
        return (
          <Box
            key={slide.id}
            style={{ flex: '0 0 100%', scrollSnapAlign: 'start' }}
            aria-label={`Slide ${index + 1} of ${slides.length}`}
          >
            {slide.link ? (
              <a href={slide.link} style={{ display: 'block', color: 'inherit' }}>
                {body}
              </a>
            ) : (
              body
            )}
          </Box>
        );
      })}
    </Box>
  );
}
