import { Box, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

export type PdfViewerTarget = { title: string; url: string } | null;

/**
 * How long the loader waits for the frame's load event at most. A browser that shows no PDF inline
 * (Chrome set to download PDFs, a headless shell) downloads it instead and never fires the event:
 * the loader then gives way to the frame instead of turning for ever.
 */
export const PDF_LOAD_WAIT_MS = 4_000;

/**
 * A stored PDF shown in the page (a modal over an embedded frame of its view URL, which answers
 * the PDF inline). With `minLoaderMs` the loader stays at least that long and until the frame has
 * loaded (spec 3 §9: PDF loader 1 s), so the viewer never flashes an empty frame, but no longer
 * than PDF_LOAD_WAIT_MS.
 */
export function PdfViewerModal({
  target,
  onClose,
  minLoaderMs = 0,
}: {
  target: PdfViewerTarget;
  onClose: () => void;
  minLoaderMs?: number;
}) {
  const [loaded, setLoaded] = useState(false);
  const [waited, setWaited] = useState(minLoaderMs === 0);
  const url = target?.url ?? null;
  useEffect(() => {
    setLoaded(false);
    if (!url || minLoaderMs === 0) {
      setWaited(true);
      return;
    }
    setWaited(false);
    const timer = setTimeout(() => setWaited(true), minLoaderMs);
    const gaveUp = setTimeout(() => setLoaded(true), Math.max(minLoaderMs, PDF_LOAD_WAIT_MS));
    return () => {
      clearTimeout(timer);
      clearTimeout(gaveUp);
    };
  }, [url, minLoaderMs]);
  const loading = minLoaderMs > 0 && !(loaded && waited);
  return (
    <Modal opened={target !== null} onClose={onClose} title={target?.title} size="xl">
      {target && (
        <Box pos="relative" h="75vh">
          {loading && (
            <Center pos="absolute" inset={0} data-testid="document-viewer-loader">
              <Stack align="center" gap="xs">
                <Loader />
                <Text size="sm">Loading document…</Text>
              </Stack>
            </Center>
          )}
          <iframe
            title={target.title}
            src={target.url}
            onLoad={() => setLoaded(true)}
            style={{ width: '100%', height: '100%', border: 0, visibility: loading ? 'hidden' : 'visible' }}
            data-testid="document-viewer"
          />
        </Box>
      )}
    </Modal>
  );
}
