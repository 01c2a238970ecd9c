import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { GalleryImage } from '../../../contracts/shop-catalogue';

/** spec 3 §9 Lightbox: zoom 4× (2× the secondary step), padding 30/70, 333 ms, background 0.8, fallback 1200×800. */
const ZOOMS = [1, 2, 4] as const;
const FALLBACK = { width: 1200, height: 800 };

/**
 * The product gallery full screen, loaded only when opened. Arrow keys and the buttons move
 * between images; Escape closes (Mantine's modal keeps the focus inside and gives it back).
 */
export default function ProductLightbox({
  images,
  start,
  opened,
  onClose,
}: {
  images: GalleryImage[];
  start: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(start);
  // Each opening starts at the image the visitor opened, unzoomed.
  useEffect(() => {
    if (opened) {
      setIndex(start);
      setZoom(1);
      setFailed(null);
    }
  }, [opened, start]);
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const [failed, setFailed] = useState<string | null>(null);
  const image = images[Math.min(index, images.length - 1)]!;
  const go = (step: number) => {
    setIndex((i) => (i + step + images.length) % images.length);
    setZoom(1);
    setFailed(null);
  };
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        setIndex((i) => (i + (event.key === 'ArrowRight' ? 1 : -1) + images.length) % images.length);
        setZoom(1);
        setFailed(null);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [images.length, opened]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={`${image.title} (${index + 1} of ${images.length})`}
      transitionProps={{ duration: 333 }}
      // The page gives the focus back to the image that opened it (the modal is loaded lazily).
      returnFocus={false}
      overlayProps={{ backgroundOpacity: 0.8 }}
      styles={{ body: { padding: '30px 70px' } }}
    >
      <div>
        <Group justify="center" mb="sm">
          {images.length > 1 && (
            <ActionIcon variant="default" size="lg" aria-label="Previous image" onClick={() => go(-1)}>
              ‹
            </ActionIcon>
          )}
          {ZOOMS.map((z) => (
            <ActionIcon
              key={z}
              variant={zoom === z ? 'filled' : 'default'}
              size="lg"
              aria-label={`Zoom ${z}×`}
              aria-pressed={zoom === z}
              onClick={() => setZoom(z)}
            >
              {z}×
            </ActionIcon>
          ))}
          {images.length > 1 && (
            <ActionIcon variant="default" size="lg" aria-label="Next image" onClick={() => go(1)}>
              ›
            </ActionIcon>
          )}
        </Group>
        {failed ? (
          <Text ta="center" c="red" role="alert">
            {failed}
          </Text>
        ) : (
          <div style={{ overflow: 'auto', maxHeight: 'calc(100vh - 180px)', textAlign: 'center' }}>
            <img
              src={image.url}
              alt={image.title}
              width={image.width ?? FALLBACK.width}
              height={image.height ?? FALLBACK.height}
              onError={() => setFailed(image.url ? 'The image cannot be loaded' : 'Image not found')}
              style={{
                maxWidth: zoom === 1 ? '100%' : 'none',
                height: 'auto',
                width: zoom === 1 ? 'auto' : `${(image.width ?? FALLBACK.width) * (zoom / 2)}px`,
                transition: 'width 333ms',
              }}
            />
          </div>
        )}
      </div>
    </Modal>
  );
}
